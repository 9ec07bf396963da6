/**
 * Failed uploads (issue 15, item 8): a failure leaves the upload tracker (never counted as in
 * progress) for a failed list of the user who queued it, with the reason, "Retry" where trying
 * again can help and "Dismiss". Another user signing in on the same computer does not see it.
 * The server runs as its own process (support/offline-stack.ts) so the spec can take it away
 * while an upload is tried: the upload then fails after its attempts, for real.
 *
 * Screenshots: /tmp/uploads-shots/failed-list.png, /tmp/uploads-shots/other-user.png,
 * /tmp/uploads-shots/after-retry.png.
 */
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection';
import { insertUser } from '../../src/server/seed/accounts';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { ADMIN } from './support/host';
import { startOfflineStack, type OfflineStack } from './support/offline-stack';

test.use({ viewport: { width: 1360, height: 860 } });

const OTHER = { email: 'grace@harborvine.test', password: 'another good password 9' };
const SHOTS = '/tmp/uploads-shots';
let stack: OfflineStack;

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(stack.hostUrl);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

async function rawFileNames(): Promise<string[]> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const rows = await db.query<{ name: string }>(
      `SELECT name FROM raw_file WHERE status <> 'Uploading' ORDER BY name`,
    );
    return rows.rows.map((row) => row.name);
  } finally {
    await db.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOfflineStack('upload-failures');
  const handle = openDatabase(stack.databaseUrl, { max: 1 });
  await insertUser(handle.db, {
    companyId: stack.companyId,
    email: OTHER.email,
    password: OTHER.password,
    firstName: 'Grace',
    lastName: 'Hopper',
    userType: 'customer',
    legalUserType: 'paralegal',
  });
  await handle.close();
});

test.afterAll(async () => {
  await stack?.close();
});

test("given one refused file and one upload that fails while the server is away, then both leave the tracker for the user's own failed list, retry uploads it once and another user sees neither", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN);
  const uploadsButton = page.getByRole('button', { name: 'Uploads' });
  await uploadsButton.click();
  const drawer = page.locator('.bp6-drawer');
  const failedList = drawer.getByRole('list', { name: 'Failed uploads' });

  // A file that is not what it claims is refused at once, for good: no retry, only dismiss.
  await drawer.getByLabel('Files to upload').setInputFiles([
    {
      name: 'lying.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just text, not a PDF at all'),
    },
  ]);
  const refused = failedList.getByRole('listitem', { name: 'lying.pdf' });
  await expect(refused.getByText('Invalid file type or format')).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // The server goes away; a good PDF is tried until its attempts are spent.
  await stack.stopServer();
  await drawer.getByLabel('Files to upload').setInputFiles([
    {
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeTextPdf([['Notes of the hearing', 'Page 1']])),
    },
  ]);
  const failed = failedList.getByRole('listitem', { name: 'notes.pdf' });
  await expect(failed.getByText(/the server could not be reached/)).toBeVisible({
    timeout: 120_000,
  });
  // Neither failure is an upload in progress.
  await expect(drawer.getByText('No uploads in progress.')).toBeVisible();
  await expect(page.getByTestId('upload-count')).toHaveCount(0);
  await expect(uploadsButton).toHaveAttribute('title', 'No uploads in progress, 2 failed');
  await page.screenshot({ path: `${SHOTS}/failed-list.png` });

  // The server is back: retry sends the same upload once.
  await stack.startServer();
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toHaveCount(0);
  await expect.poll(rawFileNames, { timeout: 60_000 }).toEqual(['notes.pdf']);
  await expect(refused).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/after-retry.png` });
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Another user on the same computer: no failed list of Ada's, nothing in progress.
  await signOut(page);
  await signIn(page, OTHER);
  await uploadsButton.click();
  await expect(drawer.getByText('No uploads in progress.')).toBeVisible();
  await expect(failedList).toHaveCount(0);
  await expect(page.getByTestId('upload-failed-mark')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/other-user.png` });
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Ada again: her refused file is still listed until she dismisses it.
  await signOut(page);
  await signIn(page, ADMIN);
  await uploadsButton.click();
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failedList).toHaveCount(0);
  expect(await rawFileNames()).toEqual(['notes.pdf']);
});
