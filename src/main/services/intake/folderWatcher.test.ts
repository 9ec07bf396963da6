import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFolderWatcher,
  type FolderWatcher,
  type FolderWatcherOptions,
  type ReadyFile,
  type WatchedFolder,
} from './folderWatcher';
import { openJsonSeenStore } from './seenStore';
import { until } from '../../../../tests/support/until';

const QUIET = 200;
let dir: string;
let watcher: FolderWatcher | undefined;
let ready: Array<ReadyFile & { at: number }>;
let errors: Error[];
/** Files whose stability wait started, in order (the watcher's onWaiting). */
let waiting: string[];
/** Barrier files (see drained), reported apart from the files under test. */
let barriers: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-watch-'));
  ready = [];
  errors = [];
  waiting = [];
  barriers = [];
});
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function start(
  folder: Partial<WatchedFolder> = {},
  extra: Partial<FolderWatcherOptions> = {},
): Promise<WatchedFolder> {
  const watched: WatchedFolder = { path: dir, afterUpload: 'move', ...folder };
  watcher = createFolderWatcher({
    folders: [watched],
    quietMs: QUIET,
    rescanIntervalMs: 60_000,
    onReady: (file) => {
      if (file.name.startsWith(BARRIER)) barriers.push(file.name);
      else ready.push({ ...file, at: Date.now() });
    },
    onWaiting: (filePath) => void waiting.push(path.basename(filePath)),
    onError: (error) => void errors.push(error),
    ...extra,
  });
  await watcher.ready;
  return watched;
}

const BARRIER = 'zz-barrier-';

/**
 * Proves there is nothing more to come, without a sleep: a new file is dropped and waited for
 * until reported (so the events of everything written before it have been delivered), then every
 * stability wait still in progress is waited for to its end.
 */
async function drained(): Promise<void> {
  const name = `${BARRIER}${barriers.length}-${Math.random().toString(36).slice(2)}.pdf`;
  await put(name);
  await until(() => barriers.includes(name), 10_000, `the barrier file ${name}`);
  await watcher?.settled();
}

const names = () => ready.map((file) => file.name).sort();
const put = (name: string, content = 'data') => writeFile(path.join(dir, name), content);

describe('createFolderWatcher reports each file once, only when stable', () => {
  it('given files present before start, when it starts and rescans again, then each is reported once', async () => {
    await put('a.pdf');
    await put('b.pdf');
    await start();
    await until(() => ready.length === 2);
    await watcher?.rescan();
    await drained();
    expect(names()).toEqual(['a.pdf', 'b.pdf']);
  });

  it('given a running watcher, when a file is dropped and a rescan runs meanwhile, then it is reported once after quietMs', async () => {
    await start();
    const droppedAt = Date.now();
    await put('scan.pdf');
    await watcher?.rescan();
    await until(() => ready.length === 1);
    await watcher?.rescan();
    await drained();
    expect(ready).toHaveLength(1);
    expect(ready[0]?.at).toBeGreaterThanOrEqual(droppedAt + QUIET);
  });

  it('given a slow writer, then the file is reported once, with its final size', async () => {
    // The stability waits' clock stands still while the writer writes: however slowly the
    // appends come, none of the sizes before the last can have been quiet for quietMs.
    let clock: number | undefined = 0; // undefined: the real clock again
    await start({}, { now: () => clock ?? Date.now() });
    const file = path.join(dir, 'long.pdf');
    await writeFile(file, 'x'.repeat(1000));
    await until(() => waiting.includes('long.pdf'), 10_000, 'the wait for long.pdf');
    for (let i = 1; i < 6; i += 1) await writeFile(file, 'x'.repeat(1000), { flag: 'a' });
    expect(ready).toHaveLength(0);
    // The writer is done: time moves on, a quiet period per look, until the file is reported.
    await until(
      () => {
        clock = (clock ?? 0) + QUIET;
        return ready.length === 1;
      },
      10_000,
      'long.pdf',
    );
    clock = undefined;
    await drained();
    expect(ready).toHaveLength(1);
    expect(ready[0]?.size).toBe(6000);
  });

  it('given a file deleted while pending, then it is never reported', async () => {
    await start();
    await put('brief.pdf');
    await until(() => waiting.includes('brief.pdf'), 10_000, 'the wait for brief.pdf');
    await unlink(path.join(dir, 'brief.pdf'));
    await drained();
    expect(ready).toHaveLength(0);
    expect(errors).toHaveLength(0);
  });

  it('given uploaded/, errors/, dotfiles and temporary files, then only the real file is reported', async () => {
    await mkdir(path.join(dir, 'uploaded'));
    await mkdir(path.join(dir, 'errors'));
    await put(path.join('uploaded', 'done.pdf'));
    await start();
    await put(path.join('errors', 'bad.pdf'));
    for (const name of ['.hidden.pdf', 'x.tmp', '~$letter.docx', 'movie.mp4.crdownload', 'a.part'])
      await put(name);
    await put('real.pdf');
    await until(() => ready.length >= 1);
    await watcher?.rescan();
    await drained();
    expect(names()).toEqual(['real.pdf']);
  });

  it('given NFD and NFC names of one file (hard links), then it is reported once under the NFC name', async () => {
    const nfd = 'Café Müller.pdf'.normalize('NFD');
    const nfc = 'Café Müller.pdf'.normalize('NFC');
    await put(nfd);
    await link(path.join(dir, nfd), path.join(dir, nfc));
    await start();
    await until(() => ready.length >= 1);
    await drained();
    expect(names()).toEqual([nfc]);
  });

  it('given unicode and 200+ character names, then both are reported with their names', async () => {
    const unicode = '判決書 – Zoë Ñúñez 📄.pdf';
    const long = `${'long-name-'.repeat(22)}.pdf`;
    await start();
    await put(unicode);
    await put(long);
    await until(() => ready.length === 2);
    expect(names()).toEqual([unicode.normalize('NFC'), long].sort());
    expect(long.length).toBeGreaterThan(200);
  });

  it('given polling mode and no rescan, when a file is dropped, then polling finds it', async () => {
    await start({ usePolling: true }, { pollingIntervalMs: 100 });
    await put('network.pdf');
    await until(() => ready.length === 1);
    expect(names()).toEqual(['network.pdf']);
  });

  it('given close, when a file is dropped afterwards, then nothing is reported', async () => {
    await start();
    const closed = watcher;
    await closed?.close();
    await put('late.pdf');
    // A second watcher on the folder is the witness that late.pdf was there to be seen.
    await start();
    await until(() => ready.length === 1, 10_000, 'the witness to report late.pdf');
    await closed?.settled();
    expect(ready).toHaveLength(1);
    await drained();
    expect(ready).toHaveLength(1);
  });
});

