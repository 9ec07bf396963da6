/**
 * Live notification events over PostgreSQL LISTEN/NOTIFY: the repository announces each new
 * notification with pg_notify inside its insert transaction; every server process listens on one
 * dedicated connection and hands events to its local subscribers. So several server processes on
 * one database all deliver. Events during a lost connection are not replayed (clients refetch the
 * list when they reconnect); the listener reconnects with backoff.
 */
import pg from 'pg';
import { z } from 'zod';
import { backoffDelay } from '../../../shared/backoff';

export const NOTIFICATION_CHANNEL = 'lexdesk_notification_added';

/** The listener's reconnects: 250 ms, doubling to 10 s, reset once it is connected again. */
const RECONNECT_BACKOFF = { base: 250, cap: 10_000 } as const;

const eventSchema = z.object({ id: z.uuid(), receiver_id: z.uuid() });
export type NotificationEvent = z.infer<typeof eventSchema>;
type Listener = (event: NotificationEvent) => void;

export interface NotificationBus {
  /** Calls `listener` for each new notification of `receiverId`; returns the unsubscribe function. */
  onNotification(receiverId: string, listener: Listener): () => void;
  /** How many live subscribers a receiver has in this process (tests await it instead of sleeping). */
  listenerCount(receiverId: string): number;
  close(): Promise<void>;
}

export async function startNotificationBus(
  databaseUrl: string,
  log: { warn(obj: object, msg: string): void },
): Promise<NotificationBus> {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Reconnect attempts since the connection was last up. */
  let reconnects = 0;

  function dispatch(message: pg.Notification) {
    if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      return;
    }
    const result = eventSchema.safeParse(parsed);
    if (!result.success) return;
    for (const listener of listeners.get(result.data.receiver_id) ?? []) listener(result.data);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', dispatch);
    next.on('error', (error) => {
      log.warn({ err: error }, 'notification listener lost its connection');
      drop(next);
    });
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    reconnects = 0;
  }

  function drop(failed: pg.Client) {
    if (client !== failed) return;
    client = undefined;
    failed.removeAllListeners('end');
    void failed.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    reconnects += 1;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        if (closed) return;
        connect().catch((error: unknown) => {
          log.warn({ err: error }, 'notification listener could not reconnect');
          scheduleReconnect();
        });
      },
      backoffDelay(reconnects, RECONNECT_BACKOFF),
    );
  }

  await connect();

  return {
    onNotification(receiverId, listener) {
      const set = listeners.get(receiverId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(receiverId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(receiverId);
      };
    },
    listenerCount(receiverId) {
      return listeners.get(receiverId)?.size ?? 0;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
