/**
 * Offline review end to end (review issue), in Chromium against the real host and a real server
 * that this spec runs as its own process, so it can stop it and start it again on the same port
 * with the same data (its PostgreSQL is an embedded cluster the spec keeps running throughout).
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
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { openDatabase } from '../../src/server/db/connection';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { insertUser } from '../../src/server/seed/accounts';
import { ADMIN, bridgeCall, graphql, setUpCompany } from './support/host';

test.use({ viewport: { width: 1360, height: 860 } });

const OTHER = { email: 'grace@harborvine.test', password: 'another good password 9' };
const NAMES = ['Medical report - Ruiz', 'Claim form - Ruiz', 'Letter from carrier - Ruiz'];

let postgres: EmbeddedPostgres;
let databaseUrl: string;
const dirs: string[] = [];
let serverDataDir: string;
let serverPort: number;
let serverUrl: string;
let server: ChildProcess | null = null;
let hostDataDir: string;
let hostPort: number;
let hostUrl: string;
let host: ChildProcess | null = null;
let companyId: string;
let adminToken: string;
let otherToken: string;
const ids: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `lexdesk-e2e-offline-${label}-`));
  dirs.push(dir);
  return dir;
}

/** Spawns `tsx <entry>` and resolves once a stdout line matches; rejects if it exits first. */
function spawnUntil(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ready line:\n${output}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited with ${code}:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess | null): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/** The LexDesk server on its fixed port and data folder (PDFs live there). */
async function startServer(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: serverDataDir,
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    LEXDESK_READY_JSON: '1',
    PIPELINE_WORKERS: '0',
  };
  ({ child: server } = await spawnUntil(['src/server/main.ts'], env, /"event":"ready"/));
}

/** The headless host (the app) on its fixed port and data folder, using that server. */
async function startApp(): Promise<void> {
  const args = [
    'src/main/host.ts',
    '--port',
    String(hostPort),
    '--data-dir',
    hostDataDir,
    '--server-url',
    serverUrl,
  ];
  if (process.env.E2E_RENDERER_DIR) args.push('--renderer-dir', process.env.E2E_RENDERER_DIR);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  ({ child: host } = await spawnUntil(args, env, /LexDesk running at (http:\/\/\S+)/));
}

interface Status {
  online: boolean;
  pending: number;
  conflicts: number;
  signedIn?: boolean;
}
const status = async (): Promise<Status> =>
  (await bridgeCall(hostUrl, 'review:status', {})) as Status;

/** The desktop's outbox as stored in its SQLite file. */
function outboxOnDisk(): unknown[] {
  const db = new Database(path.join(hostDataDir, 'desktop', 'review.db'), { readonly: true });
  try {
    return db.prepare('SELECT document_id, state, changes_json FROM outbox ORDER BY seq').all();
  } finally {
    db.close();
  }
}

async function serverApplicant(id: string): Promise<string | null> {
  const data = await graphql<{ processedFile: { applicant: string | null } }>(
    serverUrl,
    'query($id: ID!) { processedFile(id: $id) { applicant } }',
    { id },
    adminToken,
  );
  return data.processedFile.applicant;
}

/** In-app navigation (no reload: a reload while the server is away cannot start the app). */
async function openDocument(page: Page, id: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/documents/${id}`);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(hostUrl);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('company-name')).toBeVisible();
}

/** Three documents of one raw file, each with its own PDF in the server's storage. */
async function seedDocuments(): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const raw = await db.query<{ id: string }>(
      `INSERT INTO raw_file (name, size, no_of_pages, status, company_id)
       VALUES ('ruiz-bundle.pdf', 3000, 3, 'Processed', $1) RETURNING id`,
      [companyId],
    );
    for (const [index, name] of NAMES.entries()) {
      const bytes = Buffer.from(
        await makeTextPdf([[name, 'Applicant: Maria Ruiz', `Page ${index + 1} of the bundle`]]),
      );
      const key = randomBytes(24).toString('base64url').slice(0, 32);
      const folder = path.join(serverDataDir, 'files', companyId);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, key), bytes);
      await db.query(
        `INSERT INTO stored_file (key, company_id, content_type, size, sha256, original_name)
         VALUES ($1, $2, 'application/pdf', $3, $4, $5)`,
        [key, companyId, bytes.length, createHash('sha256').update(bytes).digest('hex'), name],
      );
      const row = await db.query<{ id: string }>(
        `INSERT INTO legal_processed_file (name, url, legal_raw_file_id, company_id, applicant,
           start_page_no, end_page_no, action_status, content, is_exception, exception_reasons)
         VALUES ($1, $2, $3, $4, 'Maria Ruiz', $5, $5, 'complete', '', true, ARRAY['no_file_type'])
         RETURNING id`,
        [name, `/files/${key}`, raw.rows[0]?.id, companyId, index + 1],
      );
      ids.push(row.rows[0]?.id ?? '');
    }
  } finally {
    await db.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgres = await startEmbeddedPostgres({ dataDir: tempDir('pg') });
  const name = `lexdesk_e2e_offline_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();

  serverDataDir = tempDir('server');
  serverPort = await freePort();
  serverUrl = `http://127.0.0.1:${serverPort}`;
  await startServer();

  adminToken = await setUpCompany(serverUrl);
  const viewer = await graphql<{ viewer: { company: { id: string } } }>(
    serverUrl,
    '{ viewer { company { id } } }',
    {},
    adminToken,
  );
  companyId = viewer.viewer.company.id;
  const handle = openDatabase(databaseUrl, { max: 1 });
  await insertUser(handle.db, {
    companyId,
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
      serverUrl,
      'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }',
      OTHER,
    )
  ).signIn.token;
  await seedDocuments();

  hostDataDir = tempDir('app');
  hostPort = await freePort();
  hostUrl = `http://127.0.0.1:${hostPort}`;
  await startApp();
});

