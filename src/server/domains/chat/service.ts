/**
 * The rules of chat rooms (issue 21). Staff reach the rooms they are members of, in companies they
 * see; a guest reaches their own room only (canUseChatRoom); anything else answers like a missing
 * room. Staff create rooms, rename them, set their intake script and add members (users of the
 * room's company directly; its legal staff, contacts and named guests through an invitation
 * link). Every member sends, reads (their unread count resets) and fills the room's intake.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  addMemberInput,
  createRoomInput,
  favoriteRoomInput,
  intakeAnswersInput,
  markReadInput,
  MESSAGE_PAGE_DEFAULT,
  messagesInput,
  renameRoomInput,
  roomIdInput,
  roomListInput,
  roomScriptInput,
  sendMessageInput,
} from '../../../shared/chat';
import type { DatabaseExecutor } from '../../db/connection';
import { chatMessage, chatMessageFile, chatRoom, chatRoomMember } from '../../db/schemaChat';
import { notFound, parseInput, ValidationError } from '../../errors';
import {
  canAddChatMember,
  canUseChatRoom,
  canViewCompany,
  type ChatCaller,
  type Viewer,
} from '../../permissions';
import type { ChatGuests } from './guests';
import { announce, type ChatLive } from './live';
import type { ChatRepository, MemberRow, RoomRow } from './repository';

/** The room's answers in the order its script asks them (answers no longer asked come last). */
function orderedAnswers(answers: Record<string, string>, asked: readonly string[]) {
  const names = [
    ...asked.filter((n) => n in answers),
    ...Object.keys(answers).filter((n) => !asked.includes(n)),
  ];
  return names.map((name) => ({ name, value: answers[name]! }));
}

