import { appendFile, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadQueue } from '../uploads/queue';
import { CHANGED_SINCE_QUEUED } from './runJob';
import { startTestServer, type TestServer } from './testServer';
import type { Uploader } from './types';
import { until } from '../../../../tests/support/until';
import {
  count,
  enqueueOne,
  openQueue,
  pdfFile,
  startUploader,
  tempDir,
  waitForState,
} from './uploaderTestSupport';

let server: TestServer;
let dir: string;
let queue: UploadQueue;
let uploader: Uploader | null;

beforeEach(async () => {
  server = await startTestServer();
  dir = await tempDir();
  queue = openQueue(dir);
  uploader = null;
});
afterEach(async () => {
  await uploader?.stop();
  queue.close();
  await server.close();
});

const CREATE = '/processed-legal-file/createRawFile';

describe('uploader', () => {
  it('given a queued file, when the uploader runs, then it is one Uploaded raw file and progress went 10, 30, 70, 100', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'contract.pdf', 2 * 1024 * 1024));
    const run = startUploader(server, queue);
    uploader = run.uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job.state).toBe('done');
    const raw = server.rawFiles.get(job.rawFileId ?? '');
    expect(raw).toMatchObject({
      status: 'Uploaded',
      name: 'contract.pdf',
      idempotency_key: job.idempotencyKey,
    });
    const steps = run.events.flatMap((e) => (e.type === 'progress' ? [e.progress] : []));
    expect([...new Set(steps)]).toEqual([0, 10, 30, 70, 100]);
    expect(run.events.at(-1)).toMatchObject({ type: 'uploaded', rawFileId: raw?.id });
    expect(queue.counts()).toMatchObject({ active: 0, done: 1 });
  });

  it('given byte progress, when sending, then progress is committed by bytes and by time, not per chunk', async () => {
    const committed: number[] = [];
    const record = queue.recordProgress.bind(queue);
    queue.recordProgress = (id, leaseId, input) => {
      if (input.uploadUrl === undefined) committed.push(input.uploadedBytes);
      return record(id, leaseId, input);
    };
    const send = async (name: string, progressEveryMs: number) => {
      committed.length = 0;
      const jobId = await enqueueOne(queue, await pdfFile(dir, name, 24 * 1024 * 1024));
      const run = startUploader(server, queue, {
        progressEveryBytes: 1024 * 1024,
        progressEveryMs,
      });
      expect((await waitForState(queue, jobId, ['done', 'failed'])).state).toBe('done');
      await run.uploader.stop();
      return [...committed];
    };
    // 24 chunks of 1 MiB, but not a minute: no byte count is committed (a resume trusts the
    // server's offset); with no time floor, about one commit per MiB.
    expect(await send('slow-clock.pdf', 60_000)).toEqual([]);
    expect((await send('no-floor.pdf', 0)).length).toBeGreaterThanOrEqual(20);
  });

  it('given a server answering 500 three times, when the uploader runs, then it backs off and drains', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'flaky.pdf'));
    let failures = 0;
    server.setFault((req, res) => {
      if (failures >= 3) return false;
      failures += 1;
      res.writeHead(500).end();
      void req;
      return true;
    });
    const run = startUploader(server, queue);
    uploader = run.uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job).toMatchObject({ state: 'done', attempts: 4 });
    expect(run.events.filter((e) => e.type === 'failed' && e.willRetry)).toHaveLength(3);
    expect(server.rawFiles.size).toBe(1);
  });

  it('given a PATCH the server never answers, when the timeout passes, then the job is retried and finishes', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'slow.pdf'));
    let hung = false;
    server.setFault((req) => {
      if (req.method !== 'PATCH' || hung) return false;
      hung = true;
      return true; // never answered
    });
    const run = startUploader(server, queue, { timeoutMs: 300 });
    uploader = run.uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job.state).toBe('done');
    expect(run.events).toContainEqual(
      expect.objectContaining({
        type: 'failed',
        failure: expect.objectContaining({ code: 'TIMEOUT' }),
      }),
    );
  });

  it('given the createRawFile answer is lost, when retried, then the same idempotency key gives one raw file', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'lost.pdf'));
    let dropped = false;
    server.setFault((req, res) => {
      if (dropped || !req.url?.startsWith(CREATE)) return false;
      dropped = true;
      res.writeHead = () => res.destroy() as never; // the server acts, the answer never arrives
      return false;
    });
    uploader = startUploader(server, queue).uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job.state).toBe('done');
    expect(count(server, 'POST', CREATE)).toBe(2);
    expect(server.rawFiles.size).toBe(1);
  });

  it('given a 409 offset mismatch, when sending, then the client asks the offset again and finishes', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'conflict.pdf'));
    let conflicted = false;
    server.setFault((req, res) => {
      if (req.method !== 'PATCH' || conflicted) return false;
      conflicted = true;
      res.writeHead(409, { 'Tus-Resumable': '1.0.0' }).end();
      return true;
    });
    uploader = startUploader(server, queue).uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    expect(count(server, 'HEAD', '/uploads')).toBe(1);
  });

  it('given the server forgot the upload (404), when retried, then a new upload is made for the same raw file', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'expired.pdf'));
    let failed = false;
    server.setFault(async (req, res) => {
      if (req.method !== 'PATCH' || failed) return false;
      failed = true;
      await server.expireUploads();
      res.writeHead(503).end();
      return true;
    });
    uploader = startUploader(server, queue).uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job.state).toBe('done');
    expect(count(server, 'POST', '/uploads')).toBe(2);
    expect(server.rawFiles.size).toBe(1);
    expect(job.uploadUrl).not.toBeNull();
  });

  it('given a file modified while queued, when its turn comes, then it fails permanently with the reason', async () => {
    const file = await pdfFile(dir, 'edited.pdf');
    const jobId = await enqueueOne(queue, file);
    await appendFile(file, 'more');
    uploader = startUploader(server, queue).uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job).toMatchObject({
      state: 'failed',
      permanent: true,
      lastErrorMessage: CHANGED_SINCE_QUEUED,
    });
    expect(server.rawFiles.size).toBe(0);
  });

  it('given a file deleted while queued, when its turn comes, then it fails permanently as gone', async () => {
    const file = await pdfFile(dir, 'deleted.pdf');
    const jobId = await enqueueOne(queue, file);
    await rm(file);
    uploader = startUploader(server, queue).uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job).toMatchObject({
      state: 'failed',
      permanent: true,
      lastErrorCode: 'FILE_NOT_FOUND',
    });
  });

  it('given a job cancelled mid-upload, when cancelled, then the worker stops and the raw file is marked failed', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'cancel.pdf'));
    server.setFault((req) => req.method === 'PATCH'); // hangs until cancelled
    const run = startUploader(server, queue);
    uploader = run.uploader;
    await waitForState(queue, jobId, ['uploading']);
    await until(
      () => run.events.some((e) => e.type === 'progress' && e.progress === 30),
      20_000,
      'the upload to start sending',
    );
    expect(queue.cancel(jobId)).toBe(true);
    uploader.abortJob(jobId);
    await until(
      () => [...server.rawFiles.values()][0]?.status === 'Uploading_Failed',
      20_000,
      'the raw file to be marked failed',
    );
    expect([...server.rawFiles.values()][0]?.status).toBe('Uploading_Failed');
    expect(queue.get(jobId)?.state).toBe('cancelled');
  });

  it('given the answer to the last PATCH is lost, when retried, then the idempotent register reports it Uploaded and the job completes without resending', async () => {
    const jobId = await enqueueOne(queue, await pdfFile(dir, 'last-answer.pdf'));
    let dropped = false;
    server.setFault((req, res) => {
      if (dropped || req.method !== 'PATCH') return false;
      dropped = true;
      res.writeHead = () => res.destroy() as never;
      return false;
    });
    uploader = startUploader(server, queue).uploader;
    const job = await waitForState(queue, jobId, ['done', 'failed']);
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    expect(count(server, 'PATCH', '/uploads')).toBe(1);
    expect(count(server, 'POST', CREATE)).toBe(2);
    expect(count(server, 'HEAD', '/uploads')).toBe(0);
    expect(server.rawFiles.get(job.rawFileId ?? '')?.status).toBe('Uploaded');
  });
});
