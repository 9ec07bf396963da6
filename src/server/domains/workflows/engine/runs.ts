/**
 * The engine's writes around runs: starting the runs a document event asks for (pinned to the
 * workflow's version of that moment), queueing the nodes after a finished one, and keeping a run's
 * status (and the document's are_workflows_run) true to its node logs.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../../db/connection';
import {
  workflow,
  workflowNodeLog,
  workflowRun,
  workflowVersion,
} from '../../../db/schemaWorkflows';
import {
  isNodeKind,
  nextNodes,
  NODE_KINDS,
  type WorkflowEdge,
  type WorkflowNode,
} from '../../../../shared/workflows';
import { factsSummary, type DocumentFacts, type RawFileFacts } from './facts';

export type DocumentEventKind = 'document_completed' | 'document_reviewed';
export type RunTrigger = DocumentEventKind | 'raw_file_received' | 'schedule';

export interface Graph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** Versions are written once (repository.ts) and never change: each is read once per process. */
const graphs = new Map<string, Graph>();
const GRAPHS_KEPT = 500;

export async function graphOf(
  tx: DatabaseExecutor,
  workflowId: string,
  version: number,
): Promise<Graph> {
  const key = `${workflowId}:${version}`;
  const known = graphs.get(key);
  if (known) return known;
  const [row] = await tx
    .select({ nodes: workflowVersion.nodes, edges: workflowVersion.edges })
    .from(workflowVersion)
    .where(and(eq(workflowVersion.workflow_id, workflowId), eq(workflowVersion.version, version)));
  if (!row) throw new Error(`workflow ${workflowId} has no version ${version}`);
  const graph = { nodes: row.nodes as WorkflowNode[], edges: row.edges as WorkflowEdge[] };
  if (graphs.size >= GRAPHS_KEPT) graphs.clear();
  graphs.set(key, graph);
  return graph;
}

/** Whether a graph's trigger starts on this event for this document. */
export function triggerMatches(graph: Graph, event: DocumentEventKind, facts: DocumentFacts) {
  const trigger = graph.nodes.find((n) => n.type === 'trigger.document');
  if (!trigger) return undefined;
  const parsed = NODE_KINDS['trigger.document'].config.safeParse(trigger.data.config);
  if (!parsed.success) return undefined;
  const c = parsed.data;
  const wanted = event === 'document_completed' ? 'completed' : 'reviewed';
  if (c.event !== wanted) return undefined;
  if (c.file_type_ids.length > 0 && !c.file_type_ids.includes(facts.legal_file_type_id ?? ''))
    return undefined;
  if (c.folder_ids.length > 0 && !c.folder_ids.includes(facts.folder_id ?? '')) return undefined;
  return trigger;
}

/** The company's active workflows with the graph of their current version. */
async function activeGraphs(tx: DatabaseExecutor, companyId: string) {
  const active = await tx
    .select({ id: workflow.id, company_id: workflow.company_id, version: workflow.version })
    .from(workflow)
    .where(
      and(
        eq(workflow.company_id, companyId),
        eq(workflow.is_active, true),
        eq(workflow.is_deleted, false),
      ),
    )
    // One order for every transaction, so concurrent starts lock the workflows' log group
    // counts (migration 0026) in the same order.
    .orderBy(workflow.id);
  const out: Array<ActiveWorkflow & { graph: Graph }> = [];
  for (const wf of active) out.push({ ...wf, graph: await graphOf(tx, wf.id, wf.version) });
  return out;
}

export interface ActiveWorkflow {
  id: string;
  company_id: string;
  version: number;
}

/** What a run is about: a processed document, a received raw file, or a schedule time. */
export interface RunSubject {
  trigger: RunTrigger;
  legal_processed_file_id?: string;
  raw_file_id?: string;
  scheduled_for?: Date;
}

/**
 * Starts one run of `wf` pinned to its version: the trigger's log Completed (with `output`) and
 * the next nodes Queued; returns the node logs to queue ([] when this subject already started
 * its run: the unique indexes of workflow_run keep one run per workflow and subject).
 */
