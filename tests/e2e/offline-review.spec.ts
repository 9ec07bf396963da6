/**
 * Offline review end to end (review issue), in Chromium against the real host and a real server
 * that this spec runs as its own process (support/offline-stack.ts), so it can stop it and start
 * it again on the same port with the same data (its database, on the run's PostgreSQL, stays
 * up throughout).
 *
 * Story: sign in, open three documents (the desktop caches them with their PDFs), the server
 * goes away, the app says so, the user edits the three documents on the details screen (read
 * from the cache, PDF included), closes the app; the app starts again while the server is
 * still away and still holds the three changes; meanwhile another user changes one of the same
 * fields on the server; the server comes back, the user signs in: two changes land, the third
 * is shown as a conflict with both values, the user keeps theirs, and the server has it.
 *
 * Screenshots: /tmp/h5-offline-banner.png, /tmp/h5-offline-details.png,
 * /tmp/h5-conflict-banner.png, /tmp/h5-conflict-dialog.png, /tmp/h5-resolved.png,
 * /tmp/h5-cache-setting.png.
 * E2E_RENDERER_DIR=<dir> serves another renderer build than dist/renderer.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/server/db/connection';
import { insertUser } from '../../src/server/seed/accounts';
import { ADMIN, bridgeCall, graphql, windowKeyOf } from './support/host';
import { openDocumentInApp, startOfflineStack, type OfflineStack } from './support/offline-stack';

test.use({ viewport: { width: 1360, height: 860 } });

const OTHER = { email: 'grace@harborvine.test', password: 'another good password 9' };
const NAMES = ['Medical report - Ruiz', 'Claim form - Ruiz', 'Letter from carrier - Ruiz'];

let stack: OfflineStack;
let otherToken: string;
const ids: string[] = [];

interface Status {
  online: boolean;
  pending: number;
  conflicts: number;
  signedIn?: boolean;
}
const status = async (page: Page): Promise<Status> =>
  (await bridgeCall(stack.hostUrl, 'review:status', {}, await windowKeyOf(page))) as Status;

/** The desktop's outbox as stored in its SQLite file. */
function outboxOnDisk(): unknown[] {
  const db = new Database(path.join(stack.hostDataDir, 'desktop', 'review.db'), { readonly: true });
  try {
    return db.prepare('SELECT document_id, state, changes_json FROM outbox ORDER BY seq').all();
  } finally {
    db.close();
  }
}

async function signIn(page: Page): Promise<void> {
  await page.goto(stack.hostUrl);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toBeVisible();
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOfflineStack('offline');
  const handle = openDatabase(stack.databaseUrl, { max: 1 });
  await insertUser(handle.db, {
    companyId: stack.companyId,
    email: OTHER.email,
    password: OTHER.password,
    firstName: 'Grace',
    lastName: 'Hopper',
    userType: 'customer',
    legalUserType: 'admin',
  });
  await handle.close();
  otherToken = (
    await graphql<{ signIn: { token: string } }>(
      stack.serverUrl,
      'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }',
      OTHER,
    )
  ).signIn.token;
  ids.push(...(await stack.seedDocuments(NAMES)).map((doc) => doc.id));
});

test.afterAll(async () => {
  await stack?.close();
});

