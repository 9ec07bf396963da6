/**
 * The rules of chat rooms (issue 21). Staff reach the rooms they are members of, in companies they
 * see; a guest reaches their own room only (canUseChatRoom); anything else answers like a missing
 * room. Staff create rooms, rename them, set their intake script and add members (users of the
 * room's company directly; its legal staff, contacts and named guests through an invitation
 * link). Every member sends, reads (their unread count resets) and fills the room's intake.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  addMemberInput,
  createRoomInput,
  favoriteRoomInput,
  renameRoomInput,
  roomIdInput,
  roomListInput,
  roomScriptInput,
} from '../../../shared/chat';
import { chatRoom, chatRoomMember } from '../../db/schemaChat';
import { parseInput, ValidationError } from '../../errors';
import { canViewCompany, type ChatCaller, type Viewer } from '../../permissions';
import { activeUserOfCompany } from '../users/repository';
import { createRoomAccess } from './access';
import type { ChatUploads } from './uploads';
import type { ChatGuests } from './guests';
import { announce, type ChatLive } from './live';
import { createChatMessages } from './messages';
import type { ChatRepository, MemberRow } from './repository';

export function createChatService(
  repo: ChatRepository,
  guests: ChatGuests,
  uploads: ChatUploads,
  live: ChatLive,
) {
  const { db } = repo;
  const rooms = createRoomAccess(repo);
  const { access, staffOnly, checkScript, details } = rooms;

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
          if (!(await activeUserOfCompany(tx, input.company_id, userId)))
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
          if (!(await activeUserOfCompany(tx, room.company_id, input.user_id!)))
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

    ...createChatMessages(repo, rooms, uploads),
    removeUpload: (caller: ChatCaller, raw: unknown) => uploads.remove(caller, raw),
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
