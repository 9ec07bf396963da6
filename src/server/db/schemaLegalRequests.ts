/**
 * Task requests a law firm files to the provider's delivery team (spec section 3 "legal_request"):
 * the request (a subtask is a request with is_subtask and parent_task_id), its comments, the files
 * attached to it or to its comments, and its activity. Every row hangs off one request, which
 * belongs to one company; deletes are soft (is_deleted). Activity rows are written by the server
 * only (domains/legal-requests), in the transaction of the change they describe.
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { company, storedFile, userProfile } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
const isDeleted = () => boolean('is_deleted').notNull().default(false);

export const legalRequest = pgTable(
  'legal_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    /** The firm's user the request is filed for (a user of the same company). */
    requested_by: uuid('requested_by')
      .notNull()
      .references(() => userProfile.id),
    headline: text('headline').notNull(),
    /** shared/legalRequests.ts LEGAL_REQUEST_PRIORITIES. */
    priority: text('priority').notNull(),
    category: text('category').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    details: text('details').notNull(),
    /** The provider's person working it (set by the delivery side). */
    assignee_id: uuid('assignee_id').references(() => userProfile.id),
    /** In Progress, On Hold or Completed (shared/legalRequests.ts: the allowed moves). */
    status: text('status').notNull().default('In Progress'),
    /** Set by the delivery side; null until it reviews the request for automation. */
    automation_review_status: text('automation_review_status'),
    is_subtask: boolean('is_subtask').notNull().default(false),
    parent_task_id: uuid('parent_task_id').references((): AnyPgColumn => legalRequest.id),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    is_deleted: isDeleted(),
    created_at: at('created_at'),
    updated_at: at('updated_at'),
  },
  (t) => [
    index('legal_request_company_list_idx').on(
      t.company_id,
      t.is_deleted,
      t.is_subtask,
      t.status,
      t.created_at.desc(),
    ),
    index('legal_request_parent_idx').on(t.parent_task_id),
  ],
);

export const legalRequestComment = pgTable(
  'legal_request_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    request_id: uuid('request_id')
      .notNull()
      .references(() => legalRequest.id),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    is_deleted: isDeleted(),
    created_at: at('created_at'),
    updated_at: at('updated_at'),
  },
  (t) => [index('legal_request_comment_request_idx').on(t.request_id, t.created_at)],
);

export const legalRequestAttachment = pgTable(
  'legal_request_attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    request_id: uuid('request_id')
      .notNull()
      .references(() => legalRequest.id),
    /** The comment the file was attached to, or the request itself. */
    reference_id: uuid('reference_id').notNull(),
    /** The stored file (POST /files/upload, content-checked there). */
    file_key: text('file_key')
      .notNull()
      .references(() => storedFile.key),
    /** /files/<key>; answered as a signed link. */
    file_url: text('file_url').notNull(),
    /** The content type the upload's check found (e.g. application/pdf). */
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    is_deleted: isDeleted(),
    created_at: at('created_at'),
  },
  (t) => [index('legal_request_attachment_request_idx').on(t.request_id)],
);

export const legalRequestActivity = pgTable(
  'legal_request_activity',
  {
    /** Increasing: orders the rows one transaction writes at the same created_at. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    legal_request_id: uuid('legal_request_id')
      .notNull()
      .references(() => legalRequest.id),
    updated_by: uuid('updated_by').references(() => userProfile.id, { onDelete: 'set null' }),
    /** What changed: shared/legalRequests.ts LEGAL_REQUEST_ACTIVITY_TYPES. */
    type: text('type').notNull(),
    current: text('current'),
    previous: text('previous'),
    created_at: at('created_at'),
  },
  (t) => [index('legal_request_activity_request_idx').on(t.legal_request_id, t.id.desc())],
);
