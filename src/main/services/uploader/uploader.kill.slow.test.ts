import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer';
import { count, enqueueOne, openQueue, sparsePdfFile, tempDir } from './uploaderTestSupport';

const WORKER = fileURLToPath(new URL('./fixtures/uploadWorker.ts', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function worker(queueFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, queueFile, server.url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return { child, next: async () => String((await lines.next()).value) };
}

describe('uploader killed with SIGKILL', () => {
  it(
    'given a worker killed -9 mid-PATCH, when another process takes over, then it resumes from the server offset with one raw file',
    { timeout: 60_000 },
    async () => {
      const size = 256 * 1024 * 1024;
      const dir = await tempDir();
      const file = path.join(dir, 'scan.pdf');
      await sparsePdfFile(file, size);
      const queue = openQueue(dir);
      await enqueueOne(queue, file);
      queue.close();
      const queueFile = path.join(dir, 'uploads.db');

      const first = worker(queueFile);
      for (;;) {
        const [kind, step, bytes] = (await first.next()).split(' ');
        if (kind === 'progress' && step === '30' && Number(bytes) > size / 3) break;
      }
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');

      const second = worker(queueFile);
      try {
        let resumedAt = -1;
        for (;;) {
          const [kind, step, bytes] = (await second.next()).split(' ');
          if (kind === 'progress' && step === '30' && resumedAt < 0) resumedAt = Number(bytes);
          if (kind === 'done') break;
        }
        expect(resumedAt).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(server.bytesReceived()).toBeLessThan(2 * size);
        expect(server.rawFiles.size).toBe(1);
        expect([...server.rawFiles.values()][0]?.status).toBe('Uploaded');
        expect(count(server, 'POST', '/uploads')).toBe(1);
      } finally {
        second.child.kill('SIGTERM');
        await once(second.child, 'exit');
      }
    },
  );
});
