/**
 * Document details end to end, in Chromium against the real host, server, pipeline and
 * PostgreSQL: a real six-page PDF bundle is uploaded through the app and split by the pipeline
 * into three documents; two cases carrying the bundle's ADJ number exist, so the documents are
 * recommended both (several cases). Then, on the details screen: the PDF renders (the viewer marks
 * data-first-page-rendered), type, an ADJ number and the applicant are changed and saved with
 * Ctrl+S through the desktop's review outbox, the history lists the changes; a recommended case
 * and a searched case are picked; the document is marked reviewed; a page-range change is
 * confirmed and re-splits the raw file; delete and undo; and, when the desktop offers offline
 * review, the copy saved on this computer (document and PDF) while the server is unreachable.
 * Screenshots: /tmp/h4-processed-file.png, /tmp/h4-processed-file-offline.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_CASE, BUNDLE_PAGES } from '../integration/fixtures/bundle';
import {
  graphql,
  setUpCompany,
  signInThroughForm,
  startHost,
  type RunningHost,
} from './support/host';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

let host: RunningHost;
let token: string;
let companyId: string;
let userId: string;
interface Doc {
  id: string;
  name: string;
  start_page_no: number;
  end_page_no: number;
}
let docs: Doc[] = [];

test.beforeAll(async () => {
  host = await startHost();
  token = await setUpCompany(host.serverUrl);
  const viewer = await graphql<{ viewer: { company: { id: string }; user: { id: string } } }>(
    host.serverUrl,
    'query { viewer { company { id } user { id } } }',
    {},
    token,
  );
  companyId = viewer.viewer.company.id;
  userId = viewer.viewer.user.id;
  const create = (input: Record<string, string>) =>
    graphql(
      host.serverUrl,
      'mutation($company_id: ID!, $input: LegalCaseInput!) { createLegalCase(company_id: $company_id, input: $input) { id } }',
      { company_id: companyId, input },
      token,
    );
  // Two cases share the bundle's ADJ number: the pipeline recommends both and chooses neither.
  await create({
    case_number: 'WC-2023-0415',
    name: 'Gonzalez v. Acme Warehousing',
    client_name: BUNDLE_CASE.applicant,
    eams_number: BUNDLE_CASE.adj,
    date_of_injury: BUNDLE_CASE.injury,
  });
  await create({
    case_number: 'WC-2023-0416',
    name: 'Gonzalez v. Zenith (second claim)',
    client_name: 'M. Gonzalez',
    wcab_number: BUNDLE_CASE.adj,
  });
  await create({
    case_number: 'WC-2024-0099',
    name: 'Chen v. Harbor Freight',
    client_name: 'Robert Chen',
  });
});
test.afterAll(async () => {
  await host?.stop();
});

const DOCS_QUERY = `query($company_id: ID!) {
  processedFiles(company_id: $company_id, page_size: 50) { items { id name start_page_no end_page_no } }
  reviewQueue(company_id: $company_id, statusType: "all", page_size: 50) { items { id name start_page_no end_page_no } }
}`;

async function documents(): Promise<Doc[]> {
  const data = await graphql<{ processedFiles: { items: Doc[] }; reviewQueue: { items: Doc[] } }>(
    host.serverUrl,
    DOCS_QUERY,
    { company_id: companyId },
    token,
  );
  const byId = new Map<string, Doc>();
  for (const doc of [...data.processedFiles.items, ...data.reviewQueue.items])
    byId.set(doc.id, doc);
  return [...byId.values()].sort((a, b) => a.start_page_no - b.start_page_no);
}

/** Signs in through the form and waits for the app (so a later address is not overridden). */
async function signIn(page: Page): Promise<void> {
  await signInThroughForm(page, host);
  await expect(page.getByRole('link', { name: 'Raw files' })).toBeVisible();
}

async function openDocument(page: Page, id: string): Promise<void> {
  await page.goto(`${host.url}/#/documents/${id}`);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true', {
    timeout: 30_000,
  });
}

