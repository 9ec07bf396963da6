/**
 * Tasks and subtasks (delivery-side spec sections 3–5): create with estimates per talent type
 * (priced by shared/delivery/estimates.ts), steps and references; assign; soft delete; and move
 * through the status machine (shared/delivery/taskStatus.ts). Every move locks the task, writes a
 * status log row and the section 4 notifications in one transaction; each notification is
 * announced live by the notifications domain's insert.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { userProfile } from '../../db/schema';
import { project, request } from '../../db/schemaDelivery';
import { status, statusLog, step, task, taskReference } from '../../db/schemaTasks';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canPlanTasks, canTakeForQa, type Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import {
  BOARD_PAGE,
  TASK_TYPES,
  boardColumnInputSchema,
  boardInputSchema,
  assignTaskInputSchema,
  createTaskInputSchema,
  moveTaskInputSchema,
} from '../../../shared/delivery/inputs';
import {
  TASK_STATUS,
  decideTransition,
  isTaskStatusId,
  statusName,
  isAvailableForQa,
  notificationContent,
  notificationRecipients,
} from '../../../shared/delivery/taskStatus';
import { uuid } from '../../../shared/schemas/input';
import { z } from 'zod';
import { insertNotification } from '../notifications/repository';
import { insertEstimates, priceEstimates } from './edit';
import { createBoardQueries, type BoardColumnRecord } from './board';
import { requestScope } from './scope';
import type { TaskQueries, TaskRecord } from './taskQueries';

const idSchema = z.object({ id: uuid('Not a task.') });

export function createTaskService(db: Database, queries: TaskQueries) {
  const boards = createBoardQueries(db);

  async function visible(viewer: Viewer, id: string): Promise<TaskRecord> {
    const row = await queries.find(viewer, id);
    if (!row) throw new AppError('NO_TASK', 404);
    return row;
  }

  /** Whether `ids` are users who may work on a task of `companyId` (its people or the provider's). */
  async function checkPeople(fields: Record<string, string | null | undefined>) {
    const ids = Object.values(fields).filter((v): v is string => typeof v === 'string');
    if (ids.length === 0) return;
    const found = await db
      .select({ id: userProfile.id })
      .from(userProfile)
      .where(and(inArray(userProfile.id, ids), eq(userProfile.is_deactivated, false)));
    const known = new Set(found.map((r) => r.id));
    const issues = Object.entries(fields)
      .filter(([, v]) => typeof v === 'string' && !known.has(v))
      .map(([path]) => ({ path, message: `${path} is not an active user.` }));
    if (issues.length) throw new ValidationError(issues);
  }

  return {
    get: (viewer: Viewer, raw: unknown) => visible(viewer, parseInput(idSchema, raw).id),

    /** A board: every status column's count and first page (per_column cards, default 50). */
    board(viewer: Viewer, raw: unknown): Promise<BoardColumnRecord[]> {
      const input = parseInput(boardInputSchema, raw);
      const perColumn = input.per_column ?? BOARD_PAGE.default;
      return boards.columns(viewer, input.kind, input.project_id, perColumn);
    },

    /** "Load more" of one column: the page after the cursor its last page answered. */
    boardColumn(viewer: Viewer, raw: unknown): Promise<BoardColumnRecord> {
      const input = parseInput(boardColumnInputSchema, raw);
      if (!isTaskStatusId(input.status_id))
        throw new ValidationError([{ path: 'status_id', message: 'status_id is not a status.' }]);
      const limit = input.limit ?? BOARD_PAGE.default;
      return boards.column(
        viewer,
        input.kind,
        input.project_id,
        input.status_id,
        limit,
        input.after,
      );
    },

    async create(viewer: Viewer, raw: unknown): Promise<TaskRecord> {
      const input = parseInput(createTaskInputSchema, raw);
      if (!(TASK_TYPES as readonly string[]).includes(input.task_type))
        throw new AppError('INVALID_TYPE', 400);
      if (input.created_by !== viewer.user.id)
        throw new ValidationError([
          { path: 'created_by', message: 'created_by must be the signed-in user.' },
        ]);
      const [req] = await db
        .select({
          id: request.id,
          company_id: request.company_id,
          project_id: request.project_id,
          tech_lead_id: project.tech_lead_id,
        })
        .from(request)
        .innerJoin(project, eq(project.id, request.project_id))
        .where(
          and(
            eq(request.id, input.request_id),
            eq(request.is_deleted, false),
            requestScope(viewer),
          ),
        );
      if (!req) throw notFound();
      if (!canPlanTasks(viewer, { company_id: req.company_id, tech_lead_id: req.tech_lead_id }))
        throw new AppError('FORBIDDEN', 403);
      if (input.parent_id) {
        const parent = await queries.find(viewer, input.parent_id);
        if (!parent || parent.request_id !== req.id || parent.parent_id !== null)
          throw new ValidationError([
            { path: 'parent_id', message: 'parent_id is not a task of this request.' },
          ]);
      }
      const [s] = await db
        .select({ id: status.id })
        .from(status)
        .where(eq(status.id, input.status_id));
      if (!s)
        throw new ValidationError([{ path: 'status_id', message: 'status_id is not a status.' }]);
      await checkPeople({ assignee_id: input.assignee_id, qa_id: input.qa_id });
      const totals = await priceEstimates(db, input.estimates);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(task)
          .values({
            name: input.name,
            description: input.description,
            status_id: input.status_id,
            task_type: input.task_type,
            request_id: req.id,
            parent_id: input.parent_id ?? null,
            company_id: req.company_id,
            project_id: req.project_id,
            created_by: viewer.user.id,
            assignee_id: input.assignee_id ?? null,
            qa_id: input.qa_id ?? null,
            difficulty_level: input.difficulty_level ?? null,
            total_estimated_hours: totals.total_estimated_hours,
            total_estimated_cost: totals.total_estimated_cost,
          })
          .returning({ id: task.id });
        if (!row) throw new Error('task insert returned no row');
        await insertEstimates(tx, row.id, totals);
        if (input.steps.length)
          await tx.insert(step).values(input.steps.map((s2) => ({ ...s2, task_id: row.id })));
        if (input.references.length)
          await tx
            .insert(taskReference)
            .values(input.references.map((r) => ({ ...r, task_id: row.id })));
        if (input.parent_id)
          await tx.update(task).set({ has_child_task: true }).where(eq(task.id, input.parent_id));
        return row.id;
      });
      return visible(viewer, id);
    },

    /** Sets assignee and QA person (planners only). */
    async assign(viewer: Viewer, raw: unknown): Promise<TaskRecord> {
      const input = parseInput(assignTaskInputSchema, raw);
      const row = await visible(viewer, input.id);
      if (!canPlanTasks(viewer, row)) throw new AppError('FORBIDDEN', 403);
      await checkPeople({ assignee_id: input.assignee_id, qa_id: input.qa_id });
      await db
        .update(task)
        .set({ assignee_id: input.assignee_id, qa_id: input.qa_id, updated_at: new Date() })
        .where(eq(task.id, row.id));
      return visible(viewer, row.id);
    },

    /** A QA user takes a task that is available for QA (status 10, no qa_id). */
    async takeForQa(viewer: Viewer, raw: unknown): Promise<TaskRecord> {
      const { id } = parseInput(idSchema, raw);
      const row = await visible(viewer, id);
      if (!canTakeForQa(viewer) || !isAvailableForQa(row)) throw new AppError('FORBIDDEN', 403);
      const taken = await db
        .update(task)
        .set({ qa_id: viewer.user.id, updated_at: new Date() })
        .where(
          and(
            eq(task.id, id),
            sql`${task.qa_id} is null`,
            eq(task.status_id, TASK_STATUS.READY_FOR_TESTING),
          ),
        )
        .returning({ id: task.id });
      if (taken.length === 0) throw new AppError('FORBIDDEN', 403);
      return visible(viewer, id);
    },

    /** Soft delete (planners only); its subtasks go with it. */
    async remove(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idSchema, raw);
      const row = await visible(viewer, id);
      if (!canPlanTasks(viewer, row)) throw new AppError('FORBIDDEN', 403);
      await db
        .update(task)
        .set({ is_deleted: true, updated_at: new Date() })
        .where(sql`${task.id} = ${id} or ${task.parent_id} = ${id}`);
      return id;
    },

    /** One move through the status machine, by the actor the machine names. */
    async move(viewer: Viewer, raw: unknown): Promise<TaskRecord> {
      const input = parseInput(moveTaskInputSchema, raw);
      return db.transaction(async (tx) => {
        // Read as the viewer and lock in one statement: two moves of one task cannot interleave.
        const row = await queries.findForUpdate(viewer, input.id, tx);
        if (!row) throw new AppError('NO_TASK', 404);
        const decision = decideTransition(row, viewer.user.id, input.status_id, input.reason);
        if (!decision.ok)
          throw new AppError('TASK_MOVE_REFUSED', 409, { detail: decision.message });
        const { transition } = decision;
        const handedTo =
          {
            assignee: row.tech_lead_id,
            tech_lead: transition.to === TASK_STATUS.FAILED_REVIEW ? row.assignee_id : row.qa_id,
            qa: row.assignee_id,
          }[transition.actor] ?? null;
        const [updated] = await tx
          .update(task)
          .set({ status_id: transition.to, updated_at: new Date() })
          .where(eq(task.id, row.id))
          .returning({ updated_at: task.updated_at });
        if (!updated) throw new Error('task update returned no row');
        // The answer is the row read under the lock with what this move changed: nothing else
        // of it can change before the transaction ends, so it is not read again.
        const moved: TaskRecord = {
          ...row,
          status_id: transition.to,
          status_name: statusName(transition.to),
          updated_at: updated.updated_at,
        };
        await tx.insert(statusLog).values({
          reference_id: row.id,
          log_type: row.parent_id ? 'subtask' : 'task',
          company_id: row.company_id,
          past_status: row.status_id,
          current_status: transition.to,
          updated_to: handedTo,
          updated_by: viewer.user.id,
          reason: input.reason ?? null,
          remarks: input.remarks ?? null,
          submission: input.submission ?? null,
          track_time: input.track_time ?? null,
        });
        if (!transition.notify) return moved;
        const receivers = notificationRecipients(transition.notify, row, viewer.user.id);
        if (receivers.length === 0) return moved;
        const people = await tx
          .select({ id: userProfile.id, company_id: userProfile.company_id })
          .from(userProfile)
          .where(inArray(userProfile.id, receivers));
        for (const person of people)
          await insertNotification(tx, {
            content: notificationContent(transition.notify, row.name),
            receiver_id: person.id,
            sender_id: viewer.user.id,
            module: 'tasks',
            redirect: `/tasks?task=${row.id}`,
            extra_content: input.reason ?? null,
            company_id: person.company_id,
          });
        return moved;
      });
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
