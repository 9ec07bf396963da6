/**
 * The workflow engine on pg-boss. Document events (the workflow_event outbox, written by a trigger
 * in the writer's transaction and announced on lexdesk_workflow_event) start runs; each node
 * execution is a job {nodeLogId} on the `workflow-node` queue. A worker runs a node on one
 * connection of the engine's own pool (step.ts): the node log's advisory lock, the start
 * ('In Progress', attempts + 1) committed first so screens see it, the external effect recorded
 * under its key (effects.ts), then the node's database effect with its Completed row and the next
 * nodes' Queued rows in one transaction, so a crash repeats nothing. A transient failure is queued
 * again after a backoff (shared/backoff.ts); the last allowed attempt, or a final failure, marks
 * the node Failed until a person retries it (retryNode).
 * The worker that finishes a node runs the nodes it queued right away (runChain), so a run does
 * not wait for a fetch per node; their jobs are only sent when that cannot be done.
 * Every `sweepIntervalMs` queued nodes without a job and nodes a dead worker left In Progress
 * (their lock is free) are queued again.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../../db/connection';
import type { WorkflowCrm } from '../../crm/outbound';
import { startJobLoop, type JobLoop } from '../../pipeline/jobLoop';
import type { PipelineLog } from '../../pipeline/queue';
import type { Mailer } from '../../notification-rules/mailer';
import { createFailureHandling } from './failures';
import { loadFacts, loadRawFile } from './facts';
import { createScheduler, systemClock, type Clock } from './schedules';
import { createStepRunner, LOCK_SPACE, type ChainItem } from './step';
import { startRawFileRuns, startRuns, waitingForReview, type DocumentEventKind } from './runs';

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

  async function send(ids: string[], startAfter?: Date): Promise<void> {
    for (const nodeLogId of ids)
      await boss.send(
        WORKFLOW_QUEUE,
        { nodeLogId },
        {
          singletonKey: nodeLogId,
          ...(startAfter && startAfter.getTime() > Date.now() ? { startAfter } : {}),
        },
      );
    if (ids.length > 0) for (const loop of loops) loop.notify();
  }

  const failures = createFailureHandling({ db, log, maxAttempts, retryBaseMs, send });
  // The workers' own connections: each fetches its jobs and runs its nodes on one of them.
  const workerPool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: Math.max(1, options.workers),
  });
  workerPool.on('error', () => undefined);
  const steps = createStepRunner({
    pool: workerPool,
    failures,
    send,
    allowPrivateWebhooks: options.allowPrivateWebhooks,
    mailer: options.mailer,
    crm: options.crm,
  });

  /**
   * Runs a job's node, then the nodes it queued, one after the other in this worker: each still
   * its own transaction, log row and lock, but without a job and a fetch per node. A node that
   * cannot be run here (the database failed) goes back to the queue with the rest; a crash
   * between two nodes leaves Queued rows that the sweep queues again.
   */
  async function runChain(nodeLogId: string): Promise<void> {
    let pending: ChainItem[] = [nodeLogId];
    let started = false;
    const idOf = (item: ChainItem) => (typeof item === 'string' ? item : item.log.id);
    try {
      await steps.onConnection(async (on) => {
        while (pending.length > 0) {
          const [item, ...rest] = pending;
          const next = await steps.runOn(on, item!);
          started = true;
          // A claimed node first: this connection holds its lock.
          pending = [
            ...next.filter((n) => typeof n !== 'string'),
            ...rest,
            ...next.filter((n) => typeof n === 'string'),
          ];
        }
      });
    } catch (error) {
      if (!started) throw error; // the database failed before the first node: pg-boss retries the job
      // The connection was closed, which let go of any claimed node's lock.
      log.error(
        { error: String(error), nodeLogId: idOf(pending[0]!) },
        'workflow step queued again',
      );
      await send(pending.map(idOf));
    }
  }

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
            select id from workflow_event order by id limit 50 for update skip locked)
          returning kind, legal_processed_file_id, raw_file_id`);
        for (const event of events.rows) {
          if (event.kind === 'raw_file_received') {
            const raw = event.raw_file_id ? await loadRawFile(tx, event.raw_file_id) : undefined;
            if (raw && !raw.is_deleted) queued.push(...(await startRawFileRuns(tx, raw)));
            continue;
          }
          if (!event.legal_processed_file_id) continue;
          const facts = await loadFacts(tx, event.legal_processed_file_id);
          if (!facts || facts.is_deleted) continue;
          queued.push(...(await startRuns(tx, event.kind, facts)));
          if (event.kind === 'document_reviewed')
            queued.push(...(await waitingForReview(tx, [facts.id])));
        }
        return events.rows.length;
      });
      await send(queued);
      total += taken;
      if (taken < 50) return total;
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
            batchSize: 1,
            db: { executeSql: (text, values) => workerPool.query(text, values) },
          });
          return jobs[0];
        },
        handle: async (job) => {
          const parsed = jobData.safeParse(job.data);
          try {
            if (parsed.success) await runChain(parsed.data.nodeLogId);
          } catch (error) {
            await boss.fail(WORKFLOW_QUEUE, job.id, { error: String(error) });
            throw error;
          }
          await boss.complete(WORKFLOW_QUEUE, job.id);
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
  const drainSoon = () => {
    draining = draining
      .then(() => drainEvents())
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
