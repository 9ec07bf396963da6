import { describe, expect, it } from 'vitest';
import { backoffCeiling } from '../../../shared/backoff';
import { openUploadQueue, UploadQueueError } from './queue';
import { clock, tempQueueFile, validItem } from './testSupport';

const transient = { code: 'NETWORK', message: 'connection reset', permanent: false };

function setUp(options: { maxAttempts?: number; random?: () => number } = {}) {
  const time = clock();
  const queue = openUploadQueue({
    file: tempQueueFile(),
    now: time.now,
    baseDelayMs: 1_000,
    maxDelayMs: 8_000,
    ...options,
  });
  return { time, queue };
}

describe('upload queue: leases', () => {
  it('given two queued jobs, when claimed, then the oldest comes first with a new lease and an attempt counted', () => {
    const { queue, time } = setUp();
    queue.enqueue([validItem('old')]);
    time.advance(1);
    queue.enqueue([validItem('new')]);
    const first = queue.claim('w1', 10_000);
    expect(first).toMatchObject({
      fileName: 'old.pdf',
      state: 'uploading',
      attempts: 1,
      leaseOwner: 'w1',
    });
    expect(first?.leaseExpiresAt).toBe(time.now() + 10_000);
    expect(queue.claim('w2', 10_000)?.fileName).toBe('new.pdf');
    expect(queue.claim('w3', 10_000)).toBeNull();
    queue.close();
  });

  it('given a leased job, when its lease expires, then another worker claims it and the stale worker can change nothing', () => {
    const { queue, time } = setUp();
    queue.enqueue([validItem('job')]);
    const stale = queue.claim('w1', 5_000);
    if (!stale) throw new Error('expected a claim');
    time.advance(4_999);
    expect(queue.claim('w2', 5_000)).toBeNull();
    time.advance(1);
    const fresh = queue.claim('w2', 5_000);
    expect(fresh?.id).toBe(stale.id);
    expect(fresh?.leaseId).not.toBe(stale.leaseId);
    if (!fresh) return;

    expect(queue.heartbeat(stale.id, stale.leaseId)).toBe(false);
    expect(
      queue.recordProgress(stale.id, stale.leaseId, { uploadedBytes: 99, uploadUrl: 'http://x/y' }),
    ).toBe(false);
    expect(queue.complete(stale.id, stale.leaseId, 'raw-stale')).toBe(false);
    expect(queue.fail(stale.id, stale.leaseId, { ...transient, permanent: true })).toBe(false);
    expect(queue.get(stale.id)).toMatchObject({
      state: 'uploading',
      leaseId: fresh.leaseId,
      uploadedBytes: 0,
      uploadUrl: null,
      rawFileId: null,
      permanent: false,
    });
    expect(queue.complete(fresh.id, fresh.leaseId, 'raw-1')).toBe(true);
    expect(queue.get(fresh.id)).toMatchObject({
      state: 'done',
      rawFileId: 'raw-1',
      leaseId: null,
      uploadedBytes: 3,
    });
    queue.close();
  });

  it('given a worker that heartbeats, when the original lease time passes, then nobody else can claim the job', () => {
    const { queue, time } = setUp();
    queue.enqueue([validItem('job')]);
    const leased = queue.claim('w1', 5_000);
    if (!leased) throw new Error('expected a claim');
    time.advance(4_000);
    expect(queue.heartbeat(leased.id, leased.leaseId)).toBe(true);
    time.advance(4_000);
    expect(queue.claim('w2', 5_000)).toBeNull();
    time.advance(1_000);
    expect(queue.claim('w2', 5_000)?.id).toBe(leased.id);
    queue.close();
  });

  it('given a cancelled job, when its worker reports, then the calls fail and the job stays cancelled', () => {
    const { queue } = setUp();
    queue.enqueue([validItem('job')]);
    const leased = queue.claim('w1', 5_000);
    if (!leased) throw new Error('expected a claim');
    expect(queue.cancel(leased.id)).toBe(true);
    expect(queue.heartbeat(leased.id, leased.leaseId)).toBe(false);
    expect(queue.complete(leased.id, leased.leaseId, 'raw')).toBe(false);
    expect(queue.get(leased.id)?.state).toBe('cancelled');
    expect(queue.counts()).toMatchObject({ active: 0, cancelled: 1 });
    queue.close();
  });

  it('given malformed worker input, when reported, then it is refused and the row stays readable', () => {
    const { queue } = setUp();
    queue.enqueue([validItem('job')]);
    const leased = queue.claim('w1', 5_000);
    if (!leased) throw new Error('expected a claim');
    expect(() =>
      queue.recordProgress(leased.id, leased.leaseId, { uploadUrl: 'not a url', uploadedBytes: 1 }),
    ).toThrow(UploadQueueError);
    expect(() => queue.complete(leased.id, leased.leaseId, '')).toThrow(UploadQueueError);
    expect(queue.get(leased.id)).toMatchObject({ state: 'uploading', uploadUrl: null });
    expect(queue.list().quarantined).toEqual([]);
    queue.close();
  });
});