test.afterAll(async () => {
  await stopProcess(host);
  await stopProcess(server);
  await postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('given three documents opened online, when the server goes away, they are edited and the app restarts, then the edits land when the server is back and the one conflicting change is decided by the user', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);

  // Open the three documents: the details screen hands each to the desktop's cache.
  for (const [index, id] of ids.entries()) {
    await openDocument(page, id);
    await expect(page.getByRole('heading', { name: NAMES[index] })).toBeVisible();
    await expect
      .poll(
        async () =>
          ((await bridgeCall(hostUrl, 'review:getCached', { id })) as { hasPdf: boolean }).hasPdf,
      )
      .toBe(true);
  }

  // The server goes away; the app says so plainly (its next health check notices).
  await stopProcess(server);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Offline — changes are saved on this computer', {
    timeout: 40_000,
  });

  // Edit the three documents on the details screen, now read from the cache.
  for (const [index, id] of ids.entries()) {
    await openDocument(page, id);
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
  const pdf = (await bridgeCall(hostUrl, 'review:getPdf', { id: ids[1] })) as {
    base64: string | null;
  };
  expect(
    Buffer.from(pdf.base64 ?? '', 'base64')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The app is closed while offline and started again: the three changes are still there.
  await stopProcess(host);
  await startApp();
  await expect.poll(async () => (await status()).online, { timeout: 20_000 }).toBe(false);
  // The browser build's host keeps the session in memory only, so after a restart nobody is
  // signed in and the desktop shows nobody's changes (they are kept per user): read its store.
  expect(await status()).toMatchObject({ pending: 0, signedIn: false });
  expect(outboxOnDisk()).toEqual([
    { document_id: ids[0], state: 'pending', changes_json: '{"applicant":"Maria Ruiz-Offline 1"}' },
    { document_id: ids[1], state: 'pending', changes_json: '{"applicant":"Maria Ruiz-Offline 2"}' },
    { document_id: ids[2], state: 'pending', changes_json: '{"applicant":"Maria Ruiz-Offline 3"}' },
  ]);

  // Meanwhile another user changes one of the same fields on the server.
  await startServer();
  await graphql(
    serverUrl,
    'mutation($id: ID!, $changes: ProcessedFileChanges!) { updateProcessedFile(id: $id, changes: $changes) { saved } }',
    { id: ids[2], changes: { applicant: 'Maria Ruiz-Server' } },
    otherToken,
  );

  // The server is back; the user signs in and the outbox goes out.
  await signIn(page);
  await expect(banner).toHaveText(/1 change needs your decision/, { timeout: 30_000 });
  await page.screenshot({ path: '/tmp/h5-conflict-banner.png' });
  expect(await serverApplicant(ids[0] ?? '')).toBe('Maria Ruiz-Offline 1');
  expect(await serverApplicant(ids[1] ?? '')).toBe('Maria Ruiz-Offline 2');
  expect(await serverApplicant(ids[2] ?? '')).toBe('Maria Ruiz-Server');

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

  expect(await serverApplicant(ids[2] ?? '')).toBe('Maria Ruiz-Offline 3');
  expect(await status()).toMatchObject({ online: true, pending: 0, conflicts: 0 });

  // The cache's size is a setting of this device.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Offline copies (MB)')).toHaveValue('500');
  await expect(page.getByText(/^3 documents \(\d+ KB of 500 MB\) kept for review/)).toBeVisible();
  await page.screenshot({ path: '/tmp/h5-cache-setting.png' });
});
