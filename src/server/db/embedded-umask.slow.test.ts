/**
 * The server runs under umask 077 (privateFiles.ts). A fresh embedded cluster must still
 * initialise: as root initdb runs as the system user "postgres" and reads a password file the
 * library writes to the temporary folder, which that umask alone would make root's only.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRIVATE_UMASK } from '../../shared/files/modes';
import { preparePrivateDataDir } from '../privateFiles';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

const modeOf = async (target: string) => (await stat(target)).mode & 0o777;
const asRoot = process.getuid?.() === 0;
let base: string;
let previousUmask: number;
let db: EmbeddedPostgres | undefined;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'lexdesk-umask-'));
  previousUmask = process.umask(PRIVATE_UMASK); // this test file has its own process (pool: forks)
});
afterAll(async () => {
  await db?.stop();
  process.umask(previousUmask);
  await rm(base, { recursive: true, force: true });
});

it(
  'given the private umask, when a fresh cluster starts, then it initialises and its folder and files are owner-only',
  { timeout: 120_000 },
  async () => {
    const dataDir = path.join(base, 'data');
    await preparePrivateDataDir(dataDir);
    db = await startEmbeddedPostgres({ dataDir });
    expect(db.url).toMatch(/\/lexdesk$/);
    expect(await modeOf(dataDir)).toBe(asRoot ? 0o701 : 0o700);
    expect(await modeOf(path.join(dataDir, 'pg'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'credentials.json'))).toBe(0o600);
    expect(await modeOf(path.join(dataDir, 'lexdesk.lock'))).toBe(0o600);
  },
);
