import { expect, test } from '@playwright/test';
import { FIXTURES } from '../integration/fixtures/files';
import { hostForSpec, signInThroughForm } from './support/host';

const spec = hostForSpec();

test('given the firm administrator, when they file a task request, comment with a file and put it on hold, then the tabs, attachments and activity follow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Task requests' }).click();
  await expect(page.getByRole('heading', { name: 'Task requests' })).toBeVisible();
  await expect(page.getByText('No data available.')).toBeVisible();

  // Every required field left empty: each is named under its field.
  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  for (const field of ['headline', 'category', 'due_date', 'details'])
    await expect(dialog.getByText(`${field} is required.`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/task-request-create-missing.png' });

  await dialog.getByLabel('Headline').fill('Automate intake letters');
  await dialog.getByLabel('Priority').selectOption('High');
  await dialog.getByLabel('Category').fill('Automation');
  await dialog.getByLabel('Due date').fill('2026-12-15');
  await dialog.getByLabel('Details').fill('Generate the intake letter from the case data.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Automate intake letters' })).toBeVisible();

  // A comment with a PDF sent through the upload path.
  await page.getByLabel('New comment').fill('The template is attached.');
  await page.getByLabel('Attach files').setInputFiles({
    name: 'template.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(FIXTURES.pdf),
  });
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = page.getByTestId('task-request-comment');
  await expect(comment.getByText('The template is attached.')).toBeVisible();
  const attachments = page.locator('[aria-label="Attachments"]');
  await expect(attachments.getByRole('cell', { name: 'application/pdf' })).toBeVisible();

  // Allowed moves only: In Progress offers hold and complete; On Hold offers resume only.
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  const activity = page.locator('[aria-label="Activity"]');
  await expect(activity.getByText('Status: On Hold (was In Progress)')).toBeVisible();
  await expect(activity.locator('li').first()).toContainText('Status: On Hold');
  await page.screenshot({ path: 'test-results/screens/task-request-detail.png', fullPage: true });

  await page.getByRole('link', { name: 'Task requests' }).first().click();
  await expect(page.getByRole('tab', { name: /In Progress/ })).toContainText('0');
  await page.getByRole('tab', { name: /On Hold/ }).click();
  await expect(page.getByRole('tab', { name: /On Hold/ })).toContainText('1');
  await expect(page.getByRole('link', { name: 'Automate intake letters' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/task-requests-list.png', fullPage: true });
});
