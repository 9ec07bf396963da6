/**
 * Messages of a chat room (issue 21): keyset pages, sending (files uploaded for the room's company;
 * a guest's own uploads only, uploads.ts; a retried client_id answers the stored message), read marks (the caller's unread
 * count resets), typing, and the answers to the room's intake script. Every change is announced
 * on the bus (live.ts) so the room's members hear it at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  intakeAnswersInput,
  markReadInput,
  MESSAGE_PAGE_DEFAULT,
  messagesInput,
  roomIdInput,
  sendMessageInput,
} from '../../../shared/chat';
import { chatMessage, chatMessageFile, chatRoom, chatRoomMember } from '../../db/schemaChat';
import { parseInput, ValidationError } from '../../errors';
import type { ChatCaller } from '../../permissions';
import { attachableFiles } from '../files/repository';
import type { RoomAccess } from './access';
import type { ChatUploads } from './uploads';
import { announce } from './live';
import type { ChatRepository } from './repository';

export function createChatMessages(
  repo: ChatRepository,
  { access, details }: RoomAccess,
  uploads: Pick<ChatUploads, 'checkOwn'>,
) {
  const { db } = repo;
  return {
    /** Keyset pages, newest page first; each page reads oldest to newest. */
    async messages(caller: ChatCaller, raw: unknown) {
      const input = parseInput(messagesInput, raw);
      const { room } = await access(db, caller, input.room_id);
      const limit = input.limit ?? MESSAGE_PAGE_DEFAULT;
      const rows = await repo.messages(
        db,
        room.id,
        input.before ? { before: Number(input.before) } : {},
        limit + 1,
      );
      const has_more = rows.length > limit;
      return { items: has_more ? rows.slice(1) : rows, has_more };
    },

    /** Stores and announces a message; a retried client_id answers the stored one. */
    async send(caller: ChatCaller, raw: unknown) {
      const input = parseInput(sendMessageInput, raw);
      const keys = [...new Set(input.attachment_keys ?? [])];
      if (input.message.trim() === '' && keys.length === 0)
        throw new ValidationError([{ path: 'message', message: 'message is required.' }]);
      const id = await db.transaction(async (tx) => {
        const { room, member } = await access(tx, caller, input.room_id);
        if (input.client_id) {
          const existing = await repo.messageByClientId(tx, member.id, input.client_id);
          if (existing) return existing;
        }
        const files = await attachableFiles(tx, room.company_id, keys);
        if (caller.kind === 'guest') await uploads.checkOwn(tx, caller.guest, keys);
        const [row] = await tx
          .insert(chatMessage)
          .values({
            room_id: room.id,
            company_id: room.company_id,
            sender_id: member.id,
            message: input.message,
            client_id: input.client_id ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: chatMessage.id });
        // A parallel retry of the same client_id stored it first.
        if (!row) return (await repo.messageByClientId(tx, member.id, input.client_id!))!;
        if (files.length > 0)
          await tx.insert(chatMessageFile).values(
            files.map((f) => ({
              message_id: row.id,
              file_key: f.key,
              type: f.content_type,
              size: f.size,
              name: f.original_name,
            })),
          );
        await tx
          .update(chatRoomMember)
          .set({ last_read_message_id: row.id })
          .where(eq(chatRoomMember.id, member.id));
        await tx.update(chatRoom).set({ updated_at: new Date() }).where(eq(chatRoom.id, room.id));
        await announce(tx, {
          company_id: room.company_id,
          room_id: room.id,
          kind: 'message',
          message_id: row.id,
          member_id: member.id,
        });
        return row.id;
      });
      const [message] = await repo.messages(db, input.room_id, { onlyId: id }, 1);
      return message!;
    },

    /** Reads up to a message (default the newest): the caller's unread count resets. */
    async markRead(caller: ChatCaller, raw: unknown) {
      const input = parseInput(markReadInput, raw);
      const { room, member } = await access(db, caller, input.room_id);
      const newest = await repo.newestMessageId(db, room.id);
      const upTo = Math.min(input.message_id ? Number(input.message_id) : Infinity, newest ?? 0);
      if (upTo > 0 && upTo > (member.last_read_message_id ?? 0)) {
        await db
          .update(chatRoomMember)
          .set({ last_read_message_id: upTo })
          .where(
            and(
              eq(chatRoomMember.id, member.id),
              sql`coalesce(${chatRoomMember.last_read_message_id}, 0) < ${upTo}`,
            ),
          );
        await announce(db, {
          company_id: room.company_id,
          room_id: room.id,
          kind: 'read',
          message_id: upTo,
          member_id: member.id,
        });
      }
      return details(caller, room.id);
    },

    async typing(caller: ChatCaller, raw: unknown): Promise<boolean> {
      const { room_id } = parseInput(roomIdInput, raw);
      const { room, member } = await access(db, caller, room_id);
      await announce(db, {
        company_id: room.company_id,
        room_id: room.id,
        kind: 'typing',
        member_id: member.id,
      });
      return true;
    },

    /** Answers to the room's script's required_data, merged into what the room gathered. */
    async saveAnswers(caller: ChatCaller, raw: unknown) {
      const input = parseInput(intakeAnswersInput, raw);
      await db.transaction(async (tx) => {
        const { room } = await access(tx, caller, input.room_id);
        const [locked] = await tx
          .select()
          .from(chatRoom)
          .where(eq(chatRoom.id, room.id))
          .for('update');
        const script = locked?.intake_script_id
          ? await repo.script(tx, [room.company_id], locked.intake_script_id)
          : undefined;
        if (!locked || !script)
          throw new ValidationError([
            { path: 'room_id', message: 'This room follows no intake script.' },
          ]);
        const answers = { ...locked.intake_answers };
        for (const [index, answer] of input.answers.entries()) {
          const name = script.required_data.find(
            (n) => n.toLowerCase() === answer.name.toLowerCase(),
          );
          if (!name)
            throw new ValidationError([
              { path: `answers.${index}.name`, message: 'The script does not ask for this.' },
            ]);
          answers[name] = answer.value;
        }
        await tx
          .update(chatRoom)
          .set({ intake_answers: answers, updated_at: new Date() })
          .where(eq(chatRoom.id, room.id));
        await announce(tx, { company_id: room.company_id, room_id: room.id, kind: 'room' });
      });
      return details(caller, input.room_id);
    },
  };
}
