/**
 * Workflows (issue 17): the graph a company saves, its version snapshots and update history, the
 * runs pinned to a version with one log row per node execution, the effects ledger that keeps an
 * external effect from repeating, the document sync logs, and the outbox of document events the
 * engine starts runs from (filled by a trigger on legal_processed_file, migration 0014).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { company, rawFile, userProfile } from './schema';
import { legalCase, legalProcessedFile } from './schemaPipeline';

const at = (name: string) => timestamp(name, { withTimezone: true });
const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => company.id);

export const workflow = pgTable(
  'workflow',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    name: text('name').notNull(),
    is_active: boolean('is_active').notNull().default(false),
    is_deleted: boolean('is_deleted').notNull().default(false),
    /** Raised by every save of nodes and edges; runs keep the version they started with. */
    version: integer('version').notNull().default(1),
    nodes: jsonb('nodes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    edges: jsonb('edges')
      .notNull()
      .default(sql`'[]'::jsonb`),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('workflow_company_idx').on(t.company_id, t.is_deleted, t.created_at)],
);

export const workflowVersion = pgTable(
  'workflow_version',
  {
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflow.id),
    version: integer('version').notNull(),
    nodes: jsonb('nodes').notNull(),
    edges: jsonb('edges').notNull(),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workflow_id, t.version] })],
);

export const workflowUpdateHistory = pgTable(
  'workflow_update_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflow.id),
    company_id: companyId(),
    user_id: uuid('user_id').references(() => userProfile.id, { onDelete: 'set null' }),
    /** created, renamed, duplicated, activated, deactivated, deleted, nodes_and_edges */
    action: text('action').notNull(),
    version: integer('version').notNull(),
    /** {nodes: {added, removed, changed}, edges: {added, removed}, name?: {from, to}} */
    diff: jsonb('diff').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('workflow_update_history_company_idx').on(t.company_id, t.created_at)],
);

export const workflowRun = pgTable(
  'workflow_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflow.id),
    company_id: companyId(),
    version: integer('version').notNull(),
    /** document_completed, document_reviewed, raw_file_received, schedule */
    trigger: text('trigger').notNull(),
    legal_processed_file_id: uuid('legal_processed_file_id').references(
      () => legalProcessedFile.id,
    ),
    raw_file_id: uuid('raw_file_id').references(() => rawFile.id),
    /** The cron time a schedule run was started for (one run per workflow and time). */
    scheduled_for: at('scheduled_for'),
    /** Queued, In Progress, Completed, Failed (the group status of its node logs). */
    status: text('status').notNull().default('Queued'),
    started_at: at('started_at').notNull().defaultNow(),
    ended_at: at('ended_at'),
  },
  (t) => [
    index('workflow_run_company_idx').on(t.company_id, t.started_at),
    index('workflow_run_group_idx').on(t.workflow_id, t.legal_processed_file_id),
    // One run per workflow, document and trigger event kind (a document completes once).
    uniqueIndex('workflow_run_once_idx')
      .on(t.workflow_id, t.legal_processed_file_id, t.trigger)
      .where(sql`legal_processed_file_id is not null`),
    // One run per workflow and received raw file.
    uniqueIndex('workflow_run_raw_once_idx')
      .on(t.workflow_id, t.raw_file_id, t.trigger)
      .where(sql`raw_file_id is not null`),
    // One run per workflow and schedule time, whichever process fires it.
    uniqueIndex('workflow_run_schedule_once_idx')
      .on(t.workflow_id, t.scheduled_for)
      .where(sql`scheduled_for is not null`),
  ],
);

/**
 * One row per log group (spec section 4: the runs of one workflow on one processed file), kept by
 * a trigger on workflow_run (migration 0023) with the group status, first start, last end (null
 * while a run is open) and run count, so the logs screen pages over groups without aggregating
 * every run of the company.
 */
export const workflowLogGroup = pgTable(
  'workflow_log_group',
  {
    /** `${workflow_id}:${legal_processed_file_id ?? ''}` */
    key: text('key').primaryKey(),
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflow.id),
    company_id: companyId(),
    legal_processed_file_id: uuid('legal_processed_file_id').references(
      () => legalProcessedFile.id,
    ),
    /** Queued, In Progress, Completed, Failed or '' (spec section 4, over the group's runs). */
    status: text('status').notNull(),
    /** A run of the group has not ended (such groups come first). */
    open: boolean('open').notNull(),
    started_at: at('started_at').notNull(),
    ended_at: at('ended_at'),
    runs: integer('runs').notNull(),
  },
  (t) => [
    index('workflow_log_group_company_order_idx').on(
      t.company_id,
      t.open.desc(),
      t.ended_at.desc(),
      t.started_at.desc(),
    ),
    index('workflow_log_group_workflow_order_idx').on(
      t.workflow_id,
      t.open.desc(),
      t.ended_at.desc(),
      t.started_at.desc(),
    ),
  ],
);

