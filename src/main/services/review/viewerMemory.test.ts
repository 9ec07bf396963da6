/**
 * The viewer kept for offline start-up: bound to the saved token's hash (another token gets
 * nothing), forgotten with the session, never storing the token itself. Against a real temp
 * SQLite store, and through the runtime's dispatcher as the renderer calls it.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopRuntime, type DesktopRuntime } from '../../runtime';
import { noNativeNotifier } from '../notifier';
import { createMemorySessionStore } from '../sessionStore';
import { openReviewStore, type ReviewStore } from './store';
import { createViewerMemory } from './viewerMemory';

const dirs: string[] = [];
const stores: ReviewStore[] = [];
const runtimes: DesktopRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  for (const store of stores.splice(0)) store.close();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-review-viewer-'));
  dirs.push(dir);
  return dir;
}

const VIEWER = {
  user: { id: 'u1', email: 'ada@harborvine.test', first_name: 'Ada' },
  company: { id: 'c1', name: 'Harborvine' },
  company_ids: ['c1'],
  can_manage_company: true,
};
const TOKEN_A = 'token-a-5f1d9c0e7b2a4d6f8e3c1b0a9d8e7f6a';
const TOKEN_B = 'token-b-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d';

function memoryWith(file: string, token: { value: string | null }) {
  const store = openReviewStore({ file });
  stores.push(store);
  return { store, memory: createViewerMemory({ store, token: async () => token.value }) };
}

describe('viewer memory', () => {
  it('given a viewer remembered for a token, when the same token asks after reopening, then it gets the viewer', async () => {
    const file = path.join(tempDir(), 'desktop', 'review.db');
    const token = { value: TOKEN_A as string | null };
    const first = memoryWith(file, token);
    expect(await first.memory.remember(VIEWER)).toBe(true);
    first.store.close();
    stores.pop();

    const again = memoryWith(file, token);
    expect(await again.memory.last()).toEqual(VIEWER);
  });

  it('given a viewer remembered for one token, when another token asks, then it gets null', async () => {
    const token = { value: TOKEN_A as string | null };
    const { memory } = memoryWith(path.join(tempDir(), 'review.db'), token);
    await memory.remember(VIEWER);
    token.value = TOKEN_B;
    expect(await memory.last()).toBeNull();
    token.value = null;
    expect(await memory.last()).toBeNull();
  });

  it('given no saved token, when a viewer is remembered, then nothing is kept', async () => {
    const token = { value: null as string | null };
    const { memory } = memoryWith(path.join(tempDir(), 'review.db'), token);
    expect(await memory.remember(VIEWER)).toBe(false);
    token.value = TOKEN_A;
    expect(await memory.last()).toBeNull();
  });

  it('given a remembered viewer, when it is forgotten, then the same token gets null', async () => {
    const token = { value: TOKEN_A as string | null };
    const { memory } = memoryWith(path.join(tempDir(), 'review.db'), token);
    await memory.remember(VIEWER);
    memory.forget();
    expect(await memory.last()).toBeNull();
  });

  it('given a viewer far too large, when remembered, then it is refused', async () => {
    const token = { value: TOKEN_A as string | null };
    const { memory } = memoryWith(path.join(tempDir(), 'review.db'), token);
    await expect(
      memory.remember({ ...VIEWER, padding: 'x'.repeat(70_000) } as typeof VIEWER),
    ).rejects.toThrow('too large');
  });
});

describe('viewer memory through the runtime', () => {
  function runtime() {
    const dataDir = tempDir();
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
    return { ...created, dataDir };
  }

  it('given a signed-in session, when its viewer is remembered, then lastViewer answers it for that token only, the token is not on disk, and sign-out forgets it', async () => {
    const { dispatch, dataDir } = runtime();
    expect(await dispatch('review:lastViewer', {})).toEqual({
      ok: true,
      response: { viewer: null },
    });

    await dispatch('session:save', { token: TOKEN_A });
    expect(await dispatch('review:rememberViewer', { viewer: VIEWER })).toEqual({
      ok: true,
      response: { ok: true },
    });
    expect(await dispatch('review:lastViewer', {})).toEqual({
      ok: true,
      response: { viewer: VIEWER },
    });

    const folder = path.join(dataDir, 'desktop');
    for (const name of readdirSync(folder).filter((entry) => entry.startsWith('review.db'))) {
      expect(readFileSync(path.join(folder, name)).includes(TOKEN_A)).toBe(false);
    }

    await dispatch('session:save', { token: TOKEN_B });
    expect(await dispatch('review:lastViewer', {})).toEqual({
      ok: true,
      response: { viewer: null },
    });

    await dispatch('session:save', { token: TOKEN_A });
    expect(await dispatch('review:lastViewer', {})).toMatchObject({
      response: { viewer: VIEWER },
    });
    await dispatch('session:clear', {});
    await dispatch('session:save', { token: TOKEN_A });
    expect(await dispatch('review:lastViewer', {})).toEqual({
      ok: true,
      response: { viewer: null },
    });
  });

  it('given a viewer without a user id, when remembered, then the request is refused', async () => {
    const { dispatch } = runtime();
    await dispatch('session:save', { token: TOKEN_A });
    const answer = await dispatch('review:rememberViewer', {
      viewer: { company: { id: 'c1' } },
    });
    expect(answer.ok).toBe(false);
  });
});
