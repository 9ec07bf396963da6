/**
 * Starts the real headless host (src/main/host.ts) for an end-to-end test: it spawns the real server
 * on a fresh database (a clone of the run's migrated template, tests/e2e/support/database.ts, or,
 * with `ownCluster`, a new embedded cluster in the host's data folder as `npm start` makes) and
 * serves the browser build. Also talks to the host's bridge and the server's GraphQL API the way
 * the app does, for test set-up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { specDatabase } from './database';

export interface RunningHost {
  url: string;
  serverUrl: string;
  /** The server's database, on the run's PostgreSQL; undefined with `ownCluster`. */
  databaseUrl: string | undefined;
  stop(): Promise<void>;
}

function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`host did not start in time:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`host exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Starts the host on a fresh data folder and database; `demo` seeds the demo data set
 * (src/server/seed); `env` adds environment variables; `ownCluster` lets the server initialise and
 * run its own embedded PostgreSQL in the data folder, as on a first `npm start`, instead of a clone
 * on the run's server.
 */
export async function startHost(
  options: { demo?: boolean; ownCluster?: boolean; env?: Record<string, string> } = {},
): Promise<RunningHost> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-e2e-'));
  const database = options.ownCluster ? null : await specDatabase();
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, DATA_DIR: dataDir };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const tsx = path.resolve('node_modules/.bin/tsx');
  const args = ['src/main/host.ts', '--port', '0', '--data-dir', dataDir];
  if (options.demo) args.push('--demo');
  // E2E_RENDERER_DIR=<dir> serves another renderer build than dist/renderer.
  if (process.env.E2E_RENDERER_DIR) args.push('--renderer-dir', process.env.E2E_RENDERER_DIR);
  const child = spawn(tsx, args, {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // E2E_HOST_LOG=<file> keeps the host's (and its server's) output for debugging a failed spec.
  const logFile = process.env.E2E_HOST_LOG;
  if (logFile) {
    child.stdout?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    child.stderr?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  }
  const match = await waitForLine(child, /LexDesk running at (http:\/\/\S+)/, 180_000);
  const url = match[1] ?? '';
  const serverUrl = (await bridgeCall(url, 'app:info', {})) as { serverUrl: string };
  return {
    url,
    serverUrl: serverUrl.serverUrl,
    databaseUrl: database?.url,
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      });
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The window key the host gave the page's tab at sign-in (src/renderer/app/windowKey.ts). */
export function windowKeyOf(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('lexdesk-window-key'));
}

/**
 * One call over the host's desktop bridge, as the browser build makes it; session-bearing
 * channels answer only with the signed-in tab's window key (`windowKeyOf(page)`).
 */
export async function bridgeCall(
  hostUrl: string,
  channel: string,
  request: unknown,
  window: string | null = null,
): Promise<unknown> {
  const html = await (await fetch(hostUrl)).text();
  const token = html.match(/name="lexdesk-bridge-token" content="([^"]+)"/)?.[1] ?? '';
  const origin = new URL(hostUrl).origin;
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/desktop-bridge?token=${token}`, {
    headers: { origin },
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () =>
      ws.send(JSON.stringify({ id: 1, channel, request, ...(window ? { window } : {}) })),
    );
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as {
        kind: string;
        id?: number;
        response?: unknown;
        error?: unknown;
      };
      if (msg.id !== 1) return;
      ws.close();
      if (msg.kind === 'result') resolve(msg.response);
      else reject(new Error(JSON.stringify(msg.error)));
    });
  });
}

/** A GraphQL call to the server, as the renderer makes it. */
export async function graphql<T>(
  serverUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await fetch(`${serverUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data as T;
}

export const ADMIN = {
  company_name: 'Harbor & Vine LLP',
  is_legal: true,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@harborvine.test',
  password: 'correct horse battery',
};

/** Creates the company and its first administrator through the API; returns the session token. */
export async function setUpCompany(serverUrl: string): Promise<string> {
  const data = await graphql<{ setUp: { token: string } }>(
    serverUrl,
    'mutation($input: SetUpInput!) { setUp(input: $input) { token } }',
    { input: ADMIN },
  );
  return data.setUp.token;
}

/** The id of the signed-in user's company. */
export async function companyIdOf(serverUrl: string, token: string): Promise<string> {
  const data = await graphql<{ viewer: { company: { id: string } } }>(
    serverUrl,
    '{ viewer { company { id } } }',
    {},
    token,
  );
  return data.viewer.company.id;
}

/** A spec's host with its company set up (filled in before the spec's first test). */
export interface SpecHost {
  host: RunningHost;
  /** The administrator's session token. */
  token: string;
  companyId: string;
}

/** Starts a host and sets up its company before the spec's tests; stops it after them. */
export function hostForSpec(): SpecHost {
  const spec = {} as SpecHost;
  test.beforeAll(async () => {
    // The host may take up to 180 s to start on a loaded machine (startHost), past a test's 90 s.
    test.setTimeout(240_000);
    spec.host = await startHost();
    spec.token = await setUpCompany(spec.host.serverUrl);
    spec.companyId = await companyIdOf(spec.host.serverUrl, spec.token);
  });
  test.afterAll(async () => {
    await spec.host?.stop();
  });
  return spec;
}

/** Opens the app (a new tab starts signed out) and signs in through the form. */
export async function signInThroughForm(
  page: Page,
  host: RunningHost,
  email = ADMIN.email,
  password = ADMIN.password,
): Promise<void> {
  await page.goto(host.url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
