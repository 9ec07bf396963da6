/**
 * Node jobs in batches, many runs at once on one connection of the engine's own pool (one per
 * worker):
 * 1. the node logs' advisory locks, session-level, taken in one statement (a node another worker
 *    holds is left to it); held until the batch ends or the connection dies (the sweep then
 *    queues the nodes again);
 * 2. the start, committed at once so screens see it: the nodes `In Progress` (attempts + 1) and
 *    their runs In Progress, one short transaction;
 * 3. the external effects (effects.ts, crmEffects.ts: webhook calls, the notify step's mail, an
 *    external CRM's calls) made side by side outside any transaction, each recorded under its key
 *    in workflow_effect as soon as it was made, so a repeat never makes it again;
 * 4. one transaction for the whole batch: the runs' documents locked in id order, each node's
 *    database effect (in a savepoint of its own when it writes, so one failing node leaves the
 *    others' work in place), then the nodes after them that have no external effect (triggers,
 *    conditions, set type / folder / name, in-app notify, wait for review) started and run in
 *    that same transaction, level by level (one INSERT of the new node logs per level), the nodes
 *    with an external effect inserted Queued for the next batch; one UPDATE writes every node's
 *    outcome and one statement refreshes every run;
 * 5. a node that failed is recorded (failures.ts) while its lock is still held; the locks are let
 *    go; nodes to retry are queued again after their backoff.
 * A node started inside the transaction that failed there leaves no attempt behind: it is
 * committed Queued and runs next as a node of its own batch, where its failure is recorded.
 */
import { inArray, sql } from 'drizzle-orm';
import {
  isNodeKind,
  nextNodes,
  type NodeKind,
  type WorkflowNode,
} from '../../../../shared/workflows';
import type { Database, DatabaseTransaction } from '../../../db/connection';
import {
  workflowNodeLog,
  workflowRun,
  type WorkflowNodeLogRow,
  type WorkflowRunRow,
} from '../../../db/schemaWorkflows';
import type { WorkflowCrm } from '../../crm/outbound';
import type { Mailer } from '../../notification-rules/mailer';
import type { EffectContext } from './actions';
import { final, NodeFailure } from './errors';
import { executeNode, externalEffect, type NodeResult } from './execute';
import { blankFacts, loadFactsOf, loadRawFile, type DocumentFacts } from './facts';
import type { createFailureHandling } from './failures';
import { graphOf, lockDocuments, refreshLockedRuns, type Graph } from './runs';

export const LOCK_SPACE = 17017;

/** Node logs one batch takes from the queue at most. */
export const BATCH_SIZE = 50;

/** External effects of one batch made at the same time at most (webhooks, mail, CRM calls). */
const EFFECTS_AT_ONCE = 8;

/** Runs `work` on every item, at most `lanes` at a time. */
async function eachAtOnce<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

type KindNode = WorkflowNode & { type: NodeKind };
type Effect = Record<string, unknown>;

/** Kinds with no external effect: run inside the batch's transaction, chained level by level. */
const IN_TRANSACTION: ReadonlySet<string> = new Set([
  'trigger.document',
  'trigger.raw_file',
  'trigger.schedule',
  'condition.field',
  'condition.case_matched',
  'condition.confidence',
  'action.set_fields',
  'action.wait_for_review',
]);

/**
 * Kinds whose work in the transaction writes rows only after every check that can fail it: run
 * without a savepoint. A refusal of theirs (NodeFailure) comes before any write; any other error
 * (the database) aborts the batch's transaction, which then runs again with a savepoint for each.
 */
const WRITES_LAST: ReadonlySet<string> = new Set(['action.set_fields', 'action.notify']);

/** Kinds that may write some rows and then fail: always in a savepoint of their own. */
const WRITES: ReadonlySet<string> = new Set(['action.sync_case', 'action.crm_activity']);

export interface BatchDeps {
  failures: ReturnType<typeof createFailureHandling>;
  send(ids: string[], startAfter?: Date): Promise<void>;
  allowPrivateWebhooks: boolean;
  mailer: Mailer | undefined;
  /** The companies' external CRMs for sync and activity steps (else the local CRM only). */
  crm?: WorkflowCrm | undefined;
  /**
   * The server's main pool, for the external effects' reads and records: they run side by side
   * (EFFECTS_AT_ONCE), and one pg client must not be given a query while it runs another.
   */
  effectsDb: Database;
}

