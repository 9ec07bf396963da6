import { expect, test } from '@playwright/test';
import { hostForSpec, signInThroughForm } from './support/host';

const spec = hostForSpec();

test('given an administrator, when a document type gets a new title, then it is saved and still there after a reload', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document types' }).click();
  const medicalLegal = page.getByRole('region', { name: 'Medical-Legal' });
  await expect(medicalLegal).toBeVisible();
  const qme = medicalLegal.getByRole('listitem', { name: 'QME Report' });
  await expect(qme).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await medicalLegal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/document-types.png', fullPage: true });

  await qme.getByRole('button', { name: 'Edit QME Report' }).click();
  const dialog = page.getByRole('dialog');
  const titles = dialog.getByLabel('Titles');
  await expect(titles).not.toHaveValue('');
  await titles.fill(`SUPPLEMENTAL PANEL QME REPORT\n${await titles.inputValue()}`);
  await dialog.getByRole('button', { name: 'Add keyword' }).click();
  // The new row takes the focus, so typing goes straight into its term.
  await expect(dialog.getByLabel(/^Keyword \d+$/).last()).toBeFocused();
  await page.keyboard.type('supplemental evaluation');
  await dialog
    .getByLabel(/^Weight of keyword \d+$/)
    .last()
    .fill('3');
  await page.screenshot({ path: 'test-results/screens/document-types-edit.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(qme.getByText('SUPPLEMENTAL PANEL QME REPORT', { exact: false })).toBeVisible();

  await page.reload();
  const reloaded = page
    .getByRole('region', { name: 'Medical-Legal' })
    .getByRole('listitem', { name: 'QME Report' });
  await expect(reloaded.getByText('SUPPLEMENTAL PANEL QME REPORT', { exact: false })).toBeVisible();
  await reloaded.getByRole('button', { name: 'Edit QME Report' }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByLabel(/^Keyword \d+$/)
      .last(),
  ).toHaveValue('supplemental evaluation');
});

test('given an administrator, when a keyword weight is out of range, then the dialog says so and keeps the type', async ({
  page,
}) => {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document types' }).click();
  await page.getByRole('button', { name: 'Edit Petition' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add keyword' }).click();
  await dialog
    .getByLabel(/^Keyword \d+$/)
    .last()
    .fill('reconsideration');
  await dialog
    .getByLabel(/^Weight of keyword \d+$/)
    .last()
    .fill('25');
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/Weights are numbers from -10 to 10/)).toBeVisible();
  await expect(dialog).toBeVisible();
});
