/**
 * SQL of task requests (db/schemaLegalRequests.ts). Every look-up by id is filtered by the
 * caller's company ids, so another tenant's request answers exactly like a missing one.
 */
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile } from '../../db/schema';
import {
  legalRequest,
  legalRequestActivity,
  legalRequestAttachment,
  legalRequestComment,
} from '../../db/schemaLegalRequests';
import type { LegalRequestActivityType, LegalRequestStatus } from '../../../shared/legalRequests';

export type LegalRequestRow = typeof legalRequest.$inferSelect;
export type CommentRow = typeof legalRequestComment.$inferSelect;

const requester = alias(userProfile, 'requester');
const assignee = alias(userProfile, 'assignee');
const author = alias(userProfile, 'author');

const nameOf = (u: { first_name: SQL.Aliased | AnyColumn; last_name: SQL.Aliased | AnyColumn }) =>
  sql<
    string | null
  >`nullif(trim(coalesce(${u.first_name}, '') || ' ' || coalesce(${u.last_name}, '')), '')`;

const REQUEST_VIEW = {
  id: legalRequest.id,
  company_id: legalRequest.company_id,
  requested_by: legalRequest.requested_by,
  requested_by_name: sql<string | null>`coalesce(${nameOf(requester)}, ${requester.email})`,
  headline: legalRequest.headline,
  priority: legalRequest.priority,
  category: legalRequest.category,
  due_date: legalRequest.due_date,
  details: legalRequest.details,
  assignee_id: legalRequest.assignee_id,
  assignee_name: sql<string | null>`coalesce(${nameOf(assignee)}, ${assignee.email})`,
  status: legalRequest.status,
  automation_review_status: legalRequest.automation_review_status,
  is_subtask: legalRequest.is_subtask,
  parent_task_id: legalRequest.parent_task_id,
  created_at: legalRequest.created_at,
  updated_at: legalRequest.updated_at,
};

/** `%text%` for ILIKE with the pattern characters taken literally. */
const likeNeedle = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

export interface ListFilter {
  companyId: string;
  limit: number;
  offset: number;
  search: string | null;
  status: LegalRequestStatus | null;
}

