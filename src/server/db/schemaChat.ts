/**
 * Chat rooms with guests and intake scripts (spec section 3 "Chat", issue 21). A room belongs to one
 * company; its members are the company's users (user_id) or people who are not users — legal staff
 * (staff_id), legal contacts (contact_id) or plain guests — who join through an expiring invitation
 * link (is_guest) and then hold a guest session that reaches that one room only. Unread counts are
 * not stored: a member's last_read_message_id and the room's messages after it give them, so a new
 * message writes one row whatever the room's size. Intake scripts (with their metadata: subject,
 * dialog, required_data) are soft-deleted; a room may follow one and keeps the answers it gathered.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { company, storedFile, userProfile } from './schema';
import { legalContact, legalStaff } from './schemaPeople';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => company.id);

export const intakeScript = pgTable(
  'intake_script',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    title: text('title').notNull(),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: at('created_at'),
    last_updated_at: at('last_updated_at'),
  },
  (t) => [index('intake_script_company_idx').on(t.company_id, t.is_deleted, t.created_at.desc())],
);

/** One per script: what the intake is about, what it says, and the answers it must gather. */
export const intakeMetadata = pgTable(
  'intake_metadata',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    intake_id: uuid('intake_id')
      .notNull()
      .references(() => intakeScript.id),
    subject: text('subject').notNull(),
    /** The script's lines, in order (what the room is told while it gathers the data). */
    dialog: jsonb('dialog')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The names of the answers the intake gathers (e.g. "Date of injury"). */
    required_data: jsonb('required_data')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    created_at: at('created_at'),
    updated_at: at('updated_at'),
  },
  (t) => [uniqueIndex('intake_metadata_intake_idx').on(t.intake_id)],
);

export const chatRoom = pgTable(
  'chat_room',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    name: text('name').notNull(),
    /** group, or intake when the room follows an intake script. */
    room_type: text('room_type').notNull().default('group'),
    intake_script_id: uuid('intake_script_id').references(() => intakeScript.id),
    /** The answers the room's intake gathered, by required_data name. */
    intake_answers: jsonb('intake_answers')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    created_at: at('created_at'),
    updated_at: at('updated_at'),
  },
  (t) => [index('chat_room_company_idx').on(t.company_id)],
);

export const chatRoomMember = pgTable(
  'chat_room_member',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    room_id: uuid('room_id')
      .notNull()
      .references(() => chatRoom.id),
    company_id: companyId(),
    /** A user of the room's company; null for a guest. */
    user_id: uuid('user_id').references(() => userProfile.id),
    /** The legal staff or contact a guest stands for, when invited as one. */
    staff_id: uuid('staff_id').references(() => legalStaff.id),
    contact_id: uuid('contact_id').references(() => legalContact.id),
    is_guest: boolean('is_guest').notNull().default(false),
    /** A guest's name (users show their profile's). */
    display_name: text('display_name'),
    email: text('email'),
    is_favorite: boolean('is_favorite').notNull().default(false),
    /** The last message this member has read (null: none). */
    last_read_message_id: bigint('last_read_message_id', { mode: 'number' }),
    /** When a guest first joined through their link. */
    joined_at: timestamp('joined_at', { withTimezone: true }),
    created_at: at('created_at'),
  },
  (t) => [
    uniqueIndex('chat_room_member_user_idx')
      .on(t.room_id, t.user_id)
      .where(sql`${t.user_id} is not null`),
    index('chat_room_member_user_rooms_idx').on(t.user_id),
  ],
);

export const chatMessage = pgTable(
  'chat_message',
  {
    /** Increasing: the room's order and the keyset of its pages. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room_id: uuid('room_id')
      .notNull()
      .references(() => chatRoom.id),
    company_id: companyId(),
    sender_id: uuid('sender_id')
      .notNull()
      .references(() => chatRoomMember.id),
    message: text('message').notNull(),
    /** The sender's id for this message: a retried send answers the stored message. */
    client_id: text('client_id'),
    created_at: at('created_at'),
  },
  (t) => [
    index('chat_message_room_idx').on(t.room_id, t.id.desc()),
    uniqueIndex('chat_message_client_idx')
      .on(t.sender_id, t.client_id)
      .where(sql`${t.client_id} is not null`),
  ],
);

/** attached_files of a message: stored files (POST /files/upload, content-checked there). */
export const chatMessageFile = pgTable(
  'chat_message_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message_id: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessage.id),
    file_key: text('file_key')
      .notNull()
      .references(() => storedFile.key),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('chat_message_file_message_idx').on(t.message_id)],
);

/** A guest's invitation link: only the token's SHA-256 is kept; it expires and works once. */
export const chatGuestInvitation = pgTable('chat_guest_invitation', {
  id: uuid('id').primaryKey().defaultRandom(),
  token_hash: text('token_hash').notNull().unique(),
  room_id: uuid('room_id')
    .notNull()
    .references(() => chatRoom.id),
  member_id: uuid('member_id')
    .notNull()
    .references(() => chatRoomMember.id),
  invited_by: uuid('invited_by').references(() => userProfile.id, { onDelete: 'set null' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  accepted_at: timestamp('accepted_at', { withTimezone: true }),
  created_at: at('created_at'),
});

/** A joined guest's session (token SHA-256): reaches the member's room and nothing else. */
export const chatGuestSession = pgTable(
  'chat_guest_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull().unique(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => chatRoomMember.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: at('created_at'),
  },
  (t) => [index('chat_guest_session_member_idx').on(t.member_id)],
);

/**
 * A file uploaded in a chat composer (POST /files/upload with chat_room_id, or a guest session):
 * stored for the room's company like any upload, and remembered with its uploader's member row.
 * A guest attaches only their own (so only in their room); the uploader may remove it while it is
 * unsent; attached_at is set, under the row's lock, when a message or comment first attaches it.
 * Unattached rows older than CHAT_UPLOAD_RETENTION_MS are swept with their bytes (chat/uploads.ts).
 */
export const chatUpload = pgTable(
  'chat_upload',
  {
    file_key: text('file_key')
      .primaryKey()
      .references(() => storedFile.key, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => chatRoomMember.id),
    created_at: at('created_at'),
    attached_at: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_upload_member_idx').on(t.member_id),
    index('chat_upload_unattached_idx')
      .on(t.created_at)
      .where(sql`${t.attached_at} is null`),
  ],
);
