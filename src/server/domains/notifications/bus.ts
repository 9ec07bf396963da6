/**
 * Live events over PostgreSQL LISTEN/NOTIFY, on one dedicated connection per server process, handed
 * to that process's local subscribers, so several server processes on one database all deliver:
 * - lexdesk_notification_added: the repository announces each new notification with pg_notify
 *   inside its insert transaction; delivered to the receiver's subscribers.
 * - lexdesk_company_files_changed: triggers on raw_file and legal_processed_file (migration 0011)
 *   announce the company whose raw files or documents a transaction wrote; delivered to that
 *   company's subscribers only, and to the process's notification rules (which fire their
 *   document rules of that company at once instead of waiting for the next tick).
 * - lexdesk_workflow_logs_changed: triggers on workflow_run (migration 0018; the engine writes a run
 *   with each of its node log writes) announce the log group (company, workflow, processed file) a transaction wrote; delivered to
 *   that company's subscribers only.
 * - lexdesk_chat: the chat domain announces a room's new message, typing, read mark or change
 *   (domains/chat/live.ts); delivered to that room's subscribers and that company's inbox ones.
 * Events during a lost connection are not replayed (clients refetch when they resubscribe); the
 * listener reconnects with backoff.
 */
import pg from 'pg';
import { z } from 'zod';
import { backoffDelay } from '../../../shared/backoff';

export const NOTIFICATION_CHANNEL = 'lexdesk_notification_added';
export const COMPANY_FILES_CHANNEL = 'lexdesk_company_files_changed';
export const WORKFLOW_LOGS_CHANNEL = 'lexdesk_workflow_logs_changed';
export const CHAT_CHANNEL = 'lexdesk_chat';

/** The listener's reconnects: 250 ms, doubling to 10 s, reset once it is connected again. */
const RECONNECT_BACKOFF = { base: 250, cap: 10_000 } as const;

const eventSchema = z.object({ id: z.uuid(), receiver_id: z.uuid() });
export type NotificationEvent = z.infer<typeof eventSchema>;
type Listener = (event: NotificationEvent) => void;

const companyFilesSchema = z.object({ company_id: z.uuid() });
export type CompanyFilesEvent = z.infer<typeof companyFilesSchema>;
type CompanyListener = (event: CompanyFilesEvent) => void;

const workflowLogsSchema = z.object({
  company_id: z.uuid(),
  workflow_id: z.uuid(),
  legal_processed_file_id: z.uuid().nullable(),
});
export type WorkflowLogsEvent = z.infer<typeof workflowLogsSchema>;
type WorkflowLogsListener = (event: WorkflowLogsEvent) => void;

const chatSchema = z.object({
  company_id: z.uuid(),
  room_id: z.uuid(),
  kind: z.enum(['message', 'typing', 'read', 'room']),
  message_id: z.string().nullable(),
  member_id: z.uuid().nullable(),
});
export type ChatBusEvent = z.infer<typeof chatSchema>;
type ChatListener = (event: ChatBusEvent) => void;

export interface NotificationBus {
  /** Calls `listener` for each new notification of `receiverId`; returns the unsubscribe function. */
  onNotification(receiverId: string, listener: Listener): () => void;
  /** How many live subscribers a receiver has in this process (tests await it instead of sleeping). */
  listenerCount(receiverId: string): number;
  /** Calls `listener` each time a transaction wrote raw files or documents of `companyId`. */
  onCompanyFilesChanged(companyId: string, listener: CompanyListener): () => void;
  /** How many live subscribers a company's file changes have in this process (for tests). */
  companyListenerCount(companyId: string): number;
  /** Calls `listener` for every company's file changes (the notification rules' wake-up). */
  onAnyCompanyFilesChanged(listener: CompanyListener): () => void;
  /** Calls `listener` each time a transaction wrote a run or node log of `companyId`, per group. */
  onWorkflowLogsChanged(companyId: string, listener: WorkflowLogsListener): () => void;
  /** How many live subscribers a company's workflow logs have in this process (for tests). */
  workflowLogsListenerCount(companyId: string): number;
  /** Calls `listener` for each chat event of room `roomId`. */
  onChatRoom(roomId: string, listener: ChatListener): () => void;
  /** Calls `listener` for each chat event of any room of `companyId` (the rooms list). */
  onCompanyChat(companyId: string, listener: ChatListener): () => void;
  /** How many live subscribers a chat room has in this process (for tests). */
  chatRoomListenerCount(roomId: string): number;
  close(): Promise<void>;
}

