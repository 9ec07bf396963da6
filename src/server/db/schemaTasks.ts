/**
 * The delivery side's work tables (delivery-side spec section 3; issue 19, dl-tasks): statuses,
 * deliveries, tasks and subtasks (a subtask is a task row with `parent_id`), their estimates per
 * talent type, steps, references, and the status log every transition writes. Money is integer
 * cents; hours carry two decimals. `company_id` and `project_id` on a task repeat its request's,
 * so board and scope queries need no join through requests.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { company, userProfile } from './schema';
import { project, request, talentType } from './schemaDelivery';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Task and request statuses (seeded from src/shared/delivery/taskStatus.ts; 10 = ready for testing). */
export const status = pgTable('status', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const delivery = pgTable(
  'delivery',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    title: text('title').notNull(),
    delivery_date: date('delivery_date'),
    estimated_delivery_date: date('estimated_delivery_date'),
    created_at: createdAt(),
  },
  (t) => [index('delivery_company_idx').on(t.company_id)],
);

export const task = pgTable(
  'task',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    status_id: integer('status_id')
      .notNull()
      .references(() => status.id),
    assignee_id: uuid('assignee_id').references(() => userProfile.id),
    qa_id: uuid('qa_id').references(() => userProfile.id),
    task_type: text('task_type').notNull(),
    request_id: uuid('request_id')
      .notNull()
      .references(() => request.id),
    /** The parent task of a subtask. */
    parent_id: uuid('parent_id'),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    project_id: uuid('project_id')
      .notNull()
      .references(() => project.id),
    created_by: uuid('created_by')
      .notNull()
      .references(() => userProfile.id),
    total_estimated_hours: numeric('total_estimated_hours', {
      precision: 12,
      scale: 2,
      mode: 'number',
    })
      .notNull()
      .default(0),
    /** Integer cents. */
    total_estimated_cost: integer('total_estimated_cost').notNull().default(0),
    difficulty_level: integer('difficulty_level'),
    has_child_task: boolean('has_child_task').notNull().default(false),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_request_idx').on(t.request_id),
    index('task_parent_idx').on(t.parent_id),
    index('task_project_status_idx')
      .on(t.project_id, t.status_id)
      .where(sql`${t.is_deleted} = false`),
    // The boards (domains/tasks/board.ts): a column is a status, newest first, keyset paged.
    index('task_board_status_idx')
      .on(t.status_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.is_deleted} = false and ${t.task_type} <> 'estimated'`),
    index('task_board_project_idx')
      .on(t.project_id, t.status_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.is_deleted} = false and ${t.task_type} <> 'estimated'`),
    index('task_assignee_idx')
      .on(t.assignee_id, t.status_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.is_deleted} = false`),
    index('task_qa_idx')
      .on(t.qa_id, t.status_id, t.updated_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.is_deleted} = false`),
  ],
);

/**
 * How many tasks are on a board per project, status, assignee and QA person: the board columns'
 * counts (domains/tasks/board.ts) without counting the tasks. Kept by statement triggers on `task`
 * in the writing transaction (migration 0028): rows of live, non-"estimated" tasks only; a key's
 * row stays (at 0) when its last task leaves.
 */
export const taskBoardCount = pgTable(
  'task_board_count',
  {
    project_id: uuid('project_id')
      .notNull()
      .references(() => project.id),
    status_id: integer('status_id').notNull(),
    assignee_id: uuid('assignee_id'),
    qa_id: uuid('qa_id'),
    n: integer('n').notNull(),
  },
  (t) => [
    unique('task_board_count_key')
      .on(t.project_id, t.status_id, t.assignee_id, t.qa_id)
      .nullsNotDistinct(),
    index('task_board_count_assignee_idx').on(t.assignee_id),
    index('task_board_count_qa_idx').on(t.qa_id),
  ],
);

/** Hours of one talent type on a task, priced at the type's rate when estimated. */
export const taskEstimate = pgTable(
  'task_estimate',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => task.id),
    talent_type_id: integer('talent_type_id')
      .notNull()
      .references(() => talentType.id),
    hours: numeric('hours', { precision: 9, scale: 2, mode: 'number' }).notNull(),
    /** The talent type's hourly rate at estimate time, integer cents. */
    hourly_rate: integer('hourly_rate').notNull(),
    /** hours × hourly_rate, rounded half up to a cent. */
    cost: integer('cost').notNull(),
  },
  (t) => [index('task_estimate_task_idx').on(t.task_id)],
);

export const step = pgTable(
  'step',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => task.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [index('step_task_idx').on(t.task_id)],
);

/** A link a task refers to (a ticket, a pull request, a design). */
export const taskReference = pgTable(
  'task_reference',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => task.id),
    title: text('title').notNull(),
    url: text('url').notNull(),
  },
  (t) => [index('task_reference_task_idx').on(t.task_id)],
);

/** One row per status transition of a task or subtask (`log_type`), never updated. */
export const statusLog = pgTable(
  'status_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference_id: uuid('reference_id')
      .notNull()
      .references(() => task.id),
    log_type: text('log_type').notNull(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    past_status: integer('past_status')
      .notNull()
      .references(() => status.id),
    current_status: integer('current_status')
      .notNull()
      .references(() => status.id),
    /** Whom the move hands the task to (the reviewer, the QA person, back to the assignee). */
    updated_to: uuid('updated_to').references(() => userProfile.id),
    updated_by: uuid('updated_by')
      .notNull()
      .references(() => userProfile.id),
    reason: text('reason'),
    remarks: text('remarks'),
    /** What was submitted for review (a link or a note). */
    submission: text('submission'),
    /** Minutes of work recorded with the move. */
    track_time: integer('track_time'),
    created_at: createdAt(),
  },
  (t) => [index('status_log_reference_idx').on(t.reference_id, t.created_at)],
);
