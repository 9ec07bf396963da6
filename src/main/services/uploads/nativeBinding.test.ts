import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openUploadQueue, UploadQueueError, useSqliteNativeBinding } from './queue';
import { tempQueueFile, validItem } from './testSupport';

// The Node build of the addon stands in for the Electron one (same loading path, our ABI).
const NODE_BUILD = path.join(
  path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);
const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-native-'));
afterEach(() => useSqliteNativeBinding(undefined));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function codeOf(open: () => unknown): string {
  try {
    open();
  } catch (error) {
    if (error instanceof UploadQueueError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'opened';
}

describe('upload queue: which SQLite addon it loads', () => {
  it('given a nativeBinding file elsewhere (as resources/native in the packaged app), when the queue opens, then it works with that addon', () => {
    const shipped = path.join(dir, 'native', 'better_sqlite3.node');
    mkdirSync(path.dirname(shipped), { recursive: true });
    copyFileSync(NODE_BUILD, shipped);
    const queue = openUploadQueue({ file: tempQueueFile(), nativeBinding: shipped });
    expect(queue.enqueue([validItem('a')])[0]).toMatchObject({ duplicate: false });
    expect(queue.counts().queued).toBe(1);
    queue.close();
  });

  it('given a missing nativeBinding file, when the queue opens, then QUEUE_SQLITE_UNAVAILABLE names the file', () => {
    const missing = path.join(dir, 'nowhere', 'better_sqlite3.node');
    expect(codeOf(() => openUploadQueue({ file: tempQueueFile(), nativeBinding: missing }))).toBe(
      `QUEUE_SQLITE_UNAVAILABLE: SQLite's native module ${missing} is missing from this installation, so the upload queue cannot open (a build made without "npm run rebuild:electron"?).`,
    );
  });

  it('given a file that is not a loadable addon (wrong ABI, damaged), when the queue opens, then QUEUE_SQLITE_UNAVAILABLE instead of a crash', () => {
    const broken = path.join(dir, 'broken.node');
    writeFileSync(broken, 'not a shared library');
    expect(codeOf(() => openUploadQueue({ file: tempQueueFile(), nativeBinding: broken }))).toMatch(
      /^QUEUE_SQLITE_UNAVAILABLE: The upload queue .* could not be opened with SQLite \(.*broken\.node\)/,
    );
  });

  it('given the process-wide binding set (as the Electron boot does), when a queue opens without the option, then that binding is used', () => {
    const missing = path.join(dir, 'process-wide', 'better_sqlite3.node');
    useSqliteNativeBinding(missing);
    expect(codeOf(() => openUploadQueue({ file: tempQueueFile() }))).toContain(missing);
    useSqliteNativeBinding(undefined);
    expect(codeOf(() => openUploadQueue({ file: tempQueueFile() }).close())).toBe('opened');
  });
});