/**
 * How many log groups each workflow of a company has, kept exact by a deferred trigger on
 * workflow_log_group (migration 0026: a new group adds one at commit), so the logs screen's pager
 * sums a few rows instead of counting every group of the company.
 */
export const workflowLogGroupCount = pgTable(
  'workflow_log_group_count',
  {
    company_id: companyId(),
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflow.id),
    groups: integer('groups').notNull(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.workflow_id] })],
);

export const workflowNodeLog = pgTable(
  'workflow_node_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    run_id: uuid('run_id')
      .notNull()
      .references(() => workflowRun.id),
    workflow_id: uuid('workflow_id')
      .notNull()
      .references(() => workflow.id),
    company_id: companyId(),
    legal_processed_file_id: uuid('legal_processed_file_id').references(
      () => legalProcessedFile.id,
    ),
    node_id: text('node_id').notNull(),
    node_type: text('node_type').notNull(),
    status: text('status').notNull().default('Queued'),
    input: jsonb('input'),
    output: jsonb('output'),
    error: text('error'),
    /** Every execution of this node in this run. */
    attempts: integer('attempts').notNull().default(0),
    /** Executions since the last person's retry (the automatic retry budget). */
    round_attempts: integer('round_attempts').notNull().default(0),
    /** Raised by each person's retry: part of the effect key of an action that failed. */
    retry_round: integer('retry_round').notNull().default(0),
    queued_at: at('queued_at').notNull().defaultNow(),
    started_at: at('started_at'),
    ended_at: at('ended_at'),
    /** When a transient failure's next attempt is due. */
    retry_at: at('retry_at'),
  },
  (t) => [
    uniqueIndex('workflow_node_log_run_node_idx').on(t.run_id, t.node_id),
    index('workflow_node_log_group_idx').on(t.workflow_id, t.legal_processed_file_id),
    index('workflow_node_log_open_idx')
      .on(t.status)
      .where(sql`status in ('Queued', 'In Progress')`),
  ],
);

/** External effects done, by (run, node, retry round): read before an effect is repeated. */
export const workflowEffect = pgTable('workflow_effect', {
  key: text('key').primaryKey(),
  node_log_id: uuid('node_log_id')
    .notNull()
    .references(() => workflowNodeLog.id),
  result: jsonb('result').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});

export const documentSyncLog = pgTable(
  'document_sync_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    legal_processed_file_id: uuid('legal_processed_file_id')
      .notNull()
      .references(() => legalProcessedFile.id),
    node_log_id: uuid('node_log_id').references(() => workflowNodeLog.id),
    legal_case_id: uuid('legal_case_id').references(() => legalCase.id),
    connector: text('connector').notNull(),
    status: text('status').notNull(),
    attempt: integer('attempt').notNull().default(1),
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    started_at: at('started_at').notNull().defaultNow(),
    ended_at: at('ended_at'),
  },
  (t) => [index('document_sync_log_file_idx').on(t.legal_processed_file_id, t.started_at)],
);

/** An activity written to a case by the local case store connector. */
export const caseActivity = pgTable(
  'case_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    legal_case_id: uuid('legal_case_id')
      .notNull()
      .references(() => legalCase.id),
    legal_processed_file_id: uuid('legal_processed_file_id').references(
      () => legalProcessedFile.id,
    ),
    activity_type: text('activity_type').notNull(),
    note: text('note').notNull().default(''),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('case_activity_case_idx').on(t.legal_case_id, t.created_at)],
);

/**
 * Document and raw file events waiting for the engine (written by triggers in the writer's
 * transaction, migrations 0016 and 0018).
 */
export const workflowEvent = pgTable('workflow_event', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  company_id: uuid('company_id').notNull(),
  /** document_completed, document_reviewed (a processed file), raw_file_received (a raw file) */
  kind: text('kind').notNull(),
  legal_processed_file_id: uuid('legal_processed_file_id'),
  raw_file_id: uuid('raw_file_id'),
  created_at: at('created_at').notNull().defaultNow(),
});

/**
 * The armed schedule of an active workflow with a schedule trigger (engine/schedules.ts):
 * `armed_at` is when this cron (and zone) began to count, `last_fired_for` the last cron time a
 * run was started for. A process fires a due time by moving `last_fired_for` forward under the
 * row lock in the run's own transaction, so each time fires once whatever the processes.
 */
export const workflowSchedule = pgTable('workflow_schedule', {
  workflow_id: uuid('workflow_id')
    .primaryKey()
    .references(() => workflow.id),
  cron: text('cron').notNull(),
  timezone: text('timezone').notNull().default(''),
  armed_at: at('armed_at').notNull(),
  last_fired_for: at('last_fired_for'),
});

export type WorkflowRow = typeof workflow.$inferSelect;
export type WorkflowRunRow = typeof workflowRun.$inferSelect;
export type WorkflowNodeLogRow = typeof workflowNodeLog.$inferSelect;
