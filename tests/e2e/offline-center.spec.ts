/**
 * Offline, as a user meets it (issue 15, item 9): (a) a document changed offline and opened
 * again shows the changed value, marked as waiting to sync, on its details screen and in the
 * document center's list, not the server's older one; (b) the document center, opened while the
 * server cannot be reached, shows the list kept on this computer with its time instead of
 * "Cannot reach the LexDesk server". The server runs as its own process (support/offline-stack.ts).
 *
 * Screenshots: /tmp/uploads-shots/offline-reopened.png, /tmp/uploads-shots/offline-center.png.
 */
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import pg from 'pg';
import { ADMIN } from './support/host';
import { openDocumentInApp, startOfflineStack, type OfflineStack } from './support/offline-stack';

test.use({ viewport: { width: 1360, height: 860 } });

const NAMES = ['Medical report - Ruiz', 'Claim form - Ruiz'];
const SHOTS = '/tmp/uploads-shots';
let stack: OfflineStack;
const ids: string[] = [];

async function openCenterInApp(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.location.hash = '#/documents';
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOfflineStack('offline-center');
  ids.push(...(await stack.seedDocuments(NAMES)).map((doc) => doc.id));
  // Finished documents (not exceptions) are what the document center lists.
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  await db.query(
    `UPDATE legal_processed_file SET is_exception = false, exception_reasons = '{}' WHERE id = ANY($1)`,
    [ids],
  );
  await db.end();
});

test.afterAll(async () => {
  await stack?.close();
});

test('given the document center and a document loaded online, when the server goes away and the document is changed and opened again, then the waiting value shows on it and in the kept list, with the time of the list', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(stack.hostUrl);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toBeVisible();

  // Online: the list and the document are loaded (and kept on this computer).
  await openCenterInApp(page);
  const table = page.getByTestId('document-table');
  const first = table.getByRole('row', { name: new RegExp(NAMES[0] ?? '') });
  await expect(first).toContainText('Maria Ruiz');
  await openDocumentInApp(page, ids[1] ?? '');
  await expect(page.getByRole('heading', { name: NAMES[1] })).toBeVisible();
  await openDocumentInApp(page, ids[0] ?? '');
  await expect(page.getByRole('heading', { name: NAMES[0] })).toBeVisible();
  await expect(page.getByLabel('Applicant', { exact: true })).toHaveValue('Maria Ruiz');

  // The server goes away; the change is saved on this computer.
  await stack.stopServer();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Offline', { timeout: 40_000 });
  await openDocumentInApp(page, ids[1] ?? '');
  await expect(page.getByRole('heading', { name: NAMES[1] })).toBeVisible();
  // Opened offline, the document shows at once as the app last had it, and as the offline copy
  // kept on this computer once the server's answer fails. That answer is held here until a value
  // is typed, then let through: what was typed in between must stay.
  const held: Route[] = [];
  let holding = true;
  const isDetails = (request: Request) =>
    request.url().includes('/graphql') &&
    (request.postData() ?? '').includes('ProcessedFileDetails');
  await page.route('**/graphql', async (route) => {
    if (holding && isDetails(route.request())) held.push(route);
    else await route.fallback();
  });
  await openDocumentInApp(page, ids[0] ?? '');
  await expect(page.getByRole('heading', { name: NAMES[0] })).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const applicant = page.getByLabel(/^Applicant/);
  await applicant.fill('Maria Ruiz-Offline');
  await expect(applicant).toHaveValue('Maria Ruiz-Offline');
  const answered = new Promise<void>((resolve) => {
    const done = (request: Request) => {
      if (isDetails(request)) resolve();
    };
    page.on('requestfailed', done);
    page.on('requestfinished', done);
  });
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await page.unroute('**/graphql');
  await answered;
  await expect(page.getByText('Offline copy', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/The server cannot be reached: this is the offline copy/),
  ).toBeVisible();
  await expect(applicant).toHaveValue('Maria Ruiz-Offline');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(banner).toContainText('1 waiting.');

  // Opened again (after another document): the waiting value, marked as such.
  await openDocumentInApp(page, ids[1] ?? '');
  await expect(page.getByRole('heading', { name: NAMES[1] })).toBeVisible();
  await openDocumentInApp(page, ids[0] ?? '');
  await expect(page.getByRole('heading', { name: NAMES[0] })).toBeVisible();
  // The mark is part of the field's label, as "changed" is for an unsaved edit.
  await expect(page.getByRole('textbox', { name: 'Applicant · waiting to sync' })).toHaveValue(
    'Maria Ruiz-Offline',
  );
  await expect(page.getByTestId('pending-applicant')).toHaveText(/waiting to sync/);
  await page.getByTestId('pending-applicant').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/offline-reopened.png` });

  // The document center: the kept list with its time, not an error; the waiting value in it.
  await openCenterInApp(page);
  await expect(page.getByTestId('offline-list-banner')).toContainText(
    /Offline, showing the list as of \d/,
  );
  await expect(page.getByText(/Cannot reach the LexDesk server/)).toHaveCount(0);
  await expect(first).toContainText('Maria Ruiz-Offline');
  await expect(first.getByTestId('waiting-to-sync')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(NAMES[1] ?? '') })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-center.png` });

  // Back online: the change reaches the server and the list is live again.
  await stack.startServer();
  await expect(banner).toBeHidden({ timeout: 60_000 });
  expect(await stack.serverApplicant(ids[0] ?? '')).toBe('Maria Ruiz-Offline');
});
