/**
 * Workflow logs (spec sections 4 and 7): runs grouped per workflow and processed file with the
 * group status of section 4, unfinished groups first and then by latest ended_at, newest first;
 * a workflow's run details with every node's input, output, error, attempts and timings; the
 * document sync logs; and a person's retry of a failed node or sync. Reads are filtered by the
 * caller's visible companies, so another tenant's ids answer like missing ones.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  idBody,
  logsBody,
  WORKFLOW_PAGE_DEFAULTS,
  type DocumentSyncLog,
  type LogStatus,
  type NodeLog,
  type Pagination,
  type WorkflowLogGroup,
  type WorkflowRunDetail,
} from '../../../shared/workflows';
import type { Database } from '../../db/connection';
import { documentSyncLog, workflowNodeLog, workflowRun } from '../../db/schemaWorkflows';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canViewCompany, type Viewer } from '../../permissions';

const detailsBody = z.object({
  workflow_id: z.uuid(),
  legal_processed_file_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const syncLogsBody = z.object({ legal_processed_file_id: z.uuid() });
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface GroupRow extends Record<string, unknown> {
  workflow_id: string;
  legal_processed_file_id: string | null;
  status: LogStatus | '';
  started_at: string;
  ended_at: string | null;
  run_ids: string[];
  workflow_name: string;
  file_name: string | null;
  case_id: string | null;
  case_number: string | null;
}

export function createWorkflowLogService(
  db: Database,
  engine: { retryNode(nodeLogId: string): Promise<boolean> },
) {
  async function runs(where: ReturnType<typeof and>, limit: number): Promise<WorkflowRunDetail[]> {
    const rows = await db
      .select()
      .from(workflowRun)
      .where(where)
      .orderBy(desc(workflowRun.started_at))
      .limit(limit);
    if (rows.length === 0) return [];
    const logs = await db
      .select()
      .from(workflowNodeLog)
      .where(
        inArray(
          workflowNodeLog.run_id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(workflowNodeLog.queued_at, workflowNodeLog.id);
    return rows.map((r) => ({
      id: r.id,
      workflow_id: r.workflow_id,
      workflow_version: r.version,
      legal_processed_file_id: r.legal_processed_file_id,
      status: r.status as LogStatus,
      started_at: r.started_at.toISOString(),
      ended_at: iso(r.ended_at),
      nodes: logs.filter((l) => l.run_id === r.id).map(toNodeLog),
    }));
  }

  /** The grouped logs of `companyIds` (spec section 4 order), optionally of one workflow, one
   * group and one group status. Pages over
   * workflow_log_group (kept by a trigger on the runs, migration 0023) and reads the runs of the
   * page's groups only. */
  async function groupRows(
    companyIds: string[],
    filter: {
      workflow_id?: string | undefined;
      /** One group: `${workflow_id}:${legal_processed_file_id ?? ''}` (the primary key). */
      key?: string;
      status?: LogStatus | undefined;
    },
    limit: number,
    offset: number,
  ): Promise<{ rows: GroupRow[]; total: number }> {
    // One company (the screen's case) as an equality, so page 1 is read in order from
    // workflow_log_group_company_order_idx; `= any(...)` would sort every group of the companies.
    // `open desc nulls last` as the index has it (open is never null): a bare `desc` means nulls
    // first, which the index cannot give, and the planner sorted every group of the company.
    const companies =
      companyIds.length === 1
        ? sql`g.company_id = ${companyIds[0]}`
        : sql`g.company_id = any(${sql.param(companyIds)}::uuid[])`;
    const where = sql`${companies}
      ${filter.workflow_id ? sql`and g.workflow_id = ${filter.workflow_id}` : sql``}
      ${filter.key ? sql`and g.key = ${filter.key}` : sql``}
      ${filter.status ? sql`and g.status = ${filter.status}` : sql``}`;
    const [result, counted] = await Promise.all([
      db.execute<GroupRow>(sql`
        select g.workflow_id, g.legal_processed_file_id, g.status, g.started_at, g.ended_at,
          w.name as workflow_name, f.name as file_name, c.id as case_id, c.case_number,
          array(select x.id from (
                  select r.id, r.started_at from workflow_run r
                  where r.workflow_id = g.workflow_id
                    and r.legal_processed_file_id = g.legal_processed_file_id
                  union all
                  select r.id, r.started_at from workflow_run r
                  where g.legal_processed_file_id is null and r.workflow_id = g.workflow_id
                    and r.legal_processed_file_id is null) x
                order by x.started_at desc) as run_ids
        from (select * from workflow_log_group g where ${where}
              order by g.open desc nulls last, g.ended_at desc nulls last, g.started_at desc nulls last, g.key
              limit ${limit} offset ${offset}) g
        join workflow w on w.id = g.workflow_id
        left join legal_processed_file f on f.id = g.legal_processed_file_id
        left join legal_case c on c.id = f.legal_case_id
        order by g.open desc nulls last, g.ended_at desc nulls last, g.started_at desc nulls last, g.key`),
      db.execute<{ total: number }>(
        // Without a status or group filter the total is the sum of the kept counts of the
        // companies' (or the one workflow's) groups (migration 0026), exact and a few rows to
        // read; a status changes with every run, so a status filter counts the groups.
        filter.status || filter.key
          ? sql`select count(*)::int as total from workflow_log_group g where ${where}`
          : sql`select coalesce(sum(g.groups), 0)::int as total from workflow_log_group_count g
                where ${companies}
                ${filter.workflow_id ? sql`and g.workflow_id = ${filter.workflow_id}` : sql``}`,
      ),
    ]);
    return { rows: result.rows, total: counted.rows[0]?.total ?? 0 };
  }

  async function retry(
    viewer: Viewer,
    nodeLogId: string,
  ): Promise<{ id: string; status: LogStatus }> {
    const [row] = await db
      .select({ id: workflowNodeLog.id, status: workflowNodeLog.status })
      .from(workflowNodeLog)
      .where(
        and(
          eq(workflowNodeLog.id, nodeLogId),
          inArray(workflowNodeLog.company_id, [...viewer.companyIds]),
        ),
      );
    if (!row) throw notFound();
    if (!(await engine.retryNode(row.id)))
      throw new ValidationError([{ path: 'id', message: 'Only a failed step can be retried.' }]);
    return { id: row.id, status: 'Queued' };
  }

  return {
    async grouped(
      viewer: Viewer,
      raw: unknown,
    ): Promise<{ groupedWorkflowLogs: WorkflowLogGroup[]; pagination: Pagination }> {
      const body = parseInput(logsBody, raw ?? {});
      const wanted =
        body.company_ids ?? (body.company_id ? [body.company_id] : [...viewer.companyIds]);
      const ids = wanted.filter((id) => canViewCompany(viewer, id));
      const pagination = (total: number): Pagination => ({
        page: body.page,
        limit: body.limit,
        total,
        totalPages: Math.max(WORKFLOW_PAGE_DEFAULTS.totalPages, Math.ceil(total / body.limit)),
      });
      if (ids.length === 0) return { groupedWorkflowLogs: [], pagination: pagination(0) };
      const { rows, total } = await groupRows(ids, body, body.limit, (body.page - 1) * body.limit);
      return {
        groupedWorkflowLogs: rows.map(toGroup),
        pagination: pagination(total),
      };
    },

    /** One log group as the logs screen shows it, or null when the viewer cannot see it. */
    async group(
      viewer: Viewer,
      key: { company_id: string; workflow_id: string; legal_processed_file_id: string | null },
    ): Promise<WorkflowLogGroup | null> {
      if (!canViewCompany(viewer, key.company_id)) return null;
      const {
        rows: [row],
      } = await groupRows(
        [key.company_id],
        { key: `${key.workflow_id}:${key.legal_processed_file_id ?? ''}` },
        1,
        0,
      );
      return row ? toGroup(row) : null;
    },

    async details(viewer: Viewer, raw: unknown): Promise<WorkflowRunDetail[]> {
      const body = parseInput(detailsBody, raw ?? {});
      const list = await runs(
        and(
          eq(workflowRun.workflow_id, body.workflow_id),
          inArray(workflowRun.company_id, [...viewer.companyIds]),
          body.legal_processed_file_id
            ? eq(workflowRun.legal_processed_file_id, body.legal_processed_file_id)
            : undefined,
        ),
        body.limit,
      );
      return list;
    },

    async retryNode(viewer: Viewer, raw: unknown) {
      const { id } = parseInput(idBody, raw ?? {});
      return retry(viewer, id);
    },

    async retrySyncing(viewer: Viewer, raw: unknown) {
      const { id } = parseInput(idBody, raw ?? {});
      const [log] = await db
        .select({ node: documentSyncLog.node_log_id, status: documentSyncLog.status })
        .from(documentSyncLog)
        .where(
          and(
            eq(documentSyncLog.id, id),
            inArray(documentSyncLog.company_id, [...viewer.companyIds]),
          ),
        );
      if (!log) throw notFound();
      if (log.status !== 'Failed' || !log.node)
        throw new ValidationError([{ path: 'id', message: 'Only a failed sync can be retried.' }]);
      return retry(viewer, log.node);
    },

    async syncLog(viewer: Viewer, raw: unknown): Promise<DocumentSyncLog> {
      const { id } = parseInput(idBody, raw ?? {});
      const [row] = await db
        .select()
        .from(documentSyncLog)
        .where(
          and(
            eq(documentSyncLog.id, id),
            inArray(documentSyncLog.company_id, [...viewer.companyIds]),
          ),
        );
      if (!row) throw notFound();
      return toSyncLog(row);
    },

    async syncLogs(viewer: Viewer, raw: unknown): Promise<DocumentSyncLog[]> {
      const { legal_processed_file_id } = parseInput(syncLogsBody, raw ?? {});
      const rows = await db
        .select()
        .from(documentSyncLog)
        .where(
          and(
            eq(documentSyncLog.legal_processed_file_id, legal_processed_file_id),
            inArray(documentSyncLog.company_id, [...viewer.companyIds]),
          ),
        )
        .orderBy(desc(documentSyncLog.started_at))
        .limit(100);
      return rows.map(toSyncLog);
    },
  };
}

