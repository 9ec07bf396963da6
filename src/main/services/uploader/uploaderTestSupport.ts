/** Helpers for the uploader's tests: real files, a real queue file, the test server, waiting. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openUploadQueue, type UploadJob, type UploadQueue } from '../uploads/queue';
import { enqueuePaths } from './enqueuePaths';
import { TEST_TOKEN, type TestServer } from './testServer';
import { createUploader } from './uploader';
import { untilValue } from '../../../../tests/support/until';
import type { Uploader, UploaderEvent, UploaderOptions } from './types';

export const COMPANY = 'company-1';

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'lexdesk-uploader-'));
}

/** A PDF's last line: the type check looks for it at the end of anything that starts as a PDF. */
export const PDF_END = Buffer.from('\nstartxref\n0\n%%EOF\n');

/** A real PDF-looking file: a header, `bytes` random bytes and a PDF's end. */
export async function pdfFile(dir: string, name: string, bytes = 64 * 1024): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes), PDF_END]));
  return file;
}

/** A sparse PDF-looking file of `size` bytes: cheap to make, and passes the type check. */
export async function sparsePdfFile(
  file: string,
  size: number,
  header = '%PDF-1.4\n',
): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.write(Buffer.from(header, 'latin1'), 0);
    await handle.write(PDF_END, 0, PDF_END.length, size - PDF_END.length);
  } finally {
    await handle.close();
  }
}

export function openQueue(dir: string): UploadQueue {
  return openUploadQueue({ file: path.join(dir, 'uploads.db'), baseDelayMs: 50, maxDelayMs: 200 });
}

export async function enqueueOne(queue: UploadQueue, file: string): Promise<string> {
  const [result] = await enqueuePaths(queue, { paths: [file], companyId: COMPANY, source: 'drop' });
  if (!result?.jobId || result.status !== 'queued')
    throw new Error(`not queued: ${JSON.stringify(result)}`);
  return result.jobId;
}

export function startUploader(
  server: TestServer,
  queue: UploadQueue,
  overrides: Partial<UploaderOptions> = {},
): { uploader: Uploader; events: UploaderEvent[] } {
  const events: UploaderEvent[] = [];
  const uploader = createUploader({
    queue,
    connection: () => Promise.resolve({ serverUrl: server.url, token: TEST_TOKEN }),
    medium: 'desktop',
    idlePollMs: 20,
    timeoutMs: 5_000,
    onEvent: (event) => events.push(event),
    ...overrides,
  });
  uploader.start();
  return { uploader, events };
}

/** Waits until the job is in one of `states`, and returns it. */
export function waitForState(
  queue: UploadQueue,
  jobId: string,
  states: readonly UploadJob['state'][],
  timeoutMs = 20_000,
): Promise<UploadJob> {
  return untilValue(
    () => queue.get(jobId),
    (job): job is UploadJob => job !== undefined && job !== null && states.includes(job.state),
    `job ${jobId} to be ${states.join(' or ')}`,
    timeoutMs,
  );
}

export function count(server: TestServer, method: string, prefix: string): number {
  return server.requests.filter((r) => r.method === method && r.path.startsWith(prefix)).length;
}
