import { describe, expect, it } from 'vitest';
import type { Storage } from 'redux-persist';
import { signedIn, signedOut, sessionMissing, startupBegan } from '../features/auth/slice';
import type { ViewerData } from '../features/auth/operations';
import { usersSearchChanged } from '../features/preferences/filters';
import { themeChosen } from '../features/preferences/slice';
import { uploadStarted } from '../features/uploads/slice';
import { until } from '../../../tests/support/until';
import { createAppStore, resetClientState, rootReducer } from './store';

const VIEWER: ViewerData = {
  user: {
    id: 'u1',
    email: 'ada@harborvine.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    avatar: null,
    user_type: { id: '1', name: 'customer' },
    legal_user_type: 'admin',
  },
  company: {
    id: 'c1',
    name: 'Harbor & Vine LLP',
    icon_url: null,
    date_format: 'MM/DD/YYYY',
    is_legal: true,
  },
  company_ids: ['c1'],
  managed_company_ids: ['c1'],
  can_manage_company: true,
};

function memoryStorage(
  initial: Record<string, string> = {},
): Storage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key: string) => Promise.resolve(data[key] ?? null),
    setItem: (key: string, value: string) => {
      data[key] = value;
      return Promise.resolve();
    },
    removeItem: (key: string) => {
      delete data[key];
      return Promise.resolve();
    },
  };
}

function busyState() {
  let state = rootReducer(undefined, { type: '@@init' });
  for (const action of [
    signedIn({ token: 't'.repeat(32), viewer: VIEWER }),
    themeChosen('dark'),
    usersSearchChanged('ada'),
    uploadStarted({
      id: 'up1',
      fileName: 'logo.png',
      source: 'company-icon',
      timestamp: 1,
      resumable: false,
    }),
  ]) {
    state = rootReducer(state, action);
  }
  return state;
}

describe('auth state', () => {
  it('given a fresh store, then auth is loading', () => {
    expect(rootReducer(undefined, { type: '@@init' }).auth.status).toBe('loading');
  });

  it('given start-up found no session on a new install, then auth failed and the first-run screen is due', () => {
    const state = rootReducer(undefined, sessionMissing({ needsSetup: true }));
    expect(state.auth).toMatchObject({
      status: 'failed',
      needsSetup: true,
      token: null,
      viewer: null,
    });
  });

  it('given a sign-in, then auth is authenticated with the token and viewer', () => {
    const state = rootReducer(undefined, signedIn({ token: 't'.repeat(32), viewer: VIEWER }));
    expect(state.auth).toMatchObject({
      status: 'authenticated',
      viewer: VIEWER,
      needsSetup: false,
    });
  });

  it('given a restart of the start-up, then auth goes back to loading', () => {
    expect(rootReducer(busyState(), startupBegan()).auth.status).toBe('loading');
  });
});

describe('resetting client state (spec section 4)', () => {
  it('given a signed-in user with settings, filters and uploads, when the client state is reset, then only authentication remains', () => {
    const before = busyState();
    const after = rootReducer(before, resetClientState());
    expect(after.auth).toEqual(before.auth);
    expect(after.settings.theme).toBe('light');
    expect(after.filters.users.search).toBe('');
    expect(after.uploads.items).toEqual([]);
  });

  it('given a signed-in user, when signing out, then authentication is cleared along with everything else', () => {
    const after = rootReducer(busyState(), signedOut());
    expect(after.auth).toMatchObject({ status: 'failed', token: null, viewer: null });
    expect(after.settings.theme).toBe('light');
    expect(after.uploads.items).toEqual([]);
  });
});

describe('persistence', () => {
  const settle = (persistor: { getState(): { bootstrapped: boolean } }) =>
    until(() => persistor.getState().bootstrapped, 10_000, 'the store to be restored');

  it('given settings were persisted, when the store starts, then they are restored; auth never is', async () => {
    const storage = memoryStorage({
      'persist:lexdesk': JSON.stringify({
        settings: JSON.stringify({ theme: 'dark' }),
        auth: JSON.stringify({ status: 'authenticated', token: 'stolen' }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    });
    const { store, persistor } = createAppStore(storage);
    await settle(persistor);
    expect(store.getState().settings.theme).toBe('dark');
    expect(store.getState().auth.status).toBe('loading');
    expect(store.getState().auth.token).toBeNull();
  });

  it('given a corrupt persisted slice, when the store starts, then that slice falls back to its defaults', async () => {
    const storage = memoryStorage({
      'persist:lexdesk': JSON.stringify({
        filters: JSON.stringify({ users: { search: 42 } }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    });
    const { store, persistor } = createAppStore(storage);
    await settle(persistor);
    expect(store.getState().filters.users.search).toBe('');
  });

  it('given a signed-in store, when it writes to storage, then the auth slice and its token are not written', async () => {
    const storage = memoryStorage();
    const { store, persistor } = createAppStore(storage);
    await settle(persistor);
    store.dispatch(signedIn({ token: 'secret-token-value-0123456789', viewer: VIEWER }));
    store.dispatch(themeChosen('dark'));
    await persistor.flush();
    const written = storage.data['persist:lexdesk'] ?? '';
    expect(written).toContain('dark');
    expect(written).not.toContain('secret-token-value');
    expect(JSON.parse(written)).not.toHaveProperty('auth');
  });
});