/** A node of this batch: its log, run, graph node and document facts. */
interface Item {
  log: WorkflowNodeLogRow;
  run: WorkflowRunRow;
  graph: Graph;
  node: KindNode;
  facts: DocumentFacts;
  effect?: Effect | undefined;
  /** Started inside the batch's transaction (not claimed from the queue). */
  chained: boolean;
}

/** A node's outcome, written by the batch's one UPDATE. */
interface Outcome {
  id: string;
  status: 'Completed' | 'In Progress' | 'Queued';
  output: Effect | null;
  error: string | null;
}

/** A node's error that may have aborted the batch's transaction: it runs again, carefully. */
class CarefulAgain extends Error {
  constructor(readonly reason: unknown) {
    super(String(reason));
  }
}

export function createBatchRunner(deps: BatchDeps) {
  /** Whether the node runs inside the transaction (no external effect to make first). */
  const inTransaction = (type: string) =>
    IN_TRANSACTION.has(type) || (type === 'action.notify' && deps.mailer === undefined);

  /** The facts of each run: its document's, else its raw file's name, else none (a schedule). */
  async function factsOf(db: Database, runs: WorkflowRunRow[]) {
    const documents = await loadFactsOf(
      db,
      runs.flatMap((r) => (r.legal_processed_file_id ? [r.legal_processed_file_id] : [])),
    );
    const out = new Map<string, DocumentFacts | undefined>();
    for (const run of runs) {
      if (run.legal_processed_file_id) out.set(run.id, documents.get(run.legal_processed_file_id));
      else if (run.raw_file_id) {
        const raw = await loadRawFile(db, run.raw_file_id);
        out.set(
          run.id,
          raw && { ...blankFacts(run.company_id, raw.name), is_deleted: raw.is_deleted },
        );
      } else out.set(run.id, blankFacts(run.company_id, ''));
    }
    return out;
  }

  /** Commits the start of the locked nodes still to run; their rows and runs. */
  async function claim(db: Database, ids: string[]) {
    return db.transaction(async (tx) => {
      const logs = await tx
        .update(workflowNodeLog)
        .set({
          status: 'In Progress',
          started_at: new Date(),
          attempts: sql`${workflowNodeLog.attempts} + 1`,
          round_attempts: sql`${workflowNodeLog.round_attempts} + 1`,
          retry_at: null,
        })
        .where(
          sql`${workflowNodeLog.id} = any(${sql.param(ids)}::uuid[]) and ${workflowNodeLog.status} in ('Queued', 'In Progress')`,
        )
        .returning();
      const runIds = [...new Set(logs.map((l) => l.run_id))];
      if (runIds.length === 0) return { logs, runs: [] };
      // A run is In Progress already unless it ended (a person's retry) or never started: an
      // update only then, as each update of a run recounts its log group (migration 0023).
      await tx.execute(sql`
        update workflow_run set status = 'In Progress', ended_at = null
        where id = any(${sql.param(runIds)}::uuid[])
          and (status <> 'In Progress' or ended_at is not null)`);
      const runs = await tx.select().from(workflowRun).where(inArray(workflowRun.id, runIds));
      return { logs, runs };
    });
  }

  const context = (db: Database, item: Item): EffectContext => ({
    db,
    facts: item.facts,
    run: item.run,
    log: item.log,
    allowPrivateWebhooks: deps.allowPrivateWebhooks,
    mailer: deps.mailer,
    crm: deps.crm,
  });

  /**
   * The batch's transaction: runs `items` (their effects made), then the nodes after them that
   * run in a transaction, level by level. Returns the claimed items that failed and the node logs
   * left Queued for the next batch.
   */
  async function transact(db: Database, items: Item[], careful: boolean) {
    return db.transaction(async (tx) => {
      await lockDocuments(
        tx,
        items.map((i) => i.run.legal_processed_file_id),
      );
      const outcomes: Outcome[] = [];
      const failed: Array<{ item: Item; error: unknown }> = [];
      const queued: string[] = [];
      const runs = new Set<string>();
      let level = items;
      while (level.length > 0) {
        const after: Array<{ item: Item; node: KindNode; handle: string | null }> = [];
        for (const item of level) {
          let result: NodeResult;
          try {
            result = await runInTransaction(tx, db, item, careful);
          } catch (error) {
            if (error instanceof CarefulAgain) throw error;
            if (item.chained) {
              // No attempt is left of it: Queued, it runs next in a batch of its own nodes.
              outcomes.push({ id: item.log.id, status: 'Queued', output: null, error: null });
              queued.push(item.log.id);
            } else failed.push({ item, error });
            continue;
          }
          runs.add(item.run.id);
          if (result.waiting) {
            outcomes.push({
              id: item.log.id,
              status: 'In Progress',
              output: result.output,
              error: null,
            });
            continue;
          }
          outcomes.push({
            id: item.log.id,
            status: 'Completed',
            output: result.output,
            error: null,
          });
          const handle = result.branch ?? null;
          for (const id of nextNodes(item.node.id, item.graph.edges, handle)) {
            const node = item.graph.nodes.find((n) => n.id === id);
            if (node && isNodeKind(node.type))
              after.push({ item, node: { ...node, type: node.type }, handle });
          }
        }
        level = await queueAfter(tx, after, queued);
      }
      await writeOutcomes(tx, outcomes);
      await refreshLockedRuns(tx, [...runs]);
      return { failed, queued };
    });
  }

  /**
   * One node's work in the transaction; a node that writes, in a savepoint of its own (`careful`:
   * every node that writes). Throws CarefulAgain when the transaction may have been aborted.
   */
  async function runInTransaction(
    tx: DatabaseTransaction,
    db: Database,
    item: Item,
    careful: boolean,
  ) {
    const ctx = context(db, item);
    const type = item.node.type;
    if (WRITES.has(type) || (careful && WRITES_LAST.has(type)))
      return tx.transaction((savepoint) =>
        executeNode(item.node, { ...ctx, tx: savepoint }, item.effect),
      );
    try {
      return await executeNode(item.node, { ...ctx, tx }, item.effect);
    } catch (error) {
      if (WRITES_LAST.has(type) && !(error instanceof NodeFailure)) throw new CarefulAgain(error);
      throw error;
    }
  }

  /**
   * One INSERT of the nodes after this level's: those that run in the transaction are started
   * (In Progress, attempt 1) and returned as the next level; the others are Queued (in `queued`).
   * A node two branches lead to is written once per run.
   */
  async function queueAfter(
    tx: DatabaseTransaction,
    after: Array<{ item: Item; node: KindNode; handle: string | null }>,
    queued: string[],
  ): Promise<Item[]> {
    const byKey = new Map<string, (typeof after)[number]>();
    for (const a of after) byKey.set(`${a.item.run.id}:${a.node.id}`, a);
    if (byKey.size === 0) return [];
    const now = new Date();
    const rows = await tx
      .insert(workflowNodeLog)
      .values(
        [...byKey.values()].map(({ item, node, handle }) => {
          const started = inTransaction(node.type);
          return {
            run_id: item.run.id,
            workflow_id: item.run.workflow_id,
            company_id: item.run.company_id,
            legal_processed_file_id: item.run.legal_processed_file_id,
            node_id: node.id,
            node_type: node.type,
            input: {
              from: item.node.id,
              ...(handle ? { branch: handle } : {}),
              config: node.data.config,
            },
            ...(started
              ? { status: 'In Progress', attempts: 1, round_attempts: 1, started_at: now }
              : {}),
          };
        }),
      )
      .onConflictDoNothing()
      .returning();
    const next: Item[] = [];
    for (const row of rows) {
      const a = byKey.get(`${row.run_id}:${row.node_id}`)!;
      if (row.status === 'Queued') queued.push(row.id);
      else next.push({ ...a.item, log: row, node: a.node, effect: undefined, chained: true });
    }
    return next;
  }

  /** Every node's outcome in one UPDATE (a node put back to Queued gives its attempt back). */
  async function writeOutcomes(tx: DatabaseTransaction, outcomes: Outcome[]) {
    if (outcomes.length === 0) return;
    await tx.execute(sql`
      update workflow_node_log l set status = o.status, output = o.output, error = o.error,
        ended_at = case when o.status = 'Completed' then now() else l.ended_at end,
        started_at = case when o.status = 'Queued' then null else l.started_at end,
        attempts = case when o.status = 'Queued' then l.attempts - 1 else l.attempts end,
        round_attempts = case when o.status = 'Queued' then l.round_attempts - 1
          else l.round_attempts end
      from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
        as o(id uuid, status text, output jsonb, error text)
      where l.id = o.id`);
  }

  /**
   * Runs a batch of node logs on `db` (a connection of the pool). Returns the node logs it left
   * Queued (the next nodes with an external effect, and nodes to run again on their own), for the
   * caller to run next. Throws only when the database failed before the nodes started (the caller
   * queues them again).
   */
  async function runBatch(db: Database, nodeLogIds: string[]): Promise<string[]> {
    const ids = [...new Set(nodeLogIds)];
    if (ids.length === 0) return [];
    const got = await db.execute<{ id: string }>(sql`
      select id::text as id from unnest(${sql.param(ids)}::uuid[]) as id
      where pg_try_advisory_lock(${LOCK_SPACE}, hashtext(id::text))`);
    const locked = got.rows.map((r) => r.id);
    if (locked.length === 0) return []; // other workers have these nodes right now
    const again: Array<{ id: string; at: Date }> = [];
    try {
      const { logs, runs } = await claim(db, locked);
      if (logs.length === 0) return [];
      const runOf = new Map(runs.map((r) => [r.id, r]));
      const facts = await factsOf(db, runs);
      const failed: Array<{ log: WorkflowNodeLogRow; error: unknown }> = [];
      const items: Item[] = [];
      for (const log of logs) {
        try {
          const run = runOf.get(log.run_id);
          if (!run) throw final('The run of this step no longer exists.');
          const graph = await graphOf(db, run.workflow_id, run.version);
          const node = graph.nodes.find((n) => n.id === log.node_id);
          if (!node || !isNodeKind(node.type))
            throw final('This step is not part of the workflow version this run uses.');
          const runFacts = facts.get(run.id);
          if (!runFacts || runFacts.is_deleted)
            throw final('The document of this run no longer exists.');
          items.push({
            log,
            run,
            graph,
            node: { ...node, type: node.type },
            facts: runFacts,
            chained: false,
          });
        } catch (error) {
          failed.push({ log, error });
        }
      }
      // The external effects side by side, before the transaction (no lock held meanwhile).
      const ready: Item[] = [];
      await eachAtOnce(items, EFFECTS_AT_ONCE, async (item) => {
        try {
          item.effect = await externalEffect(item.node, context(deps.effectsDb, item));
          ready.push(item);
        } catch (error) {
          failed.push({ log: item.log, error });
        }
      });
      let queued: string[] = [];
      if (ready.length > 0) {
        let done: Awaited<ReturnType<typeof transact>> | undefined;
        try {
          done = await transact(db, ready, false);
        } catch {
          // Again with a savepoint for every node that writes, so only a failing one fails.
          try {
            done = await transact(db, ready, true);
          } catch (error) {
            // The transaction failed as a whole (the database): each node fails transiently.
            for (const item of ready) failed.push({ log: item.log, error });
          }
        }
        if (done) {
          queued = done.queued;
          for (const f of done.failed) failed.push({ log: f.item.log, error: f.error });
        }
      }
      for (const f of failed) {
        const at = await deps.failures.recordFailure(db, f.log, f.error);
        if (at) again.push({ id: f.log.id, at });
      }
      return queued;
    } finally {
      await db.execute(sql`
        select pg_advisory_unlock(${LOCK_SPACE}, hashtext(id::text))
        from unnest(${sql.param(locked)}::uuid[]) as id`);
      for (const { id, at } of again) await deps.send([id], at);
    }
  }

  return { runBatch };
}
