/**
 * The uploader side of `npm run bench -- upload`, in a process of its own so its RSS is only the
 * uploader's: the app's createUploadService (queue + uploader + watched folders) with default
 * settings. Config as JSON in BENCH_UPLOAD_WORKER; JSON lines on stdout.
 * - mode 'file': prints `idle`, waits for `go` on stdin, enqueues the file (hashing it), starts
 *   the uploader and prints `enqueued` then `uploaded` (or `failed`) with timings.
 * - mode 'watch': watches the folder (keep) and prints `watching`; the parent counts on the server.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { createUploadService } from '../../src/main/services/uploader/uploadService';
import { memoryFolderListStore } from '../../src/main/services/uploader/watchFolders';

const Config = z.object({
  mode: z.enum(['file', 'watch']),
  queueFile: z.string(),
  seenFile: z.string(),
  serverUrl: z.string(),
  token: z.string(),
  companyId: z.string(),
  target: z.string(),
});
const config = Config.parse(JSON.parse(process.env.BENCH_UPLOAD_WORKER ?? '{}'));
const say = (message: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify(message)}\n`);

let sendStarted = 0;
const service = createUploadService({
  queueFile: config.queueFile,
  seenFile: config.seenFile,
  folders: memoryFolderListStore(),
  connection: () => Promise.resolve({ serverUrl: config.serverUrl, token: config.token }),
  medium: 'desktop',
  log: (line) => process.stderr.write(`[uploader] ${line}\n`),
  onOutcome: (event) => {
    if (event.type === 'uploaded') {
      if (config.mode === 'file')
        say({
          type: 'uploaded',
          ms: performance.now() - sendStarted,
          rss: process.memoryUsage().rss,
        });
    } else if (!event.willRetry || config.mode === 'file') {
      say({ type: 'failed', file: event.job.fileName, message: event.failure.message });
    }
  },
});

process.once('SIGTERM', () => {
  void service.close().finally(() => process.exit(0));
});

if (config.mode === 'watch') {
  await service.watchAdd({
    path: config.target,
    afterUpload: 'keep',
    company_id: config.companyId,
  });
  await service.start();
  say({ type: 'watching' });
} else {
  say({ type: 'idle' });
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  const hashStarted = performance.now();
  const results = await service.enqueuePaths({
    paths: [config.target],
    companyId: config.companyId,
    source: 'drop',
  });
  say({ type: 'enqueued', ms: performance.now() - hashStarted, results });
  sendStarted = performance.now();
  await service.start();
}
