import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS, PRODUCT_ERRORS } from '../../shared/errors';
import { BRIDGE_MESSAGES } from './bridge-api';
import { createWsBridge, type BridgeSocket, type NativeNotifier, type WsBridge } from './bridge-ws';

class FakeSocket implements BridgeSocket {
  readyState = 0;
  sent: Array<{ id: number; channel: string; request: unknown; window?: string }> = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(
      JSON.parse(data) as { id: number; channel: string; request: unknown; window?: string },
    );
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  reply(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  lastId(): number {
    const last = this.sent.at(-1);
    if (!last) throw new Error('nothing was sent');
    return last.id;
  }
}

const APP_INFO = {
  version: '0.1.0',
  platform: 'linux',
  serverUrl: 'http://127.0.0.1:4000',
  transport: 'websocket',
};

let sockets: FakeSocket[];
let bridge: WsBridge;
let notifier: { show: ReturnType<typeof vi.fn<NativeNotifier['show']>> };

function latest(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  notifier = { show: vi.fn<NativeNotifier['show']>().mockResolvedValue(true) };
  bridge = createWsBridge({
    url: 'ws://host/desktop-bridge?token=t',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    notifier,
    callTimeoutMs: 5_000,
    backoff: { initialMs: 100, maxMs: 1_000 },
    // Equal jitter at its shortest: each wait is half its ceiling (50 ms, then 100 ms, ...).
    random: () => 0,
  });
});

afterEach(() => {
  bridge.dispose();
  vi.useRealTimers();
});

