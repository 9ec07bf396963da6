/**
 * One node execution on one connection of the engine's own pool (one per worker), so a worker
 * never waits for a second connection while it holds the first:
 * 1. the node log's advisory lock, session-level (held across the statements below, freed when
 *    the connection dies: the sweep then queues the node again);
 * 2. the start, committed at once so screens see it: the node `In Progress` (attempts + 1) and
 *    its run In Progress, one short transaction;
 * 3. the external effect (effects.ts: the webhook call, the notify step's mail), outside any
 *    transaction, recorded under its key as soon as it was made;
 * 4. one transaction: the run's document locked first (the order every run write follows), the
 *    node's database effect, its `Completed` row, the next nodes' `Queued` rows and the run's
 *    status (refreshLockedRun, one statement), so a database effect commits with its log row or
 *    not at all;
 * 5. a failure recorded while the lock is still held; the lock is let go, then the node is queued
 *    again if it is to run again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isNodeKind } from '../../../../shared/workflows';
import type { Database } from '../../../db/connection';
import * as schema from '../../../db/schema';
import {
  workflowNodeLog,
  workflowRun,
  type WorkflowNodeLogRow,
  type WorkflowRunRow,
} from '../../../db/schemaWorkflows';
import type { WorkflowCrm } from '../../crm/outbound';
import type { Mailer } from '../../notification-rules/mailer';
import type { EffectContext } from './actions';
import { final } from './errors';
import { executeNode, externalEffect } from './execute';
import { blankFacts, loadFacts, loadRawFile, type DocumentFacts } from './facts';
import type { createFailureHandling } from './failures';
import { graphOf, queueNext, refreshLockedRun } from './runs';

export const LOCK_SPACE = 17017;

export interface StepDeps {
  /** The engine's own pool: one connection per worker. */
  pool: pg.Pool;
  failures: ReturnType<typeof createFailureHandling>;
  send(ids: string[], startAfter?: Date): Promise<void>;
  allowPrivateWebhooks: boolean;
  mailer: Mailer | undefined;
  /** The companies' external CRMs for sync and activity steps (else the local CRM only). */
  crm?: WorkflowCrm | undefined;
}

/** A run's facts: its document's, else its raw file's name, else none (a schedule run). */
async function runFacts(db: Database, run: WorkflowRunRow): Promise<DocumentFacts | undefined> {
  if (run.legal_processed_file_id) return loadFacts(db, run.legal_processed_file_id);
  if (run.raw_file_id) {
    const raw = await loadRawFile(db, run.raw_file_id);
    return raw && { ...blankFacts(run.company_id, raw.name), is_deleted: raw.is_deleted };
  }
  return blankFacts(run.company_id, '');
}

/** A node's start: In Progress, one more attempt (in the round too), no retry time. */
const start = () => ({
  status: 'In Progress' as const,
  started_at: new Date(),
  attempts: sql`${workflowNodeLog.attempts} + 1`,
  round_attempts: sql`${workflowNodeLog.round_attempts} + 1`,
  retry_at: null,
});

/** A node's log and its run, as its start left them. */
export interface Claimed {
  log: WorkflowNodeLogRow;
  run: WorkflowRunRow | undefined;
}

/** A node to run: by its log id, or already claimed (and locked) by the node before it. */
export type ChainItem = string | Claimed;

