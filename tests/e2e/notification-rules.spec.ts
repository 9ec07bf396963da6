import { expect, test } from '@playwright/test';
import { CRON_MESSAGE } from '../../src/shared/notifications/rules';
import { hostForSpec, signInThroughForm } from './support/host';

const spec = hostForSpec();

test('given an administrator, when they make a schedule rule with a bad cron, then the editor names the problem; fixed, it is listed, switched off and its history is empty', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Notification rules' }).click();
  await expect(
    page.getByRole('heading', { name: 'Notification rules', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('No notification rules.')).toBeVisible();

  await page.getByRole('button', { name: 'New rule' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('QME reports to paralegals');
  await dialog.getByRole('checkbox', { name: 'QME Report', exact: true }).check({ force: true });
  await dialog.getByLabel('Other email addresses').fill('outside@counsel.example');
  await page.screenshot({ path: 'test-results/screens/notification-rule-editor.png' });
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();
  const qmeRow = page.getByRole('row', { name: /QME reports to paralegals/ });
  await expect(qmeRow.getByRole('cell', { name: 'Processed: QME Report' })).toBeVisible();
  await expect(qmeRow.getByRole('cell', { name: 'Email + In-app' })).toBeVisible();

  await page.getByRole('button', { name: 'New rule' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Morning report');
  await dialog.getByLabel('Trigger').selectOption('schedule');
  await dialog.getByLabel('Cron expression (UTC)').fill('every morning');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText(CRON_MESSAGE)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notification-rule-bad-cron.png' });
  await dialog.getByLabel('Cron expression (UTC)').fill('0 8 * * 1-5');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();
  const morning = page.getByRole('row', { name: /Morning report/ });
  await expect(morning.getByRole('cell', { name: 'Schedule 0 8 * * 1-5' })).toBeVisible();
  await expect(page.getByText('2 active')).toBeVisible();

  // The switch follows the server: it turns off once the toggle is saved.
  const active = morning.getByRole('checkbox', { name: 'Active: Morning report' });
  await active.click({ force: true });
  await expect(page.getByText('1 active')).toBeVisible();
  await expect(active).not.toBeChecked();
  await page.getByLabel('Trigger').selectOption('schedule');
  await expect(page.getByRole('row', { name: /QME reports to paralegals/ })).toBeHidden();
  await expect(morning).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notification-rules.png', fullPage: true });

  await morning.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('dialog').getByText('Nothing sent yet.')).toBeVisible();
});

test('given an administrator, when they add an email digest with a bad address, then it is refused; corrected, it is listed and can be edited', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Email digests' }).click();
  await expect(page.getByRole('heading', { name: 'Email digests', exact: true })).toBeVisible();
  await expect(page.getByText('No email digests.')).toBeVisible();

  await page.getByRole('button', { name: 'New digest' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Send to').fill('partner@firm');
  await dialog.getByLabel('Frequency').selectOption('weekly');
  await dialog.getByLabel('Starting date').fill('2030-01-07');
  await dialog.getByLabel('Document type').selectOption({ label: 'QME Report' });
  await dialog.getByRole('button', { name: 'Save digest' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Send to').fill('partner@firm.example\nassociate@firm.example');
  await dialog.getByRole('button', { name: 'Save digest' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /partner@firm.example/ });
  await expect(row.getByRole('cell', { name: 'Weekly' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'QME Report' })).toBeVisible();

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Frequency').selectOption('monthly');
  await page.getByRole('dialog').getByRole('button', { name: 'Save digest' }).click();
  await expect(row.getByRole('cell', { name: 'Monthly' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/email-digests.png', fullPage: true });
});
