/**
 * The document center end to end, in Chromium against the real host, server and PostgreSQL.
 *
 * The spec connects to the host's own database (support/host-database.ts) and seeds documents
 * straight into it: 1,200
 * finished documents (four distinct ones plus a bulk of PR-2 reports) and three that must never
 * show (an exception, a deleted one and one still processing). Then: tabs and counts, filters,
 * sorting by headers, paging and a virtualised 1,000-row page, the column layout saved for the
 * company and kept across a reload, persisted filters, and content search with its snippet.
 * Screenshots: /tmp/h3-document-center*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { defaultFileTypes, hostWithDatabaseForSpec } from './support/host-database';
import { graphql, signInThroughForm } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const spec = hostWithDatabaseForSpec(seed);
const ids: Record<string, string> = {};
const folders: Record<string, string> = {};
const BULK = 1196;

async function seed(): Promise<void> {
  // The company's default folders and types, as the document-types screen creates them.
  const type = await defaultFileTypes(spec);
  const pr2 = await type('PR-2 Progress Report');
  const qme = await type('QME Report');
  const app = await type('Application for Adjudication');
  folders.medical = pr2.folder;
  folders.medicalLegal = qme.folder;
  folders.pleadings = app.folder;

  const raw = async (name: string, uploadedAt: string) =>
    (
      await spec.db.query<{ id: string }>(
        `INSERT INTO raw_file (name, size, no_of_pages, status, company_id, created_at)
         VALUES ($1, 1000, 5, 'Processed', $2, $3) RETURNING id`,
        [name, spec.companyId, uploadedAt],
      )
    ).rows[0]!.id;
  ids.rawGonzalez = await raw('gonzalez-bundle.pdf', '2026-01-09T12:00:00Z');
  ids.rawBaker = await raw('baker-intake.pdf', '2026-01-12T09:00:00Z');
  ids.rawMisc = await raw('misc-scan.pdf', '2026-01-13T08:00:00Z');
  ids.rawBulk = await raw('bulk-archive.pdf', '2025-06-01T08:00:00Z');

  const doc = async (values: {
    name: string;
    typeId: string | null;
    rawId: string;
    at: string;
    adj?: string[];
    claim?: string[];
    applicant?: string;
    content: string;
    actionStatus?: string;
    exception?: boolean;
    deleted?: boolean;
  }) =>
    (
      await spec.db.query<{ id: string }>(
        `INSERT INTO legal_processed_file
           (name, legal_file_type_id, legal_raw_file_id, company_id, created_at, updated_at,
            separated_at, adj_number, claim_number, applicant, start_page_no, end_page_no,
            action_status, content, is_exception, exception_reasons, is_deleted)
         VALUES ($1, $2, $3, $4, $5, $5, $5, $6, $7, $8, 1, 2, $9, $10, $11, $12, $13)
         RETURNING id`,
        [
          values.name,
          values.typeId,
          values.rawId,
          spec.companyId,
          values.at,
          values.adj ?? [],
          values.claim ?? [],
          values.applicant ?? null,
          values.actionStatus ?? 'complete',
          values.content,
          values.exception ?? false,
          values.exception ? ['needs_case_number'] : [],
          values.deleted ?? false,
        ],
      )
    ).rows[0]!.id;

  ids.pr2 = await doc({
    name: 'PR-2 Progress Report - Maria Gonzalez (pp. 1-2)',
    typeId: pr2.id,
    rawId: ids.rawGonzalez,
    at: '2026-01-10T15:00:00Z',
    adj: ['ADJ10234567'],
    claim: ['ZNT-44-019283'],
    applicant: 'Maria Gonzalez',
    content:
      'PRIMARY TREATING PHYSICIAN PROGRESS REPORT. Diagnosis: Lumbar radiculopathy <b>M54.16</b>. Physical therapy twice weekly.',
  });
  ids.qme = await doc({
    name: 'QME Report - Maria Gonzalez (pp. 3-5)',
    typeId: qme.id,
    rawId: ids.rawGonzalez,
    at: '2026-01-11T15:00:00Z',
    adj: ['ADJ10234567'],
    claim: ['ZNT-44-019283'],
    applicant: 'Maria Gonzalez',
    content: 'Qualified medical evaluator report. MRI shows a disc protrusion at L4-L5.',
  });
  ids.baker = await doc({
    name: 'Application for Adjudication - Tom Baker (p. 1)',
    typeId: app.id,
    rawId: ids.rawBaker,
    at: '2026-01-12T15:00:00Z',
    adj: ['ADJ20000001'],
    claim: ['CLM-777'],
    applicant: 'Tom Baker',
    content: 'Application for adjudication of claim. Injury to the right shoulder.',
    actionStatus: 'unable_to_complete',
  });
  ids.untyped = await doc({
    name: 'Untitled scan (p. 1)',
    typeId: null,
    rawId: ids.rawMisc,
    at: '2026-01-13T15:00:00Z',
    content: 'Handwritten note about a follow-up visit.',
  });
  // Never in the document center: an exception, a deleted document, one still processing.
  await doc({
    name: 'Hidden exception',
    typeId: pr2.id,
    rawId: ids.rawMisc,
    at: '2026-01-14T15:00:00Z',
    content: 'radiculopathy',
    exception: true,
  });
  await doc({
    name: 'Hidden deleted',
    typeId: pr2.id,
    rawId: ids.rawMisc,
    at: '2026-01-14T15:00:00Z',
    content: 'radiculopathy',
    deleted: true,
  });
  await doc({
    name: 'Hidden processing',
    typeId: pr2.id,
    rawId: ids.rawMisc,
    at: '2026-01-14T15:00:00Z',
    content: 'radiculopathy',
    actionStatus: 'processing',
  });
  // The bulk: 1,196 PR-2 reports, one a minute from 2025-06-01 (older than the four above).
  await spec.db.query(
    `INSERT INTO legal_processed_file
       (name, legal_file_type_id, legal_raw_file_id, company_id, created_at, updated_at,
        separated_at, adj_number, start_page_no, end_page_no, action_status, content)
     SELECT 'Bulk document ' || lpad(n::text, 4, '0'), $1, $2, $3,
            timestamptz '2025-06-01 09:00:00+00' + n * interval '1 minute',
            timestamptz '2025-06-01 09:00:00+00' + n * interval '1 minute',
            timestamptz '2025-06-01 09:00:00+00' + n * interval '1 minute',
            ARRAY['ADJ9' || lpad(n::text, 7, '0')], n, n, 'complete', 'bulk page ' || n
     FROM generate_series(1, $4::int) AS n`,
    [pr2.id, ids.rawBulk, spec.companyId, BULK],
  );
}

const table = (page: Page) => page.getByTestId('document-table');
const names = (page: Page) => table(page).locator('tr.ld-doc-row .ld-doc-name');

/** Opens the compact bar's "More filters" popover (closed: a click outside closes it). */
async function openMoreFilters(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^More filters/ }).click();
  await expect(page.getByRole('group', { name: 'More filters' })).toBeVisible();
}