describe('the WebSocket bridge', () => {
  it('given a sign-in, when the host answers a window key, then later calls carry it until sign-out or the session ends elsewhere', async () => {
    latest().open();
    const load = bridge.session.load({});
    expect(latest().sent.at(-1)?.window).toBeUndefined();
    latest().reply({ kind: 'result', id: latest().lastId(), response: { token: null } });
    await load;

    const save = bridge.session.save({ token: 'x'.repeat(32) });
    latest().reply({ kind: 'result', id: latest().lastId(), response: { ok: true }, window: 'k1' });
    await save;
    void bridge.uploads.counts({}).catch(() => undefined);
    expect(latest().sent.at(-1)).toMatchObject({ channel: 'uploads:counts', window: 'k1' });

    const ended = vi.fn();
    bridge.on('session:ended', ended);
    latest().reply({
      kind: 'event',
      event: 'session:ended',
      payload: { reason: 'signed-in-elsewhere' },
    });
    expect(ended).toHaveBeenCalledWith({ reason: 'signed-in-elsewhere' });
    void bridge.review.status({}).catch(() => undefined);
    expect(latest().sent.at(-1)?.window).toBeUndefined();

    const again = bridge.session.save({ token: 'y'.repeat(32) });
    latest().reply({ kind: 'result', id: latest().lastId(), response: { ok: true }, window: 'k2' });
    await again;
    const clear = bridge.session.clear({});
    expect(latest().sent.at(-1)).toMatchObject({ channel: 'session:clear', window: 'k2' });
    latest().reply({ kind: 'result', id: latest().lastId(), response: { ok: true } });
    await clear;
    void bridge.app.info({}).catch(() => undefined);
    expect(latest().sent.at(-1)?.window).toBeUndefined();
  });

  it('given a window key the host no longer knows, when a call is refused or no session loads, then the key is dropped and the app is told once', async () => {
    latest().open();
    const ended = vi.fn();
    bridge.on('session:ended', ended);
    const save = bridge.session.save({ token: 'x'.repeat(32) });
    latest().reply({ kind: 'result', id: latest().lastId(), response: { ok: true }, window: 'k1' });
    await save;
    const refused = bridge.review.status({});
    const refusal = { code: 'WINDOW_NOT_SIGNED_IN', message: 'This window is not signed in.' };
    latest().reply({ kind: 'error', id: latest().lastId(), error: refusal });
    await expect(refused).rejects.toMatchObject({ code: 'WINDOW_NOT_SIGNED_IN' });
    expect(ended).toHaveBeenCalledWith({ reason: 'ended' });
    const again = bridge.review.status({});
    expect(latest().sent.at(-1)?.window).toBeUndefined();
    latest().reply({ kind: 'error', id: latest().lastId(), error: refusal });
    await expect(again).rejects.toMatchObject({ code: 'WINDOW_NOT_SIGNED_IN' });
    expect(ended).toHaveBeenCalledTimes(1);

    const resave = bridge.session.save({ token: 'y'.repeat(32) });
    latest().reply({ kind: 'result', id: latest().lastId(), response: { ok: true }, window: 'k2' });
    await resave;
    const load = bridge.session.load({});
    expect(latest().sent.at(-1)?.window).toBe('k2');
    latest().reply({ kind: 'result', id: latest().lastId(), response: { token: null } });
    await load;
    void bridge.app.info({}).catch(() => undefined);
    expect(latest().sent.at(-1)?.window).toBeUndefined();
  });

  it('given calls made before the socket opens, when it opens, then they are sent with distinct ids and resolve by id', async () => {
    const info = bridge.app.info({});
    const session = bridge.session.load({});
    expect(latest().sent).toHaveLength(0);
    latest().open();
    const [first, second] = latest().sent;
    expect(first?.channel).toBe('app:info');
    expect(second?.channel).toBe('session:load');
    expect(first?.id).not.toBe(second?.id);
    latest().reply({ kind: 'result', id: second?.id, response: { token: null } });
    latest().reply({ kind: 'result', id: first?.id, response: APP_INFO });
    await expect(info).resolves.toEqual(APP_INFO);
    await expect(session).resolves.toEqual({ token: null });
  });

  it('given the host answers with an error, when called, then the promise rejects with its code and message', async () => {
    latest().open();
    const call = bridge.session.save({ token: 'x'.repeat(32) });
    latest().reply({
      kind: 'error',
      id: latest().lastId(),
      error: { code: 'FORBIDDEN', message: PRODUCT_ERRORS.FORBIDDEN },
    });
    await expect(call).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: PRODUCT_ERRORS.FORBIDDEN,
    });
  });

  it('given a response outside the channel schema, when it arrives, then the call fails with INVALID_RESPONSE_STRUCTURE', async () => {
    latest().open();
    const call = bridge.app.info({});
    latest().reply({ kind: 'result', id: latest().lastId(), response: { version: 1 } });
    await expect(call).rejects.toMatchObject({
      code: 'INVALID_RESPONSE_STRUCTURE',
      message: ERRORS.INVALID_RESPONSE_STRUCTURE,
    });
  });

  it('given a request outside the channel schema, when called, then nothing is sent and it fails with INVALID_INPUT', async () => {
    latest().open();
    await expect(bridge.session.save({ token: 'short' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(latest().sent).toHaveLength(0);
  });

  it('given garbage and unknown messages, when they arrive, then they are ignored and calls still work', async () => {
    latest().open();
    const call = bridge.settings.get({});
    latest().onmessage?.({ data: 'not json' });
    latest().reply({ kind: 'nonsense' });
    latest().reply({ kind: 'result', id: 9999, response: {} });
    latest().reply({
      kind: 'result',
      id: latest().lastId(),
      response: { nativeNotifications: true, startMinimised: false },
    });
    await expect(call).resolves.toEqual({ nativeNotifications: true, startMinimised: false });
  });

  it('given a listener, when the host sends a valid event, then the listener gets its payload; a malformed one is dropped', () => {
    latest().open();
    const heard = vi.fn();
    const stop = bridge.on('settings:changed', heard);
    latest().reply({
      kind: 'event',
      event: 'settings:changed',
      payload: { nativeNotifications: false, startMinimised: true },
    });
    latest().reply({
      kind: 'event',
      event: 'settings:changed',
      payload: { nativeNotifications: 'no' },
    });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({ nativeNotifications: false, startMinimised: true });
    stop();
    latest().reply({
      kind: 'event',
      event: 'settings:changed',
      payload: { nativeNotifications: true, startMinimised: true },
    });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('given a sent call, when the connection drops, then it fails clearly and the bridge reconnects with backoff', async () => {
    latest().open();
    const call = bridge.app.info({});
    latest().drop();
    await expect(call).rejects.toMatchObject({
      code: 'BRIDGE_DISCONNECTED',
      message: BRIDGE_MESSAGES.BRIDGE_DISCONNECTED,
    });
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(49);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(99);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    latest().open();
    const again = bridge.app.info({});
    latest().reply({ kind: 'result', id: latest().lastId(), response: APP_INFO });
    await expect(again).resolves.toEqual(APP_INFO);
  });

  it('given a call made while disconnected, when the bridge reconnects, then the queued call is sent then', async () => {
    latest().open();
    latest().drop();
    const call = bridge.session.clear({});
    vi.advanceTimersByTime(100);
    latest().open();
    expect(latest().sent.map((m) => m.channel)).toEqual(['session:clear']);
    latest().reply({ kind: 'result', id: latest().lastId(), response: { ok: true } });
    await expect(call).resolves.toEqual({ ok: true });
  });

  it('given the host never answers, when the timeout passes, then the call fails with BRIDGE_TIMEOUT', async () => {
    latest().open();
    const call = bridge.app.info({});
    vi.advanceTimersByTime(5_000);
    await expect(call).rejects.toMatchObject({ code: 'BRIDGE_TIMEOUT' });
  });

  it('given showNative, when called, then the browser notifier shows it (not the host) and a click emits notifications:clicked', async () => {
    latest().open();
    const clicked = vi.fn();
    bridge.on('notifications:clicked', clicked);
    const result = await bridge.notifications.showNative({
      title: 'LexDesk',
      body: 'A case needs review',
      redirect: '/notifications',
    });
    expect(result).toEqual({ shown: true });
    expect(latest().sent).toHaveLength(0);
    const onClick = notifier.show.mock.calls[0]?.[1];
    onClick?.();
    expect(clicked).toHaveBeenCalledWith({ redirect: '/notifications' });
  });

  it('given the bridge is disposed, when a call is pending, then it fails and no reconnect happens', async () => {
    const call = bridge.app.info({});
    bridge.dispose();
    await expect(call).rejects.toMatchObject({ code: 'BRIDGE_DISCONNECTED' });
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });
});