describe('upload queue: failures and retries', () => {
  it('given transient failures, when they repeat, then the job waits with growing jittered delays and fails visibly after maxAttempts', () => {
    const { queue, time } = setUp({ maxAttempts: 3, random: () => 0.75 });
    const [enqueued] = queue.enqueue([validItem('flaky')]);
    const id = enqueued?.job.id ?? '';
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const leased = queue.claim('w', 5_000);
      if (!leased) throw new Error(`expected claim ${attempt}`);
      expect(queue.fail(leased.id, leased.leaseId, transient)).toBe(true);
      const job = queue.get(id);
      expect(job).toMatchObject({
        state: 'waiting_retry',
        attempts: attempt,
        lastErrorCode: 'NETWORK',
      });
      const wait = (job?.nextAttemptAt ?? 0) - time.now();
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(backoffCeiling(attempt, { base: 1_000, cap: 8_000 }));
      waits.push(wait);
      time.advance(wait - 1);
      expect(queue.claim('w', 5_000)).toBeNull();
      time.advance(1);
    }
    expect(waits).toEqual([750, 1_500]);
    const last = queue.claim('w', 5_000);
    if (!last) throw new Error('expected the last claim');
    expect(queue.fail(last.id, last.leaseId, transient)).toBe(true);
    expect(queue.get(id)).toMatchObject({ state: 'failed', permanent: false, attempts: 3 });
    time.advance(1_000_000);
    expect(queue.claim('w', 5_000)).toBeNull();
    expect(queue.counts()).toMatchObject({ failed: 1, active: 0, pending: 0 });

    expect(queue.retry(id)).toBe(true);
    expect(queue.get(id)).toMatchObject({ state: 'queued', attempts: 0, lastErrorCode: null });
    expect(queue.claim('w', 5_000)?.id).toBe(id);
    queue.close();
  });

  it('given a permanent failure, when reported, then the job fails at once, keeps its reason and is neither claimed nor retried', () => {
    const { queue, time } = setUp({ maxAttempts: 5 });
    queue.enqueue([validItem('gone')]);
    const leased = queue.claim('w', 5_000);
    if (!leased) throw new Error('expected a claim');
    const failure = {
      code: 'FILE_GONE',
      message: 'The file was deleted before it was sent.',
      permanent: true,
    };
    expect(queue.fail(leased.id, leased.leaseId, failure)).toBe(true);
    expect(queue.get(leased.id)).toMatchObject({
      state: 'failed',
      permanent: true,
      attempts: 1,
      lastErrorCode: 'FILE_GONE',
      lastErrorMessage: failure.message,
    });
    time.advance(10_000_000);
    expect(queue.claim('w', 5_000)).toBeNull();
    expect(queue.retry(leased.id)).toBe(false);
    expect(queue.remove(leased.id)).toBe(true);
    expect(queue.get(leased.id)).toBeNull();
    queue.close();
  });

  it('given a worker that keeps dying on its last attempt, when the lease expires, then the job fails visibly instead of looping', () => {
    const { queue, time } = setUp({ maxAttempts: 2 });
    const [enqueued] = queue.enqueue([validItem('poison')]);
    queue.claim('w1', 1_000);
    time.advance(1_000);
    expect(queue.claim('w2', 1_000)?.attempts).toBe(2);
    time.advance(1_000);
    expect(queue.claim('w3', 1_000)).toBeNull();
    expect(queue.get(enqueued?.job.id ?? '')).toMatchObject({
      state: 'failed',
      permanent: false,
      lastErrorCode: 'UPLOAD_INTERRUPTED',
    });
    queue.close();
  });

  it('given jobs in every state, when counted, then active is what the tracker shows (queued, uploading, waiting; not failed)', () => {
    const { queue } = setUp();
    queue.enqueue(['a', 'b', 'c', 'd', 'e'].map((c) => validItem(c)));
    const done = queue.claim('w', 5_000);
    const waiting = queue.claim('w', 5_000);
    const failed = queue.claim('w', 5_000);
    queue.claim('w', 5_000);
    if (!done || !waiting || !failed) throw new Error('expected claims');
    queue.complete(done.id, done.leaseId, 'raw');
    queue.fail(waiting.id, waiting.leaseId, transient);
    queue.fail(failed.id, failed.leaseId, { ...transient, permanent: true });
    expect(queue.counts()).toEqual({
      queued: 1,
      uploading: 1,
      waiting_retry: 1,
      failed: 1,
      done: 1,
      cancelled: 0,
      pending: 3,
      active: 3,
    });
    queue.close();
  });

  it('given a leased job with progress, when released on a clean stop, then it is queued at once with its URL, bytes and attempt given back', () => {
    const { queue, time } = setUp();
    queue.enqueue([validItem('job')]);
    const held = queue.claim('w1', 60_000);
    if (!held) throw new Error('expected a claim');
    expect(
      queue.recordProgress(held.id, held.leaseId, {
        uploadUrl: 'http://server/uploads/abc',
        uploadedBytes: 2,
      }),
    ).toBe(true);
    expect(queue.release(held.id, held.leaseId)).toBe(true);
    expect(queue.get(held.id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      leaseId: null,
      leaseOwner: null,
      uploadUrl: 'http://server/uploads/abc',
      uploadedBytes: 2,
    });
    // No waiting for the 60 s lease: the next worker gets it now, and the old lease is dead.
    time.advance(1);
    const next = queue.claim('w2', 60_000);
    expect(next).toMatchObject({
      id: held.id,
      attempts: 1,
      uploadUrl: 'http://server/uploads/abc',
    });
    expect(queue.release(held.id, held.leaseId)).toBe(false);
    expect(queue.heartbeat(held.id, held.leaseId)).toBe(false);
    expect(queue.get(held.id)?.leaseOwner).toBe('w2');
    queue.close();
  });

  it('given a job that is no longer leased (cancelled or done), when released, then nothing changes', () => {
    const { queue } = setUp();
    queue.enqueue([validItem('gone'), validItem('finished')]);
    const cancelled = queue.claim('w', 5_000);
    const done = queue.claim('w', 5_000);
    if (!cancelled || !done) throw new Error('expected claims');
    queue.cancel(cancelled.id);
    queue.complete(done.id, done.leaseId, 'raw-1');
    expect(queue.release(cancelled.id, cancelled.leaseId)).toBe(false);
    expect(queue.release(done.id, done.leaseId)).toBe(false);
    expect(queue.get(cancelled.id)?.state).toBe('cancelled');
    expect(queue.get(done.id)?.state).toBe('done');
    queue.close();
  });
});
