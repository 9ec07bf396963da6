/**
 * The rules of task requests (issue 21). Everyone who sees a company lists, files, changes and
 * comments on its requests; the delivery side (canWorkLegalRequest) also assigns them and sets
 * their automation review status. Status moves follow shared/legalRequests.ts; a request is
 * completed only when its subtasks are. Every change writes its activity rows in the same
 * transaction, under the request's row lock, so the log never misses or invents a change. Another
 * tenant's request or comment answers exactly like a missing one.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  addCommentInput,
  canMoveLegalRequest,
  createLegalRequestInput,
  editCommentInput,
  idInput,
  INITIAL_LEGAL_REQUEST_STATUS,
  LEGAL_REQUEST_PAGE_DEFAULT,
  legalRequestListInput,
  requestIdInput,
  updateLegalRequestInput,
  workLegalRequestInput,
  type LegalRequestActivityType,
  type LegalRequestStatus,
} from '../../../shared/legalRequests';
import type { DatabaseExecutor } from '../../db/connection';
import {
  legalRequest,
  legalRequestAttachment,
  legalRequestComment,
} from '../../db/schemaLegalRequests';
import { expectedFailure, notFound, parseInput, ValidationError } from '../../errors';
import {
  canEditLegalRequestComment,
  canViewCompany,
  canWorkLegalRequest,
  type Viewer,
} from '../../permissions';
import { attachableFiles } from '../files/repository';
import { activeUserOfCompany } from '../users/repository';
import type { LegalRequestRepository, LegalRequestRow } from './repository';

type Change = { type: LegalRequestActivityType; current: string | null; previous: string | null };

const EDITABLE = ['headline', 'priority', 'category', 'due_date', 'details'] as const;

/**
 * Writing a change's activity failed unexpectedly (the change is rolled back with it); the
 * resolvers log the cause and answer "Failed to create legal request activity".
 */
export class ActivityWriteError extends Error {
  constructor(override readonly cause: unknown) {
    super('legal request activity write failed');
    this.name = 'ActivityWriteError';
  }
}

