/**
 * Talent types on the talent screen's second tab (demo data set): the provider's internal admin
 * adds a type with its hourly rate in dollars, is told what to fix for a blank role and a role
 * that exists, and edits the rate; a project manager reads the list without the add and edit
 * buttons.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoHostForSpec, signInToDemo } from './support/demo';

const SHOTS = '/tmp/delivery-shots';

const demo = demoHostForSpec();
const signIn = (page: Page, email: string) => signInToDemo(page, demo.host, email);

async function openTypes(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Talent' })
    .click();
  await page.getByRole('tab', { name: 'Talent types' }).click();
  return page.getByRole('table', { name: 'Talent types' });
}

test('the internal admin adds and edits a talent type; mistakes are explained', async ({
  page,
}) => {
  await signIn(page, 'admin@northwind.example');
  const types = await openTypes(page);
  await expect(types.getByRole('row', { name: /QA Engineer/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add talent type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add talent type' });
  await dialog.getByLabel('Hourly rate (dollars)').fill('82.50');
  await dialog.getByRole('button', { name: 'Add talent type' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter a role, for example "Senior developer".',
  );
  await dialog.getByLabel('Role').fill('qa engineer');
  await dialog.getByRole('button', { name: 'Add talent type' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'A talent type named "qa engineer" already exists. Choose another role.',
  );
  await dialog.getByLabel('Role').fill('Data engineer');
  await dialog.getByLabel('Hourly rate (dollars)').fill('82.5.0');
  await dialog.getByRole('button', { name: 'Add talent type' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter the hourly rate in dollars, for example 45 or 45.50.',
  );
  await page.screenshot({ path: `${SHOTS}/talent-type-problem.png`, fullPage: true });
  await dialog.getByLabel('Hourly rate (dollars)').fill('82.50');
  await dialog.getByRole('button', { name: 'Add talent type' }).click();
  await expect(dialog).toHaveCount(0);
  const row = types.getByRole('row', { name: /Data engineer/ });
  await expect(row.getByRole('cell', { name: '$82.50' })).toBeVisible();

  await row.getByRole('button', { name: 'Edit Data engineer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Data engineer' });
  await expect(edit.getByLabel('Hourly rate (dollars)')).toHaveValue('82.50');
  await edit.getByLabel('Hourly rate (dollars)').fill('90');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByRole('cell', { name: '$90.00' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/talent-types-admin.png`, fullPage: true });
});

test('a project manager reads the talent types without changing them', async ({ page }) => {
  await signIn(page, 'pm@northwind.example');
  const types = await openTypes(page);
  await expect(types.getByRole('row', { name: /Tech Lead/ }).getByText('Team lead')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add talent type' })).toHaveCount(0);
  await expect(types.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/talent-types-pm.png`, fullPage: true });
});
