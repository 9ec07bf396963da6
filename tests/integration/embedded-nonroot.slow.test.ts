import { execFile, execFileSync } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The suite runs as root here (PostgreSQL then runs as the system user "postgres"). An ordinary
// user's desktop runs it as itself; this runs the same code as such a user to cover that path.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const isRoot = process.getuid?.() === 0;

function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}

const SCRIPT = `
  const { startEmbeddedPostgres } = await import('./src/server/db/embedded.ts');
  const pg = (await import('pg')).default;
  const db = await startEmbeddedPostgres({ dataDir: process.env.TEST_DATA_DIR });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query('SELECT current_database() AS db');
  await client.end();
  await db.stop();
  console.log(JSON.stringify({ uid: process.getuid(), db: rows[0].db }));
`;

let base: string | undefined;
afterEach(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

describe('embedded PostgreSQL as an ordinary user', () => {
  it.runIf(isRoot)(
    'given a non-root user, when started and stopped, then it runs as that user',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-nonroot-'));
      base = dir;
      const [uid, gid] = [idOf('-u'), idOf('-g')];
      await chown(dir, uid, gid);
      await chmod(dir, 0o755);
      const stdout = await new Promise<string>((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', SCRIPT],
          {
            cwd: repoRoot,
            uid,
            gid,
            timeout: 60_000,
            env: { ...process.env, HOME: dir, TEST_DATA_DIR: path.join(dir, 'data') },
          },
          (error, out, err) =>
            error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
        );
      });
      expect(JSON.parse(stdout.trim().split('\n').pop() ?? '{}')).toEqual({ uid, db: 'lexdesk' });
      const cluster = await stat(path.join(dir, 'data', 'pg'));
      expect(cluster.uid).toBe(uid);
      expect((await stat(path.join(dir, 'data', 'credentials.json'))).mode & 0o777).toBe(0o600);
    },
  );
});
