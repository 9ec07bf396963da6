import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './storage';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
const COMPANY = '4b0c52d1-8c1d-4c55-9a43-0b6f3d1e2a10';

describe('local disk storage keeps client documents owner-only', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'lexdesk-storage-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('put: the file is 0600 and every folder it made is 0700', async () => {
    const files = join(root, 'files');
    await createLocalDiskStorage(files).put(COMPANY, 'key1', new Uint8Array([1, 2, 3]));
    expect(await modeOf(join(files, COMPANY, 'key1'))).toBe(0o600);
    expect(await modeOf(join(files, COMPANY))).toBe(0o700);
    expect(await modeOf(files)).toBe(0o700);
  });

  it('putFile: the stored file is 0600 even when its source was world-readable', async () => {
    const files = join(root, 'files');
    const source = join(root, 'source.pdf');
    await writeFile(source, 'bytes');
    await chmod(source, 0o644);
    await createLocalDiskStorage(files).putFile(COMPANY, 'key2', source);
    expect(await modeOf(join(files, COMPANY, 'key2'))).toBe(0o600);
    expect(await modeOf(join(files, COMPANY))).toBe(0o700);
  });
});
