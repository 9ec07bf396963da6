import { expect, test } from '@playwright/test';
import { formatError } from '../../src/shared/errors';
import { hostForSpec, signInThroughForm } from './support/host';

const spec = hostForSpec();

test('given an administrator, when they add a team, a role and a staff member holding it, then deleting the role is refused with the reason', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Legal people' }).click();
  await expect(page.getByRole('heading', { name: 'Legal people' })).toBeVisible();

  await page.getByRole('button', { name: 'Add team' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Team name').fill('Litigation');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Litigation', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: /Roles/ }).click();
  await page.getByRole('button', { name: 'Add role' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Role name').fill('Paralegal');
  await dialog.getByLabel('CRM', { exact: true }).fill('litify');
  await dialog.getByLabel('Name in the CRM (if different)').fill('Case Assistant');
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Case Assistant', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: /Staff/ }).click();
  await page.getByRole('button', { name: 'Add staff' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Rosa');
  await dialog.getByLabel('Last name').fill('Diaz');
  await dialog.getByLabel('Email').fill('rosa@firm.example');
  await dialog.getByLabel('Role').selectOption({ label: 'Paralegal (litify)' });
  await dialog.getByLabel('Team').selectOption({ label: 'Litigation' });
  await dialog.getByRole('button', { name: 'Add staff' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Rosa Diaz/ });
  await expect(row.getByRole('cell', { name: 'Paralegal', exact: true })).toBeVisible();
  await expect(row.getByText('Not a user')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/legal-people-staff.png', fullPage: true });

  // The demo firm keeps its cases in LexDesk (no connected CRM): importing staff is refused.
  await page.getByRole('button', { name: 'Import from CRM' }).click();
  await expect(page.getByText(formatError('CRM_STAFF_NO_INTEGRATION'))).toBeVisible();
  await page.screenshot({
    path: 'test-results/screens/legal-people-import-refused.png',
    fullPage: true,
  });

  await page.getByRole('tab', { name: /Roles/ }).click();
  await page.getByRole('button', { name: 'Delete Paralegal' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(formatError('LEGAL_ROLE_IN_USE', { count: 1 }))).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Case Assistant', exact: true })).toBeVisible();
  await page.screenshot({
    path: 'test-results/screens/legal-people-role-in-use.png',
    fullPage: true,
  });
});
