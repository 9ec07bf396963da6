/**
 * The review channels through the runtime's dispatcher, as the Electron main process and the
 * headless host serve them: wiring, request validation, and refusals that reach the renderer
 * as they are. No server is needed: nothing here gets as far as sending.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopRuntime, type DesktopRuntime } from '../../runtime';
import type { EmittedEvent } from '../events';
import { noNativeNotifier } from '../notifier';
import { createMemorySessionStore } from '../sessionStore';
import { untilValue } from '../../../../tests/support/until';

const dirs: string[] = [];
const runtimes: DesktopRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function runtime() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-review-runtime-'));
  dirs.push(dataDir);
  const created = createDesktopRuntime({
    dataDir,
    appInfo: () => ({
      version: '0.0.0',
      platform: 'linux',
      // Nothing listens here: the server "cannot be reached".
      serverUrl: 'http://127.0.0.1:9',
      transport: 'websocket',
    }),
    session: createMemorySessionStore(),
    notifier: noNativeNotifier,
    uploads: false,
    log: () => undefined,
  });
  runtimes.push(created);
  const emitted: EmittedEvent[] = [];
  created.events.subscribe((message) => emitted.push(message));
  return { ...created, dataDir, emitted };
}

describe('review channels in the runtime', () => {
  it('given a runtime, when it starts, then the store lives in the data folder and status answers offline', async () => {
    const { dispatch, dataDir, emitted } = runtime();
    expect(existsSync(path.join(dataDir, 'desktop', 'review.db'))).toBe(true);
    const status = await untilValue(
      async () => {
        const answer = await dispatch('review:status', {});
        return answer.ok ? answer.response : null;
      },
      (answer) => (answer as { online?: boolean } | null)?.online === false,
      'the status to answer offline',
      10_000,
    );
    expect(status).toMatchObject({
      online: false,
      pending: 0,
      conflicts: 0,
      signedIn: false,
      cacheLimitBytes: 500 * 1024 * 1024,
    });
    expect(emitted.some((message) => message.event === 'review:changed')).toBe(true);
  });

  it('given requests outside the contract, when dispatched, then they are refused before any handler runs', async () => {
    const { dispatch } = runtime();
    const bad = [
      ['review:resolveConflict', { outboxId: 'o1', choices: { applicant: 'theirs' } }],
      ['review:save', { documentId: 'd1', companyId: 'c1', kind: 'delete', changes: {}, base: {} }],
      ['review:getPdf', { id: '' }],
      ['review:getCached', { id: 'd1', path: '../../etc/passwd' }],
    ] as const;
    for (const [channel, request] of bad) {
      expect(await dispatch(channel, request)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_REQUEST' },
      });
    }
  });

  it('given nobody is signed in, when a change is saved, then the refusal says to sign in, and reads find nothing', async () => {
    const { dispatch } = runtime();
    expect(
      await dispatch('review:save', {
        documentId: 'd1',
        companyId: 'c1',
        kind: 'update',
        changes: { applicant: 'Bob' },
        base: { applicant: 'Ann' },
      }),
    ).toEqual({
      ok: false,
      error: {
        code: 'REVIEW_SIGNED_OUT',
        message: 'Sign in to LexDesk to review documents on this computer.',
      },
    });
    expect(await dispatch('review:getCached', { id: 'd1' })).toEqual({
      ok: true,
      response: { document: null, hasPdf: false },
    });
    expect(await dispatch('review:outbox', {})).toEqual({ ok: true, response: { items: [] } });
  });

  it('given a smaller cache size, when the setting is saved, then status reports the new limit', async () => {
    const { dispatch } = runtime();
    expect(await dispatch('settings:update', { reviewCacheMB: 50 })).toMatchObject({
      ok: true,
      response: { reviewCacheMB: 50 },
    });
    expect(await dispatch('review:status', {})).toMatchObject({
      ok: true,
      response: { cacheLimitBytes: 50 * 1024 * 1024 },
    });
    expect(await dispatch('settings:update', { reviewCacheMB: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });
});
