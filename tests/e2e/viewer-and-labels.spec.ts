/**
 * What a document and a raw file show, end to end in Chromium against the real host, server,
 * pipeline and PostgreSQL (issue 15, items 2, 7, 11, 13, 16): a real six-page bundle is split into
 * three documents (the last one page long) and a damaged PDF ends unreadable. Then: the company's
 * date format (DD.MM.YYYY) in the case picker and the history, never ISO; unsaved edits on a
 * document held on a sidebar link; the page strip's labels whole at a narrow width; Download and
 * Print from the viewer and the raw file; "Unreadable file" for the stored UNACCESSIBLE, the error
 * naming the file (not its storage key); a friendly not-found for an unknown raw file.
 * Screenshots: /tmp/polish-shots/*.png.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { BUNDLE_CASE, BUNDLE_PAGES } from '../integration/fixtures/bundle';
import { graphql, hostForSpec, signInThroughForm } from './support/host';

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = '/tmp/polish-shots';
const spec = hostForSpec();
const BROKEN = 'broken-scan.pdf';

interface Doc {
  id: string;
  name: string;
  start_page_no: number;
  end_page_no: number;
  legal_raw_file_id: string;
}
let docs: Doc[] = [];

const DOCS_QUERY = `query($company_id: ID!) {
  processedFiles(company_id: $company_id, page_size: 50) { items { id name start_page_no end_page_no legal_raw_file_id } }
  reviewQueue(company_id: $company_id, statusType: "all", page_size: 50) { items { id name start_page_no end_page_no legal_raw_file_id } }
}`;

async function documents(): Promise<Doc[]> {
  const data = await graphql<{ processedFiles: { items: Doc[] }; reviewQueue: { items: Doc[] } }>(
    spec.host.serverUrl,
    DOCS_QUERY,
    { company_id: spec.companyId },
    spec.token,
  );
  const byId = new Map<string, Doc>();
  for (const doc of [...data.processedFiles.items, ...data.reviewQueue.items])
    byId.set(doc.id, doc);
  return [...byId.values()].sort((a, b) => a.start_page_no - b.start_page_no);
}

interface RawFileRow {
  name: string;
  status: string;
  s3_key: string;
}

async function rawFile(name: string): Promise<RawFileRow | undefined> {
  const data = await graphql<{ rawFiles: { items: RawFileRow[] } }>(
    spec.host.serverUrl,
    'query($c: ID) { rawFiles(company_id: $c, page_size: 20) { items { name status s3_key } } }',
    { c: spec.companyId },
    spec.token,
  );
  return data.rawFiles.items.find((item) => item.name === name);
}

async function signIn(page: Page): Promise<void> {
  await signInThroughForm(page, spec.host);
  await expect(page.getByRole('link', { name: 'Raw files' })).toBeVisible();
}

async function openDocument(page: Page, id: string): Promise<void> {
  await page.goto(`${spec.host.url}/#/documents/${id}`);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true', {
    timeout: 30_000,
  });
}

test.beforeAll(async () => {
  // The company writes dates DD.MM.YYYY; a case with the bundle's ADJ number and a date of injury.
  await graphql(
    spec.host.serverUrl,
    'mutation($id: ID!) { updateCompany(id: $id, input: { date_format: "DD.MM.YYYY" }) { id } }',
    { id: spec.companyId },
    spec.token,
  );
  await graphql(
    spec.host.serverUrl,
    'mutation($company_id: ID!, $input: LegalCaseInput!) { createLegalCase(company_id: $company_id, input: $input) { id } }',
    {
      company_id: spec.companyId,
      input: {
        case_number: 'WC-2023-0415',
        name: 'Gonzalez v. Acme Warehousing',
        client_name: BUNDLE_CASE.applicant,
        eams_number: BUNDLE_CASE.adj,
        date_of_injury: '2024-09-23',
      },
    },
    spec.token,
  );
});

/** Uploads the bundle and the damaged PDF through the app; waits until the pipeline is done. */
test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await browser.newPage();
  await signIn(page);
  await page.getByRole('link', { name: 'Raw files' }).click();
  await page.getByLabel('Files to upload').setInputFiles([
    {
      name: 'gonzalez-bundle.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf(BUNDLE_PAGES)),
    },
    {
      // Ends like a PDF (so the upload takes it), is none inside: the pipeline cannot read it.
      name: BROKEN,
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.7\n${'nonsense '.repeat(60)}\nstartxref\n9\n%%EOF\n`),
    },
  ]);
  await expect.poll(async () => (await documents()).length, { timeout: 120_000 }).toBe(3);
  docs = await documents();
  await expect
    .poll(async () => (await rawFile(BROKEN))?.status, { timeout: 60_000 })
    .toBe('UNACCESSIBLE');
  await page.close();
});

test('given a damaged PDF processed, when the raw files list shows it, then it reads "Unreadable file" and its error names the file', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Raw files' }).click();

  // The list: the stored UNACCESSIBLE reads "Unreadable file" on the row and on the count chip.
  const row = page.getByRole('row', { name: new RegExp(BROKEN) });
  await expect(row.getByText('Unreadable file', { exact: true })).toBeVisible();
  await expect(page.getByText('UNACCESSIBLE')).toHaveCount(0);
  const chip = page.getByTestId('count-unaccessible').locator('..');
  await expect(chip).toContainText('Unreadable file');
  await expect(page.getByTestId('count-unaccessible')).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}/raw-files-unreadable.png`, fullPage: true });

  // Its details: the error names the file by its name, no storage key; the log shows the label.
  await row.getByRole('button', { name: BROKEN, exact: true }).click();
  await page.getByRole('link', { name: 'Open details' }).click();
  await expect(page.getByRole('heading', { name: BROKEN })).toBeVisible();
  const failure = page.getByRole('region', { name: 'Processing' }).getByRole('alert');
  await expect(failure).toHaveText(
    new RegExp(`^${BROKEN.replace('.', '\\.')} (is not a valid PDF|cannot be read|has no pages)`),
  );
  const stored = (await rawFile(BROKEN))?.s3_key ?? '';
  expect(stored.length).toBeGreaterThan(6);
  const lastPart = stored.split('/').pop() ?? stored;
  await expect(page.locator('body')).not.toContainText(lastPart);
  await expect(page.getByRole('region', { name: 'Log' })).toContainText('Unreadable file');
  await expect(page.getByRole('region', { name: 'Log' })).not.toContainText('UNACCESSIBLE');
  await page.screenshot({ path: `${SHOTS}/raw-file-unreadable-details.png`, fullPage: true });
});

