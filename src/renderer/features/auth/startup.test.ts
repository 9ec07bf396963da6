import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import type { ViewerData } from './operations';
import { startUp, type StartupDeps } from './startup';

const INFO = {
  version: '0.1.0',
  platform: 'linux',
  serverUrl: 'http://127.0.0.1:4000',
  transport: 'websocket' as const,
};
const VIEWER = { user: { id: 'u1' }, company: { id: 'c1' } } as unknown as ViewerData;

type Session = { token: string | null };

function deps(options: {
  token: string | null;
  viewer?: () => Promise<ViewerData | null>;
  needsSetup?: () => Promise<boolean>;
  remembered?: () => Promise<ViewerData | null>;
}) {
  const clear = vi.fn().mockResolvedValue({ ok: true });
  const closed: Session[] = [];
  const d: StartupDeps<Session> = {
    bridge: {
      app: { info: vi.fn().mockResolvedValue(INFO) },
      session: { load: vi.fn().mockResolvedValue({ token: options.token }), save: vi.fn(), clear },
    },
    openSession: (_url, token) => ({ token }),
    closeSession: async (session) => {
      closed.push(session);
    },
    fetchViewer: options.viewer ?? (() => Promise.resolve(VIEWER)),
    fetchNeedsSetup: options.needsSetup ?? (() => Promise.resolve(false)),
    rememberedViewer: vi.fn(options.remembered ?? (() => Promise.resolve(null))),
  };
  return { d, clear, closed };
}

const graphQLError = (code: string, message: string) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

describe('start-up', () => {
  it('given a saved token the server accepts, then the app starts authenticated on that session', async () => {
    const { d, clear } = deps({ token: 'tok' });
    const outcome = await startUp(d);
    expect(outcome).toMatchObject({
      kind: 'authenticated',
      token: 'tok',
      viewer: VIEWER,
      session: { token: 'tok' },
    });
    expect(clear).not.toHaveBeenCalled();
  });

  it('given no saved token on a fresh install, then the first-run screen is due', async () => {
    const { d } = deps({ token: null, needsSetup: () => Promise.resolve(true) });
    expect(await startUp(d)).toMatchObject({
      kind: 'signed-out',
      needsSetup: true,
      notice: null,
      session: { token: null },
    });
  });

  it('given no saved token on a set-up install, then sign-in is due without a notice', async () => {
    const { d } = deps({ token: null });
    expect(await startUp(d)).toMatchObject({ kind: 'signed-out', needsSetup: false, notice: null });
  });

  it('given a saved token the server no longer knows (viewer null), then the token is cleared and sign-in explains why', async () => {
    const { d, clear, closed } = deps({ token: 'old', viewer: () => Promise.resolve(null) });
    const outcome = await startUp(d);
    expect(outcome).toMatchObject({
      kind: 'signed-out',
      needsSetup: false,
      notice: PRODUCT_ERRORS.SESSION_EXPIRED,
    });
    expect(clear).toHaveBeenCalledWith({});
    expect(closed).toEqual([{ token: 'old' }]);
  });

  it('given the server says the account is deactivated, then sign-in shows that message', async () => {
    const { d } = deps({
      token: 'old',
      viewer: () =>
        Promise.reject(graphQLError('ACCOUNT_DEACTIVATED', PRODUCT_ERRORS.ACCOUNT_DEACTIVATED)),
    });
    expect(await startUp(d)).toMatchObject({
      kind: 'signed-out',
      notice: PRODUCT_ERRORS.ACCOUNT_DEACTIVATED,
    });
  });

  it("given the server cannot be reached and the desktop remembers this session's viewer, then the app starts offline on that session with that viewer, keeping the token", async () => {
    const remembered = { ...VIEWER, can_manage_company: false } as ViewerData;
    const { d, clear, closed } = deps({
      token: 'tok',
      viewer: () => Promise.reject(new TypeError('Failed to fetch')),
      remembered: () => Promise.resolve(remembered),
    });
    const outcome = await startUp(d);
    expect(outcome).toMatchObject({
      kind: 'offline',
      token: 'tok',
      viewer: remembered,
      session: { token: 'tok' },
      info: INFO,
    });
    expect(clear).not.toHaveBeenCalled();
    expect(closed).toEqual([]);
  });

  it('given a gateway says the server is down (503) and a remembered viewer, then the app starts offline', async () => {
    const { d } = deps({
      token: 'tok',
      viewer: () =>
        Promise.reject(
          new ServerError('Service Unavailable', {
            response: new Response('down', { status: 503 }),
            bodyText: 'down',
          }),
        ),
      remembered: () => Promise.resolve(VIEWER),
    });
    expect(await startUp(d)).toMatchObject({ kind: 'offline', viewer: VIEWER });
  });

  it('given the server says the session expired, then sign-in is due as before and the remembered viewer is not even asked for', async () => {
    const { d, clear } = deps({
      token: 'old',
      viewer: () => Promise.reject(graphQLError('SESSION_EXPIRED', PRODUCT_ERRORS.SESSION_EXPIRED)),
      remembered: () => Promise.resolve(VIEWER),
    });
    expect(await startUp(d)).toMatchObject({
      kind: 'signed-out',
      notice: PRODUCT_ERRORS.SESSION_EXPIRED,
    });
    expect(clear).toHaveBeenCalledWith({});
    expect(d.rememberedViewer).not.toHaveBeenCalled();
  });

  it('given the server answers with an error of its own (500), then start-up fails even with a remembered viewer', async () => {
    const { d } = deps({
      token: 'tok',
      viewer: () =>
        Promise.reject(
          new ServerError('Internal Server Error', {
            response: new Response('boom', { status: 500 }),
            bodyText: 'boom',
          }),
        ),
      remembered: () => Promise.resolve(VIEWER),
    });
    await expect(startUp(d)).rejects.toThrow('Internal Server Error');
  });

  it('given the server cannot be reached and the desktop cannot tell the viewer (older desktop), then start-up fails (the error screen)', async () => {
    const { d, clear } = deps({
      token: 'tok',
      viewer: () => Promise.reject(new TypeError('Failed to fetch')),
      remembered: () => Promise.reject(new Error('unknown channel')),
    });
    await expect(startUp(d)).rejects.toThrow('Failed to fetch');
    expect(clear).not.toHaveBeenCalled();
  });

  it('given the server cannot be reached and no viewer is remembered, then start-up fails (the error screen), keeping the saved token', async () => {
    const { d, clear } = deps({
      token: 'tok',
      viewer: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(startUp(d)).rejects.toThrow('Failed to fetch');
    expect(clear).not.toHaveBeenCalled();
  });
});
