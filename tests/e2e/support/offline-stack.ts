/**
 * A LexDesk stack for offline end-to-end tests: a database on the run's PostgreSQL that stays up
 * (support/database.ts), the real server as its own process on a fixed port and data folder (so the test can stop it
 * and start it again with the same data), and the headless host (the app) on its own fixed
 * port and data folder, pointed at that server (offline-review.spec.ts, offline-start.spec.ts).
 * E2E_RENDERER_DIR=<dir> makes the host serve another renderer build than dist/renderer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { makeTextPdf } from '../../../src/server/pipeline/pages/testing/fixtures';
import { specDatabase } from './database';
import { graphql, setUpCompany } from './host';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns `tsx <entry>` and resolves once a stdout line matches; rejects if it exits first. */
export function spawnUntil(
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

export function stopProcess(child: ChildProcess | null): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

export interface SeededDocument {
  id: string;
  name: string;
}

export interface OfflineStack {
  serverUrl: string;
  hostUrl: string;
  hostDataDir: string;
  databaseUrl: string;
  companyId: string;
  /** The administrator's session token (for checks through the API). */
  adminToken: string;
  startServer(): Promise<void>;
  stopServer(): Promise<void>;
  startApp(): Promise<void>;
  stopApp(): Promise<void>;
  /** One raw file split into these documents, each with its own PDF in the server's storage. */
  seedDocuments(names: readonly string[]): Promise<SeededDocument[]>;
  /** A document's applicant as the server holds it (asked as the administrator). */
  serverApplicant(id: string): Promise<string | null>;
  close(): Promise<void>;
}

export async function startOfflineStack(label: string): Promise<OfflineStack> {
  const dirs: string[] = [];
  const tempDir = (part: string): string => {
    const dir = mkdtempSync(path.join(tmpdir(), `lexdesk-e2e-${label}-${part}-`));
    dirs.push(dir);
    return dir;
  };
  let server: ChildProcess | null = null;
  let host: ChildProcess | null = null;

  const database = await specDatabase(label);
  const databaseUrl = database.url;

  const serverDataDir = tempDir('server');
  const serverPort = await freePort();
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  const hostDataDir = tempDir('app');
  const hostPort = await freePort();
  const hostUrl = `http://127.0.0.1:${hostPort}`;

  const startServer = async (): Promise<void> => {
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
  };

  const startApp = async (): Promise<void> => {
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
  };

  await startServer();
  const adminToken = await setUpCompany(serverUrl);
  const viewer = await graphql<{ viewer: { company: { id: string } } }>(
    serverUrl,
    '{ viewer { company { id } } }',
    {},
    adminToken,
  );
  const companyId = viewer.viewer.company.id;
  await startApp();

  return {
    serverUrl,
    hostUrl,
    hostDataDir,
    databaseUrl,
    companyId,
    adminToken,
    startServer,
    stopServer: () => stopProcess(server),
    startApp,
    stopApp: () => stopProcess(host),
    async seedDocuments(names) {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const seeded: SeededDocument[] = [];
      try {
        const raw = await db.query<{ id: string }>(
          `INSERT INTO raw_file (name, size, no_of_pages, status, company_id)
           VALUES ($1, 3000, $2, 'Processed', $3) RETURNING id`,
          [`${label}-bundle.pdf`, names.length, companyId],
        );
        for (const [index, docName] of names.entries()) {
          const bytes = Buffer.from(
            await makeTextPdf([[docName, 'Applicant: Maria Ruiz', `Page ${index + 1}`]]),
          );
          const key = randomBytes(24).toString('base64url').slice(0, 32);
          const folder = path.join(serverDataDir, 'files', companyId);
          mkdirSync(folder, { recursive: true });
          writeFileSync(path.join(folder, key), bytes);
          await db.query(
            `INSERT INTO stored_file (key, company_id, content_type, size, sha256, original_name)
             VALUES ($1, $2, 'application/pdf', $3, $4, $5)`,
            [
              key,
              companyId,
              bytes.length,
              createHash('sha256').update(bytes).digest('hex'),
              docName,
            ],
          );
          const row = await db.query<{ id: string }>(
            `INSERT INTO legal_processed_file (name, url, legal_raw_file_id, company_id, applicant,
               start_page_no, end_page_no, action_status, content, is_exception, exception_reasons)
             VALUES ($1, $2, $3, $4, 'Maria Ruiz', $5, $5, 'complete', '', true, ARRAY['no_file_type'])
             RETURNING id`,
            [docName, `/files/${key}`, raw.rows[0]?.id, companyId, index + 1],
          );
          seeded.push({ id: row.rows[0]?.id ?? '', name: docName });
        }
      } finally {
        await db.end();
      }
      return seeded;
    },
    async serverApplicant(id) {
      const data = await graphql<{ processedFile: { applicant: string | null } }>(
        serverUrl,
        'query($id: ID!) { processedFile(id: $id) { applicant } }',
        { id },
        adminToken,
      );
      return data.processedFile.applicant;
    },
    async close() {
      await stopProcess(host);
      await stopProcess(server);
      await database.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens a document in the app without a reload (while the server is away a reload cannot start it). */
export async function openDocumentInApp(page: Page, id: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/documents/${id}`);
}
