/**
 * Chat rooms, guests and intake scripts (legal-side spec sections 3 "Chat", 7 "Chat" and "Users,
 * integrations and intake", 9): what the calls take, shared by the server (validation at the
 * boundary) and the renderer (forms). A missing required field is named in its message.
 */
import { z } from 'zod';
import { text, uuid } from './schemas/input';

export const ROOM_NAME_MAX = 120;
export const MESSAGE_MAX = 10_000;
export const CHAT_ATTACHMENTS_MAX = 10;
export const CHAT_ATTACHMENTS_TOO_MANY = `At most ${CHAT_ATTACHMENTS_MAX} files per message.`;
export const CLIENT_ID_MAX = 64;
export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 200;
/** Spec section 9: intake scripts and metadata default to page 1, page size 5. */
export const INTAKE_PAGE_DEFAULT = 1;
export const INTAKE_PAGE_SIZE_DEFAULT = 5;
export const INTAKE_PAGE_SIZE_MAX = 100;
export const INTAKE_TITLE_MAX = 200;
export const INTAKE_SUBJECT_MAX = 300;
export const INTAKE_LINE_MAX = 2_000;
export const INTAKE_LINES_MAX = 50;
export const INTAKE_FIELD_MAX = 100;
export const INTAKE_ANSWER_MAX = 2_000;
/** How long a guest's invitation link works, and a joined guest's session lasts. */
export const GUEST_INVITATION_DAYS = 7;
export const GUEST_SESSION_DAYS = 30;
/** Guest session tokens start with this, so the server knows where to look them up. */
export const GUEST_TOKEN_PREFIX = 'guest_';

export const CHAT_MEMBER_KINDS = ['user', 'staff', 'contact', 'guest'] as const;
export type ChatMemberKind = (typeof CHAT_MEMBER_KINDS)[number];

const missing = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${field} is required.` : undefined,
});
const requiredText = (field: string, max: number) =>
  text(missing(field)).trim().min(1, `${field} is required.`).max(max, `${field} is too long.`);
const requiredId = (field: string) =>
  z.string(missing(field)).pipe(uuid(`${field} must be an id.`));
const optionalId = (field: string) => uuid(`${field} must be an id.`).nullish();

export const roomListInput = z.object({ company_id: optionalId('company_id') });
export const roomIdInput = z.object({ room_id: requiredId('room_id') });

export const createRoomInput = z.object({
  company_id: requiredId('company_id'),
  name: requiredText('name', ROOM_NAME_MAX),
  intake_script_id: optionalId('intake_script_id'),
  /** Users of the company to add besides the creator. */
  member_user_ids: z
    .array(uuid('member_user_ids must be ids.'))
    .max(100, 'At most 100 members at once.')
    .nullish(),
});

export const renameRoomInput = z.object({
  room_id: requiredId('room_id'),
  name: requiredText('name', ROOM_NAME_MAX),
});

export const favoriteRoomInput = z.object({
  room_id: requiredId('room_id'),
  is_favorite: z.boolean(missing('is_favorite')),
});

export const roomScriptInput = z.object({
  room_id: requiredId('room_id'),
  /** null: the room follows no script (its answers are kept). */
  intake_script_id: optionalId('intake_script_id'),
});

export const addMemberInput = z
  .object({
    room_id: requiredId('room_id'),
    kind: z.enum(CHAT_MEMBER_KINDS, {
      error: `kind is one of ${CHAT_MEMBER_KINDS.join(', ')}.`,
    }),
    user_id: optionalId('user_id'),
    staff_id: optionalId('staff_id'),
    contact_id: optionalId('contact_id'),
    /** A guest's name (staff and contacts bring their own). */
    name: text().trim().max(ROOM_NAME_MAX, 'name is too long.').nullish(),
    email: text().trim().max(320, 'email is too long.').nullish(),
  })
  .superRefine((input, ctx) => {
    const need = (field: 'user_id' | 'staff_id' | 'contact_id' | 'name') => {
      if (!input[field])
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required.` });
    };
    if (input.kind === 'user') need('user_id');
    if (input.kind === 'staff') need('staff_id');
    if (input.kind === 'contact') need('contact_id');
    if (input.kind === 'guest') need('name');
  });
export type AddMemberInput = z.infer<typeof addMemberInput>;

export const joinRoomInput = z.object({
  token: text(missing('token')).min(20, 'token is not valid.').max(200, 'token is not valid.'),
});