export function createStepRunner(deps: StepDeps) {
  // One typed handle per pooled connection (pg.Pool keeps its client objects).
  const handles = new WeakMap<pg.PoolClient, Database>();

  /** Commits the start; the claimed node log and its run, or undefined if it is not to run. */
  async function claim(db: Database, nodeLogId: string): Promise<Claimed | undefined> {
    return db.transaction(async (tx) => {
      const [log] = await tx
        .update(workflowNodeLog)
        .set(start())
        .where(
          and(
            eq(workflowNodeLog.id, nodeLogId),
            inArray(workflowNodeLog.status, ['Queued', 'In Progress']),
          ),
        )
        .returning();
      if (!log) return undefined;
      // The run is In Progress already unless it ended (a person's retry) or never started: an
      // update only then, as each update of a run recounts its log group (migration 0023).
      const [seen] = await tx.select().from(workflowRun).where(eq(workflowRun.id, log.run_id));
      if (!seen || (seen.status === 'In Progress' && seen.ended_at === null))
        return { log, run: seen };
      const [run] = await tx
        .update(workflowRun)
        .set({ status: 'In Progress', ended_at: null })
        .where(eq(workflowRun.id, log.run_id))
        .returning();
      return { log, run };
    });
  }

  /**
   * Runs a claimed node; returns the nodes it queued (committed with its Completed row). The first
   * of them is claimed in that same transaction (`claimed`: In Progress, attempts + 1, its session
   * lock taken on this connection), so the worker runs it next without a start transaction of its
   * own; a rollback lets go of that lock.
   */
  async function execute(
    db: Database,
    log: Claimed['log'],
    run: WorkflowRunRow | undefined,
  ): Promise<{ next: string[]; claimed?: Claimed }> {
    if (!run) throw final('The run of this step no longer exists.');
    const graph = await graphOf(db, run.workflow_id, run.version);
    const node = graph.nodes.find((n) => n.id === log.node_id);
    if (!node || !isNodeKind(node.type))
      throw final('This step is not part of the workflow version this run uses.');
    const kindNode = { ...node, type: node.type };
    const facts = await runFacts(db, run);
    if (!facts || facts.is_deleted) throw final('The document of this run no longer exists.');
    const base: EffectContext = {
      db,
      facts,
      run,
      log,
      allowPrivateWebhooks: deps.allowPrivateWebhooks,
      mailer: deps.mailer,
      crm: deps.crm,
    };
    const effect = await externalEffect(kindNode, base);
    let locked: string | undefined;
    try {
      return await db.transaction(async (tx) => {
        const fileId = run.legal_processed_file_id;
        if (fileId)
          await tx.execute(sql`select 1 from legal_processed_file where id = ${fileId} for update`);
        const result = await executeNode(kindNode, { ...base, tx }, effect);
        if (result.waiting) {
          await tx
            .update(workflowNodeLog)
            .set({ output: result.output, error: null })
            .where(eq(workflowNodeLog.id, log.id));
          return { next: [] };
        }
        await tx
          .update(workflowNodeLog)
          .set({ status: 'Completed', output: result.output, error: null, ended_at: new Date() })
          .where(eq(workflowNodeLog.id, log.id));
        const next = await queueNext(tx, run, graph, node.id, result.branch ?? null);
        let claimed: Claimed | undefined;
        const first = next[0];
        if (first !== undefined) {
          const lock = await tx.execute<{ ok: boolean }>(
            sql`select pg_try_advisory_lock(${LOCK_SPACE}, hashtext(${first})) as ok`,
          );
          if (lock.rows[0]?.ok) {
            locked = first;
            const [row] = await tx
              .update(workflowNodeLog)
              .set(start())
              .where(eq(workflowNodeLog.id, first))
              .returning();
            if (row) claimed = { log: row, run };
            else {
              await tx.execute(sql`select pg_advisory_unlock(${LOCK_SPACE}, hashtext(${first}))`);
              locked = undefined;
            }
          }
        }
        await refreshLockedRun(tx, run.id, fileId);
        return claimed ? { next: next.slice(1), claimed } : { next };
      });
    } catch (error) {
      if (locked)
        await db.execute(sql`select pg_advisory_unlock(${LOCK_SPACE}, hashtext(${locked}))`);
      throw error;
    }
  }

  /**
   * Runs one node on `db` (a connection of the pool): by id (its lock taken and its start
   * committed here), or claimed by the node before it (its lock already held on `db`). Returns the
   * nodes it queued, the first claimed when it could be. Throws only when the database failed
   * before the node started (the caller queues it again).
   */
  async function runOn(db: Database, item: ChainItem): Promise<ChainItem[]> {
    const nodeLogId = typeof item === 'string' ? item : item.log.id;
    if (typeof item === 'string') {
      const lock = await db.execute<{ ok: boolean }>(
        sql`select pg_try_advisory_lock(${LOCK_SPACE}, hashtext(${nodeLogId})) as ok`,
      );
      if (!lock.rows[0]?.ok) return []; // another worker has this node right now
    }
    let again: Date | undefined;
    try {
      const claimed = typeof item === 'string' ? await claim(db, nodeLogId) : item;
      if (!claimed) return [];
      try {
        const done = await execute(db, claimed.log, claimed.run);
        return done.claimed ? [done.claimed, ...done.next] : done.next;
      } catch (error) {
        again = await deps.failures.recordFailure(db, claimed.log, error);
        return [];
      }
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${LOCK_SPACE}, hashtext(${nodeLogId}))`);
      if (again) await deps.send([nodeLogId], again);
    }
  }

  /** Runs `work` on one connection of the pool; a connection that failed is closed, not reused. */
  async function onConnection<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const client = await deps.pool.connect();
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
      // It may still hold a session lock (the unlock failed): never hand it to another node.
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }

  return {
    onConnection,
    runOn,
  };
}