describe('createFolderWatcher with after-upload choices', () => {
  it('given keep, when finished, then rescans skip it, a new watcher on the same store too, and a change is new', async () => {
    const storeFile = path.join(dir, '.state', 'seen.json');
    const folder = await start(
      { afterUpload: 'keep' },
      { seen: await openJsonSeenStore(storeFile) },
    );
    await put('kept.pdf', 'v1');
    await until(() => ready.length === 1);
    const file = ready[0]!;
    const sha256 = createHash('sha256').update('v1').digest('hex');
    expect(await watcher?.finish({ ...file, sha256 }, 'uploaded')).toEqual({ action: 'kept' });
    await watcher?.rescan();
    await drained();
    expect(ready).toHaveLength(1);

    await watcher?.close();
    await start(folder, { seen: await openJsonSeenStore(storeFile) });
    await drained();
    expect(ready).toHaveLength(1);

    await put('kept.pdf', 'v2 is longer');
    await until(() => ready.length === 2);
  });

  it('given move, when finished, then the file is in uploaded/ and not reported again', async () => {
    await start({ afterUpload: 'move' });
    await put('moved.pdf');
    await until(() => ready.length === 1);
    const file = ready[0]!;
    await watcher?.finish({ ...file, sha256: '0'.repeat(64) }, 'uploaded');
    await watcher?.rescan();
    await drained();
    expect(await readdir(path.join(dir, 'uploaded'))).toEqual(['moved.pdf']);
    expect(ready).toHaveLength(1);
  });

  it('given delete, when finished, then the file is gone', async () => {
    await start({ afterUpload: 'delete' });
    await put('gone.pdf');
    await until(() => ready.length === 1);
    await watcher?.finish({ ...ready[0]!, sha256: '0'.repeat(64) }, 'uploaded');
    await expect(stat(path.join(dir, 'gone.pdf'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('given a rejection, when finished, then the file is in errors/ with its reason and not reported again', async () => {
    await start({ afterUpload: 'keep' });
    await put('bad.pdf');
    await until(() => ready.length === 1);
    await watcher?.finish(
      { ...ready[0]!, sha256: '0'.repeat(64) },
      'rejected',
      'Invalid file type or format',
    );
    await watcher?.rescan();
    await drained();
    expect((await readdir(path.join(dir, 'errors'))).sort()).toEqual([
      'bad.pdf',
      'bad.pdf.error.txt',
    ]);
    expect(ready).toHaveLength(1);
  });
});

describe('createFolderWatcher with many files waiting at once', () => {
  it('given 50 files stabilising together, when they are watched, then no MaxListenersExceededWarning is emitted and all are reported', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 50; i += 1) await put(`file-${String(i).padStart(2, '0')}.pdf`);
      // A long quiet period keeps all 50 stability waits in progress at the same time.
      await start({}, { quietMs: 600, stablePollMs: 100 });
      await until(() => ready.length === 50, 30_000, 'all 50 files');
      // Warnings are emitted on a later tick (process.nextTick), all before the next setImmediate.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.message)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
