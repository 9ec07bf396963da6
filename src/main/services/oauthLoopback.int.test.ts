/**
 * The desktop's CRM sign-in (RFC 8252): the authorization address goes to the system browser
 * (or back to the renderer where there is none), and the browser's return is caught on a
 * loopback listener; through the IPC contract as the renderer calls it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESKTOP_SETTINGS } from '../../shared/ipc/contract';
import { createDispatcher } from '../ipc/dispatcher';
import { createIpcHandlers } from '../ipc/handlers';
import { createEventHub } from './events';
import {
  createOAuthLoopback,
  noExternalBrowser,
  OAUTH_CALLBACK_PATH,
  type ExternalBrowser,
  type OAuthLoopback,
} from './oauthLoopback';
import { createMemorySessionStore } from './sessionStore';

const AUTH_URL = 'https://app.clio.com/oauth/authorize?response_type=code&state=s1';
let loopback: OAuthLoopback | undefined;

afterEach(() => {
  loopback?.cancel();
});

function systemBrowser() {
  const opened: string[] = [];
  const browser: ExternalBrowser = {
    open: (url) => {
      opened.push(url);
      return Promise.resolve(true);
    },
  };
  return { opened, browser };
}

describe('oauth loopback', () => {
  it('given the system browser, when the CRM sends it back with a code, then wait answers code and state and the listener closes', async () => {
    const { opened, browser } = systemBrowser();
    loopback = createOAuthLoopback({ browser });
    const { id, redirectUri } = await loopback.begin();
    expect(redirectUri).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${OAUTH_CALLBACK_PATH}$`));
    expect(await loopback.open(id, AUTH_URL)).toEqual({ opened: true, url: AUTH_URL });
    expect(opened).toEqual([AUTH_URL]);

    const stray = await fetch(new URL('/favicon.ico', redirectUri));
    expect(stray.status).toBe(404);
    const back = await fetch(`${redirectUri}?code=the-code&state=s1`);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('You can close this tab');
    expect(await loopback.wait(id)).toEqual({ code: 'the-code', state: 's1' });
    await expect(fetch(`${redirectUri}?code=again&state=s1`)).rejects.toThrow();
    await expect(loopback.open(id, AUTH_URL)).rejects.toMatchObject({ code: 'OAUTH_UNKNOWN' });
  });

  it('given no system browser (the headless host), then open answers the address for the renderer, and refuses what is not a web address', async () => {
    loopback = createOAuthLoopback({ browser: noExternalBrowser });
    const { id } = await loopback.begin();
    expect(await loopback.open(id, AUTH_URL)).toEqual({ opened: false, url: AUTH_URL });
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'https://u:p@app.clio.com/'])
      await expect(loopback.open(id, bad)).rejects.toMatchObject({ code: 'OAUTH_BAD_URL' });
  });

  it('given the CRM refuses (error=access_denied), then wait rejects with its reason', async () => {
    loopback = createOAuthLoopback({ browser: noExternalBrowser });
    const { id, redirectUri } = await loopback.begin();
    const refused = expect(loopback.wait(id)).rejects.toMatchObject({
      code: 'OAUTH_REFUSED',
      message: 'The CRM did not sign you in (access_denied).',
    });
    const back = await fetch(`${redirectUri}?error=access_denied&state=s1`);
    expect(back.status).toBe(400);
    await refused;
  });

  it('given no return in time, or a cancel, then wait rejects and the port is closed', async () => {
    loopback = createOAuthLoopback({ browser: noExternalBrowser, timeoutMs: 20 });
    const late = await loopback.begin();
    await expect(loopback.wait(late.id)).rejects.toMatchObject({ code: 'OAUTH_TIMEOUT' });
    await expect(fetch(`${late.redirectUri}?code=c&state=s`)).rejects.toThrow();

    loopback = createOAuthLoopback({ browser: noExternalBrowser });
    const given = await loopback.begin();
    const waiting = loopback.wait(given.id);
    loopback.cancel(given.id);
    await expect(waiting).rejects.toMatchObject({ code: 'OAUTH_CANCELLED' });
    await expect(fetch(`${given.redirectUri}?code=c&state=s`)).rejects.toThrow();
  });

  it('given the renderer calls the contract channels, then begin, open and wait go through the dispatcher', async () => {
    const { opened, browser } = systemBrowser();
    loopback = createOAuthLoopback({ browser });
    const dispatch = createDispatcher(
      createIpcHandlers({
        appInfo: () => ({ version: '1', platform: 'linux', serverUrl: '', transport: 'electron' }),
        session: createMemorySessionStore(),
        settings: {
          get: () => Promise.resolve(DEFAULT_DESKTOP_SETTINGS),
          update: () => Promise.resolve(DEFAULT_DESKTOP_SETTINGS),
        },
        notifier: { show: () => Promise.resolve(false) },
        events: createEventHub(),
        oauth: loopback,
      }),
    );
    const begun = await dispatch('oauth:begin', {});
    if (!begun.ok) throw new Error(begun.error.message);
    const { id, redirectUri } = begun.response as { id: string; redirectUri: string };
    expect(await dispatch('oauth:open', { id, url: AUTH_URL })).toEqual({
      ok: true,
      response: { opened: true, url: AUTH_URL },
    });
    expect(opened).toEqual([AUTH_URL]);
    const waiting = dispatch('oauth:wait', { id });
    await fetch(`${redirectUri}?code=c2&state=s2`);
    expect(await waiting).toEqual({ ok: true, response: { code: 'c2', state: 's2' } });
    expect(await dispatch('oauth:open', { id, url: 'not a url' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });
});
