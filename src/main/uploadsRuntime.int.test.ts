import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDesktopRuntime, type DesktopRuntime } from './runtime';
import type { EmittedEvent } from './services/events';
import { noNativeNotifier } from './services/notifier';
import { createMemorySessionStore } from './services/sessionStore';
import {
  OTHER_TEST_TOKEN,
  startTestServer,
  TEST_TOKEN,
  type TestServer,
} from './services/uploader/testServer';
import { pdfFile, tempDir } from './services/uploader/uploaderTestSupport';
import { until } from '../../tests/support/until';

let server: TestServer;
let runtime: DesktopRuntime;
let emitted: EmittedEvent[];
let dir: string;
let signedIn: boolean;

beforeEach(async () => {
  server = await startTestServer();
  dir = await tempDir();
  signedIn = true;
  const session = createMemorySessionStore();
  await session.save(TEST_TOKEN);
  runtime = createDesktopRuntime({
    dataDir: dir,
    appInfo: () => ({
      version: '0',
      platform: 'linux',
      serverUrl: signedIn ? server.url : '',
      transport: 'websocket',
    }),
    session,
    notifier: noNativeNotifier,
    log: () => undefined,
  });
  emitted = [];
  runtime.events.subscribe((event) => emitted.push(event));
});
afterEach(async () => {
  await runtime.close();
  await server.close();
});

async function call(channel: string, request: unknown = {}): Promise<unknown> {
  const result = await runtime.dispatch(channel, request);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code });
  return result.response;
}

describe('upload channels through the desktop runtime', () => {
  it('given a drop of a PDF, the same PDF again and a fake PDF, when enqueued, then queued / duplicate / rejected and the PDF uploads', async () => {
    const good = await pdfFile(dir, 'brief.pdf');
    const bad = path.join(dir, 'fake.pdf');
    await writeFile(bad, 'no');
    const { results } = (await call('uploads:enqueuePaths', {
      paths: [good, good, bad],
      company_id: 'company-1',
      source: 'drop',
    })) as { results: { status: string; message: string | null }[] };
    expect(results.map((r) => r.status)).toEqual(['queued', 'duplicate', 'rejected']);
    expect(results[2]?.message).toBe('Invalid file type or format');

    await until(() => [...server.rawFiles.values()].some((raw) => raw.status === 'Uploaded'));
    await until(async () => ((await call('uploads:counts')) as { pending: number }).pending === 0);
    // The refused file left the tracker for the user's own failed list, with its reason.
    expect(await call('uploads:list')).toEqual({ uploads: [] });
    expect(await call('uploads:counts')).toMatchObject({ active: 0, failed: 1 });
    const { uploads } = (await call('uploads:failed')) as {
      uploads: { fileName: string; status: string; id: string }[];
    };
    expect(uploads).toEqual([
      expect.objectContaining({
        fileName: 'fake.pdf',
        status: 'failed',
        error: expect.objectContaining({ message: 'Invalid file type or format' }),
      }),
    ]);
    expect(emitted.some((e) => e.event === 'uploads:progress')).toBe(true);
    expect(emitted.some((e) => e.event === 'uploads:changed')).toBe(true);

    expect(await call('uploads:remove', { id: uploads[0]?.id })).toEqual({ changed: true });
    expect(await call('uploads:failed')).toEqual({ uploads: [] });
  });

  it('given the user is signed out, when a file is queued and cancelled, then nothing was sent and it leaves the tracker', async () => {
    signedIn = false;
    const { results } = (await call('uploads:enqueuePaths', {
      paths: [await pdfFile(dir, 'wait.pdf')],
      company_id: 'company-1',
      source: 'picker',
    })) as { results: { jobId: string }[] };
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.rawFiles.size).toBe(0);
    expect(await call('uploads:cancel', { id: results[0]?.jobId })).toEqual({ changed: true });
    expect(await call('uploads:list')).toEqual({ uploads: [] });
    expect(await call('uploads:retry', { id: results[0]?.jobId })).toEqual({ changed: false });
  });

  it("given a user's upload failed, when another user signs in on this computer, then they neither see, retry nor dismiss it, and its owner's retry uploads it once", async () => {
    let refusing = true;
    server.setFault((req, res) => {
      if (!refusing || !req.url?.includes('createRawFile')) return false;
      res.writeHead(503).end();
      return true;
    });
    const { results } = (await call('uploads:enqueuePaths', {
      paths: [await pdfFile(dir, 'brief.pdf')],
      company_id: 'company-1',
      source: 'drop',
    })) as { results: { jobId: string }[] };
    const id = results[0]?.jobId ?? '';
    const failedList = async () =>
      ((await call('uploads:failed')) as { uploads: { id: string }[] }).uploads.map((u) => u.id);
    await until(async () => (await failedList()).includes(id), 60_000);
    expect(await call('uploads:list')).toEqual({ uploads: [] });
    expect(await call('uploads:counts')).toMatchObject({ active: 0, failed: 1 });

    await call('session:save', { token: OTHER_TEST_TOKEN });
    expect(await failedList()).toEqual([]);
    expect(await call('uploads:retry', { id })).toEqual({ changed: false });
    expect(await call('uploads:remove', { id })).toEqual({ changed: false });
    await call('session:clear');
    expect(await failedList()).toEqual([]);

    await call('session:save', { token: TEST_TOKEN });
    expect(await failedList()).toEqual([id]);
    refusing = false;
    expect(await call('uploads:retry', { id })).toEqual({ changed: true });
    expect(await failedList()).toEqual([]);
    await until(() => [...server.rawFiles.values()].some((raw) => raw.status === 'Uploaded'));
    expect([...server.rawFiles.values()].map((raw) => raw.name)).toEqual(['brief.pdf']);
  }, 90_000);

  it('given a watched folder is added, when a file lands in it, then it uploads and is moved to uploaded/', async () => {
    await expect(
      call('watch:add', {
        path: path.join(dir, 'missing'),
        afterUpload: 'move',
        company_id: 'company-1',
      }),
    ).rejects.toMatchObject({ code: 'WATCH_FOLDER_INVALID' });
    const inbox = await tempDir();
    expect(
      await call('watch:add', { path: inbox, afterUpload: 'move', company_id: 'company-1' }),
    ).toEqual({
      folders: [{ path: inbox, afterUpload: 'move', company_id: 'company-1' }],
    });
    expect(emitted.some((e) => e.event === 'watch:changed')).toBe(true);
    await pdfFile(inbox, 'scan.pdf');
    await until(
      () =>
        access(path.join(inbox, 'uploaded', 'scan.pdf')).then(
          () => true,
          () => false,
        ),
      20_000,
    );
    expect([...server.rawFiles.values()]).toEqual([
      expect.objectContaining({ name: 'scan.pdf', status: 'Uploaded' }),
    ]);
    expect(await call('watch:remove', { path: inbox })).toEqual({ folders: [] });
    expect(await call('watch:list')).toEqual({ folders: [] });
  }, 30_000);
});