test('given a bundle split by the pipeline, when a document opens, then its PDF page renders beside its fields', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: 'gonzalez-bundle.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
  ]);
  await expect.poll(async () => (await documents()).length, { timeout: 90_000 }).toBe(3);
  docs = await documents();
  expect(docs.map((doc) => [doc.start_page_no, doc.end_page_no])).toEqual([
    [1, 2],
    [3, 5],
    [6, 6],
  ]);

  const qme = docs[1]!;
  await openDocument(page, qme.id);
  await expect(page.getByRole('heading', { name: qme.name })).toBeVisible();
  // The QME report's own PDF has its three pages.
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-page-count', '3');
  await expect(page.getByTestId('pdf-page-count')).toHaveText('of 3');
  // Painted for real: the first canvas holds non-white pixels.
  const inked = await page
    .locator('[data-page-number="1"] canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
      return dark;
    });
  expect(inked).toBeGreaterThan(100);
  expect(await page.evaluate(() => performance.getEntriesByName('pdf-first-page').length)).toBe(1);
  await expect(page.getByLabel('ADJ numbers')).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Document type: Medical-Legal — QME Report/ }),
  ).toBeVisible();
  await expect(page.getByTestId('exception-reason')).toHaveText(['Multiple cases']);

  // Page navigation and zoom.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByLabel('Page number')).toHaveValue('2');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.locator('[data-page-number="2"]')).toHaveAttribute('data-rendered', 'true');
  await page.getByRole('button', { name: 'Fit width' }).click();

  // Opened from the review queue, "Next in queue" moves to another waiting document.
  await page.goto(`${host.url}/#/documents/${qme.id}?queue=all`);
  await page.getByRole('button', { name: 'Next in queue' }).click();
  await expect(page).not.toHaveURL(new RegExp(qme.id));
  await expect(page).toHaveURL(/\?queue=all$/);
  const nextId = /documents\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(docs.map((doc) => doc.id)).toContain(nextId);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true');
});

test('given type, an ADJ number and the applicant changed, when saved with Ctrl+S, then the history lists each change', async ({
  page,
}) => {
  await signIn(page);
  const qme = docs[1]!;
  await openDocument(page, qme.id);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  await page.getByRole('button', { name: /^Document type:/ }).click();
  await page.getByLabel('Filter document types').fill('AME');
  await page.getByRole('menuitem', { name: 'AME Report' }).click();
  await expect(
    page.getByRole('button', { name: /^Document type: Medical-Legal — AME Report/ }),
  ).toBeVisible();

  await page.getByLabel('ADJ numbers').fill('ADJ7654321');
  await page.getByLabel('ADJ numbers').press('Enter');
  await page.getByLabel('Applicant').fill('Maria G. Gonzalez');
  await expect(save).toBeEnabled();
  await page.screenshot({ path: '/tmp/h4-processed-file-editing.png' });

  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByLabel('Applicant')).toHaveValue('Maria G. Gonzalez');

  await page.getByRole('tab', { name: 'History' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.locator('tr[data-field="applicant"]')).toContainText('Maria G. Gonzalez');
  await expect(changes.locator('tr[data-field="adj_number"]')).toContainText('ADJ7654321');
  await expect(changes.locator('tr[data-field="legal_file_type"]')).toContainText('AME Report');
  // Nobody named the document: its name followed the type and applicant.
  await expect(
    page.getByRole('heading', { name: 'AME Report - Maria G. Gonzalez - 03/15/2023' }),
  ).toBeVisible();
  await expect(changes.locator('tr[data-field="name"]')).toContainText('Renamed');
  await expect(changes.locator('tr[data-field="applicant"]')).toContainText('Ada Lovelace');

  // The server has it.
  const stored = await graphql<{ processedFile: { applicant: string; adj_number: string[] } }>(
    host.serverUrl,
    'query($id: ID!) { processedFile(id: $id) { applicant adj_number } }',
    { id: qme.id },
    token,
  );
  expect(stored.processedFile.applicant).toBe('Maria G. Gonzalez');
  expect(stored.processedFile.adj_number).toContain('ADJ7654321');
});

