/**
 * The workflow engine on pg-boss. Document events (the workflow_event outbox, written by a trigger
 * in the writer's transaction and announced on lexdesk_workflow_event) start runs, many in one
 * transaction (runs.ts startRunsOf); each node execution is a job {nodeLogId} on the
 * `workflow-node` queue. A worker takes up to BATCH_SIZE jobs at once and runs their nodes as one
 * batch on one connection of the engine's own pool (batch.ts): the node logs' advisory locks, the
 * start ('In Progress', attempts + 1) committed first so screens see it, the external effects
 * recorded under their keys (effects.ts), then every node's database effect, its Completed row,
 * the nodes after it without an external effect (run in that same transaction) and the next
 * nodes' Queued rows in one transaction, so a crash repeats nothing. A transient failure is queued
 * again after a backoff (shared/backoff.ts); the last allowed attempt, or a final failure, marks
 * the node Failed until a person retries it (retryNode).
 * The worker that finishes a batch runs the nodes it queued right away, so a run does not wait
 * for a fetch per node; their jobs are only sent when that cannot be done.
 * Every `sweepIntervalMs` queued nodes without a job and nodes a dead worker left In Progress
 * (their lock is free) are queued again.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../../db/connection';
import * as schema from '../../../db/schema';
import type { WorkflowCrm } from '../../crm/outbound';
import { startJobLoop, type JobLoop } from '../../pipeline/jobLoop';
import type { PipelineLog } from '../../pipeline/queue';
import type { Mailer } from '../../notification-rules/mailer';
import { BATCH_SIZE, createBatchRunner, LOCK_SPACE } from './batch';
import { createFailureHandling } from './failures';
import { loadFactsOf, loadRawFile } from './facts';
import { createScheduler, systemClock, type Clock } from './schedules';
import {
  documentRunStarts,
  startRawFileRuns,
  startRunsOf,
  waitingForReview,
  type ActiveGraphs,
  type DocumentEventKind,
  type RunStart,
} from './runs';

export const WORKFLOW_QUEUE = 'workflow-node';
export const WORKFLOW_EVENT_CHANNEL = 'lexdesk_workflow_event';
const jobData = z.object({ nodeLogId: z.uuid() });

export interface WorkflowEngineOptions {
  databaseUrl: string;
  db: Database;
  /** Node jobs this process runs at once; 0 only queues (and starts no runs). */
  workers: number;
  allowPrivateWebhooks: boolean;
  log: PipelineLog;
  /** Attempts of a transiently failing node before it is Failed (default 4). */
  maxAttempts?: number;
  /** The first retry's delay in ms (doubling, capped at a minute; default 2000). */
  retryBaseMs?: number;
  pollingIntervalSeconds?: number;
  sweepIntervalMs?: number;
  /** The schedules' clock (tests move it by hand); the system clock by default. */
  clock?: Clock;
  /** The companies' external CRMs for sync and activity steps (else the local CRM only). */
  crm?: WorkflowCrm;
  /** The server's outgoing mail: the notify step mails through it (none: no mail is sent). */
  mailer?: Mailer;
}

export interface WorkflowEngine {
  /** Starts the runs of waiting document events; returns how many events were taken. */
  drainEvents(): Promise<number>;
  /** A Failed node is queued again by a person (a new retry round); false if it is not Failed. */
  retryNode(nodeLogId: string): Promise<boolean>;
  sweep(): Promise<number>;
  /** Fires the schedules due by the clock; `started` runs began in this call. */
  tickSchedules(): Promise<{ started: number; next?: Date }>;
  stop(): Promise<void>;
}

