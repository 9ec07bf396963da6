import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_FILES_CHANGED_SUBSCRIPTION } from '../features/live-files/operations';
import { createApolloSession } from './apollo';

/** A WebSocket whose every connection fails, as while the server is away. */
class UnreachableSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static opened = 0;
  readyState = UnreachableSocket.CONNECTING;
  protocol = 'graphql-transport-ws';
  onopen: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onmessage: ((event: unknown) => void) | null = null;
  constructor() {
    UnreachableSocket.opened += 1;
    queueMicrotask(() => {
      this.readyState = UnreachableSocket.CLOSED;
      this.onerror?.({ type: 'error' });
      this.onclose?.({ code: 1006, reason: '', wasClean: false });
    });
  }
  send(): void {}
  close(): void {}
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live connection', () => {
  it('given the server away and a reconnect waiting out its back-off, when closed for a sign-out, then it does not wait for the back-off', async () => {
    // The back-off is a timer that, held here, never fires: only a close that waits for it hangs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const session = createApolloSession({
      serverUrl: 'http://127.0.0.1:9',
      token: 'token',
      webSocketImpl: UnreachableSocket,
      fetch: () => Promise.reject(new Error('no server')),
    });
    const subscription = session.client
      .subscribe({ query: COMPANY_FILES_CHANGED_SUBSCRIPTION, variables: { company_id: 'c1' } })
      .subscribe({ error: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(UnreachableSocket.opened).toBe(1); // failed once; the retry now sleeps its back-off

    let closed = false;
    void session.closeLive().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(true);
    subscription.unsubscribe();
  });
});
