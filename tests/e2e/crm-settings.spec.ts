/**
 * The CRM side of the company's settings on the demo data set (issue 18), as its administrator:
 * Data extraction (the seeded fields, switching one on, a field the company already has refused,
 * a new one created, a look-up by name, all switched off), Activity types (by CRM type, only the
 * viewable ones, one made viewable) and CRM integrations (the built-in CRM, a CRM requested, the
 * Clio sign-in refused with the reason when the server has no Clio app configured).
 */
import { expect, test, type Page } from '@playwright/test';
import { formatError } from '../../src/shared/errors';
import { startHost, type RunningHost } from './support/host';

const SHOTS = 'test-results/screens';

let host: RunningHost;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  host = await startHost({ demo: true });
});
test.afterAll(async () => {
  await host?.stop();
});

async function signIn(page: Page, email: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toBeVisible();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('given the administrator, when they change the data fields, then the list shows what is extracted and a duplicate is refused', async ({
  page,
}) => {
  await signIn(page, 'admin@harborvine.example');
  await nav(page).getByRole('link', { name: 'Data extraction' }).click();
  await expect(page.getByRole('heading', { name: 'Data extraction' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Data fields' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(page.getByText('3 of 4 linked fields are extracted from documents.')).toBeVisible();
  const bodyParts = page.getByRole('checkbox', { name: 'Extract Body Parts Injured' });
  await expect(bodyParts).not.toBeChecked();
  await bodyParts.click({ force: true });
  await expect(bodyParts).toBeChecked();
  await expect(page.getByText('4 of 4 linked fields are extracted from documents.')).toBeVisible();

  await page.getByRole('button', { name: 'New field' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Field name').fill('employer name');
  await dialog.getByRole('button', { name: 'Create field' }).click();
  await expect(dialog.getByText(formatError('DATA_FIELD_EXISTS'))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/data-extraction-exists.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'New field' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Field name').fill('Date of Injury');
  await dialog.getByRole('button', { name: 'Create field' }).click();
  await expect(dialog).toBeHidden();
  const created = table.getByRole('row', { name: /Date of Injury/ });
  await expect(created.getByText('date_of_injury')).toBeVisible();
  await expect(created.getByRole('checkbox', { name: 'Extract Date of Injury' })).toBeChecked();

  await page.getByLabel('Field name to look up').fill('INSURANCE carrier');
  await page.getByRole('button', { name: 'Look up' }).click();
  const result = page.getByRole('status', { name: 'Look-up result' });
  await expect(result).toContainText('Insurance Carrier (insurance_carrier)');
  await expect(result).toContainText('extracted.');
  await page.getByLabel('Field name to look up').fill('Shoe size');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(result).toContainText('No field is named “Shoe size”.');

  await page.getByRole('button', { name: 'Turn all off' }).click();
  await expect(page.getByText('0 of 5 linked fields are extracted from documents.')).toBeVisible();
  await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/data-extraction.png`, fullPage: true });
});

test('given the administrator, when they list activity types by CRM type and only viewable ones, then hidden ones are left out until made viewable', async ({
  page,
}) => {
  await signIn(page, 'admin@harborvine.example');
  await nav(page).getByRole('link', { name: 'Activity types' }).click();
  await expect(page.getByRole('heading', { name: 'Activity types' })).toBeVisible();
  await expect(page.getByLabel('CRM type')).toHaveValue('litify');
  const table = page.getByRole('table', { name: 'Activity types' });
  await expect(table.getByRole('row')).toHaveCount(6);

  await page.getByRole('checkbox', { name: 'Only viewable' }).click({ force: true });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('cell', { name: 'Internal note', exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/activity-types-viewable.png`, fullPage: true });

  await page.getByRole('checkbox', { name: 'Only viewable' }).click({ force: true });
  const note = page.getByRole('checkbox', { name: 'Internal note viewable' });
  await expect(note).not.toBeChecked();
  await note.click({ force: true });
  await expect(note).toBeChecked();
  await page.getByRole('checkbox', { name: 'Only viewable' }).click({ force: true });
  await expect(table.getByRole('cell', { name: 'Internal note', exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(6);

  await page.getByLabel('CRM type').selectOption({ label: 'All CRM types' });
  await expect(page.getByRole('checkbox', { name: 'Only viewable' })).toBeDisabled();
  await expect(table.getByRole('row')).toHaveCount(6);
  await page.screenshot({ path: `${SHOTS}/activity-types.png`, fullPage: true });
});

test('given the administrator, when they open CRM integrations, then cases come from the built-in CRM, a CRM can be requested and the Clio sign-in names what is missing', async ({
  page,
}) => {
  await signIn(page, 'admin@harborvine.example');
  await nav(page).getByRole('link', { name: 'CRM integrations' }).click();
  await expect(page.getByRole('heading', { name: 'CRM integrations' })).toBeVisible();
  await expect(page.getByText('LexDesk cases (built in)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Integration logs' })).toBeVisible();

  await page.getByRole('button', { name: 'Request a new CRM' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Which CRM does your firm use?').fill('Filevine');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(
    dialog.getByText('Thank you. We will let you know when Filevine can be connected.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Connect Clio Manage' }).click();
  await expect(
    page.getByText(formatError('CRM_NOT_CONFIGURED', { crm: 'Clio Manage' })),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/crm-integrations.png`, fullPage: true });
});

test('given a paralegal, when they look at the navigation, then CRM integrations is there and the administrators’ Data extraction and Activity types are not', async ({
  page,
}) => {
  await signIn(page, 'paralegal@harborvine.example');
  await expect(nav(page).getByRole('link', { name: 'CRM integrations' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Data extraction' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Activity types' })).toHaveCount(0);
});
