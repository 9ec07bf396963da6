import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer';
import { until } from '../../../../tests/support/until';
import {
  count,
  enqueueOne,
  openQueue,
  sparsePdfFile,
  startUploader,
  tempDir,
  waitForState,
} from './uploaderTestSupport';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A sparse file with a PDF header, so it is cheap to make and passes the type check. */
async function bigPdf(dir: string, size: number): Promise<string> {
  const file = path.join(dir, 'big.pdf');
  await sparsePdfFile(file, size);
  return file;
}

describe('uploader across a restart', () => {
  it(
    'given the app stops mid-PATCH, when it starts again, then the released job resumes at once from the server offset and makes one raw file',
    { timeout: 60_000 },
    async () => {
      const size = 96 * 1024 * 1024;
      const dir = await tempDir();
      let queue = openQueue(dir);
      const jobId = await enqueueOne(queue, await bigPdf(dir, size));

      let stopped: Promise<void> | null = null;
      const holder: { stop?: () => Promise<void> } = {};
      const first = startUploader(server, queue, {
        // Far longer than the test: only the release on stop lets the second start take the job.
        leaseMs: 10 * 60_000,
        progressEveryBytes: 1024 * 1024,
        progressEveryMs: 0,
        progressEventMs: 0,
        onEvent: (event) => {
          // Stop from inside the byte progress, so the cut lands mid-PATCH whatever the speed.
          if (event.type === 'progress' && event.progress === 30 && event.bytesSent > size / 3)
            stopped ??= holder.stop?.() ?? null;
        },
      });
      holder.stop = () => first.uploader.stop();
      await until(() => Boolean(stopped), 20_000, 'the stop from inside the progress');
      await stopped;
      queue.close();
      const stored = (() => {
        const peek = openQueue(dir);
        const job = peek.get(jobId);
        peek.close();
        return job;
      })();
      // Released on the clean stop: queued again at once, the tus URL kept, the attempt given back.
      expect(stored).toMatchObject({ state: 'queued', attempts: 0, leaseId: null });
      expect(stored?.uploadUrl).not.toBeNull();

      queue = openQueue(dir);
      const second = startUploader(server, queue);
      try {
        const job = await waitForState(queue, jobId, ['done', 'failed']);
        expect(job.state).toBe('done');
        const resumedAt = second.events.find((e) => e.type === 'progress' && e.progress === 30);
        expect(resumedAt).toBeDefined();
        expect(resumedAt?.type === 'progress' && resumedAt.bytesSent).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(server.bytesReceived()).toBeGreaterThanOrEqual(size);
        expect(server.bytesReceived()).toBeLessThan(2 * size);
        expect(server.rawFiles.size).toBe(1);
        expect(count(server, 'POST', '/uploads')).toBe(1);
        expect([...server.rawFiles.values()][0]?.status).toBe('Uploaded');
      } finally {
        await second.uploader.stop();
        queue.close();
      }
    },
  );
});
