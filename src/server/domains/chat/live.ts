/**
 * Live chat (issue 21): each change is announced with pg_notify on CHAT_CHANNEL — a new message in
 * the transaction that stores it (so it is sent at commit, and only if it commits), typing and
 * read marks on their own — and every server process's bus hands it to that room's subscribers.
 * A message event is loaded from the database once per process (however many subscribers wait
 * for it) and pushed to each subscriber in the order the events arrived. A subscription first
 * sends `SUBSCRIBED` once it listens, so a client that refetches on it misses nothing.
 */
import { sql } from 'drizzle-orm';
import { Repeater } from 'graphql-yoga';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { CHAT_CHANNEL, type ChatBusEvent, type NotificationBus } from '../notifications/bus';
import type { ChatRepository, MessageRow } from './repository';

export type ChatEventType = 'SUBSCRIBED' | 'MESSAGE' | 'TYPING' | 'READ' | 'ROOM';

export interface ChatRoomEvent {
  type: ChatEventType;
  room_id: string;
  message: MessageRow | null;
  member_id: string | null;
  member_name: string | null;
  last_read_message_id: string | null;
}

export interface ChatInboxEvent {
  /** null for SUBSCRIBED. */
  room_id: string | null;
  type: ChatEventType;
}

type Announce = Omit<ChatBusEvent, 'message_id' | 'member_id'> & {
  message_id?: number | null;
  member_id?: string | null;
};

/** pg_notify a chat event; inside a transaction it is sent at commit. */
export async function announce(ex: DatabaseExecutor, event: Announce): Promise<void> {
  const payload: ChatBusEvent = {
    ...event,
    message_id: event.message_id == null ? null : String(event.message_id),
    member_id: event.member_id ?? null,
  };
  await ex.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(payload)})`);
}

export function createChatLive(
  db: Database,
  repo: ChatRepository,
  bus: Pick<NotificationBus, 'onChatRoom' | 'onCompanyChat'>,
) {
  // One load per message per process, shared by every subscriber waiting for it.
  const loads = new Map<number, Promise<MessageRow | undefined>>();
  function loadMessage(roomId: string, id: number) {
    let load = loads.get(id);
    if (!load) {
      load = repo
        .messages(db, roomId, { onlyId: id }, 1)
        .then((rows) => rows[0])
        .finally(() => {
          setTimeout(() => loads.delete(id), 5_000).unref();
        });
      loads.set(id, load);
    }
    return load;
  }

  async function toEvent(event: ChatBusEvent): Promise<ChatRoomEvent | undefined> {
    const base = {
      room_id: event.room_id,
      message: null,
      member_id: event.member_id,
      member_name: null,
      last_read_message_id: null,
    };
    if (event.kind === 'message') {
      const message = event.message_id
        ? await loadMessage(event.room_id, Number(event.message_id))
        : undefined;
      return message ? { ...base, type: 'MESSAGE', message } : undefined;
    }
    if (event.kind === 'room') return { ...base, type: 'ROOM' };
    const member = event.member_id ? await repo.member(db, event.member_id) : undefined;
    if (!member) return undefined;
    return event.kind === 'typing'
      ? { ...base, type: 'TYPING', member_name: member.name }
      : { ...base, type: 'READ', member_name: member.name, last_read_message_id: event.message_id };
  }

  return {
    /** The room's events; the caller's access to the room is checked before (service.ts). */
    followRoom(roomId: string): AsyncIterable<ChatRoomEvent> {
      return new Repeater<ChatRoomEvent>(async (push, stop) => {
        let chain: Promise<unknown> = Promise.resolve();
        const off = bus.onChatRoom(roomId, (event) => {
          chain = chain
            .then(() => toEvent(event))
            .then((out) => (out ? push(out) : undefined))
            .catch(() => undefined);
        });
        void push({
          type: 'SUBSCRIBED',
          room_id: roomId,
          message: null,
          member_id: null,
          member_name: null,
          last_read_message_id: null,
        }).catch(() => undefined);
        await stop;
        off();
      });
    },

    /**
     * Events of the rooms `isMine` accepts among the company's (the rooms list refetches on each);
     * `isMine` is asked again for a room it refused when that room changes (a member was added).
     */
    followInbox(
      companyId: string,
      isMine: (roomId: string) => Promise<boolean>,
    ): AsyncIterable<ChatInboxEvent> {
      return new Repeater<ChatInboxEvent>(async (push, stop) => {
        const known = new Map<string, boolean>();
        let chain: Promise<unknown> = Promise.resolve();
        const off = bus.onCompanyChat(companyId, (event) => {
          if (event.kind === 'typing') return;
          chain = chain
            .then(async () => {
              let mine = known.get(event.room_id);
              if (mine === undefined || (!mine && event.kind === 'room')) {
                mine = await isMine(event.room_id);
                known.set(event.room_id, mine);
              }
              const type: ChatEventType =
                event.kind === 'message' ? 'MESSAGE' : event.kind === 'read' ? 'READ' : 'ROOM';
              if (mine) await push({ room_id: event.room_id, type });
            })
            .catch(() => undefined);
        });
        void push({ room_id: null, type: 'SUBSCRIBED' }).catch(() => undefined);
        await stop;
        off();
      });
    },
  };
}

export type ChatLive = ReturnType<typeof createChatLive>;
