/**
 * The Cases screens end to end in Chromium against the real host and server: a case created in
 * the "New case" dialog shows in the list, the statistics and the recent cases; search, a status
 * filter and column sorting narrow and order the list on the server; an edit to a number another
 * case has is refused on the field; a CSV import with a row without a number, a repeated number
 * and a bad date reports exactly that; the detail page shows the summary and deletes the case.
 * A second test links a processed bundle to a case and follows a document from the case.
 * Screenshots go to /tmp/h6-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_CASE, BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { graphql, signInThroughForm, hostForSpec } from './support/host';

const spec = hostForSpec();

async function createCase(input: Record<string, string>): Promise<string> {
  const data = await graphql<{ createLegalCase: { id: string } }>(
    spec.host.serverUrl,
    'mutation($company_id: ID!, $input: LegalCaseInput!) { createLegalCase(company_id: $company_id, input: $input) { id } }',
    { company_id: spec.companyId, input },
    spec.token,
  );
  return data.createLegalCase.id;
}

/** The case numbers in the list, top to bottom. */
const listedNumbers = (page: Page) =>
  page.getByRole('table', { name: 'Cases' }).locator('tbody tr td:first-child');

const IMPORT_CSV = [
  'case_number,name,client_name,legal_case_status,legal_case_type,date_of_injury',
  "ADJ4000004,Diaz v. Harbor Freight,Luis Diaz,Open,Workers' Compensation,2023-11-02",
  ',No number here,Nobody,Open,,2023-01-01',
  'ADJ5000005,Evans v. Pier 39,Kim Evans,Closed,,2024-02-30',
  'ADJ4000004,Diaz again,Luis Diaz,Closed,,2023-11-03',
  "ADJ1000001,Gonzalez v. Acme Warehousing,Maria Gonzalez,Open,Workers' Compensation,2024-03-05",
].join('\r\n');

