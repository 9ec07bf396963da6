import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openUploadQueue, type UploadQueue } from './queue';
import { MIGRATIONS, openQueueDatabase } from './schema';
import { clock, tempQueueFile, validItem } from './testSupport';

const TRANSIENT = {
  code: 'NETWORK',
  message: 'The server could not be reached.',
  permanent: false,
};

/** One job of `owner` that failed for good after its only attempt (maxAttempts 1). */
function failedJob(queue: UploadQueue, content: string, owner: string | null): string {
  const [result] = queue.enqueue([validItem(content, { ownerId: owner })]);
  const leased = queue.claim('w', 5_000);
  if (!result || leased?.id !== result.job.id) throw new Error('expected to lease the new job');
  expect(
    queue.recordProgress(leased.id, leased.leaseId, {
      uploadUrl: `http://127.0.0.1:9/files/${content}`,
      uploadedBytes: 1,
    }),
  ).toBe(true);
  expect(queue.fail(leased.id, leased.leaseId, TRANSIENT)).toBe(true);
  return leased.id;
}

function setUp(): UploadQueue {
  return openUploadQueue({ file: tempQueueFile(), maxAttempts: 1, now: clock().now });
}

describe('upload queue: failed uploads belong to the user who queued them', () => {
  it('given failed jobs of two users and one without owner, when each lists their failed jobs, then each sees their own and the unowned one only', () => {
    const queue = setUp();
    const ada = failedJob(queue, 'ada', 'user-ada');
    const grace = failedJob(queue, 'grace', 'user-grace');
    const shared = failedJob(queue, 'shared', null);
    const failedOf = (owner: string) =>
      queue.list({ states: ['failed'], owner }).jobs.map((job) => job.id);
    expect(failedOf('user-ada')).toEqual([ada, shared]);
    expect(failedOf('user-grace')).toEqual([grace, shared]);
    expect(queue.get(ada)).toMatchObject({ ownerId: 'user-ada', lastErrorCode: 'NETWORK' });
    queue.close();
  });

  it('given a failed job and one still queued, when counted, then only the queued one is in progress', () => {
    const queue = setUp();
    failedJob(queue, 'broken', 'user-ada');
    queue.enqueue([validItem('waiting', { ownerId: 'user-ada' })]);
    expect(queue.counts()).toMatchObject({ failed: 1, queued: 1, active: 1, pending: 1 });
    queue.close();
  });

  it("given another user's failed job, when they retry or dismiss it, then nothing changes", () => {
    const queue = setUp();
    const id = failedJob(queue, 'ada', 'user-ada');
    expect(queue.retry(id, 'user-grace')).toBe(false);
    expect(queue.remove(id, 'user-grace')).toBe(false);
    expect(queue.get(id)).toMatchObject({ state: 'failed', ownerId: 'user-ada' });
    queue.close();
  });

  it('given a failed job, when its owner retries it, then the same job (key and upload URL kept) is queued once and a second retry changes nothing', () => {
    const queue = setUp();
    const id = failedJob(queue, 'ada', 'user-ada');
    const before = queue.get(id);
    expect(queue.retry(id, 'user-ada')).toBe(true);
    expect(queue.retry(id, 'user-ada')).toBe(false);
    expect(queue.get(id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lastErrorCode: null,
      idempotencyKey: before?.idempotencyKey,
      uploadUrl: before?.uploadUrl,
    });
    expect(queue.list().jobs).toHaveLength(1);
    expect(queue.claim('w', 5_000)?.id).toBe(id);
    queue.close();
  });

  it('given the same file was dropped again after it failed, when the failed one is retried, then it goes and only the new job stays (no second upload)', () => {
    const queue = setUp();
    const id = failedJob(queue, 'ada', 'user-ada');
    const [again] = queue.enqueue([validItem('ada', { ownerId: 'user-ada' })]);
    expect(again?.duplicate).toBe(false);
    expect(queue.retry(id, 'user-ada')).toBe(true);
    expect(queue.get(id)).toBeNull();
    expect(queue.list().jobs.map((job) => [job.id, job.state])).toEqual([
      [again?.job.id, 'queued'],
    ]);
    queue.close();
  });

  it('given a failed job, when its owner dismisses it, then it leaves their failed list', () => {
    const queue = setUp();
    const id = failedJob(queue, 'ada', 'user-ada');
    expect(queue.remove(id, 'user-ada')).toBe(true);
    expect(queue.list({ states: ['failed'], owner: 'user-ada' }).jobs).toEqual([]);
    queue.close();
  });

  it('given a queue file from before owners were kept, when opened, then its jobs load without owner', () => {
    const file = tempQueueFile();
    const db = openQueueDatabase(file);
    db.close();
    // Rebuild the file at schema version 1 with one job, as an older LexDesk left it.
    const old = new Database(file);
    old.exec('DROP TABLE upload_jobs; DROP TABLE upload_jobs_quarantine;');
    old.exec(MIGRATIONS[0] ?? '');
    old.pragma('user_version = 1');
    old
      .prepare(
        `INSERT INTO upload_jobs (id, source_path, file_name, company_id, source, idempotency_key,
           state, last_error_code, last_error_message, permanent, created_at, updated_at)
         VALUES ('7d0c2f5e-3b9a-4c1d-8e2f-1a2b3c4d5e6f', '/scans/x.exe', 'x.exe', 'company-1',
           'drop', '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0', 'failed', 'INVALID_FILE_TYPE',
           'Invalid file type or format', 1, 1, 1)`,
      )
      .run();
    old.close();
    const queue = openUploadQueue({ file });
    expect(queue.list({ states: ['failed'], owner: 'user-ada' }).jobs).toEqual([
      expect.objectContaining({ fileName: 'x.exe', ownerId: null }),
    ]);
    queue.close();
  });
});
