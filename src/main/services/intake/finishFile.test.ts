import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishFile, fitName, type AfterUpload } from './finishFile';
import { createMemorySeenStore, openJsonSeenStore } from './seenStore';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-finish-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SHA = 'a'.repeat(64);

async function drop(name: string, content = 'content') {
  const file = path.join(dir, name);
  await writeFile(file, content);
  const stats = await stat(file);
  return { path: file, size: stats.size, mtimeMs: stats.mtimeMs, sha256: SHA };
}

const folder = (afterUpload: AfterUpload) => ({ path: dir, afterUpload });

describe('finishFile after an upload', () => {
  it('given move, then the file lands in uploaded/ and a second one of that name gets a suffix', async () => {
    const seen = createMemorySeenStore();
    const first = await finishFile(await drop('scan.pdf'), folder('move'), 'uploaded', undefined, {
      seen,
    });
    const second = await finishFile(await drop('scan.pdf'), folder('move'), 'uploaded', undefined, {
      seen,
    });
    expect(first).toEqual({ action: 'moved', destination: path.join(dir, 'uploaded', 'scan.pdf') });
    expect(second).toEqual({
      action: 'moved',
      destination: path.join(dir, 'uploaded', 'scan (1).pdf'),
    });
    expect((await readdir(dir)).sort()).toEqual(['uploaded']);
  });

  it('given delete, then the file is gone', async () => {
    const file = await drop('scan.pdf');
    const result = await finishFile(file, folder('delete'), 'uploaded', undefined, {
      seen: createMemorySeenStore(),
    });
    expect(result).toEqual({ action: 'deleted' });
    await expect(stat(file.path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('given keep, then the file stays and its version is remembered across a reopen of the JSON store', async () => {
    const storeFile = path.join(dir, 'state', 'seen.json');
    const file = await drop('scan.pdf');
    const seen = await openJsonSeenStore(storeFile);
    expect(await finishFile(file, folder('keep'), 'uploaded', undefined, { seen })).toEqual({
      action: 'kept',
    });
    expect((await stat(file.path)).isFile()).toBe(true);
    const reopened = await openJsonSeenStore(storeFile);
    expect(reopened.has(file)).toBe(true);
    expect(reopened.has({ ...file, size: file.size + 1 })).toBe(false);
  });

  it('given a damaged seen file, then it is moved aside and the store starts empty', async () => {
    const storeFile = path.join(dir, 'seen.json');
    await writeFile(storeFile, '{"version":1,"entries":[{"path":3}]}');
    const seen = await openJsonSeenStore(storeFile);
    expect(seen.has({ path: 'x', size: 1, mtimeMs: 1 })).toBe(false);
    expect((await readdir(dir)).some((name) => name.startsWith('seen.json.corrupt-'))).toBe(true);
  });
});

describe('finishFile after a rejection', () => {
  it('given a rejected file in any mode, then it moves to errors/ with a sidecar holding the reason', async () => {
    const file = await drop('notes.pdf');
    const result = await finishFile(
      file,
      folder('keep'),
      'rejected',
      'Invalid file type or format',
      {
        seen: createMemorySeenStore(),
      },
    );
    const destination = path.join(dir, 'errors', 'notes.pdf');
    expect(result).toEqual({
      action: 'rejected',
      destination,
      sidecar: `${destination}.error.txt`,
    });
    expect(await readFile(`${destination}.error.txt`, 'utf8')).toContain(
      'Invalid file type or format',
    );
  });

  it('given a 250-byte name rejected twice, then both fit the 255-byte limit with their sidecars', async () => {
    const name = `${'n'.repeat(246)}.pdf`;
    const seen = createMemorySeenStore();
    await finishFile(await drop(name), folder('move'), 'rejected', 'r1', { seen });
    const second = await finishFile(await drop(name), folder('move'), 'rejected', 'r2', { seen });
    const names = await readdir(path.join(dir, 'errors'));
    expect(names).toHaveLength(4);
    for (const entry of names) expect(Buffer.byteLength(entry)).toBeLessThanOrEqual(255);
    expect(second.action === 'rejected' && path.basename(second.destination)).toMatch(
      / \(1\)\.pdf$/,
    );
  });
});

describe('fitName', () => {
  it('given a multi-byte stem too long for the limit, then it is cut on a character boundary', () => {
    const fitted = fitName(`${'é'.repeat(200)}.pdf`, ' (2)', 100);
    expect(Buffer.byteLength(fitted)).toBeLessThanOrEqual(100);
    expect(fitted).toMatch(/^é+ \(2\)\.pdf$/);
  });
});

describe('finishFile leaves unrelated folders alone', () => {
  it('given an existing uploaded/ folder with files, then they are kept', async () => {
    await mkdir(path.join(dir, 'uploaded'));
    await writeFile(path.join(dir, 'uploaded', 'old.pdf'), 'old');
    await finishFile(await drop('new.pdf'), folder('move'), 'uploaded', undefined, {
      seen: createMemorySeenStore(),
    });
    expect((await readdir(path.join(dir, 'uploaded'))).sort()).toEqual(['new.pdf', 'old.pdf']);
  });
});