export function createChatService(repo: ChatRepository, guests: ChatGuests, live: ChatLive) {
  const { db } = repo;

  /** The room and the caller's member row, or not found. */
  async function access(ex: DatabaseExecutor, caller: ChatCaller, roomId: string) {
    const found =
      caller.kind === 'guest'
        ? caller.guest.roomId === roomId
          ? await repo.memberById(ex, caller.guest.memberId)
          : undefined
        : await repo.userMembership(ex, caller.viewer.companyIds, caller.viewer.user.id, roomId);
    if (!found || !canUseChatRoom(caller, found.room, found.member)) throw notFound();
    return found;
  }

  const staffOnly = (caller: ChatCaller, room: RoomRow): Viewer => {
    if (!canAddChatMember(caller, room) || caller.kind !== 'staff')
      throw new AppError('FORBIDDEN', 403);
    return caller.viewer;
  };

  async function checkScript(ex: DatabaseExecutor, companyId: string, scriptId: string) {
    if (!(await repo.script(ex, [companyId], scriptId)))
      throw new ValidationError([
        { path: 'intake_script_id', message: 'No such intake script of this company.' },
      ]);
  }

  async function details(caller: ChatCaller, roomId: string) {
    const { room, member } = await access(db, caller, roomId);
    const [members, script, [listed]] = await Promise.all([
      repo.members(db, room.id),
      room.intake_script_id ? repo.script(db, [room.company_id], room.intake_script_id) : undefined,
      repo.roomList(db, sql`m.id = ${member.id}`),
    ]);
    return {
      ...room,
      is_favorite: member.is_favorite,
      unread_count: listed?.unread_count ?? 0,
      my_member_id: member.id,
      can_manage: caller.kind === 'staff',
      members: caller.kind === 'guest' ? members.map((m) => ({ ...m, email: null })) : members,
      intake_script: script ?? null,
      intake_answers: orderedAnswers(room.intake_answers, script?.required_data ?? []),
    };
  }

  return {
    /** The caller's rooms: a staff member's in one company (default their own), a guest's one. */
    async rooms(caller: ChatCaller, raw: unknown) {
      const input = parseInput(roomListInput, raw);
      if (caller.kind === 'guest') return repo.roomList(db, sql`m.id = ${caller.guest.memberId}`);
      const company = input.company_id ?? caller.viewer.user.company_id;
      if (!canViewCompany(caller.viewer, company)) throw new AppError('NO_COMPANY', 404);
      return repo.roomList(
        db,
        sql`m.user_id = ${caller.viewer.user.id} and r.company_id = ${company}`,
      );
    },

    async room(caller: ChatCaller, raw: unknown) {
      return details(caller, parseInput(roomIdInput, raw).room_id);
    },

    async create(viewer: Viewer, raw: unknown) {
      const input = parseInput(createRoomInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      const id = await db.transaction(async (tx) => {
        if (input.intake_script_id) await checkScript(tx, input.company_id, input.intake_script_id);
        const others = [...new Set(input.member_user_ids ?? [])].filter(
          (u) => u !== viewer.user.id,
        );
        for (const [index, userId] of others.entries())
          if (!(await repo.activeUserOfCompany(tx, input.company_id, userId)))
            throw new ValidationError([
              {
                path: `member_user_ids.${index}`,
                message: 'Members must be active users of the company.',
              },
            ]);
        const [room] = await tx
          .insert(chatRoom)
          .values({
            company_id: input.company_id,
            name: input.name,
            room_type: input.intake_script_id ? 'intake' : 'group',
            intake_script_id: input.intake_script_id ?? null,
            created_by: viewer.user.id,
          })
          .returning({ id: chatRoom.id });
        await tx.insert(chatRoomMember).values(
          [viewer.user.id, ...others].map((userId) => ({
            room_id: room!.id,
            company_id: input.company_id,
            user_id: userId,
          })),
        );
        await announce(tx, { company_id: input.company_id, room_id: room!.id, kind: 'room' });
        return room!.id;
      });
      return details({ kind: 'staff', viewer }, id);
    },

    async rename(caller: ChatCaller, raw: unknown) {
      const input = parseInput(renameRoomInput, raw);
      await db.transaction(async (tx) => {
        const { room } = await access(tx, caller, input.room_id);
        staffOnly(caller, room);
        await tx
          .update(chatRoom)
          .set({ name: input.name, updated_at: new Date() })
          .where(eq(chatRoom.id, room.id));
        await announce(tx, { company_id: room.company_id, room_id: room.id, kind: 'room' });
      });
      return details(caller, input.room_id);
    },

    async setScript(caller: ChatCaller, raw: unknown) {
      const input = parseInput(roomScriptInput, raw);
      await db.transaction(async (tx) => {
        const { room } = await access(tx, caller, input.room_id);
        staffOnly(caller, room);
        if (input.intake_script_id) await checkScript(tx, room.company_id, input.intake_script_id);
        await tx
          .update(chatRoom)
          .set({
            intake_script_id: input.intake_script_id ?? null,
            room_type: input.intake_script_id ? 'intake' : 'group',
            updated_at: new Date(),
          })
          .where(eq(chatRoom.id, room.id));
        await announce(tx, { company_id: room.company_id, room_id: room.id, kind: 'room' });
      });
      return details(caller, input.room_id);
    },

    /** The caller's own favorite flag for the room. */
    async favorite(caller: ChatCaller, raw: unknown) {
      const input = parseInput(favoriteRoomInput, raw);
      const { member } = await access(db, caller, input.room_id);
      await db
        .update(chatRoomMember)
        .set({ is_favorite: input.is_favorite })
        .where(eq(chatRoomMember.id, member.id));
      return details(caller, input.room_id);
    },

    /** A user joins at once; staff, contacts and guests get an invitation link (token once). */
    async addMember(caller: ChatCaller, raw: unknown) {
      const input = parseInput(addMemberInput, raw);
      return db.transaction(async (tx) => {
        const { room } = await access(tx, caller, input.room_id);
        const viewer = staffOnly(caller, room);
        const values: typeof chatRoomMember.$inferInsert = {
          room_id: room.id,
          company_id: room.company_id,
        };
        if (input.kind === 'user') {
          if (!(await repo.activeUserOfCompany(tx, room.company_id, input.user_id!)))
            throw new ValidationError([
              { path: 'user_id', message: 'Members must be active users of the company.' },
            ]);
          values.user_id = input.user_id!;
        } else {
          values.is_guest = true;
          values.display_name = input.name ?? null;
          values.email = input.email ?? null;
          if (input.kind === 'staff') {
            if (!(await repo.liveStaff(tx, room.company_id, input.staff_id!)))
              throw new ValidationError([
                { path: 'staff_id', message: 'No such legal staff of this company.' },
              ]);
            values.staff_id = input.staff_id!;
          }
          if (input.kind === 'contact') {
            if (!(await repo.liveContact(tx, room.company_id, input.contact_id!)))
              throw new ValidationError([
                { path: 'contact_id', message: 'No such legal contact of this company.' },
              ]);
            values.contact_id = input.contact_id!;
          }
        }
        const [row] = await tx
          .insert(chatRoomMember)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: chatRoomMember.id });
        if (!row) throw new AppError('CHAT_ALREADY_MEMBER', 409);
        const invitation = values.is_guest
          ? await guests.invite(tx, room.id, row.id, viewer.user.id)
          : undefined;
        await announce(tx, { company_id: room.company_id, room_id: room.id, kind: 'room' });
        const member = await repo.member(tx, row.id);
        return {
          member: member!,
          invitation_token: invitation?.token ?? null,
          invitation_expires_at: invitation?.expires_at ?? null,
        };
      });
    },

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
        if (keys.length > 0 && caller.kind === 'guest')
          throw new ValidationError([
            { path: 'attachment_keys', message: 'Guests cannot attach files.' },
          ]);
        const files = await repo.storedFiles(tx, room.company_id, keys);
        const missing = keys.filter((key) => !files.some((f) => f.key === key));
        if (missing.length > 0)
          throw new ValidationError(
            missing.map((key) => ({
              path: `attachment_keys.${keys.indexOf(key)}`,
              message: 'Upload the file to this company before attaching it.',
            })),
          );
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

    join: (raw: unknown) => guests.join(raw),

    async follow(caller: ChatCaller, raw: unknown) {
      const { room_id } = parseInput(roomIdInput, raw);
      const { room } = await access(db, caller, room_id);
      return live.followRoom(room.id);
    },

    /** The live feed of the caller's rooms list (unread counts, names, new rooms). */
    followInbox(caller: ChatCaller, raw: unknown) {
      const input = parseInput(roomListInput, raw);
      if (caller.kind === 'guest') {
        const { roomId } = caller.guest;
        return live.followInbox(caller.guest.companyId, async (id) => id === roomId);
      }
      const company = input.company_id ?? caller.viewer.user.company_id;
      if (!canViewCompany(caller.viewer, company)) throw new AppError('NO_COMPANY', 404);
      const { viewer } = caller;
      return live.followInbox(company, async (id) => {
        const found = await repo.userMembership(db, viewer.companyIds, viewer.user.id, id);
        return !!found;
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
export type { MemberRow };