test('given the recommended cases, when one is picked and saved, then it is the document’s case', async ({
  page,
}) => {
  await signIn(page);
  const qme = docs[1]!;
  await openDocument(page, qme.id);
  await page.getByRole('tab', { name: 'Case' }).click();
  const recommended = page.getByRole('list', { name: 'Recommended cases' });
  await expect(recommended.getByRole('listitem')).toHaveCount(2);
  await expect(recommended).toContainText('% match');
  await page.screenshot({ path: '/tmp/h4-processed-file-case.png' });
  const first = recommended.getByRole('listitem', { name: /WC-2023-0415/ });
  await first.getByRole('button', { name: 'Use this case' }).click();
  await expect(page.getByTestId('chosen-case')).toContainText('WC-2023-0415');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  // Choosing a case settles "multiple cases".
  await expect(page.getByTestId('exception-reason')).toHaveCount(0);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    page.getByRole('table', { name: 'Changes' }).locator('tr[data-field="legal_case"]'),
  ).toContainText('WC-2023-0415');
  await page.screenshot({ path: '/tmp/h4-processed-file-history.png' });
});

test('given a search over all cases, when a found case is picked and the document marked reviewed, then both are saved', async ({
  page,
}) => {
  await signIn(page);
  const pos = docs[2]!;
  await openDocument(page, pos.id);
  await page.getByRole('tab', { name: 'Case' }).click();
  await page.getByLabel('Search all cases').fill('Chen');
  const results = page.getByRole('list', { name: 'Case search results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await results.getByRole('button', { name: 'Use this case' }).click();
  await expect(page.getByTestId('chosen-case')).toContainText('WC-2024-0099');

  // Mark reviewed saves the pending case first, then marks the document reviewed.
  await page.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByTestId('reviewed-tag')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark reviewed' })).toHaveCount(0);
  const stored = await graphql<{
    processedFile: { reviewed_at: string | null; legal_case: { case_number: string } | null };
  }>(
    host.serverUrl,
    'query($id: ID!) { processedFile(id: $id) { reviewed_at legal_case { case_number } } }',
    { id: pos.id },
    token,
  );
  expect(stored.processedFile.reviewed_at).not.toBeNull();
  expect(stored.processedFile.legal_case?.case_number).toBe('WC-2024-0099');
});

test('given a page beyond the raw file, then the field says so; given one more page, then the re-split is explained, confirmed and done', async ({
  page,
}) => {
  await signIn(page);
  const pr2 = docs[0]!;
  await openDocument(page, pr2.id);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-page-count', '2');
  const last = page.getByLabel('Last page');
  await last.fill('7');
  await expect(page.getByText('The raw file has 6 pages.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await last.fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Page 3 moves here from');
  await dialog.getByRole('button', { name: 'Re-split and save' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  // The document's own PDF was cut again: three pages now.
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-page-count', '3', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true');
  expect((await documents()).map((doc) => [doc.start_page_no, doc.end_page_no])).toEqual([
    [1, 3],
    [4, 5],
    [6, 6],
  ]);
  await page.screenshot({ path: '/tmp/h4-processed-file.png' });
});

test('given a document deleted, when Undo is chosen in the toast, then it is back', async ({
  page,
}) => {
  await signIn(page);
  const qme = docs[1]!;
  await openDocument(page, qme.id);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('This document is deleted', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(/was restored\./)).toBeVisible();
  await expect(page.getByText('This document is deleted', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
  await page.getByRole('tab', { name: 'History' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  // Newest first: the restore, then the delete.
  const rows = changes.locator('tr[data-field="is_deleted"]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Restored');
  await expect(rows.nth(1).locator('td').last()).toHaveText('Deleted');
});

test('given a document opened once, when the server cannot be reached, then the copy saved on this computer is shown with its PDF', async ({
  page,
}) => {
  await signIn(page);
  const qme = docs[1]!;
  await openDocument(page, qme.id);
  await page.getByRole('link', { name: 'Raw files' }).click();
  // The server stops answering the page (GraphQL and files); the host and its bridge stay up.
  await page.route(`${host.serverUrl}/**`, (route) => route.abort('internetdisconnected'));
  await page.goBack();
  await expect(page.getByText('Offline copy', { exact: true })).toBeVisible();
  await expect(page.getByText(/this is the offline copy saved on this computer/)).toBeVisible();
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await expect(page.getByLabel('Applicant')).toHaveValue('Maria G. Gonzalez');
  await page.screenshot({ path: '/tmp/h4-processed-file-offline.png' });
  await page.unroute(`${host.serverUrl}/**`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Offline copy', { exact: true })).toHaveCount(0);
});

test('given someone else changed the applicant meanwhile, when mine is saved, then both values are shown and my choice is kept', async ({
  page,
}) => {
  await signIn(page);
  const pos = docs[2]!;
  await openDocument(page, pos.id);
  await page.getByLabel('Applicant').fill('Maria Gonzalez-Reyes');
  // Another person saves a different applicant first.
  await graphql(
    host.serverUrl,
    'mutation($id: ID!, $changes: ProcessedFileChanges!) { updateProcessedFile(id: $id, changes: $changes) { saved } }',
    { id: pos.id, changes: { applicant: 'M. Gonzalez' } },
    token,
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Someone else changed this document' });
  await expect(dialog).toContainText('Mine: Maria Gonzalez-Reyes');
  await expect(dialog).toContainText('Server: M. Gonzalez');
  await page.screenshot({ path: '/tmp/h4-processed-file-conflict.png' });
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Applicant')).toHaveValue('Maria Gonzalez-Reyes');
  const stored = await graphql<{ processedFile: { applicant: string } }>(
    host.serverUrl,
    'query($id: ID!) { processedFile(id: $id) { applicant } }',
    { id: pos.id },
    token,
  );
  expect(stored.processedFile.applicant).toBe('Maria Gonzalez-Reyes');
});

test('given extracted values and notifications about the document, then a value is added, corrected, marked saved in CRM, and the notifications sort', async ({
  page,
}) => {
  const pos = docs[2]!;
  const notify = (content: string, extra: Record<string, string>) =>
    graphql(
      host.serverUrl,
      'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
      { input: { content, receiver_id: userId, module: 'documents', ...extra } },
      token,
    );
  await notify('Proof of service filed', { redirect: `/documents/${pos.id}` });
  await notify('Proof of service synced to the CRM', { extra_content: `processed_file ${pos.id}` });
  await notify('Another document', { redirect: `/documents/${docs[1]!.id}` });

  await signIn(page);
  await openDocument(page, pos.id);
  await page.getByRole('tab', { name: 'Extracted data' }).click();
  await page.getByLabel('Data field').fill('Employer');
  await page.getByLabel('Value', { exact: true }).fill('Acme Warehousing');
  await page.getByRole('button', { name: 'Add value' }).click();
  const row = page
    .getByRole('table', { name: 'Extracted values' })
    .locator('tr[data-field="Employer"]');
  await expect(row).toContainText('Acme Warehousing');
  await row.getByRole('button', { name: 'Edit Employer' }).click();
  await row.getByLabel('Value of Employer').fill('Acme Warehousing Inc.');
  await row.getByRole('button', { name: 'Save value' }).click();
  await expect(row).toContainText('Acme Warehousing Inc.');
  await row.getByText('Saved in CRM').click();
  await expect(row.locator('input[type="checkbox"]')).toBeChecked();
  const stored = await graphql<{
    processedFile: {
      extracted_data: Array<{
        data_field: string;
        extracted_value: string;
        is_saved_in_crm: boolean;
      }>;
    };
  }>(
    host.serverUrl,
    'query($id: ID!) { processedFile(id: $id) { extracted_data { data_field extracted_value is_saved_in_crm } } }',
    { id: pos.id },
    token,
  );
  expect(stored.processedFile.extracted_data).toContainEqual({
    data_field: 'Employer',
    extracted_value: 'Acme Warehousing Inc.',
    is_saved_in_crm: true,
  });

  await page.getByRole('tab', { name: 'Notifications' }).click();
  const list = page.getByRole('list', { name: 'Notifications about this document' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('synced to the CRM');
  await page.getByLabel('Sort notifications').selectOption({ label: 'Oldest first' });
  await expect(list.getByRole('listitem').first()).toContainText('Proof of service filed');
});