export const messagesInput = z.object({
  room_id: requiredId('room_id'),
  /** Keyset: messages older than this message id. */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'before must be a message id.')
    .nullish(),
  limit: z
    .number()
    .int()
    .min(1, 'limit is at least 1.')
    .max(MESSAGE_PAGE_MAX, `limit is at most ${MESSAGE_PAGE_MAX}.`)
    .nullish(),
});

export const sendMessageInput = z.object({
  room_id: requiredId('room_id'),
  message: text(missing('message')).max(MESSAGE_MAX, 'message is too long.'),
  attachment_keys: z
    .array(text().min(1).max(64), { error: 'attachment_keys is a list of uploaded file keys.' })
    .max(CHAT_ATTACHMENTS_MAX, CHAT_ATTACHMENTS_TOO_MANY)
    .nullish(),
  client_id: text().min(1).max(CLIENT_ID_MAX, 'client_id is too long.').nullish(),
});

export const markReadInput = z.object({
  room_id: requiredId('room_id'),
  /** Read up to this message (default: the room's newest). */
  message_id: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'message_id must be a message id.')
    .nullish(),
});

export const intakeAnswersInput = z.object({
  room_id: requiredId('room_id'),
  answers: z
    .array(
      z.object({
        name: requiredText('name', INTAKE_FIELD_MAX),
        value: text(missing('value')).trim().max(INTAKE_ANSWER_MAX, 'value is too long.'),
      }),
    )
    .max(INTAKE_LINES_MAX),
});

const lines = (field: string, max: number) =>
  z
    .array(
      text().trim().min(1, `${field} lines are not empty.`).max(max, `${field} is too long.`),
      {
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `${field} is required.`
            : `${field} is a list of lines.`,
      },
    )
    .max(INTAKE_LINES_MAX, `At most ${INTAKE_LINES_MAX} ${field} lines.`);

export const createIntakeScriptInput = z.object({
  company_id: requiredId('company_id'),
  title: requiredText('title', INTAKE_TITLE_MAX),
  subject: requiredText('subject', INTAKE_SUBJECT_MAX),
  dialog: lines('dialog', INTAKE_LINE_MAX),
  required_data: lines('required_data', INTAKE_FIELD_MAX).refine(
    (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
    'required_data names are different from each other.',
  ),
});
export type CreateIntakeScriptInput = z.infer<typeof createIntakeScriptInput>;

export const updateIntakeScriptInput = z.object({
  id: requiredId('id'),
  title: text().trim().min(1, 'title is required.').max(INTAKE_TITLE_MAX).optional(),
  subject: text().trim().min(1, 'subject is required.').max(INTAKE_SUBJECT_MAX).optional(),
  dialog: lines('dialog', INTAKE_LINE_MAX).optional(),
  required_data: lines('required_data', INTAKE_FIELD_MAX)
    .refine(
      (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
      'required_data names are different from each other.',
    )
    .optional(),
});

export const intakeListInput = z.object({
  company_id: optionalId('company_id'),
  page: z.number().int().min(1, 'page is at least 1.').max(100_000).nullish(),
  page_size: z
    .number()
    .int()
    .min(1, 'page_size is at least 1.')
    .max(INTAKE_PAGE_SIZE_MAX, `page_size is at most ${INTAKE_PAGE_SIZE_MAX}.`)
    .nullish(),
});

export const idInput = z.object({ id: requiredId('id') });

/** A whole number in a query string ("5"), in [min, max]; the message names the parameter. */
const queryInt = (field: string, min: number, max: number) =>
  text()
    .regex(/^[0-9]{1,9}$/, `${field} must be a whole number.`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${field} is at least ${min}.`).max(max, `${field} is at most ${max}.`),
    )
    .optional();

/** GET /legal-intake?page&pageSize&company_id (spec section 7): the REST side of intakeListInput. */
export const intakeListQuery = z.object({
  company_id: optionalId('company_id'),
  page: queryInt('page', 1, 100_000),
  pageSize: queryInt('pageSize', 1, INTAKE_PAGE_SIZE_MAX),
});

/** Unsent chat uploads older than this are removed with their bytes (server chat/uploads.ts). */
export const CHAT_UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The uploader removes an unsent chat upload (a chip taken out of the composer) by its key. */
export const chatUploadKeyInput = z.object({
  key: text(missing('key')).min(1, 'key is required.').max(100, 'key is too long.'),
});