export async function startWorkflowEngine(options: WorkflowEngineOptions): Promise<WorkflowEngine> {
  const { db, log } = options;
  const maxAttempts = options.maxAttempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const polling = options.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: Math.max(2, options.workers + 1),
    supervise: options.workers > 0,
    schedule: false,
  });
  boss.on('error', (error: unknown) => log.error({ error: String(error) }, 'workflow queue error'));
  await boss.start();
  const queueOptions = {
    name: WORKFLOW_QUEUE,
    policy: 'short',
    retryLimit: 5,
    expireInSeconds: 900,
  } as const;
  await boss.createQueue(WORKFLOW_QUEUE, queueOptions);
  await boss.updateQueue(WORKFLOW_QUEUE, queueOptions);

  /** Queues node jobs, all in one statement (a node already queued keeps its one job). */
  async function send(ids: string[], startAfter?: Date): Promise<void> {
    if (ids.length === 0) return;
    const later = startAfter && startAfter.getTime() > Date.now() ? startAfter : undefined;
    await boss.insert(
      [...new Set(ids)].map((nodeLogId) => ({
        name: WORKFLOW_QUEUE,
        data: { nodeLogId },
        singletonKey: nodeLogId,
        ...(later ? { startAfter: later.toISOString() } : {}),
      })),
    );
    for (const loop of loops) loop.notify();
  }

  const failures = createFailureHandling({ db, log, maxAttempts, retryBaseMs, send });
  // The workers' own connections: each fetches its jobs and runs its nodes on one of them.
  const workerPool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: Math.max(1, options.workers),
  });
  workerPool.on('error', () => undefined);
  const batches = createBatchRunner({
    failures,
    send,
    allowPrivateWebhooks: options.allowPrivateWebhooks,
    mailer: options.mailer,
    crm: options.crm,
    effectsDb: db,
  });
  // One typed handle per pooled connection (pg.Pool keeps its client objects).
  const handles = new WeakMap<pg.PoolClient, Database>();

  /** Runs `work` on one connection of the pool; a connection that failed is closed, not reused. */
  async function onConnection<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const client = await workerPool.connect();
    let db = handles.get(client);
    if (!db) {
      db = drizzle(client, { schema }) as unknown as Database;
      handles.set(client, db);
    }
    try {
      const out = await work(db);
      client.release();
      return out;
    } catch (error) {
      // It may still hold session locks (the unlock failed): never hand it to another batch.
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  /**
   * Runs the jobs' nodes as a batch, then the nodes that batch queued as the next, in this worker
   * (without a job and a fetch per node). Nodes that cannot be run here (the database failed) go
   * back to the queue; a crash between two batches leaves Queued rows that the sweep queues again.
   */
  async function runBatches(nodeLogIds: string[]): Promise<void> {
    let pending = nodeLogIds;
    let started = false;
    try {
      await onConnection(async (on) => {
        while (pending.length > 0) {
          const next = await batches.runBatch(on, pending);
          started = true;
          pending = next;
        }
      });
    } catch (error) {
      if (!started) throw error; // the database failed before the first batch: pg-boss retries
      // The connection was closed, which let go of the batch's locks.
      log.error({ error: String(error), nodes: pending.length }, 'workflow steps queued again');
      await send(pending);
    }
  }

  /** Events taken per transaction. */
  const EVENTS_AT_ONCE = 200;

  async function drainEvents(): Promise<number> {
    let total = 0;
    for (;;) {
      const queued: string[] = [];
      const taken = await db.transaction(async (tx) => {
        const events = await tx.execute<{
          kind: DocumentEventKind | 'raw_file_received';
          legal_processed_file_id: string | null;
          raw_file_id: string | null;
        }>(sql`
          delete from workflow_event where id in (
            select id from workflow_event order by id limit ${EVENTS_AT_ONCE} for update skip locked)
          returning kind, legal_processed_file_id, raw_file_id`);
        // The documents' facts in one query, each company's workflows once, the runs in one go.
        const facts = await loadFactsOf(
          tx,
          events.rows.flatMap((e) =>
            e.kind !== 'raw_file_received' && e.legal_processed_file_id
              ? [e.legal_processed_file_id]
              : [],
          ),
        );
        const known: ActiveGraphs = new Map();
        const starts: RunStart[] = [];
        const reviewed: string[] = [];
        for (const event of events.rows) {
          if (event.kind === 'raw_file_received') {
            const raw = event.raw_file_id ? await loadRawFile(tx, event.raw_file_id) : undefined;
            if (raw && !raw.is_deleted) queued.push(...(await startRawFileRuns(tx, raw)));
            continue;
          }
          const document = event.legal_processed_file_id
            ? facts.get(event.legal_processed_file_id)
            : undefined;
          if (!document || document.is_deleted) continue;
          starts.push(...(await documentRunStarts(tx, event.kind, document, known)));
          if (event.kind === 'document_reviewed') reviewed.push(document.id);
        }
        queued.push(...(await startRunsOf(tx, starts)));
        queued.push(...(await waitingForReview(tx, reviewed)));
        return events.rows.length;
      });
      await send(queued);
      total += taken;
      if (taken < EVENTS_AT_ONCE) return total;
    }
  }

  async function sweep(): Promise<number> {
    const ids = await db.transaction(async (tx) => {
      const due = await tx.execute<{ id: string }>(sql`
        select id from workflow_node_log
        where status = 'Queued' and (retry_at is null or retry_at <= now())
        union all
        select id from workflow_node_log
        where status = 'In Progress' and node_type <> 'action.wait_for_review'
          and pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(id::text))`);
      return due.rows.map((r) => r.id);
    });
    await send(ids);
    return ids.length;
  }

  const loops: JobLoop[] = [];
  for (let i = 0; i < options.workers; i += 1)
    loops.push(
      startJobLoop({
        fetch: async () => {
          const jobs = await boss.fetch<unknown>(WORKFLOW_QUEUE, {
            batchSize: BATCH_SIZE,
            db: { executeSql: (text, values) => workerPool.query(text, values) },
          });
          return jobs.length > 0 ? jobs : undefined;
        },
        handle: async (jobs) => {
          const ids = jobs.map((job) => job.id);
          const nodeLogIds = jobs.flatMap((job) => {
            const parsed = jobData.safeParse(job.data);
            return parsed.success ? [parsed.data.nodeLogId] : [];
          });
          try {
            await runBatches(nodeLogIds);
          } catch (error) {
            await boss.fail(WORKFLOW_QUEUE, ids);
            throw error;
          }
          await boss.complete(WORKFLOW_QUEUE, ids);
        },
        intervalMs: polling * 1000,
        onFetchError: (error, failures) =>
          log.error({ error: String(error), failures }, 'workflow jobs cannot be fetched'),
        onFetchRecovered: (failures) => log.info({ failures }, 'workflow jobs are fetched again'),
        onHandleError: (error) => log.error({ error: String(error) }, 'workflow job failed'),
      }),
    );

  // Events and sweeps only where jobs run (a queue-only process leaves them to the workers).
  let listener: pg.Client | undefined;
  let draining: Promise<unknown> = Promise.resolve();
  // Notices that come while a drain is waiting to start fold into it (one per document commit
  // would each be a transaction that mostly finds nothing); one that comes during a drain queues
  // the next, so no event is left waiting.
  let drainWaiting = false;
  const drainSoon = () => {
    if (drainWaiting) return;
    drainWaiting = true;
    draining = draining
      .then(() => {
        drainWaiting = false;
        return drainEvents();
      })
      .catch((error: unknown) =>
        log.error({ error: String(error) }, 'workflow events could not be taken'),
      );
  };
  let timer: NodeJS.Timeout | undefined;
  const scheduler = createScheduler({ db, clock: options.clock ?? systemClock, log, send });
  if (options.workers > 0) {
    scheduler.start();
    listener = new pg.Client({ connectionString: options.databaseUrl });
    listener.on('error', (error) =>
      log.error({ error: String(error) }, 'workflow event listener error'),
    );
    await listener.connect();
    listener.on('notification', drainSoon);
    await listener.query(`LISTEN ${WORKFLOW_EVENT_CHANNEL}`);
    drainSoon();
    timer = setInterval(() => {
      drainSoon();
      void sweep().catch((error: unknown) =>
        log.error({ error: String(error) }, 'workflow sweep failed'),
      );
    }, options.sweepIntervalMs ?? 15_000);
    timer.unref();
  }

  return {
    drainEvents,
    retryNode: failures.retryNode,
    sweep,
    tickSchedules: () => scheduler.tick(),
    async stop() {
      if (timer) clearInterval(timer);
      await scheduler.stop();
      await listener?.end().catch(() => undefined);
      await draining;
      await Promise.all(loops.map((loop) => loop.stop(10_000)));
      await boss.stop({ graceful: true, wait: true, timeout: 1_000 });
      await workerPool.end();
    },
  };
}
