import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomicFile';
import { openPrivateLog, preparePrivateSqliteFile } from './privateFiles';
import { openReviewDatabase } from './review/db';
import { openUploadQueue } from './uploads/queue';
import { validItem } from './uploads/testSupport';

const modeOf = (target: string) => statSync(target).mode & 0o777;

describe('the desktop keeps its files owner-only', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'lexdesk-desktop-private-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('the upload queue database, its WAL and its folder', () => {
    const file = path.join(root, 'desktop', 'uploads.db');
    const queue = openUploadQueue({ file });
    queue.enqueue([validItem('a')]);
    expect(modeOf(path.join(root, 'desktop'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    queue.close();
  });

  it('the review cache database', () => {
    const file = path.join(root, 'desktop', 'review.db');
    openReviewDatabase(file).close();
    expect(modeOf(file)).toBe(0o600);
  });

  it('an older install: a readable database and journal are tightened when opened', () => {
    const file = path.join(root, 'old', 'uploads.db');
    openUploadQueue({ file }).close();
    chmodSync(path.dirname(file), 0o755);
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '');
    chmodSync(`${file}-wal`, 0o644);
    preparePrivateSqliteFile(file);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
  });

  it('settings and session files, and the folder they are written to', async () => {
    const file = path.join(root, 'desktop', 'settings.json');
    await writeFileAtomic(file, '{}\n');
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
  });

  it('a log file, new or left readable by an older version', async () => {
    const fresh = path.join(root, 'logs', 'server.log');
    const log = openPrivateLog(fresh);
    await new Promise<void>((resolve) => log.end('line\n', resolve));
    expect(modeOf(fresh)).toBe(0o600);
    expect(modeOf(path.dirname(fresh))).toBe(0o700);

    const old = path.join(root, 'logs', 'desktop.log');
    writeFileSync(old, 'old line\n');
    chmodSync(old, 0o644);
    chmodSync(path.dirname(old), 0o755);
    const again = openPrivateLog(old);
    await new Promise<void>((resolve) => again.end('new line\n', resolve));
    expect(modeOf(old)).toBe(0o600);
    expect(modeOf(path.dirname(old))).toBe(0o700);
  });
});