/** "Clear filters", with the "More filters" popover closed first (it may lie over the button). */
async function clearFilters(page: Page): Promise<void> {
  // A click outside closes the popover.
  await page.getByRole('heading', { name: 'Document center' }).click();
  await expect(page.getByRole('group', { name: 'More filters' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
}

async function openDocumentCenter(page: Page): Promise<void> {
  await signInThroughForm(page, spec.host);
  await page.getByRole('link', { name: 'Document center' }).click();
  await expect(page.getByRole('heading', { name: 'Document center' })).toBeVisible();
}

test('given finished, exception, deleted and processing documents, when the document center opens, then tabs count each folder and only finished ones are listed, 10 a page, newest first', async ({
  page,
}) => {
  await openDocumentCenter(page);
  await expect(page.getByTestId('tab-count-all')).toHaveText('1200');
  await expect(page.getByTestId(`tab-count-${folders.medical}`)).toHaveText('1197');
  await expect(page.getByTestId(`tab-count-${folders.medicalLegal}`)).toHaveText('1');
  await expect(page.getByTestId(`tab-count-${folders.pleadings}`)).toHaveText('1');
  await expect(page.getByTestId('tab-count-no_file_type')).toHaveText('1');
  await expect(page.getByTestId('document-total')).toHaveText('1,200');
  await expect(names(page)).toHaveCount(10);
  await expect(names(page).first()).toHaveText('Untitled scan (p. 1)');
  await expect(names(page).nth(3)).toHaveText('PR-2 Progress Report - Maria Gonzalez (pp. 1-2)');
  await expect(page.getByText('Hidden', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/h3-document-center.png', fullPage: true });

  // A folder tab lists that folder's documents; "No type" the untyped one.
  await page.getByRole('tab', { name: /Pleadings/ }).click();
  await expect(names(page)).toHaveText(['Application for Adjudication - Tom Baker (p. 1)']);
  await page.getByRole('tab', { name: /No type/ }).click();
  await expect(names(page)).toHaveText(['Untitled scan (p. 1)']);
  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(page.getByTestId('document-total')).toHaveText('1,200');

  // A row opens the document; the raw file's name opens the raw file.
  await table(page).getByRole('link', { name: 'baker-intake.pdf' }).click();
  await expect(page).toHaveURL(new RegExp(`#/raw-files/${ids.rawBaker}$`));
  await page.goBack();
  await names(page).filter({ hasText: 'QME Report' }).click();
  await expect(page).toHaveURL(new RegExp(`#/documents/${ids.qme}$`));
  await page.goBack();
  await table(page).locator('tr.ld-doc-row').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/documents/${ids.untyped}$`));
});

test('given the filters of spec section 3, when each is set, then the list and the tab counts follow, and the filters survive a reload', async ({
  page,
}) => {
  await openDocumentCenter(page);
  await openMoreFilters(page);
  await page.getByLabel('ADJ number').fill('ADJ10234567');
  await expect(names(page)).toHaveText([
    'QME Report - Maria Gonzalez (pp. 3-5)',
    'PR-2 Progress Report - Maria Gonzalez (pp. 1-2)',
  ]);
  await expect(page.getByTestId('tab-count-all')).toHaveText('2');
  await expect(page.getByTestId(`tab-count-${folders.medical}`)).toHaveText('1');

  // The type select groups the company's types by folder.
  const typeSelect = page.getByLabel('File type');
  await expect(typeSelect.locator('optgroup[label="Medical-Legal"] option')).toContainText([
    'QME Report',
  ]);
  await typeSelect.selectOption({ label: 'QME Report' });
  await expect(names(page)).toHaveText(['QME Report - Maria Gonzalez (pp. 3-5)']);

  // Kept across a reload (persisted like the raw-file filters).
  await page.reload();
  await openMoreFilters(page);
  await expect(page.getByLabel('ADJ number')).toHaveValue('ADJ10234567');
  await expect(names(page)).toHaveText(['QME Report - Maria Gonzalez (pp. 3-5)']);

  await clearFilters(page);
  await expect(page.getByTestId('document-total')).toHaveText('1,200');

  await openMoreFilters(page);
  await page.getByLabel('Claim number').fill('CLM-777');
  await expect(names(page)).toHaveText(['Application for Adjudication - Tom Baker (p. 1)']);
  await page.getByLabel('Claim number').fill('');
  await page.getByLabel('Raw file name').fill('misc-scan');
  await expect(names(page)).toHaveText(['Untitled scan (p. 1)']);
  await page.getByLabel('Raw file name').fill('');
  await page.getByLabel('File name', { exact: true }).fill('Tom Baker');
  await expect(names(page)).toHaveText(['Application for Adjudication - Tom Baker (p. 1)']);
  await page.getByLabel('File name', { exact: true }).fill('');

  await page.getByLabel('Processed from').fill('2026-01-11');
  await page.getByLabel('Processed to').fill('2026-01-12');
  await expect(names(page)).toHaveText([
    'Application for Adjudication - Tom Baker (p. 1)',
    'QME Report - Maria Gonzalez (pp. 3-5)',
  ]);
  await clearFilters(page);

  await openMoreFilters(page);
  await page.getByLabel('Raw file uploaded from').fill('2026-01-12');
  await page.getByLabel('Raw file uploaded to').fill('2026-01-13');
  await expect(names(page)).toHaveText([
    'Untitled scan (p. 1)',
    'Application for Adjudication - Tom Baker (p. 1)',
  ]);
  await clearFilters(page);

  await openMoreFilters(page);
  await page.getByLabel('Separated on').fill('2026-01-13');
  await expect(names(page)).toHaveText(['Untitled scan (p. 1)']);
  await clearFilters(page);

  await page.getByLabel('Search documents').fill('Gonzalez');
  await expect(names(page)).toHaveCount(2);
  await page.getByLabel('Search documents').fill('no such document anywhere');
  await expect(page.getByText('No data available.')).toBeVisible();
  await clearFilters(page);
  await expect(page.getByTestId('document-total')).toHaveText('1,200');
});

test('given a column header clicked, then the list sorts by it ascending, then descending', async ({
  page,
}) => {
  await openDocumentCenter(page);
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(names(page).first()).toHaveText('Application for Adjudication - Tom Baker (p. 1)');
  await expect(names(page).nth(1)).toHaveText('Bulk document 0001');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(names(page).first()).toHaveText('Untitled scan (p. 1)');
  await expect(names(page).nth(1)).toHaveText('QME Report - Maria Gonzalez (pp. 3-5)');

  const processed = page.getByRole('columnheader', { name: 'Processed' });
  await processed.getByRole('button').click();
  await expect(processed).toHaveAttribute('aria-sort', 'ascending');
  await expect(names(page).first()).toHaveText('Bulk document 0001');
  await processed.getByRole('button').click();
  await expect(names(page).first()).toHaveText('Untitled scan (p. 1)');
});

test('given 1,200 documents, when paging and choosing 1,000 a page, then the server pages and only the rows in view are rendered', async ({
  page,
}) => {
  await openDocumentCenter(page);
  await expect(page.getByTestId('document-range')).toContainText('Page 1 of 120');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('document-range')).toContainText('Page 2 of 120');
  await expect(page.getByTestId('document-range')).toContainText('11–20');
  // Page 1 holds the four newest and bulk 1196-1191; page 2 starts at bulk 1190.
  await expect(names(page).first()).toHaveText(
    `Bulk document ${String(BULK - 6).padStart(4, '0')}`,
  );
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByTestId('document-range')).toContainText('Page 120 of 120');
  await expect(names(page).last()).toHaveText('Bulk document 0001');
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(page.getByTestId('document-range')).toContainText('Page 1 of 120');

  await page.getByLabel('Rows per page').selectOption('1000');
  await expect(page.getByTestId('document-range')).toContainText('Page 1 of 2');
  await expect(table(page)).toHaveAttribute('data-row-count', '1000');
  const rendered = await table(page).locator('tr.ld-doc-row').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(80);
  // Scrolling to the end brings the last row of the page in, still without rendering them all.
  await table(page).evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(table(page).locator('tr[aria-rowindex="1001"]')).toBeVisible();
  expect(await table(page).locator('tr.ld-doc-row').count()).toBeLessThan(80);
  // The header stays in view above the rows.
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeInViewport();
  await page.getByLabel('Rows per page').selectOption('10');
});

test('given a search with "Search document text", then matches in the text show their highlighted snippet', async ({
  page,
}) => {
  await openDocumentCenter(page);
  await page.getByLabel('Search documents').fill('radiculopathy');
  await expect(page.getByText('No data available.')).toBeVisible();
  await page.getByText('Search document text').click();
  await expect(names(page)).toHaveText(['PR-2 Progress Report - Maria Gonzalez (pp. 1-2)']);
  const snippet = table(page).getByTestId('snippet');
  await expect(snippet.locator('mark').first()).toHaveText(/radiculopathy/i);
  // The document's own markup is text, never HTML.
  await expect(snippet.locator('b')).toHaveCount(0);
  await expect(snippet).not.toContainText('&lt;');
  await page.screenshot({ path: '/tmp/h3-document-center-search.png', fullPage: true });
  await clearFilters(page);
});

test('given the columns chosen and ordered in "Columns", when saved, then the company keeps that layout across a reload', async ({
  page,
}) => {
  await openDocumentCenter(page);
  // The first column holds the checkboxes that choose rows.
  const headers = page.getByTestId('document-table').locator('thead th:not(.ld-doc-choose)');
  await expect(headers).toHaveText([
    'Name',
    'Type',
    'Raw file',
    'ADJ number',
    'Claim number',
    'Applicant',
    'Processed',
  ]);
  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Columns' });
  await expect(dialog.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
  // Blueprint draws its own box over the input: click the label, as a user does.
  const toggle = async (name: string, checked: boolean) => {
    await dialog.locator('label', { hasText: new RegExp(`^${name}$`) }).click();
    await expect(dialog.getByRole('checkbox', { name, exact: true })).toBeChecked({ checked });
  };
  await toggle('Applicant', false);
  await toggle('Defendant', true);
  await toggle('Status', true);
  // Keyboard: move "Claim number" above "ADJ number" with the focused button and Enter.
  await dialog.getByRole('button', { name: 'Move Claim number up' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Move Claim number up' })).toBeFocused();
  await page.screenshot({ path: '/tmp/h3-columns-dialog.png' });
  await dialog.getByRole('button', { name: 'Save columns' }).click();
  await expect(dialog).toHaveCount(0);
  const expected = [
    'Name',
    'Type',
    'Raw file',
    'Claim number',
    'ADJ number',
    'Defendant',
    'Processed',
    'Status',
  ];
  await expect(headers).toHaveText(expected);

  await page.reload();
  await expect(headers).toHaveText(expected);
  await expect(table(page).locator('tr.ld-doc-row').first().getByText('Complete')).toBeVisible();
  const saved = await graphql<{
    columnConfiguration: { columns: Array<{ key: string; visible: boolean }> } | null;
  }>(
    spec.host.serverUrl,
    `
      query ($c: ID!) {
        columnConfiguration(company_id: $c, table: "document_center") {
          columns {
            key
            visible
          }
        }
      }
    `,
    { c: spec.companyId },
    spec.token,
  );
  expect(saved.columnConfiguration?.columns.filter((c) => c.visible).map((c) => c.key)).toEqual([
    'name',
    'legal_file_type',
    'raw_file_name',
    'claim_number',
    'adj_number',
    'defendant',
    'created_at',
    'action_status',
  ]);
});

test('given Status, Synced to CRM and Reviewed shown, when their headers are clicked, then the server sorts by each', async ({
  page,
}) => {
  // Two reviewed documents and one synced to the CRM; the rest are neither.
  await spec.db.query('UPDATE legal_processed_file SET reviewed_at = $2 WHERE id = $1', [
    ids.pr2,
    '2026-02-01T10:00:00Z',
  ]);
  await spec.db.query('UPDATE legal_processed_file SET reviewed_at = $2 WHERE id = $1', [
    ids.untyped,
    '2026-02-02T10:00:00Z',
  ]);
  await spec.db.query('UPDATE legal_processed_file SET document_synced = true WHERE id = $1', [
    ids.qme,
  ]);
  await openDocumentCenter(page);
  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Columns' });
  for (const name of ['Status', 'Synced to CRM', 'Reviewed']) {
    const box = dialog.getByRole('checkbox', { name, exact: true });
    if (!(await box.isChecked()))
      await dialog.locator('label', { hasText: new RegExp(`^${name}$`) }).click();
    await expect(box).toBeChecked();
  }
  await dialog.getByRole('button', { name: 'Save columns' }).click();
  await expect(dialog).toHaveCount(0);
  const firstRow = table(page).locator('tr.ld-doc-row').first();

  const status = page.getByRole('columnheader', { name: 'Status' });
  await status.getByRole('button').click();
  await expect(status).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow).toContainText('Complete');
  await status.getByRole('button').click();
  await expect(status).toHaveAttribute('aria-sort', 'descending');
  await expect(names(page).first()).toHaveText('Application for Adjudication - Tom Baker (p. 1)');
  await expect(firstRow).toContainText('Unable to complete');

  const synced = page.getByRole('columnheader', { name: 'Synced to CRM' });
  await synced.getByRole('button').click();
  await expect(synced).toHaveAttribute('aria-sort', 'ascending');
  await expect(names(page).first()).not.toHaveText('QME Report - Maria Gonzalez (pp. 3-5)');
  await synced.getByRole('button').click();
  await expect(synced).toHaveAttribute('aria-sort', 'descending');
  await expect(names(page).first()).toHaveText('QME Report - Maria Gonzalez (pp. 3-5)');

  const reviewed = page.getByRole('columnheader', { name: 'Reviewed' });
  await reviewed.getByRole('button').click();
  await expect(reviewed).toHaveAttribute('aria-sort', 'ascending');
  await expect(names(page).first()).toHaveText('PR-2 Progress Report - Maria Gonzalez (pp. 1-2)');
  await expect(names(page).nth(1)).toHaveText('Untitled scan (p. 1)');
  await page.screenshot({ path: '/tmp/h33-document-center-sorts.png' });
  await reviewed.getByRole('button').click();
  await expect(reviewed).toHaveAttribute('aria-sort', 'descending');
  // Not reviewed first (PostgreSQL's order for descending), the reviewed ones last of all.
  await expect(names(page).first()).not.toHaveText(/^(PR-2 Progress Report - Maria|Untitled scan)/);
});