test('given an unknown raw file, when its address opens, then a friendly not-found state shows', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${spec.host.url}/#/raw-files/00000000-0000-4000-8000-000000000000`);
  await expect(
    page.getByText('This raw file does not exist, was deleted or belongs to another company.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the raw files' })).toBeVisible();
  await expect(page.getByText('Not found.', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/raw-file-not-found.png` });
});

test('given a one-page document beside longer ones, when the strip is narrow, then every label shows whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await signIn(page);
  await page.goto(`${spec.host.url}/#/raw-files/${docs[0]!.legal_raw_file_id}`);
  const strip = page.getByTestId('page-strip');
  await expect(strip.getByTestId('strip-document')).toHaveCount(3);
  const labels = strip.locator('.ld-strip-type, .ld-strip-range, .ld-strip-flag');
  await expect(labels.first()).toBeVisible();
  const cut = await labels.evaluateAll((items) =>
    items
      .map((el) => {
        const box = el.getBoundingClientRect();
        const group = el.closest('.ld-strip-group')?.getBoundingClientRect();
        const inside = group
          ? box.left >= group.left - 0.5 && box.right <= group.right + 0.5
          : false;
        return { text: el.textContent, clipped: el.scrollWidth > el.clientWidth + 0.5 || !inside };
      })
      .filter((label) => label.clipped)
      .map((label) => label.text),
  );
  expect(cut).toEqual([]);
  // The one-page document's label reads whole.
  await expect(strip.getByTestId('strip-document').nth(2)).toContainText('page 6');
  await page.screenshot({ path: `${SHOTS}/page-strip-narrow.png`, fullPage: true });
});