export function createLegalRequestService(repo: LegalRequestRepository) {
  const { db } = repo;

  /** The activity of one change, written in the change's transaction. */
  async function record(
    ex: DatabaseExecutor,
    viewer: Viewer,
    requestId: string,
    changes: Change[],
  ) {
    try {
      await repo.addActivities(
        ex,
        changes.map((c) => ({ ...c, legal_request_id: requestId, updated_by: viewer.user.id })),
      );
    } catch (error) {
      throw expectedFailure(error) ?? new ActivityWriteError(error);
    }
  }

  async function lockOrMissing(ex: DatabaseExecutor, viewer: Viewer, id: string) {
    const row = await repo.lock(ex, viewer.companyIds, id);
    if (!row) throw notFound();
    return row;
  }

  async function view(viewer: Viewer, id: string) {
    const row = await repo.view(db, viewer.companyIds, id);
    if (!row) throw notFound();
    return row;
  }

  /** Files the caller uploaded for the request's company, attached to `referenceId`. */
  async function attach(
    ex: DatabaseExecutor,
    viewer: Viewer,
    request: LegalRequestRow,
    referenceId: string,
    keys: readonly string[],
  ): Promise<number> {
    const files = await attachableFiles(ex, request.company_id, keys);
    if (files.length > 0)
      await ex.insert(legalRequestAttachment).values(
        files.map((f) => ({
          request_id: request.id,
          reference_id: referenceId,
          file_key: f.key,
          file_url: `/files/${f.key}`,
          type: f.content_type,
          size: f.size,
          name: f.original_name,
          created_by: viewer.user.id,
        })),
      );
    return files.length;
  }

  async function checkMove(
    ex: DatabaseExecutor,
    current: LegalRequestRow,
    to: LegalRequestStatus,
  ): Promise<void> {
    const from = current.status as LegalRequestStatus;
    if (!canMoveLegalRequest(from, to))
      throw new AppError('TASK_REQUEST_MOVE_REFUSED', 409, { from, to });
    if (to === 'Completed') {
      const open = await repo.openSubtasks(ex, current.id);
      if (open > 0) throw new AppError('TASK_REQUEST_SUBTASKS_OPEN', 409, { count: open });
    }
  }

  return {
    async list(viewer: Viewer, raw: unknown) {
      const input = parseInput(legalRequestListInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      return repo.page({
        companyId: input.company_id,
        limit: input.limit ?? LEGAL_REQUEST_PAGE_DEFAULT,
        offset: input.offset ?? 0,
        search: input.search ?? null,
        status: input.status ?? null,
      });
    },

    /** Details: the request with its subtasks, comments, attachments and activity (newest first). */
    async details(viewer: Viewer, raw: unknown) {
      const { id } = parseInput(idInput, raw);
      const request = await view(viewer, id);
      const [subtasks, comments, attachments, activities] = await Promise.all([
        repo.subtasks(db, id),
        repo.comments(db, id),
        repo.attachments(db, id),
        repo.activities(db, id),
      ]);
      return {
        ...request,
        can_work: canWorkLegalRequest(viewer, request),
        subtasks,
        comments: comments.map((c) => ({
          ...c,
          can_edit: canEditLegalRequestComment(viewer, c),
          attachments: attachments.filter((a) => a.reference_id === c.id),
        })),
        attachments,
        activities,
      };
    },

    async attachments(viewer: Viewer, raw: unknown) {
      const { request_id } = parseInput(requestIdInput, raw);
      await view(viewer, request_id);
      return repo.attachments(db, request_id);
    },

    async create(viewer: Viewer, raw: unknown) {
      const input = parseInput(createLegalRequestInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      const id = await db.transaction(async (tx) => {
        const parent = input.parent_task_id
          ? await repo.lock(tx, [input.company_id], input.parent_task_id)
          : undefined;
        if (input.parent_task_id && !parent)
          throw new ValidationError([
            { path: 'parent_task_id', message: 'No such request of this company.' },
          ]);
        if (parent?.is_subtask) throw new AppError('TASK_REQUEST_NESTED_SUBTASK', 400);
        if (!(await activeUserOfCompany(tx, input.company_id, input.requested_by)))
          throw new ValidationError([
            {
              path: 'requested_by',
              message: 'requested_by must be an active user of the company.',
            },
          ]);
        const [row] = await tx
          .insert(legalRequest)
          .values({
            company_id: input.company_id,
            requested_by: input.requested_by,
            headline: input.headline,
            priority: input.priority,
            category: input.category,
            due_date: input.due_date,
            details: input.details,
            status: INITIAL_LEGAL_REQUEST_STATUS,
            is_subtask: !!parent,
            parent_task_id: parent?.id ?? null,
            created_by: viewer.user.id,
          })
          .returning({ id: legalRequest.id });
        await record(tx, viewer, row!.id, [
          { type: 'created', current: input.headline, previous: null },
        ]);
        if (parent)
          await record(tx, viewer, parent.id, [
            { type: 'subtask_added', current: input.headline, previous: null },
          ]);
        return row!.id;
      });
      return view(viewer, id);
    },

    async update(viewer: Viewer, raw: unknown) {
      const input = parseInput(updateLegalRequestInput, raw);
      await db.transaction(async (tx) => {
        const current = await lockOrMissing(tx, viewer, input.id);
        const changes: Change[] = [];
        const set: Partial<typeof legalRequest.$inferInsert> = {};
        for (const field of EDITABLE) {
          const next = input[field];
          if (next !== undefined && next !== current[field]) {
            set[field] = next;
            changes.push({ type: field, current: next, previous: current[field] });
          }
        }
        if (input.requested_by !== undefined && input.requested_by !== current.requested_by) {
          if (!(await activeUserOfCompany(tx, current.company_id, input.requested_by)))
            throw new ValidationError([
              {
                path: 'requested_by',
                message: 'requested_by must be an active user of the company.',
              },
            ]);
          set.requested_by = input.requested_by;
          changes.push({
            type: 'requested_by',
            current: await repo.userName(tx, input.requested_by),
            previous: await repo.userName(tx, current.requested_by),
          });
        }
        if (input.status !== undefined && input.status !== current.status) {
          await checkMove(tx, current, input.status);
          set.status = input.status;
          changes.push({ type: 'status', current: input.status, previous: current.status });
        }
        if (changes.length === 0) return;
        await tx
          .update(legalRequest)
          .set({ ...set, updated_at: new Date() })
          .where(eq(legalRequest.id, current.id));
        await record(tx, viewer, current.id, changes);
      });
      return view(viewer, input.id);
    },

    /** The delivery side's fields: the assignee (one of the provider's active users) and review. */
    async work(viewer: Viewer, raw: unknown) {
      const input = parseInput(workLegalRequestInput, raw);
      await db.transaction(async (tx) => {
        const current = await lockOrMissing(tx, viewer, input.id);
        if (!canWorkLegalRequest(viewer, current))
          throw new AppError('TASK_REQUEST_NOT_WORKER', 403);
        const changes: Change[] = [];
        const set: Partial<typeof legalRequest.$inferInsert> = {};
        if (input.assignee_id !== undefined && input.assignee_id !== current.assignee_id) {
          if (
            input.assignee_id !== null &&
            !(await activeUserOfCompany(tx, viewer.user.company_id, input.assignee_id))
          )
            throw new ValidationError([
              {
                path: 'assignee_id',
                message: 'The assignee must be an active user of the delivery team.',
              },
            ]);
          set.assignee_id = input.assignee_id;
          changes.push({
            type: 'assignee',
            current: await repo.userName(tx, input.assignee_id),
            previous: await repo.userName(tx, current.assignee_id),
          });
        }
        if (
          input.automation_review_status !== undefined &&
          input.automation_review_status !== current.automation_review_status
        ) {
          set.automation_review_status = input.automation_review_status;
          changes.push({
            type: 'automation_review_status',
            current: input.automation_review_status,
            previous: current.automation_review_status,
          });
        }
        if (changes.length === 0) return;
        await tx
          .update(legalRequest)
          .set({ ...set, updated_at: new Date() })
          .where(eq(legalRequest.id, current.id));
        await record(tx, viewer, current.id, changes);
      });
      return view(viewer, input.id);
    },

    /** Soft delete; a request's live subtasks go with it. */
    async remove(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idInput, raw);
      await db.transaction(async (tx) => {
        const current = await lockOrMissing(tx, viewer, id);
        await tx
          .update(legalRequest)
          .set({ is_deleted: true, updated_at: new Date() })
          .where(eq(legalRequest.id, id));
        await tx
          .update(legalRequest)
          .set({ is_deleted: true, updated_at: new Date() })
          .where(eq(legalRequest.parent_task_id, id));
        await record(tx, viewer, id, [
          { type: 'deleted', current: null, previous: current.status },
        ]);
      });
      return id;
    },

    async addComment(viewer: Viewer, raw: unknown) {
      const input = parseInput(addCommentInput, raw);
      const id = await db.transaction(async (tx) => {
        const request = await lockOrMissing(tx, viewer, input.request_id);
        const [row] = await tx
          .insert(legalRequestComment)
          .values({ request_id: request.id, created_by: viewer.user.id, comment: input.comment })
          .returning({ id: legalRequestComment.id });
        const attached = await attach(tx, viewer, request, row!.id, input.attachment_keys ?? []);
        const changes: Change[] = [
          { type: 'comment_added', current: input.comment, previous: null },
        ];
        if (attached > 0)
          changes.push({ type: 'attachment_added', current: String(attached), previous: null });
        await record(tx, viewer, request.id, changes);
        return row!.id;
      });
      return this.comment(viewer, id);
    },

    async editComment(viewer: Viewer, raw: unknown) {
      const input = parseInput(editCommentInput, raw);
      await db.transaction(async (tx) => {
        const found = await repo.lockComment(tx, viewer.companyIds, input.id);
        if (!found) throw notFound();
        if (!canEditLegalRequestComment(viewer, found.comment))
          throw new AppError('COMMENT_NOT_AUTHOR', 403);
        if (found.comment.comment === input.comment) return;
        await repo.lock(tx, viewer.companyIds, found.comment.request_id);
        await tx
          .update(legalRequestComment)
          .set({ comment: input.comment, updated_at: new Date() })
          .where(eq(legalRequestComment.id, input.id));
        await record(tx, viewer, found.comment.request_id, [
          { type: 'comment_edited', current: input.comment, previous: found.comment.comment },
        ]);
      });
      return this.comment(viewer, input.id);
    },

    async removeComment(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idInput, raw);
      await db.transaction(async (tx) => {
        const found = await repo.lockComment(tx, viewer.companyIds, id);
        if (!found) throw notFound();
        if (!canEditLegalRequestComment(viewer, found.comment))
          throw new AppError('COMMENT_NOT_AUTHOR', 403);
        await repo.lock(tx, viewer.companyIds, found.comment.request_id);
        await tx
          .update(legalRequestComment)
          .set({ is_deleted: true, updated_at: new Date() })
          .where(eq(legalRequestComment.id, id));
        await record(tx, viewer, found.comment.request_id, [
          { type: 'comment_deleted', current: null, previous: found.comment.comment },
        ]);
      });
      return id;
    },

    /** One live comment as the details answer shows it. */
    async comment(viewer: Viewer, id: string) {
      const found = await repo.lockComment(db, viewer.companyIds, id);
      if (!found) throw notFound();
      const [comments, attachments] = await Promise.all([
        repo.comments(db, found.comment.request_id),
        repo.attachments(db, found.comment.request_id),
      ]);
      const comment = comments.find((c) => c.id === id);
      if (!comment) throw notFound();
      return {
        ...comment,
        can_edit: canEditLegalRequestComment(viewer, comment),
        attachments: attachments.filter((a) => a.reference_id === id),
      };
    },
  };
}

export type LegalRequestService = ReturnType<typeof createLegalRequestService>;