export async function startRun(
  tx: DatabaseExecutor,
  wf: ActiveWorkflow,
  graph: Graph,
  trigger: WorkflowNode,
  subject: RunSubject,
  output: Record<string, unknown>,
): Promise<string[]> {
  return startRunsOf(tx, [{ wf, graph, trigger, subject, output }]);
}

/** The company's active workflows with their graphs, read once per company in one drain. */
export type ActiveGraphs = Map<string, Promise<Array<ActiveWorkflow & { graph: Graph }>>>;

/**
 * The runs a document event asks for (startRunsOf starts them): each active workflow of the
 * document's company whose trigger matches. `known` keeps each company's workflows for the drain.
 */
export async function documentRunStarts(
  tx: DatabaseExecutor,
  event: DocumentEventKind,
  facts: DocumentFacts,
  known: ActiveGraphs = new Map(),
): Promise<RunStart[]> {
  let active = known.get(facts.company_id);
  if (!active) {
    active = activeGraphs(tx, facts.company_id);
    known.set(facts.company_id, active);
  }
  const starts: RunStart[] = [];
  for (const wf of await active) {
    const trigger = triggerMatches(wf.graph, event, facts);
    if (!trigger) continue;
    starts.push({
      wf,
      graph: wf.graph,
      trigger,
      subject: { trigger: event, legal_processed_file_id: facts.id },
      output: factsSummary(facts),
    });
  }
  return starts;
}

/** Starts the runs of a document event; returns the node logs to queue. */
export async function startRuns(
  tx: DatabaseExecutor,
  event: DocumentEventKind,
  facts: DocumentFacts,
): Promise<string[]> {
  return startRunsOf(tx, await documentRunStarts(tx, event, facts));
}

/** Starts the runs of a received raw file (trigger.raw_file; only_email: mailed files only). */
export async function startRawFileRuns(tx: DatabaseExecutor, raw: RawFileFacts): Promise<string[]> {
  const queued: string[] = [];
  for (const wf of await activeGraphs(tx, raw.company_id)) {
    const trigger = wf.graph.nodes.find((n) => n.type === 'trigger.raw_file');
    if (!trigger) continue;
    const parsed = NODE_KINDS['trigger.raw_file'].config.safeParse(trigger.data.config);
    if (!parsed.success || (parsed.data.only_email && !raw.is_received_email)) continue;
    queued.push(
      ...(await startRun(
        tx,
        wf,
        wf.graph,
        trigger,
        { trigger: 'raw_file_received', raw_file_id: raw.id },
        { raw_file_id: raw.id, name: raw.name, is_received_email: raw.is_received_email },
      )),
    );
  }
  return queued;
}

/**
 * A run's status from its node logs; ended once none is open; the document's flag follows. Takes
 * the document's row lock first (as a sync step locks it before its run), then refreshes the run
 * in one statement (refreshLockedRun).
 */
export async function refreshRun(tx: DatabaseExecutor, runId: string): Promise<void> {
  const locked = await tx.execute<{ id: string }>(sql`
    select f.id from workflow_run r join legal_processed_file f on f.id = r.legal_processed_file_id
    where r.id = ${runId} for update of f`);
  await refreshLockedRun(tx, runId, locked.rows[0]?.id ?? null);
}

/**
 * refreshRun in one statement, for a caller that already holds the lock of the run's document
 * (`fileId`; null for a run without one). The run is In Progress while any node is open and one
 * has started (the spec's group rule would call a run with one Completed and one Queued node
 * Completed); otherwise the group rule of shared/workflows/runs.ts. The document's
 * are_workflows_run is true exactly when it has runs and every one of them is Completed (false
 * again while a new run, or a person's retry, is open, and while one is Failed): this statement
 * starts after the document's lock was taken, so it sees the end of every other run of it.
 */
