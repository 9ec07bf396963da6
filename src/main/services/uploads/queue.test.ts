import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openUploadQueue, UploadQueueError } from './queue';
import { openQueueDatabase, SCHEMA_VERSION } from './schema';
import { clock, COMPANY, tempQueueFile, validItem } from './testSupport';

describe('upload queue: storage', () => {
  it('given queued jobs with an upload URL, when the queue is closed and reopened, then the jobs and URL are still there', () => {
    const file = tempQueueFile();
    const first = openUploadQueue({ file });
    first.enqueue([validItem('a'), validItem('b')]);
    const leased = first.claim('w1', 60_000);
    expect(leased).not.toBeNull();
    if (!leased) return;
    const url = 'http://127.0.0.1:9/files/abc';
    expect(
      first.recordProgress(leased.id, leased.leaseId, { uploadUrl: url, uploadedBytes: 1 }),
    ).toBe(true);
    first.close();

    const second = openUploadQueue({ file });
    const { jobs } = second.list();
    expect(jobs.map((job) => job.fileName)).toEqual(['a.pdf', 'b.pdf']);
    expect(second.get(leased.id)).toMatchObject({
      uploadUrl: url,
      uploadedBytes: 1,
      state: 'uploading',
    });
    second.close();
  });

  it('given a fresh file, when opened, then WAL journal, synchronous FULL and the schema version are set', () => {
    const file = tempQueueFile();
    openUploadQueue({ file }).close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
    // synchronous is a per-connection setting: check the connection the queue opens.
    const own = openQueueDatabase(file);
    expect(own.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    own.close();
  });

  it('given a file from a newer version, when opened, then a clear error names the versions and the file is untouched', () => {
    const file = tempQueueFile();
    openUploadQueue({ file }).close();
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openUploadQueue({ file })).toThrow(UploadQueueError);
    expect(() => openUploadQueue({ file })).toThrow(/newer version of LexDesk/);
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    check.close();
  });

  it('given a name in NFD form, when enqueued, then the stored name is NFC', () => {
    const queue = openUploadQueue({ file: tempQueueFile() });
    const nfd = 'Re\u0301sume\u0301.pdf';
    const [result] = queue.enqueue([validItem('x', { fileName: nfd })]);
    expect(result?.job.fileName).toBe('Résumé.pdf'.normalize('NFC'));
    expect(result?.job.fileName).not.toBe(nfd);
    queue.close();
  });

  it('given a malformed item in a batch, when enqueued, then the whole batch is refused and nothing is stored', () => {
    const queue = openUploadQueue({ file: tempQueueFile() });
    const bad = validItem('bad', { companyId: '' });
    expect(() => queue.enqueue([validItem('ok'), bad])).toThrow(UploadQueueError);
    expect(queue.list().jobs).toEqual([]);
    queue.close();
  });
});

describe('upload queue: duplicates and validation', () => {
  it('given the same content twice (one batch and a later drop), when enqueued, then one job exists and the repeats are flagged duplicate', () => {
    const queue = openUploadQueue({ file: tempQueueFile() });
    const results = queue.enqueue([
      validItem('same'),
      validItem('same', { sourcePath: '/other/copy.pdf' }),
    ]);
    const later = queue.enqueue([validItem('same', { source: 'watch', watchFolder: '/scans' })]);
    expect(results.map((r) => r.duplicate)).toEqual([false, true]);
    expect(later[0]?.duplicate).toBe(true);
    expect(later[0]?.job.id).toBe(results[0]?.job.id);
    expect(queue.list().jobs).toHaveLength(1);
    queue.close();
  });

  it('given the same content for another company, when enqueued, then it is a separate job', () => {
    const queue = openUploadQueue({ file: tempQueueFile() });
    queue.enqueue([validItem('same'), validItem('same', { companyId: 'company-2' })]);
    expect(queue.list().jobs).toHaveLength(2);
    queue.close();
  });

  it('given content already uploaded recently, when dropped again, then it is a duplicate until the history window passes', () => {
    const time = clock();
    const queue = openUploadQueue({ file: tempQueueFile(), now: time.now, historyMs: 60_000 });
    const [first] = queue.enqueue([validItem('done')]);
    const leased = queue.claim('w', 1_000);
    expect(leased && queue.complete(leased.id, leased.leaseId, 'raw-1')).toBe(true);
    expect(queue.enqueue([validItem('done')])[0]).toMatchObject({
      duplicate: true,
      job: { id: first?.job.id },
    });
    time.advance(60_001);
    expect(queue.pruneHistory()).toBe(1);
    expect(queue.enqueue([validItem('done')])[0]?.duplicate).toBe(false);
    queue.close();
  });

  it('given allowDuplicate, when the same content is enqueued, then a second job with its own idempotency key is made', () => {
    const queue = openUploadQueue({ file: tempQueueFile() });
    const [first] = queue.enqueue([validItem('dup')]);
    const [second] = queue.enqueue([validItem('dup', { allowDuplicate: true })]);
    expect(second?.duplicate).toBe(false);
    expect(second?.job.id).not.toBe(first?.job.id);
    expect(second?.job.idempotencyKey).not.toBe(first?.job.idempotencyKey);
    expect(queue.list().jobs).toHaveLength(2);
    queue.close();
  });

  it('given an invalid item, when enqueued with valid ones, then it is stored failed and permanent with its reason and never claimed', () => {
    const queue = openUploadQueue({ file: tempQueueFile() });
    const results = queue.enqueue([
      validItem('good'),
      {
        sourcePath: '/scans/virus.exe',
        fileName: 'virus.exe',
        companyId: COMPANY,
        source: 'picker',
        validation: {
          ok: false,
          code: 'INVALID_FILE_TYPE',
          message: 'Invalid file type or format',
        },
      },
    ]);
    expect(results[1]?.job).toMatchObject({
      state: 'failed',
      permanent: true,
      lastErrorCode: 'INVALID_FILE_TYPE',
      lastErrorMessage: 'Invalid file type or format',
      sha256: null,
    });
    expect(queue.claim('w', 1_000)?.fileName).toBe('good.pdf');
    expect(queue.claim('w', 1_000)).toBeNull();
    expect(queue.retry(results[1]?.job.id ?? '')).toBe(false);
    queue.close();
  });
});