export async function startNotificationBus(
  databaseUrl: string,
  log: { warn(obj: object, msg: string): void },
): Promise<NotificationBus> {
  const listeners = new Map<string, Set<Listener>>();
  const companyListeners = new Map<string, Set<CompanyListener>>();
  const anyCompanyListeners = new Set<CompanyListener>();
  const workflowLogListeners = new Map<string, Set<WorkflowLogsListener>>();
  const chatRoomListeners = new Map<string, Set<ChatListener>>();
  const companyChatListeners = new Map<string, Set<ChatListener>>();
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Reconnect attempts since the connection was last up. */
  let reconnects = 0;

  function dispatch(message: pg.Notification) {
    if (!message.payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      return;
    }
    if (message.channel === NOTIFICATION_CHANNEL) {
      const result = eventSchema.safeParse(parsed);
      if (!result.success) return;
      for (const listener of listeners.get(result.data.receiver_id) ?? []) listener(result.data);
    } else if (message.channel === COMPANY_FILES_CHANNEL) {
      const result = companyFilesSchema.safeParse(parsed);
      if (!result.success) return;
      for (const listener of companyListeners.get(result.data.company_id) ?? [])
        listener(result.data);
      for (const listener of anyCompanyListeners) listener(result.data);
    } else if (message.channel === WORKFLOW_LOGS_CHANNEL) {
      const result = workflowLogsSchema.safeParse(parsed);
      if (!result.success) return;
      for (const listener of workflowLogListeners.get(result.data.company_id) ?? [])
        listener(result.data);
    } else if (message.channel === CHAT_CHANNEL) {
      const result = chatSchema.safeParse(parsed);
      if (!result.success) return;
      for (const listener of chatRoomListeners.get(result.data.room_id) ?? [])
        listener(result.data);
      for (const listener of companyChatListeners.get(result.data.company_id) ?? [])
        listener(result.data);
    }
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
      await next.query(`LISTEN ${COMPANY_FILES_CHANNEL}`);
      await next.query(`LISTEN ${WORKFLOW_LOGS_CHANNEL}`);
      await next.query(`LISTEN ${CHAT_CHANNEL}`);
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
    onNotification: (receiverId, listener) => addTo(listeners, receiverId, listener),
    listenerCount(receiverId) {
      return listeners.get(receiverId)?.size ?? 0;
    },
    onCompanyFilesChanged: (companyId, listener) => addTo(companyListeners, companyId, listener),
    companyListenerCount(companyId) {
      return companyListeners.get(companyId)?.size ?? 0;
    },
    onAnyCompanyFilesChanged(listener) {
      anyCompanyListeners.add(listener);
      return () => void anyCompanyListeners.delete(listener);
    },
    onWorkflowLogsChanged: (companyId, listener) =>
      addTo(workflowLogListeners, companyId, listener),
    workflowLogsListenerCount(companyId) {
      return workflowLogListeners.get(companyId)?.size ?? 0;
    },
    onChatRoom: (roomId, listener) => addTo(chatRoomListeners, roomId, listener),
    onCompanyChat: (companyId, listener) => addTo(companyChatListeners, companyId, listener),
    chatRoomListenerCount(roomId) {
      return chatRoomListeners.get(roomId)?.size ?? 0;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      companyListeners.clear();
      anyCompanyListeners.clear();
      workflowLogListeners.clear();
      chatRoomListeners.clear();
      companyChatListeners.clear();
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

/** Adds `listener` under `key`; returns the function that removes it (and the key once empty). */
function addTo<L>(map: Map<string, Set<L>>, key: string, listener: L): () => void {
  const set = map.get(key) ?? new Set<L>();
  set.add(listener);
  map.set(key, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(key);
  };
}