export async function refreshLockedRun(
  tx: DatabaseExecutor,
  runId: string,
  fileId: string | null,
): Promise<void> {
  await tx.execute(sql`
    with logs as (
      select bool_or(status in ('Queued', 'In Progress')) as open,
        bool_or(status <> 'Queued') as started, bool_and(status = 'Queued') as all_queued,
        bool_or(status = 'Failed') as failed, bool_or(status = 'In Progress') as running,
        bool_or(status = 'Completed') as completed
      from workflow_node_log where run_id = ${runId}
    ), next as (
      select coalesce(open, false) as open,
        case when open and started then 'In Progress'
          when all_queued then 'Queued' when failed then 'Failed'
          when running then 'In Progress' when completed then 'Completed'
          else 'Queued' end as status
      from logs
    ), run as (
      update workflow_run r set status = next.status,
        ended_at = case when next.open then null else coalesce(r.ended_at, now()) end
      from next where r.id = ${runId}
      returning r.status
    )
    update legal_processed_file f set are_workflows_run = d.done
    from (
      select coalesce(bool_and(
        (case when w.id = ${runId} then (select status from run) else w.status end) = 'Completed'
      ), false) as done
      from workflow_run w where w.legal_processed_file_id = ${fileId}
    ) d
    where f.id = ${fileId} and f.are_workflows_run is distinct from d.done`);
}

