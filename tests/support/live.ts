/** A real graphql-ws client (graphql-transport-ws protocol) for subscription tests. */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface LiveFeed<T> {
  /** Resolves with the next event (or rejects after `timeoutMs`). */
  next(timeoutMs?: number): Promise<T>;
  /** Resolves once the server acknowledged the connection. */
  connected: Promise<void>;
  /** Resolves with the close code when the socket closes. */
  closed: Promise<number>;
  dispose(): Promise<void>;
}

export function subscribe<T>(
  httpUrl: string,
  token: string | undefined,
  query: string,
): LiveFeed<T> {
  const received: T[] = [];
  const waiting: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  let failure: unknown;
  let onConnected!: () => void;
  let onClosed!: (code: number) => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const closed = new Promise<number>((resolve) => (onClosed = resolve));
  const client: Client = createClient({
    url: `${httpUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    on: {
      connected: () => onConnected(),
      closed: (event) => onClosed((event as { code?: number }).code ?? 0),
    },
  });
  client.subscribe<T>(
    { query },
    {
      next: (result) => {
        if (result.errors) {
          failure = result.errors;
          // A refused subscription answers with errors: whoever waits hears of them at once.
          for (const waiter of waiting.splice(0)) waiter.reject(new Error(JSON.stringify(failure)));
          return;
        }
        const value = result.data as T;
        const waiter = waiting.shift();
        if (waiter) waiter.resolve(value);
        else received.push(value);
      },
      error: (error) => {
        failure = error;
        for (const waiter of waiting.splice(0)) waiter.reject(new Error(JSON.stringify(failure)));
      },
      complete: () => undefined,
    },
  );
  return {
    connected,
    closed,
    next(timeoutMs = 5000) {
      if (failure) return Promise.reject(new Error(JSON.stringify(failure)));
      const ready = received.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
      });
    },
    async dispose() {
      await client.dispose();
    },
  };
}