test('given the company date format, when the case picker and history show dates, then they use it and never ISO', async ({
  page,
}) => {
  await signIn(page);
  const qme = docs[1]!;
  await openDocument(page, qme.id);
  await page.getByRole('tab', { name: 'Case' }).click();
  const recommended = page.getByRole('list', { name: 'Recommended cases' });
  await expect(recommended).toContainText('DOI 23.09.2024');
  await expect(recommended).not.toContainText('2024-09-23');
  await page.screenshot({ path: `${SHOTS}/case-picker-dates.png` });

  // A date of injury edited and the document marked reviewed: the history in the company format.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByLabel('Date of injury', { exact: true }).fill('2024-09-23');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(page.getByTestId('reviewed-tag')).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  const changes = page.getByRole('table', { name: 'Changes', exact: true });
  await expect(changes.locator('tr[data-field="date_of_injury"]')).toContainText('23.09.2024');
  await expect(changes.locator('tbody tr').first()).toBeVisible();
  const history = page.locator('.ld-history');
  await expect(history).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  await expect(history).not.toContainText('2024-09-23');
  await page.screenshot({ path: `${SHOTS}/history-dates.png` });
});

test('given unsaved edits on a document, when a sidebar link is clicked, then LexDesk asks before discarding them', async ({
  page,
}) => {
  await signIn(page);
  const pos = docs[2]!;
  await openDocument(page, pos.id);
  await page.getByLabel('Applicant').fill('Someone Else');
  await page.getByRole('link', { name: 'Document center' }).click();
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(question).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/unsaved-document.png` });
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${pos.id}$`));
  await expect(page.getByLabel('Applicant')).toHaveValue('Someone Else');

  await page.getByRole('link', { name: 'Document center' }).click();
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(page).toHaveURL(/#\/documents$/);
});

test('given a document open, when Download and Print are used, then the PDF is saved under its name and its pages go to the print dialog', async ({
  page,
}) => {
  await signIn(page);
  const qme = docs[1]!;
  await openDocument(page, qme.id);
  const viewer = page.getByTestId('pdf-viewer');

  // Its name now, not as first listed: names follow the type, applicant and date.
  const current = await graphql<{ processedFile: { name: string } }>(
    spec.host.serverUrl,
    'query($id: ID!) { processedFile(id: $id) { name } }',
    { id: qme.id },
    spec.token,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    viewer.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `${current.processedFile.name
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()}.pdf`,
  );
  const saved = await readFile((await download.path()) ?? '');
  expect(saved.subarray(0, 5).toString()).toBe('%PDF-');

  // Print: the pages are drawn for the print dialog (window.print is recorded, not opened).
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await viewer.getByRole('button', { name: 'Print' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
    .toBe(1);
  await expect(page.locator('#ld-print-root img.ld-print-page')).toHaveCount(3);
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${SHOTS}/print-preview.png` });
  await page.emulateMedia({ media: 'screen' });
  await page.screenshot({ path: `${SHOTS}/viewer-actions.png` });

  // The raw file downloads under its own name.
  await page.goto(`${spec.host.url}/#/raw-files/${qme.legal_raw_file_id}`);
  const [rawDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(rawDownload.suggestedFilename()).toBe('gonzalez-bundle.pdf');
  const rawSaved = await readFile((await rawDownload.path()) ?? '');
  expect(rawSaved.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/raw-file-actions.png`, fullPage: true });
});
