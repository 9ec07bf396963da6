import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DESKTOP_SETTINGS,
  type DesktopSettings,
  type NativeNotification,
} from '../../shared/ipc/contract';
import { createEventHub, type EmittedEvent } from '../services/events';
import { createMemorySessionStore } from '../services/sessionStore';
import type { SettingsStore } from '../services/settings';
import { createDispatcher } from './dispatcher';
import { DesktopError } from './errors';
import { createIpcHandlers, type DesktopServices } from './handlers';
import { createOAuthLoopback, noExternalBrowser } from '../services/oauthLoopback';

function memorySettings(initial: DesktopSettings = DEFAULT_DESKTOP_SETTINGS): SettingsStore {
  let current = { ...initial };
  return {
    get: () => Promise.resolve(current),
    update: (patch) => {
      current = { ...current, ...patch };
      return Promise.resolve(current);
    },
  };
}

function setup(overrides: Partial<DesktopServices> = {}) {
  const shown: NativeNotification[] = [];
  const events = createEventHub();
  const emitted: EmittedEvent[] = [];
  events.subscribe((message) => emitted.push(message));
  const services: DesktopServices = {
    appInfo: () => ({
      version: '1.2.3',
      platform: 'linux',
      serverUrl: 'http://127.0.0.1:4000',
      transport: 'websocket',
    }),
    session: createMemorySessionStore(),
    settings: memorySettings(),
    notifier: { show: (n) => (shown.push(n), Promise.resolve(true)) },
    events,
    oauth: createOAuthLoopback({ browser: noExternalBrowser }),
    ...overrides,
  };
  const onInternalError = vi.fn();
  const dispatch = createDispatcher(createIpcHandlers(services), { onInternalError });
  return { dispatch, shown, emitted, onInternalError };
}

const TOKEN = 'a-session-token-of-some-length';

describe('dispatcher', () => {
  it('given app:info with no request, when dispatched, then the app facts come back', async () => {
    const { dispatch } = setup();
    expect(await dispatch('app:info', undefined)).toEqual({
      ok: true,
      response: {
        version: '1.2.3',
        platform: 'linux',
        serverUrl: 'http://127.0.0.1:4000',
        transport: 'websocket',
      },
    });
  });

  it('given an unknown channel, when dispatched, then a clear UNKNOWN_CHANNEL error comes back', async () => {
    const { dispatch } = setup();
    const result = await dispatch('shell:exec', { cmd: 'rm -rf /' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', message: 'Unknown desktop channel "shell:exec".' },
    });
  });

  it('given a request that breaks the schema, when dispatched, then INVALID_REQUEST names the channel and the handler never runs', async () => {
    const { dispatch } = setup();
    for (const bad of [
      { token: 'short' },
      { token: 42 },
      { token: TOKEN, extra: true },
      'text',
      null,
    ]) {
      const result = await dispatch('session:save', bad);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_REQUEST');
        expect(result.error.message).toContain('session:save');
      }
    }
    expect(await dispatch('session:load', {})).toEqual({ ok: true, response: { token: null } });
  });

  it('given a saved token, when the session is loaded and then cleared, then it round-trips and is gone', async () => {
    const { dispatch } = setup();
    expect(await dispatch('session:save', { token: TOKEN })).toEqual({
      ok: true,
      response: { ok: true },
    });
    expect(await dispatch('session:load', {})).toEqual({ ok: true, response: { token: TOKEN } });
    await dispatch('session:clear', {});
    expect(await dispatch('session:load', {})).toEqual({ ok: true, response: { token: null } });
  });

  it('given a settings update, when dispatched, then the new settings return and settings:changed is broadcast', async () => {
    const { dispatch, emitted } = setup();
    const result = await dispatch('settings:update', { startMinimised: true });
    const expected = { nativeNotifications: true, startMinimised: true };
    expect(result).toEqual({ ok: true, response: expected });
    expect(emitted).toEqual([{ event: 'settings:changed', payload: expected }]);
    expect((await dispatch('settings:update', { theme: 'dark' })).ok).toBe(false);
  });

  it('given native notifications switched off, when showNative is called, then nothing is shown', async () => {
    const { dispatch, shown } = setup({
      settings: memorySettings({ nativeNotifications: false, startMinimised: false }),
    });
    const result = await dispatch('notifications:showNative', {
      title: 'New',
      body: 'A file arrived',
      redirect: '/notifications',
    });
    expect(result).toEqual({ ok: true, response: { shown: false } });
    expect(shown).toEqual([]);
  });

  it('given native notifications on, when showNative is called, then the notifier shows it', async () => {
    const { dispatch, shown } = setup();
    const request = { title: 'New', body: 'A file arrived', redirect: null };
    expect(await dispatch('notifications:showNative', request)).toEqual({
      ok: true,
      response: { shown: true },
    });
    expect(shown).toEqual([request]);
  });

  it('given a handler that throws a DesktopError, when dispatched, then its code and message pass through', async () => {
    const session = createMemorySessionStore();
    session.save = () => Promise.reject(new DesktopError('SECURE_STORAGE', 'No secure storage.'));
    const { dispatch, onInternalError } = setup({ session });
    expect(await dispatch('session:save', { token: TOKEN })).toEqual({
      ok: false,
      error: { code: 'SECURE_STORAGE', message: 'No secure storage.' },
    });
    expect(onInternalError).not.toHaveBeenCalled();
  });

  it('given a handler that crashes or answers outside the contract, when dispatched, then a generic error returns and it is logged', async () => {
    const session = createMemorySessionStore();
    session.load = () => Promise.reject(new Error('disk on fire'));
    const { dispatch, onInternalError } = setup({
      session,
      appInfo: () => ({ version: 1 }) as never,
    });
    const crashed = await dispatch('session:load', {});
    expect(crashed).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'The desktop app could not complete "session:load".' },
    });
    const broken = await dispatch('app:info', {});
    expect(broken.ok === false && broken.error.code).toBe('INVALID_RESPONSE');
    expect(onInternalError).toHaveBeenCalledTimes(2);
  });
});
