/**
 * Offline start-up end to end (review issue: "When the server cannot be reached the app says so
 * plainly, keeps showing what is cached, and lets the user keep reviewing"), in Chromium against
 * the real host and a real server this spec runs as its own process (tests/e2e/support/
 * offline-stack.ts), so it can stop the server and start it again on the same port.
 *
 * Story: sign in, open the review queue and a document (the desktop caches both, PDF included),
 * the server goes away and the page is RELOADED (a real restart of the renderer, which must now
 * start without the server): the shell shows with the offline banner, the queue and the document
 * come from the cache, the PDF shows, an edit is kept in the outbox; reloaded once more the edit
 * is still waiting; the server comes back: the app checks the session quietly, continues online,
 * and the change lands on the server.
 *
 * Screenshots: /tmp/h7-offline-start.png, /tmp/h7-offline-start-queue.png,
 * /tmp/h7-offline-start-document.png, /tmp/h7-offline-start-edited.png,
 * /tmp/h7-offline-start-back-online.png.
 */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { ADMIN, bridgeCall, windowKeyOf } from './support/host';
import {
  openDocumentInApp,
  startOfflineStack,
  type OfflineStack,
  type SeededDocument,
} from './support/offline-stack';

test.use({ viewport: { width: 1360, height: 860 } });

const NAMES = ['Medical report - Okafor', 'Claim form - Okafor'];
const OFFLINE_TEXT = 'Offline — changes are saved on this computer';

let stack: OfflineStack;
let docs: SeededDocument[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOfflineStack('offline-start');
  docs = await stack.seedDocuments(NAMES);
});

test.afterAll(async () => {
  await stack?.close();
});

