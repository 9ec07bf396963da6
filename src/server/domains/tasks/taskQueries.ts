/**
 * Reads of tasks: one task, a request's tasks, a task's subtasks, estimates, steps, references and
 * status log (the boards are board.ts). Every read is filtered by scope.ts.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile } from '../../db/schema';
import { project, request, talentType } from '../../db/schemaDelivery';
import { status, statusLog, step, task, taskEstimate, taskReference } from '../../db/schemaTasks';
import type { Viewer } from '../../permissions';
import { TASK_STATUS } from '../../../shared/delivery/taskStatus';
import { taskScope } from './scope';

const assignee = alias(userProfile, 'assignee');
const qa = alias(userProfile, 'qa');
const fullName = (u: { id: AnyPgColumn; first_name: AnyPgColumn; last_name: AnyPgColumn }) =>
  sql<
    string | null
  >`case when ${u.id} is null then null else ${u.first_name} || ' ' || ${u.last_name} end`;

const COLUMNS = {
  id: task.id,
  name: task.name,
  description: task.description,
  status_id: task.status_id,
  status_name: status.name,
  assignee_id: task.assignee_id,
  assignee_name: fullName(assignee),
  qa_id: task.qa_id,
  qa_name: fullName(qa),
  task_type: task.task_type,
  request_id: task.request_id,
  request_title: request.title,
  parent_id: task.parent_id,
  company_id: task.company_id,
  project_id: task.project_id,
  project_name: project.name,
  tech_lead_id: project.tech_lead_id,
  created_by: task.created_by,
  total_estimated_hours: task.total_estimated_hours,
  total_estimated_cost: task.total_estimated_cost,
  difficulty_level: task.difficulty_level,
  has_child_task: task.has_child_task,
  created_at: task.created_at,
  updated_at: task.updated_at,
  open_subtask_count: sql<number>`(select count(*)::int from "task" as "subtask"
    where "subtask"."parent_id" = ${task.id} and "subtask"."is_deleted" = false and "subtask"."status_id" <> ${TASK_STATUS.COMPLETE})`,
};

function selectTasks(db: DatabaseExecutor) {
  return db
    .select(COLUMNS)
    .from(task)
    .innerJoin(status, eq(status.id, task.status_id))
    .innerJoin(request, eq(request.id, task.request_id))
    .innerJoin(project, eq(project.id, task.project_id))
    .leftJoin(assignee, eq(assignee.id, task.assignee_id))
    .leftJoin(qa, eq(qa.id, task.qa_id));
}

export type TaskRecord = Awaited<ReturnType<typeof selectTasks>>[number];

export function createTaskQueries(db: Database) {
  const live = (viewer: Viewer, ...more: Array<SQL | undefined>) =>
    and(eq(task.is_deleted, false), taskScope(viewer), ...more);

  return {
    async find(
      viewer: Viewer,
      id: string,
      tx: DatabaseExecutor = db,
    ): Promise<TaskRecord | undefined> {
      const [row] = await selectTasks(tx)
        .where(live(viewer, eq(task.id, id)))
        .limit(1);
      return row;
    },

    /**
     * `find` that also locks the task's row until `tx` ends (one statement): a move reads what it
     * decides on under the lock, so two moves of one task cannot interleave.
     */
    async findForUpdate(
      viewer: Viewer,
      id: string,
      tx: DatabaseExecutor,
    ): Promise<TaskRecord | undefined> {
      const [row] = await selectTasks(tx)
        .where(live(viewer, eq(task.id, id)))
        .limit(1)
        .for('update', { of: task });
      return row;
    },

    byRequest: (viewer: Viewer, requestId: string) =>
      selectTasks(db)
        .where(live(viewer, eq(task.request_id, requestId), isNull(task.parent_id)))
        .orderBy(asc(task.created_at), asc(task.id)),

    subtasks: (viewer: Viewer, parentId: string) =>
      selectTasks(db)
        .where(live(viewer, eq(task.parent_id, parentId)))
        .orderBy(asc(task.created_at), asc(task.id)),

    estimates: (taskId: string) =>
      db
        .select({
          id: taskEstimate.id,
          talent_type_id: taskEstimate.talent_type_id,
          role: talentType.role,
          hours: taskEstimate.hours,
          hourly_rate: taskEstimate.hourly_rate,
          cost: taskEstimate.cost,
        })
        .from(taskEstimate)
        .innerJoin(talentType, eq(talentType.id, taskEstimate.talent_type_id))
        .where(eq(taskEstimate.task_id, taskId))
        .orderBy(asc(taskEstimate.talent_type_id)),

    steps: (taskId: string) =>
      db
        .select()
        .from(step)
        .where(eq(step.task_id, taskId))
        .orderBy(asc(step.priority), asc(step.title)),

    references: (taskId: string) =>
      db
        .select()
        .from(taskReference)
        .where(eq(taskReference.task_id, taskId))
        .orderBy(asc(taskReference.title)),

    logs: (taskId: string) => {
      const by = alias(userProfile, 'by');
      return db
        .select({
          id: statusLog.id,
          reference_id: statusLog.reference_id,
          log_type: statusLog.log_type,
          past_status: statusLog.past_status,
          current_status: statusLog.current_status,
          updated_to: statusLog.updated_to,
          updated_by: statusLog.updated_by,
          updated_by_name: sql<string>`${by.first_name} || ' ' || ${by.last_name}`,
          reason: statusLog.reason,
          remarks: statusLog.remarks,
          submission: statusLog.submission,
          track_time: statusLog.track_time,
          created_at: statusLog.created_at,
        })
        .from(statusLog)
        .innerJoin(by, eq(by.id, statusLog.updated_by))
        .where(eq(statusLog.reference_id, taskId))
        .orderBy(desc(statusLog.created_at), desc(statusLog.id));
    },
  };
}

export type TaskQueries = ReturnType<typeof createTaskQueries>;
