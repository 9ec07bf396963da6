/**
 * SQL of chat rooms (db/schemaChat.ts). A room is reached through a member row: a staff member's
 * (user_id = the caller, the room of a company the caller sees) or a guest's own; anything else
 * answers like a missing room. Unread counts are counted from each member's last read message.
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile } from '../../db/schema';
import {
  chatMessage,
  chatMessageFile,
  chatRoom,
  chatRoomMember,
  intakeMetadata,
  intakeScript,
} from '../../db/schemaChat';
import { legalContact, legalStaff } from '../../db/schemaPeople';

/** An intake script as GraphQL's IntakeScript answers it (the script, its metadata, its author). */
export const INTAKE_SCRIPT_VIEW = {
  id: intakeScript.id,
  company_id: intakeScript.company_id,
  title: intakeScript.title,
  created_by: intakeScript.created_by,
  created_by_email: userProfile.email,
  created_at: intakeScript.created_at,
  last_updated_at: intakeScript.last_updated_at,
  subject: intakeMetadata.subject,
  dialog: intakeMetadata.dialog,
  required_data: intakeMetadata.required_data,
};

export type RoomRow = typeof chatRoom.$inferSelect;
export type MemberRow = typeof chatRoomMember.$inferSelect;

export type RoomListRow = {
  id: string;
  company_id: string;
  name: string;
  room_type: string;
  intake_script_id: string | null;
  is_favorite: boolean;
  unread_count: number;
  last_message: string | null;
  last_message_at: Date | null;
  created_at: Date;
  member_id: string;
};

export interface MessageRow {
  id: number;
  room_id: string;
  sender_id: string;
  sender_name: string;
  sender_is_guest: boolean;
  message: string;
  client_id: string | null;
  created_at: Date;
  attached_files: Array<{ id: string; file_key: string; type: string; size: number; name: string }>;
}

/** A member's shown name: the user's profile, the staff or contact it stands for, or its own. */
const MEMBER_NAME = sql<string>`coalesce(
  nullif(trim(coalesce(${userProfile.first_name}, '') || ' ' || coalesce(${userProfile.last_name}, '')), ''),
  ${userProfile.email}, ${legalStaff.display_name}, ${legalContact.display_name}, ${legalContact.name},
  ${chatRoomMember.display_name}, 'Guest')`;