/** Node logs waiting for a review of these documents (the reviewed event wakes them). */
export async function waitingForReview(tx: DatabaseExecutor, processedFileIds: string[]) {
  if (processedFileIds.length === 0) return [];
  const rows = await tx
    .select({ id: workflowNodeLog.id })
    .from(workflowNodeLog)
    .where(
      and(
        inArray(workflowNodeLog.legal_processed_file_id, processedFileIds),
        eq(workflowNodeLog.node_type, 'action.wait_for_review'),
        eq(workflowNodeLog.status, 'In Progress'),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Locks the documents of a batch's runs in one statement, in id order (the order every batch
 * takes them, so two batches never wait on each other in a cycle); a run write takes its
 * document's lock first (refreshRun).
 */
export async function lockDocuments(tx: DatabaseExecutor, fileIds: Array<string | null>) {
  const ids = [...new Set(fileIds.filter((id): id is string => id !== null))].sort();
  if (ids.length === 0) return;
  await tx.execute(sql`
    select 1 from legal_processed_file where id = any(${sql.param(ids)}::uuid[])
    order by id for update`);
}

/**
 * refreshLockedRun for many runs in one statement (their documents locked by lockDocuments): each
 * run's status and end from its node logs by the same rule, then each of their documents'
 * are_workflows_run.
 */
export async function refreshLockedRuns(tx: DatabaseExecutor, runIds: string[]): Promise<void> {
  const ids = [...new Set(runIds)];
  if (ids.length === 0) return;
  if (ids.length === 1) {
    const [run] = await tx
      .select({ file: workflowRun.legal_processed_file_id })
      .from(workflowRun)
      .where(eq(workflowRun.id, ids[0]!));
    await refreshLockedRun(tx, ids[0]!, run?.file ?? null);
    return;
  }
  await tx.execute(sql`
    with logs as (
      select run_id, bool_or(status in ('Queued', 'In Progress')) as open,
        bool_or(status <> 'Queued') as started, bool_and(status = 'Queued') as all_queued,
        bool_or(status = 'Failed') as failed, bool_or(status = 'In Progress') as running,
        bool_or(status = 'Completed') as completed
      from workflow_node_log where run_id = any(${sql.param(ids)}::uuid[])
      group by run_id
    ), next as (
      select r.id, coalesce(l.open, false) as open,
        case when l.open and l.started then 'In Progress'
          when l.all_queued then 'Queued' when l.failed then 'Failed'
          when l.running then 'In Progress' when l.completed then 'Completed'
          else 'Queued' end as status
      from unnest(${sql.param(ids)}::uuid[]) as r(id) left join logs l on l.run_id = r.id
    ), run as (
      update workflow_run r set status = next.status,
        ended_at = case when next.open then null else coalesce(r.ended_at, now()) end
      from next where r.id = next.id
      returning r.id, r.status
    )
    update legal_processed_file f set are_workflows_run = d.done
    from (
      select w.legal_processed_file_id as id,
        bool_and(coalesce(run.status, w.status) = 'Completed') as done
      from workflow_run w left join run on run.id = w.id
      where w.legal_processed_file_id in (
        select legal_processed_file_id from workflow_run where id = any(${sql.param(ids)}::uuid[]))
      group by w.legal_processed_file_id
    ) d
    where f.id = d.id and f.are_workflows_run is distinct from d.done`);
}

/** One run to start by startRunsOf. */
export interface RunStart {
  wf: ActiveWorkflow;
  graph: Graph;
  trigger: WorkflowNode;
  subject: RunSubject;
  output: Record<string, unknown>;
}

/**
 * startRun for many runs at once (a drain of document events): one INSERT of the runs (a subject
 * that already has its run is left out, as startRun does), one INSERT of their trigger logs
 * (Completed) and the nodes after them (Queued), the documents locked and the runs refreshed in
 * one statement each. Returns the node logs to queue.
 */
export async function startRunsOf(tx: DatabaseExecutor, starts: RunStart[]): Promise<string[]> {
  const keyOf = (wfId: string, s: RunSubject) =>
    `${wfId}:${s.trigger}:${s.legal_processed_file_id ?? ''}:${s.raw_file_id ?? ''}:${s.scheduled_for?.toISOString() ?? ''}`;
  const byKey = new Map<string, RunStart>();
  for (const start of starts) byKey.set(keyOf(start.wf.id, start.subject), start);
  if (byKey.size === 0) return [];
  const runs = await tx
    .insert(workflowRun)
    .values(
      [...byKey.values()].map(({ wf, subject }) => ({
        workflow_id: wf.id,
        company_id: wf.company_id,
        version: wf.version,
        trigger: subject.trigger,
        legal_processed_file_id: subject.legal_processed_file_id ?? null,
        raw_file_id: subject.raw_file_id ?? null,
        scheduled_for: subject.scheduled_for ?? null,
        status: 'In Progress',
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (runs.length === 0) return [];
  const now = new Date();
  const logs: Array<typeof workflowNodeLog.$inferInsert> = [];
  for (const run of runs) {
    const start = byKey.get(
      keyOf(run.workflow_id, {
        trigger: run.trigger as RunTrigger,
        ...(run.legal_processed_file_id
          ? { legal_processed_file_id: run.legal_processed_file_id }
          : {}),
        ...(run.raw_file_id ? { raw_file_id: run.raw_file_id } : {}),
        ...(run.scheduled_for ? { scheduled_for: run.scheduled_for } : {}),
      }),
    );
    if (!start) continue;
    const common = {
      run_id: run.id,
      workflow_id: run.workflow_id,
      company_id: run.company_id,
      legal_processed_file_id: run.legal_processed_file_id,
    };
    logs.push({
      ...common,
      node_id: start.trigger.id,
      node_type: start.trigger.type,
      status: 'Completed',
      input: {
        event: start.subject.trigger,
        ...(start.subject.scheduled_for
          ? { scheduled_for: start.subject.scheduled_for.toISOString() }
          : {}),
      },
      output: start.output,
      attempts: 1,
      round_attempts: 1,
      started_at: now,
      ended_at: now,
    });
    for (const id of nextNodes(start.trigger.id, start.graph.edges, null)) {
      const n = start.graph.nodes.find((candidate) => candidate.id === id);
      if (!n || !isNodeKind(n.type)) continue;
      logs.push({
        ...common,
        node_id: n.id,
        node_type: n.type,
        input: { from: start.trigger.id, config: n.data.config },
      });
    }
  }
  const written = await tx
    .insert(workflowNodeLog)
    .values(logs)
    .onConflictDoNothing()
    .returning({ id: workflowNodeLog.id, status: workflowNodeLog.status });
  await lockDocuments(
    tx,
    runs.map((r) => r.legal_processed_file_id),
  );
  await refreshLockedRuns(
    tx,
    runs.map((r) => r.id),
  );
  return written.filter((l) => l.status === 'Queued').map((l) => l.id);
}
