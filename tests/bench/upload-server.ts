import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { z } from 'zod';
import { waitForExit } from '../../src/server/db/process-utils';

// The real LexDesk server as a child process on a fresh database of the local PostgreSQL
// (created here, dropped by stop()), signed up through GraphQL setUp.

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const readyLine = z.object({ event: z.literal('ready'), url: z.string().url() });
const SetUpAnswer = z.object({
  data: z.object({
    setUp: z.object({
      token: z.string(),
      viewer: z.object({ company: z.object({ id: z.string() }) }),
    }),
  }),
});

export interface BenchServer {
  url: string;
  token: string;
  companyId: string;
  pid: number;
  db: pg.Client;
  stop(): Promise<void>;
}

export async function startBenchServer(
  repoRoot: string,
  mainPath: string,
  dataDir: string,
  /** Extra environment, over the defaults below (e.g. PIPELINE_WORKERS). */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  const dbName = `lexdesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    LEXDESK_READY_JSON: '1',
    LOG_LEVEL: 'warn',
    RAW_FILE_MAX_BYTES: String(4 * 1024 ** 3),
    // The upload path alone: the document pipeline would otherwise parse each 1 GiB upload on
    // the same cores while the next round uploads (no `npm run worker` runs beside it here).
    PIPELINE_WORKERS: '0',
    ...extraEnv,
  };
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', mainPath], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let db: pg.Client | undefined;
  const stop = async (): Promise<void> => {
    await db?.end().catch(() => undefined);
    await stopChild(child);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  try {
    const url = await readyUrl(child);
    const answer = await fetch(new URL('/graphql', url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation($input: SetUpInput!) { setUp(input: $input) { token viewer { company { id } } } }',
        variables: {
          input: {
            company_name: 'Bench LLP',
            is_legal: true,
            first_name: 'Bench',
            last_name: 'Runner',
            email: 'bench@lexdesk.test',
            password: 'correct horse battery',
          },
        },
      }),
    });
    const setUp = SetUpAnswer.parse(await answer.json()).data.setUp;
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    return {
      url: url.replace(/\/$/, ''),
      token: setUp.token,
      companyId: setUp.viewer.company.id,
      pid: child.pid ?? -1,
      db,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readyUrl(child: ChildProcess): Promise<string> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready line within 60 s')), 60_000);
    if (!child.stdout) return reject(new Error('no stdout'));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return;
      }
      const parsed = readyLine.safeParse(value);
      if (parsed.success) {
        clearTimeout(timer);
        resolve(parsed.data.url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${stderr}`));
    });
  });
}

/**
 * `BENCH_PROF=<dir>` runs the bench's child processes under --cpu-prof (written at their exit),
 * to see where an upload's time goes.
 */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_PROF;
  return dir ? ['--cpu-prof', '--cpu-prof-dir', dir] : [];
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  if (await waitForExit(pid, 15_000)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await waitForExit(pid, 5_000);
}