test('given a signed-in session whose documents were opened online, when the app restarts without the server, then it starts offline from the cache, keeps the edit, and sends it when the server is back', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [first] = docs;
  if (!first) throw new Error('no seeded document');

  // Online: sign in, load the review queue and open a document (both cached by the desktop).
  await page.goto(stack.hostUrl);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);
  await page.getByRole('link', { name: 'Needs review' }).click();
  const queueNames = page.locator('tr.ld-review-row td.ld-review-name');
  await expect(queueNames).toHaveText(NAMES);
  await openDocumentInApp(page, first.id);
  await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          (await bridgeCall(
            stack.hostUrl,
            'review:getCached',
            { id: first.id },
            await windowKeyOf(page),
          )) as {
            hasPdf: boolean;
          }
        ).hasPdf,
    )
    .toBe(true);
  // The desktop keeps this session's viewer (tied to the token's hash, not the token).
  await expect
    .poll(
      async () =>
        (
          (await bridgeCall(stack.hostUrl, 'review:lastViewer', {}, await windowKeyOf(page))) as {
            viewer: { user: { email: string } } | null;
          }
        ).viewer?.user.email,
    )
    .toBe(ADMIN.email);

  // The server goes away and the renderer restarts at once (before anything noticed).
  await stack.stopServer();
  await page.reload();
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(OFFLINE_TEXT);
  await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
  await expect(page.getByText('Offline copy', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return Home' })).toHaveCount(0);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true');
  await page.screenshot({ path: '/tmp/h7-offline-start.png' });

  // Screens that need the server say so in their own way; the app does not fall over.
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return Home' })).toHaveCount(0);
  await expect(banner).toContainText(OFFLINE_TEXT);
  await page.screenshot({ path: '/tmp/h7-offline-start-users.png' });

  // The review queue comes from the cache.
  await page.getByRole('link', { name: 'Needs review' }).click();
  await expect(page.getByText('Offline — showing documents saved on this computer')).toBeVisible();
  await expect(queueNames).toHaveText(NAMES);
  await page.screenshot({ path: '/tmp/h7-offline-start-queue.png' });

  // The cached document opens from the queue with its PDF, and can be edited.
  await page.getByRole('link', { name: first.name }).first().click();
  await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
  await expect(page.getByText('Offline copy', { exact: true })).toBeVisible();
  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer).toHaveAttribute('data-page-count', '1');
  await expect(viewer).toHaveAttribute('data-first-page-rendered', 'true');
  await page.screenshot({ path: '/tmp/h7-offline-start-document.png' });
  await page.getByLabel('Applicant', { exact: true }).fill('Chidi Okafor');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(banner).toContainText('1 waiting.');
  await page.screenshot({ path: '/tmp/h7-offline-start-edited.png' });
  expect(await stack.serverApplicant(first.id).catch(() => 'unreachable')).toBe('unreachable');

  // Restarted once more while offline: the edit is still there, shown and waiting.
  await page.reload();
  await expect(banner).toContainText(OFFLINE_TEXT);
  await expect(banner).toContainText('1 waiting.');
  await expect(page.getByRole('textbox', { name: 'Applicant · waiting to sync' })).toHaveValue(
    'Chidi Okafor',
  );

  // The server is back: the change lands, and the app continues online without signing in.
  await stack.startServer();
  await expect(banner).toBeHidden({ timeout: 60_000 });
  expect(await stack.serverApplicant(first.id)).toBe('Chidi Okafor');
  await expect(page.getByText('Offline copy', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Needs review' }).click();
  await expect(page.getByText('Offline — showing documents saved on this computer')).toHaveCount(0);
  // Its name followed the new applicant once the server had the change (it has no type yet).
  const renamed = 'Unclassified document - Chidi Okafor';
  await expect(queueNames).toHaveText([renamed, NAMES[1]!]);
  // The details screen of the same document now reads the server's copy, with the change.
  await page.getByRole('link', { name: renamed }).first().click();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByLabel('Applicant', { exact: true })).toHaveValue('Chidi Okafor');
  await expect(page.getByText('Offline copy', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-first-page-rendered', 'true');
  await page.screenshot({ path: '/tmp/h7-offline-start-back-online.png' });
  expect(page.url()).not.toContain('sign-in');
});

test('given the app started offline, when the server comes back having ended the session meanwhile, then the app goes to sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await bridgeCall(stack.hostUrl, 'session:clear', {});
  await page.goto(stack.hostUrl);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);
  await expect
    .poll(
      async () =>
        (
          (await bridgeCall(stack.hostUrl, 'review:lastViewer', {}, await windowKeyOf(page))) as {
            viewer: unknown;
          }
        ).viewer,
    )
    .not.toBeNull();

  await stack.stopServer();
  await page.reload();
  await expect(page.getByTestId('company-name')).toHaveText(ADMIN.company_name);
  await expect(page.getByTestId('offline-banner')).toContainText(OFFLINE_TEXT);

  // Meanwhile the session is revoked (say, signed out on another computer).
  const key = await windowKeyOf(page);
  const { token } = (await bridgeCall(stack.hostUrl, 'session:load', {}, key)) as {
    token: string;
  };
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const revoked = await db.query(
      'UPDATE session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
      [createHash('sha256').update(token).digest('hex')],
    );
    expect(revoked.rowCount).toBe(1);
  } finally {
    await db.end();
  }

  await stack.startServer();
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/#\/sign-in/);
  await expect(page.getByTestId('company-name')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/h7-offline-start-session-ended.png' });
  expect(
    ((await bridgeCall(stack.hostUrl, 'session:load', {}, key)) as { token: unknown }).token,
  ).toBe(null);
});

test("given the saved session was signed out, when the app starts without the server, then it shows the error screen rather than anyone's cached data", async ({
  page,
}) => {
  await bridgeCall(stack.hostUrl, 'session:clear', {});
  await stack.stopServer();
  await page.goto(stack.hostUrl);
  await expect(page.getByTestId('company-name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Return Home' })).toBeVisible();
  await page.screenshot({ path: '/tmp/h7-offline-start-signed-out.png' });
  await stack.startServer();
});