export function createChatRepository(db: Database) {
  const memberViews = (ex: DatabaseExecutor) =>
    ex
      .select({
        id: chatRoomMember.id,
        room_id: chatRoomMember.room_id,
        user_id: chatRoomMember.user_id,
        staff_id: chatRoomMember.staff_id,
        contact_id: chatRoomMember.contact_id,
        is_guest: chatRoomMember.is_guest,
        name: MEMBER_NAME,
        email: sql<
          string | null
        >`coalesce(${userProfile.email}, ${legalStaff.email}, ${legalContact.primary_email}, ${chatRoomMember.email})`,
        is_favorite: chatRoomMember.is_favorite,
        last_read_message_id: chatRoomMember.last_read_message_id,
        joined_at: chatRoomMember.joined_at,
        created_at: chatRoomMember.created_at,
      })
      .from(chatRoomMember)
      .leftJoin(userProfile, eq(userProfile.id, chatRoomMember.user_id))
      .leftJoin(legalStaff, eq(legalStaff.id, chatRoomMember.staff_id))
      .leftJoin(legalContact, eq(legalContact.id, chatRoomMember.contact_id));

  return {
    db,

    /** The room and the caller's member row, when the user is a member of a room they may see. */
    async userMembership(
      ex: DatabaseExecutor,
      companyIds: readonly string[],
      userId: string,
      roomId: string,
    ): Promise<{ room: RoomRow; member: MemberRow } | undefined> {
      const [row] = await ex
        .select({ room: chatRoom, member: chatRoomMember })
        .from(chatRoom)
        .innerJoin(
          chatRoomMember,
          and(eq(chatRoomMember.room_id, chatRoom.id), eq(chatRoomMember.user_id, userId)),
        )
        .where(and(eq(chatRoom.id, roomId), inArray(chatRoom.company_id, [...companyIds])))
        .limit(1);
      return row;
    },

    async memberById(
      ex: DatabaseExecutor,
      memberId: string,
    ): Promise<{ room: RoomRow; member: MemberRow } | undefined> {
      const [row] = await ex
        .select({ room: chatRoom, member: chatRoomMember })
        .from(chatRoomMember)
        .innerJoin(chatRoom, eq(chatRoom.id, chatRoomMember.room_id))
        .where(eq(chatRoomMember.id, memberId))
        .limit(1);
      return row;
    },

    /** Rooms of these member rows with the member's favorite flag, unread count and last message. */
    async roomList(ex: DatabaseExecutor, memberWhere: ReturnType<typeof sql>) {
      const result = await ex.execute<RoomListRow>(sql`
        select r.id, r.company_id, r.name, r.room_type, r.intake_script_id, m.is_favorite,
               r.created_at, m.id as member_id,
               (select count(*)::int from chat_message x
                 where x.room_id = r.id and x.id > coalesce(m.last_read_message_id, 0)
                   and x.sender_id <> m.id) as unread_count,
               last.message as last_message, last.created_at as last_message_at
          from chat_room_member m
          join chat_room r on r.id = m.room_id
          left join lateral (select message, created_at from chat_message x
                              where x.room_id = r.id order by x.id desc limit 1) last on true
         where ${memberWhere}
         order by m.is_favorite desc, coalesce(last.created_at, r.created_at) desc, r.id`);
      return result.rows.map((row) => ({
        ...row,
        created_at: new Date(row.created_at),
        last_message_at: row.last_message_at ? new Date(row.last_message_at) : null,
      }));
    },

    members(ex: DatabaseExecutor, roomId: string) {
      return memberViews(ex)
        .where(eq(chatRoomMember.room_id, roomId))
        .orderBy(asc(chatRoomMember.created_at), asc(chatRoomMember.id));
    },

    async member(ex: DatabaseExecutor, memberId: string) {
      const [row] = await memberViews(ex).where(eq(chatRoomMember.id, memberId)).limit(1);
      return row;
    },

    /** Newest first from the database; answered oldest first (the room's reading order). */
    async messages(
      ex: DatabaseExecutor,
      roomId: string,
      where: { before?: number; onlyId?: number },
      limit: number,
    ): Promise<MessageRow[]> {
      const rows = await ex
        .select({
          id: chatMessage.id,
          room_id: chatMessage.room_id,
          sender_id: chatMessage.sender_id,
          sender_name: MEMBER_NAME,
          sender_is_guest: chatRoomMember.is_guest,
          message: chatMessage.message,
          client_id: chatMessage.client_id,
          created_at: chatMessage.created_at,
        })
        .from(chatMessage)
        .innerJoin(chatRoomMember, eq(chatRoomMember.id, chatMessage.sender_id))
        .leftJoin(userProfile, eq(userProfile.id, chatRoomMember.user_id))
        .leftJoin(legalStaff, eq(legalStaff.id, chatRoomMember.staff_id))
        .leftJoin(legalContact, eq(legalContact.id, chatRoomMember.contact_id))
        .where(
          and(
            eq(chatMessage.room_id, roomId),
            where.before !== undefined ? lt(chatMessage.id, where.before) : undefined,
            where.onlyId !== undefined ? eq(chatMessage.id, where.onlyId) : undefined,
          ),
        )
        .orderBy(desc(chatMessage.id))
        .limit(limit);
      const files =
        rows.length === 0
          ? []
          : await ex
              .select({
                id: chatMessageFile.id,
                message_id: chatMessageFile.message_id,
                file_key: chatMessageFile.file_key,
                type: chatMessageFile.type,
                size: chatMessageFile.size,
                name: chatMessageFile.name,
              })
              .from(chatMessageFile)
              .where(
                inArray(
                  chatMessageFile.message_id,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(asc(chatMessageFile.name));
      return rows.reverse().map((row) => ({
        ...row,
        attached_files: files.filter((f) => f.message_id === row.id),
      }));
    },

    async messageByClientId(ex: DatabaseExecutor, senderId: string, clientId: string) {
      const [row] = await ex
        .select({ id: chatMessage.id })
        .from(chatMessage)
        .where(and(eq(chatMessage.sender_id, senderId), eq(chatMessage.client_id, clientId)))
        .limit(1);
      return row?.id;
    },

    async newestMessageId(ex: DatabaseExecutor, roomId: string): Promise<number | undefined> {
      const [row] = await ex
        .select({ id: chatMessage.id })
        .from(chatMessage)
        .where(eq(chatMessage.room_id, roomId))
        .orderBy(desc(chatMessage.id))
        .limit(1);
      return row?.id;
    },

    async liveStaff(ex: DatabaseExecutor, companyId: string, staffId: string) {
      const [row] = await ex
        .select({ id: legalStaff.id })
        .from(legalStaff)
        .where(
          and(
            eq(legalStaff.id, staffId),
            eq(legalStaff.company_id, companyId),
            eq(legalStaff.is_deleted, false),
          ),
        )
        .limit(1);
      return !!row;
    },

    async liveContact(ex: DatabaseExecutor, companyId: string, contactId: string) {
      const [row] = await ex
        .select({ id: legalContact.id })
        .from(legalContact)
        .where(
          and(
            eq(legalContact.id, contactId),
            eq(legalContact.company_id, companyId),
            eq(legalContact.is_deleted, false),
          ),
        )
        .limit(1);
      return !!row;
    },

    /** A live script of the company with its metadata. */
    async script(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await ex
        .select(INTAKE_SCRIPT_VIEW)
        .from(intakeScript)
        .innerJoin(intakeMetadata, eq(intakeMetadata.intake_id, intakeScript.id))
        .leftJoin(userProfile, eq(userProfile.id, intakeScript.created_by))
        .where(
          and(
            eq(intakeScript.id, id),
            inArray(intakeScript.company_id, [...companyIds]),
            eq(intakeScript.is_deleted, false),
          ),
        )
        .limit(1);
      return row;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