function toGroup(r: GroupRow): WorkflowLogGroup {
  return {
    key: `${r.workflow_id}:${r.legal_processed_file_id ?? ''}`,
    legal_workflow_id: r.workflow_id,
    workflow_name: r.workflow_name,
    legal_processed_file_id: r.legal_processed_file_id,
    processed_file_name: r.file_name,
    case: r.case_id ? { id: r.case_id, case_number: r.case_number } : null,
    status: r.status,
    started_at: iso(r.started_at),
    ended_at: iso(r.ended_at),
    run_ids: r.run_ids,
  };
}

function toNodeLog(l: typeof workflowNodeLog.$inferSelect): NodeLog {
  return {
    id: l.id,
    run_id: l.run_id,
    node_id: l.node_id,
    node_type: l.node_type,
    status: l.status as LogStatus,
    input: l.input,
    output: l.output,
    error: l.error,
    attempts: l.attempts,
    queued_at: l.queued_at.toISOString(),
    started_at: iso(l.started_at),
    ended_at: iso(l.ended_at),
  };
}

function toSyncLog(r: typeof documentSyncLog.$inferSelect): DocumentSyncLog {
  return {
    id: r.id,
    started_at: r.started_at.toISOString(),
    ended_at: iso(r.ended_at),
    status: r.status as LogStatus,
    attempt: r.attempt,
    company_id: r.company_id,
    data: r.data,
    legal_processed_file_id: r.legal_processed_file_id,
  };
}

export type WorkflowLogService = ReturnType<typeof createWorkflowLogService>;
