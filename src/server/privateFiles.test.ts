import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparePrivateDataDir, tighten } from './privateFiles';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

describe('private data folder', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'lexdesk-private-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('creates DATA_DIR owner-only (as root, passable by the postgres user, nothing more)', async () => {
    const dataDir = join(root, 'new', 'data');
    await preparePrivateDataDir(dataDir);
    expect(await modeOf(dataDir)).toBe(0o700);
  });

  it('closes an older install: DATA_DIR and its document folders lose group and other bits', async () => {
    const dataDir = join(root, 'old');
    for (const sub of ['files', 'uploads-incomplete', 'tmp', 'pg']) {
      await mkdir(join(dataDir, sub), { recursive: true });
      await chmod(join(dataDir, sub), 0o755);
    }
    await chmod(dataDir, 0o755);
    await preparePrivateDataDir(dataDir);
    expect(await modeOf(dataDir)).toBe(asRoot ? 0o701 : 0o700);
    for (const sub of ['files', 'uploads-incomplete', 'tmp'])
      expect(await modeOf(join(dataDir, sub))).toBe(0o700);
    // PostgreSQL's folder is PostgreSQL's (initdb makes it 0700; as root it belongs to "postgres").
    expect(await modeOf(join(dataDir, 'pg'))).toBe(0o755);
  });

  it('tighten keeps only the bits asked for, and leaves a missing path alone', async () => {
    const dir = join(root, 'd');
    await mkdir(dir, { mode: 0o777 });
    await chmod(dir, 0o777);
    expect(await tighten(dir, 0o001)).toBe(true);
    expect(await modeOf(dir)).toBe(0o701);
    expect(await tighten(dir, 0o001)).toBe(false);
    expect(await tighten(join(root, 'missing'))).toBe(false);
  });
});