test('given three documents opened online, when the server goes away, they are edited and the app restarts, then the edits land when the server is back and the one conflicting change is decided by the user', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);

  // Open the three documents: the details screen hands each to the desktop's cache.
  for (const [index, id] of ids.entries()) {
    await openDocumentInApp(page, id);
    await expect(page.getByRole('heading', { name: NAMES[index] })).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            (await bridgeCall(
              stack.hostUrl,
              'review:getCached',
              { id },
              await windowKeyOf(page),
            )) as {
              hasPdf: boolean;
            }
          ).hasPdf,
      )
      .toBe(true);
  }

  // The server goes away; the app says so plainly (its next health check notices).
  await stack.stopServer();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Offline — changes are saved on this computer', {
    timeout: 40_000,
  });

  // Edit the three documents on the details screen, now read from the cache.
  for (const [index, id] of ids.entries()) {
    await openDocumentInApp(page, id);
    await expect(page.getByRole('heading', { name: NAMES[index] })).toBeVisible();
    await expect(page.getByText('Offline copy', { exact: true })).toBeVisible();
    const applicant = page.getByLabel('Applicant', { exact: true });
    await applicant.fill(`Maria Ruiz-Offline ${index + 1}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(banner).toContainText(`${index + 1} waiting.`);
    if (index === 0) await page.screenshot({ path: '/tmp/h5-offline-details.png' });
  }
  await expect(banner).toHaveText(
    /Offline — changes are saved on this computer and sent when LexDesk can reach the server\. 3 waiting\./,
  );
  await page.screenshot({ path: '/tmp/h5-offline-banner.png' });

  // The cached PDF is readable without the server.
  const pdf = (await bridgeCall(
    stack.hostUrl,
    'review:getPdf',
    { id: ids[1] },
    await windowKeyOf(page),
  )) as {
    base64: string | null;
  };
  expect(
    Buffer.from(pdf.base64 ?? '', 'base64')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The app is closed while offline and started again: the three changes are still there.
  await stack.stopApp();
  await stack.startApp();
  // The browser build's host keeps the session in memory only, so after a restart no window is
  // signed in and the desktop shows nobody's changes (they are kept per user): read its store.
  await expect(
    bridgeCall(stack.hostUrl, 'review:status', {}, await windowKeyOf(page)),
  ).rejects.toThrow('WINDOW_NOT_SIGNED_IN');
  expect(outboxOnDisk()).toEqual([
    { document_id: ids[0], state: 'pending', changes_json: '{"applicant":"Maria Ruiz-Offline 1"}' },
    { document_id: ids[1], state: 'pending', changes_json: '{"applicant":"Maria Ruiz-Offline 2"}' },
    { document_id: ids[2], state: 'pending', changes_json: '{"applicant":"Maria Ruiz-Offline 3"}' },
  ]);

  // Meanwhile another user changes one of the same fields on the server.
  await stack.startServer();
  await graphql(
    stack.serverUrl,
    'mutation($id: ID!, $changes: ProcessedFileChanges!) { updateProcessedFile(id: $id, changes: $changes) { saved } }',
    { id: ids[2], changes: { applicant: 'Maria Ruiz-Server' } },
    otherToken,
  );

  // The server is back; the user signs in and the outbox goes out.
  await signIn(page);
  await expect(banner).toHaveText(/1 change needs your decision/, { timeout: 30_000 });
  await page.screenshot({ path: '/tmp/h5-conflict-banner.png' });
  expect(await stack.serverApplicant(ids[0] ?? '')).toBe('Maria Ruiz-Offline 1');
  expect(await stack.serverApplicant(ids[1] ?? '')).toBe('Maria Ruiz-Offline 2');
  expect(await stack.serverApplicant(ids[2] ?? '')).toBe('Maria Ruiz-Server');

  // Both values side by side; the user keeps theirs.
  await banner.getByRole('button', { name: 'Decide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes on this computer' });
  const item = dialog.getByRole('listitem', { name: NAMES[2] });
  const table = item.getByRole('table', { name: `Conflicting fields of ${NAMES[2]}` });
  await expect(table.getByRole('cell', { name: 'Maria Ruiz-Offline 3' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Maria Ruiz-Server' })).toBeVisible();
  const save = item.getByRole('button', { name: 'Save my choices' });
  await expect(save).toBeDisabled();
  await page.screenshot({ path: '/tmp/h5-conflict-dialog.png' });
  const keep = item.getByRole('radiogroup', { name: 'Keep which Applicant' });
  // Blueprint draws its own indicator over the input: the user clicks the label.
  await keep.locator('label', { hasText: 'Mine' }).click();
  await expect(keep.getByRole('radio', { name: 'Mine' })).toBeChecked();
  await save.click();
  await expect(dialog.getByText('Every change has reached the server.')).toBeVisible();
  await expect(banner).toBeHidden();
  await page.screenshot({ path: '/tmp/h5-resolved.png' });

  expect(await stack.serverApplicant(ids[2] ?? '')).toBe('Maria Ruiz-Offline 3');
  expect(await status(page)).toMatchObject({ online: true, pending: 0, conflicts: 0 });

  // The cache's size is a setting of this device.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Offline copies (MB)')).toHaveValue('500');
  await expect(page.getByText(/^3 documents \(\d+ KB of 500 MB\) kept for review/)).toBeVisible();
  await page.screenshot({ path: '/tmp/h5-cache-setting.png' });
});