export function createLegalRequestRepository(db: Database) {
  const live = (companyIds: readonly string[]) =>
    and(inArray(legalRequest.company_id, [...companyIds]), eq(legalRequest.is_deleted, false));

  const views = (ex: DatabaseExecutor, where: SQL | undefined) =>
    ex
      .select(REQUEST_VIEW)
      .from(legalRequest)
      .innerJoin(requester, eq(requester.id, legalRequest.requested_by))
      .leftJoin(assignee, eq(assignee.id, legalRequest.assignee_id))
      .where(where);

  return {
    db,

    /** One page of a company's live top-level requests, newest first, with the tab counts. */
    async page(filter: ListFilter) {
      const needle = filter.search?.trim() ? likeNeedle(filter.search.trim()) : null;
      const base = and(
        eq(legalRequest.company_id, filter.companyId),
        eq(legalRequest.is_deleted, false),
        eq(legalRequest.is_subtask, false),
        needle
          ? or(ilike(legalRequest.headline, needle), ilike(legalRequest.category, needle))
          : undefined,
      );
      const where = and(base, filter.status ? eq(legalRequest.status, filter.status) : undefined);
      const items = await views(db, where)
        .orderBy(desc(legalRequest.created_at), desc(legalRequest.id))
        .limit(filter.limit)
        .offset(filter.offset);
      const [counts] = await db
        .select({
          in_progress: sql<number>`count(*) filter (where ${legalRequest.status} = 'In Progress')::int`,
          on_hold: sql<number>`count(*) filter (where ${legalRequest.status} = 'On Hold')::int`,
          completed: sql<number>`count(*) filter (where ${legalRequest.status} = 'Completed')::int`,
          total: sql<number>`count(*)::int`,
        })
        .from(legalRequest)
        .where(base);
      const c = counts ?? { in_progress: 0, on_hold: 0, completed: 0, total: 0 };
      const matching =
        filter.status === 'In Progress'
          ? c.in_progress
          : filter.status === 'On Hold'
            ? c.on_hold
            : filter.status === 'Completed'
              ? c.completed
              : c.total;
      return { items, total: matching, counts: c };
    },

    async view(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await views(ex, and(eq(legalRequest.id, id), live(companyIds)));
      return row;
    },

    /** The request row, locked for the change about to be made to it. */
    async lock(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await ex
        .select()
        .from(legalRequest)
        .where(and(eq(legalRequest.id, id), live(companyIds)))
        .for('update');
      return row;
    },

    subtasks(ex: DatabaseExecutor, parentId: string) {
      return views(
        ex,
        and(eq(legalRequest.parent_task_id, parentId), eq(legalRequest.is_deleted, false)),
      ).orderBy(asc(legalRequest.created_at), asc(legalRequest.id));
    },

    async openSubtasks(ex: DatabaseExecutor, parentId: string): Promise<number> {
      const [row] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(legalRequest)
        .where(
          and(
            eq(legalRequest.parent_task_id, parentId),
            eq(legalRequest.is_deleted, false),
            ne(legalRequest.status, 'Completed'),
          ),
        );
      return row?.n ?? 0;
    },

    comments(ex: DatabaseExecutor, requestId: string) {
      return ex
        .select({
          id: legalRequestComment.id,
          request_id: legalRequestComment.request_id,
          created_by: legalRequestComment.created_by,
          created_by_name: sql<string | null>`coalesce(${nameOf(author)}, ${author.email})`,
          comment: legalRequestComment.comment,
          created_at: legalRequestComment.created_at,
          updated_at: legalRequestComment.updated_at,
        })
        .from(legalRequestComment)
        .leftJoin(author, eq(author.id, legalRequestComment.created_by))
        .where(
          and(
            eq(legalRequestComment.request_id, requestId),
            eq(legalRequestComment.is_deleted, false),
          ),
        )
        .orderBy(asc(legalRequestComment.created_at), asc(legalRequestComment.id));
    },

    /** A live comment of a live request of the caller's companies, locked for a change. */
    async lockComment(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await ex
        .select({ comment: legalRequestComment, company_id: legalRequest.company_id })
        .from(legalRequestComment)
        .innerJoin(legalRequest, eq(legalRequest.id, legalRequestComment.request_id))
        .where(
          and(
            eq(legalRequestComment.id, id),
            eq(legalRequestComment.is_deleted, false),
            live(companyIds),
          ),
        )
        .for('update', { of: legalRequestComment });
      return row;
    },

    /** Live attachments of the request and of its live comments, oldest first. */
    attachments(ex: DatabaseExecutor, requestId: string) {
      return ex
        .select({
          id: legalRequestAttachment.id,
          request_id: legalRequestAttachment.request_id,
          reference_id: legalRequestAttachment.reference_id,
          type: legalRequestAttachment.type,
          size: legalRequestAttachment.size,
          name: legalRequestAttachment.name,
          file_url: legalRequestAttachment.file_url,
          created_at: legalRequestAttachment.created_at,
        })
        .from(legalRequestAttachment)
        .leftJoin(
          legalRequestComment,
          eq(legalRequestComment.id, legalRequestAttachment.reference_id),
        )
        .where(
          and(
            eq(legalRequestAttachment.request_id, requestId),
            eq(legalRequestAttachment.is_deleted, false),
            sql`coalesce(${legalRequestComment.is_deleted}, false) = false`,
          ),
        )
        .orderBy(asc(legalRequestAttachment.created_at), asc(legalRequestAttachment.id));
    },

    activities(ex: DatabaseExecutor, requestId: string) {
      return ex
        .select({
          id: legalRequestActivity.id,
          legal_request_id: legalRequestActivity.legal_request_id,
          updated_by: legalRequestActivity.updated_by,
          updated_by_name: sql<string | null>`coalesce(${nameOf(author)}, ${author.email})`,
          type: legalRequestActivity.type,
          current: legalRequestActivity.current,
          previous: legalRequestActivity.previous,
          created_at: legalRequestActivity.created_at,
        })
        .from(legalRequestActivity)
        .leftJoin(author, eq(author.id, legalRequestActivity.updated_by))
        .where(eq(legalRequestActivity.legal_request_id, requestId))
        .orderBy(desc(legalRequestActivity.id));
    },

    async addActivities(
      ex: DatabaseExecutor,
      rows: Array<{
        legal_request_id: string;
        updated_by: string;
        type: LegalRequestActivityType;
        current: string | null;
        previous: string | null;
      }>,
    ) {
      if (rows.length > 0) await ex.insert(legalRequestActivity).values(rows);
    },

    /** How activity rows name a person: their name, else their email. */
    async userName(ex: DatabaseExecutor, userId: string | null): Promise<string | null> {
      if (!userId) return null;
      const [row] = await ex
        .select({ name: sql<string>`coalesce(${nameOf(userProfile)}, ${userProfile.email})` })
        .from(userProfile)
        .where(eq(userProfile.id, userId));
      return row?.name ?? null;
    },
  };
}

export type LegalRequestRepository = ReturnType<typeof createLegalRequestRepository>;