test('given a signed-in administrator, when cases are created, searched, sorted, edited, imported and deleted, then every screen shows what the server holds', async ({
  page,
}) => {
  // Five screens' worth of steps: 45 s alone, several times that on a machine CI keeps busy.
  test.setTimeout(300_000);
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Cases' }).click();
  await expect(page.getByRole('heading', { name: 'Cases', level: 1 })).toBeVisible();
  await expect(page.getByTestId('stat-total')).toHaveText('0');
  await expect(page.getByText('No data available.').first()).toBeVisible();

  await test.step('a new case from the dialog shows in the list, the statistics and recent cases', async () => {
    await page.getByRole('button', { name: 'New case' }).click();
    const dialog = page.getByRole('dialog', { name: 'New case' });
    // The case number is required: nothing is sent without it.
    await dialog.getByRole('button', { name: 'Create case' }).click();
    await expect(dialog.getByText('Enter a case number.')).toBeVisible();
    await dialog.getByLabel('Case number').fill('ADJ1000001');
    await dialog.getByLabel('Case name').fill('Gonzalez v. Acme');
    await dialog.getByLabel('Client').fill('Maria Gonzalez');
    await dialog.getByLabel('Status').fill('Open');
    await dialog.getByLabel('Type').fill("Workers' Compensation");
    await dialog.getByLabel('Date of injury').fill('2024-03-05');
    await dialog.getByRole('button', { name: 'Create case' }).click();
    await expect(dialog).toBeHidden();
    await expect(listedNumbers(page)).toHaveText(['ADJ1000001']);
    await expect(page.getByTestId('stat-total')).toHaveText('1');
    await expect(page.getByTestId('stat-added-30-days')).toHaveText('1');
    const recent = page.getByRole('region', { name: 'Recent cases' });
    await expect(recent.getByRole('link', { name: 'ADJ1000001' })).toBeVisible();
  });

  await test.step('search, a status filter and sorting are answered by the server', async () => {
    await createCase({
      case_number: 'ADJ2000002',
      name: 'Baker v. Zenith',
      client_name: 'Tom Baker',
      legal_case_status: 'Closed',
      date_of_injury: '2022-06-01',
    });
    await createCase({
      case_number: 'ADJ3000003',
      name: 'Chen v. Metro',
      client_name: 'Ann Chen',
      legal_case_status: 'Open',
      legal_case_type: 'Cumulative Trauma',
      date_of_injury: '2023-01-20',
    });
    await page.getByRole('button', { name: 'Refresh cases' }).click();
    await expect(page.getByTestId('stat-total')).toHaveText('3');
    // Most recently updated first, and the three of them are the recent cases.
    await expect(listedNumbers(page)).toHaveText(['ADJ3000003', 'ADJ2000002', 'ADJ1000001']);
    await expect(page.getByRole('region', { name: 'Recent cases' }).getByRole('link')).toHaveText([
      'ADJ3000003',
      'ADJ2000002',
      'ADJ1000001',
    ]);
    await expect(
      page.getByRole('region', { name: 'By status' }).getByRole('button', { name: /Open/ }),
    ).toContainText('2');

    await page.getByLabel('Search cases').fill('baker');
    await expect(listedNumbers(page)).toHaveText(['ADJ2000002']);
    await page.getByLabel('Search cases').fill('Ann Chen');
    await expect(listedNumbers(page)).toHaveText(['ADJ3000003']);
    await page.getByLabel('Search cases').fill('nobody by this name');
    await expect(page.getByText('No cases match the search and filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(listedNumbers(page)).toHaveCount(3);

    await page.getByLabel('Case status').selectOption('Closed');
    await expect(listedNumbers(page)).toHaveText(['ADJ2000002']);
    await page.getByLabel('Case status').selectOption('');

    const name = page.getByRole('columnheader', { name: 'Name' });
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(listedNumbers(page)).toHaveText(['ADJ2000002', 'ADJ3000003', 'ADJ1000001']);
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(listedNumbers(page)).toHaveText(['ADJ1000001', 'ADJ3000003', 'ADJ2000002']);
    const injury = page.getByRole('columnheader', { name: 'Date of injury' });
    await injury.getByRole('button').click();
    await expect(injury).toHaveAttribute('aria-sort', 'descending');
    await expect(listedNumbers(page)).toHaveText(['ADJ1000001', 'ADJ3000003', 'ADJ2000002']);
    await injury.getByRole('button').click();
    await expect(listedNumbers(page)).toHaveText(['ADJ2000002', 'ADJ3000003', 'ADJ1000001']);
    await page.screenshot({ path: '/tmp/h6-list.png', fullPage: true });
    // Type sorts too, A to Z first; cases without a type come last either way.
    const type = page.getByRole('columnheader', { name: 'Type' });
    await type.getByRole('button').click();
    await expect(type).toHaveAttribute('aria-sort', 'ascending');
    await expect(listedNumbers(page)).toHaveText(['ADJ3000003', 'ADJ1000001', 'ADJ2000002']);
    await page.screenshot({ path: '/tmp/h33-cases-type-sort.png', fullPage: true });
    await type.getByRole('button').click();
    await expect(type).toHaveAttribute('aria-sort', 'descending');
    await expect(listedNumbers(page)).toHaveText(['ADJ1000001', 'ADJ3000003', 'ADJ2000002']);
  });

  await test.step('a CSV import reports created, updated, skipped, duplicate and bad rows', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import cases from CSV' });
    await expect(dialog.getByText('Rows without a case number are skipped')).toBeVisible();
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'cases.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(IMPORT_CSV),
    });
    const columns = dialog.getByLabel('Detected columns');
    await expect(columns).toContainText('case_number');
    await expect(columns).toContainText('date_of_injury');
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('5 rows');
    await expect(preview.getByRole('row', { name: /^3 / })).toContainText(
      'Skipped: no case number',
    );
    await expect(preview.getByRole('row', { name: /^5 / })).toContainText(
      'Dropped: same case number as line 2',
    );
    await page.screenshot({ path: '/tmp/h6-import-preview.png' });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByTestId('import-created')).toHaveText('1');
    await expect(dialog.getByTestId('import-updated')).toHaveText('1');
    await expect(dialog.getByTestId('import-skipped')).toHaveText('1');
    await expect(dialog.getByTestId('import-duplicates')).toHaveText('1');
    await expect(dialog.getByTestId('import-chunks')).toHaveText('1');
    await expect(dialog.getByTestId('import-errors')).toHaveText('1');
    const problems = dialog.getByRole('table', { name: 'Rows with problems' });
    await expect(problems.locator('tbody tr')).toHaveCount(1);
    await expect(problems.locator('tbody tr td').first()).toHaveText('4');
    await expect(problems.locator('tbody tr')).toContainText('2024-02-30');
    await page.screenshot({ path: '/tmp/h6-import-result.png' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('stat-total')).toHaveText('4');
    await page.getByLabel('Search cases').fill('ADJ4000004');
    await expect(listedNumbers(page)).toHaveText(['ADJ4000004']);
    await expect(page.getByRole('table', { name: 'Cases' })).toContainText(
      'Diaz v. Harbor Freight',
    );
    await page.getByLabel('Search cases').fill('ADJ1000001');
    await expect(page.getByRole('table', { name: 'Cases' })).toContainText(
      'Gonzalez v. Acme Warehousing',
    );
    await page.getByLabel('Search cases').fill('');
    // The list follows the cleared search (it is debounced, and the filters persist).
    await expect(listedNumbers(page)).toHaveCount(4);
  });

  await test.step('an edit to a number another case has is refused on the field', async () => {
    await page.getByRole('link', { name: 'ADJ3000003' }).first().click();
    await expect(page.getByRole('heading', { name: 'Case ADJ3000003' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit case ADJ3000003' });
    await expect(dialog.getByLabel('Client')).toHaveValue('Ann Chen');
    await dialog.getByLabel('Case number').fill('ADJ1000001');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('A case with the case number "ADJ1000001" already exists in this company.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Case number')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: '/tmp/h6-edit-duplicate.png' });
    await dialog.getByLabel('Case number').fill('ADJ3000033');
    await dialog.getByLabel('EAMS number').fill('ADJ3000033');
    await dialog.getByLabel('Date of incident').fill('2023-01-19');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Case ADJ3000033' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Case summary' });
    await expect(summary.getByText('Chen v. Metro')).toBeVisible();
    await expect(summary.getByText('01/19/2023')).toBeVisible();
    await expect(summary.getByText('01/20/2023')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Documents' })).toContainText(
      'No data available.',
    );
    await page.screenshot({ path: '/tmp/h6-detail.png', fullPage: true });
    await page.getByRole('link', { name: '← All cases' }).click();
    await expect(listedNumbers(page)).toContainText(['ADJ3000033']);
  });

  await test.step('deleting a case from its page removes it from the list and the statistics', async () => {
    await page.getByRole('link', { name: 'ADJ3000033' }).first().click();
    await expect(page.getByRole('heading', { name: 'Case ADJ3000033' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/#\/cases$/);
    await expect(page.getByTestId('stat-total')).toHaveText('3');
    await expect(page.getByRole('link', { name: 'ADJ3000033' })).toHaveCount(0);
  });
});

test('given a case whose number a processed bundle carries, when its page opens, then the bundle’s documents are listed and open the document page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const caseId = await createCase({
    case_number: BUNDLE_CASE.adj,
    eams_number: BUNDLE_CASE.adj,
    name: 'Gonzalez v. Acme Warehousing Inc.',
    client_name: BUNDLE_CASE.applicant,
    date_of_injury: BUNDLE_CASE.injury,
  });
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: 'gonzalez-bundle.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
  ]);
  const linked = async () => {
    const data = await graphql<{ processedFiles: { total: number } }>(
      spec.host.serverUrl,
      'query($company_id: ID!, $id: ID!) { processedFiles(company_id: $company_id, filters: { legal_case_id: $id }) { total } }',
      { company_id: spec.companyId, id: caseId },
      spec.token,
    );
    return data.processedFiles.total;
  };
  await expect.poll(linked, { timeout: 120_000, intervals: [1000] }).toBeGreaterThan(0);
  const total = await linked();

  await page.goto(`${spec.host.url}/#/cases/${caseId}`);
  await expect(page.getByRole('heading', { name: `Case ${BUNDLE_CASE.adj}` })).toBeVisible();
  const documents = page.getByRole('list', { name: 'Documents of the case' });
  await expect(documents.getByRole('listitem')).toHaveCount(total);
  await page.screenshot({ path: '/tmp/h6-detail-documents.png', fullPage: true });
  const first = documents.getByRole('link').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^#\/documents\/[0-9a-f-]{36}$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href?.replace(/[/#]/g, '\\$&') ?? ''}$`));
});
