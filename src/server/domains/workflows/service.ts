/**
 * The rules of workflows: whoever sees a company reads its workflows, history and logs; its
 * managers create, rename, duplicate, toggle, delete and save graphs. A save is validated with
 * validateGraph and raises the version (a snapshot per version; runs keep theirs). Another
 * tenant's workflow answers exactly like a missing one.
 */
import { AppError } from '../../../shared/errors';
import {
  createWorkflowBody,
  duplicateWorkflowBody,
  getWorkflowsBody,
  historyQuery,
  idBody,
  renameWorkflowBody,
  toggleWorkflowBody,
  updateNodesAndEdgesBody,
  validateGraph,
  WORKFLOW_PAGE_DEFAULTS,
  type WorkflowEdge,
  type WorkflowNode,
  type WorkflowSummary,
} from '../../../shared/workflows';
import type { Database } from '../../db/connection';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import { diffGraph } from './diff';
import { toSummary, type WorkflowRepository } from './repository';

const forbidden = () => new AppError('FORBIDDEN', 403);

export function createWorkflowService(db: Database, repo: WorkflowRepository) {
  /** The workflow locked for a change by one of its company's managers. */
  async function forChange(viewer: Viewer, id: string, tx: Parameters<typeof repo.find>[2]) {
    const row = await repo.find(viewer.companyIds, id, tx);
    if (!row) throw notFound();
    if (!canManageCompany(viewer, row.company_id)) throw forbidden();
    return row;
  }

  return {
    async list(viewer: Viewer, raw: unknown): Promise<WorkflowSummary[]> {
      const body = parseInput(getWorkflowsBody, raw ?? {});
      const wanted = body.company_ids ?? (body.company_id ? [body.company_id] : []);
      const rows = await repo.list(wanted.filter((id) => canViewCompany(viewer, id)));
      return rows.map(toSummary);
    },

    async get(viewer: Viewer, raw: unknown): Promise<WorkflowSummary> {
      const { id } = parseInput(idBody, raw ?? {});
      const row = await repo.find(viewer.companyIds, id);
      if (!row) throw notFound();
      return toSummary(row);
    },

    async create(viewer: Viewer, raw: unknown): Promise<WorkflowSummary> {
      const body = parseInput(createWorkflowBody, raw ?? {});
      if (!canViewCompany(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      if (!canManageCompany(viewer, body.company_id)) throw forbidden();
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          ...body,
          nodes: [],
          edges: [],
          created_by: viewer.user.id,
        });
        await repo.record(tx, row, viewer.user.id, 'created', { name: row.name });
        return toSummary(row);
      });
    },

    async rename(viewer: Viewer, raw: unknown): Promise<WorkflowSummary> {
      const { id, name } = parseInput(renameWorkflowBody, raw ?? {});
      return db.transaction(async (tx) => {
        const before = await forChange(viewer, id, tx);
        const row = await repo.update(tx, id, { name });
        await repo.record(tx, row, viewer.user.id, 'renamed', {
          name: { from: before.name, to: name },
        });
        return toSummary(row);
      });
    },

    async duplicate(viewer: Viewer, raw: unknown): Promise<WorkflowSummary> {
      const body = parseInput(duplicateWorkflowBody, raw ?? {});
      return db.transaction(async (tx) => {
        const source = await repo.find(viewer.companyIds, body.id, tx);
        if (!source) throw notFound();
        if (!canViewCompany(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
        if (!canManageCompany(viewer, body.company_id)) throw forbidden();
        const row = await repo.insert(tx, {
          company_id: body.company_id,
          name: body.name,
          // A copy starts inactive, so it never runs twice beside its original by surprise.
          is_active: false,
          nodes: source.nodes as WorkflowNode[],
          edges: source.edges as WorkflowEdge[],
          created_by: viewer.user.id,
        });
        await repo.record(tx, row, viewer.user.id, 'duplicated', { from: source.id });
        return toSummary(row);
      });
    },

    async toggleActive(viewer: Viewer, raw: unknown): Promise<WorkflowSummary> {
      const body = parseInput(toggleWorkflowBody, raw ?? {});
      return db.transaction(async (tx) => {
        const before = await forChange(viewer, body.id, tx);
        const isActive = body.is_active ?? !before.is_active;
        if (isActive) {
          const check = validateGraph(
            before.nodes as WorkflowNode[],
            before.edges as WorkflowEdge[],
          );
          if (!check.ok) throw graphError(check.problems);
        }
        const row = await repo.update(tx, body.id, { is_active: isActive });
        await repo.record(tx, row, viewer.user.id, isActive ? 'activated' : 'deactivated', {});
        return toSummary(row);
      });
    },

    async remove(viewer: Viewer, raw: unknown): Promise<{ id: string }> {
      const { id } = parseInput(idBody, raw ?? {});
      return db.transaction(async (tx) => {
        await forChange(viewer, id, tx);
        const row = await repo.update(tx, id, { is_deleted: true, is_active: false });
        await repo.record(tx, row, viewer.user.id, 'deleted', {});
        return { id };
      });
    },

    async updateNodesAndEdges(viewer: Viewer, raw: unknown): Promise<WorkflowSummary> {
      const body = parseInput(updateNodesAndEdgesBody, raw ?? {});
      if (body.userId !== viewer.user.id) throw forbidden();
      return db.transaction(async (tx) => {
        const before = await forChange(viewer, body.workflowId, tx);
        const check = validateGraph(body.newNodes, body.newEdges);
        if (!check.ok) throw graphError(check.problems);
        const diff = diffGraph(
          { nodes: before.nodes as WorkflowNode[], edges: before.edges as WorkflowEdge[] },
          { nodes: body.newNodes, edges: body.newEdges },
        );
        const row = await repo.update(tx, body.workflowId, {
          nodes: body.newNodes,
          edges: body.newEdges,
          version: before.version + 1,
        });
        await repo.snapshot(tx, row, viewer.user.id);
        await repo.record(tx, row, viewer.user.id, 'nodes_and_edges', diff);
        return toSummary(row);
      });
    },

    async history(viewer: Viewer, raw: unknown) {
      const query = parseInput(historyQuery, raw ?? {});
      if (!canViewCompany(viewer, query.companyId)) throw new AppError('NO_COMPANY', 404);
      const { rows, total } = await repo.history(
        query.companyId,
        query.page,
        query.limit,
        query.workflowId,
      );
      return {
        history: rows.map((r) => ({
          id: r.id,
          workflow_id: r.workflow_id,
          workflow_name: r.workflow_name,
          action: r.action,
          version: r.version,
          diff: r.diff,
          created_at: r.created_at.toISOString(),
          user: r.user_id
            ? {
                id: r.user_id,
                name: `${r.user_name ?? ''} ${r.user_last_name ?? ''}`.trim(),
                email: r.user_email,
              }
            : null,
        })),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.max(WORKFLOW_PAGE_DEFAULTS.totalPages, Math.ceil(total / query.limit)),
        },
      };
    },
  };
}

/** Graph problems as field issues: `nodes.<id>[.<field>]`, `edges.<id>` or `graph`. */
export function graphError(
  problems: Array<{ nodeId?: string; edgeId?: string; field?: string; message: string }>,
): ValidationError {
  return new ValidationError(
    problems.map((p) => ({
      path: p.nodeId
        ? `nodes.${p.nodeId}${p.field ? `.${p.field}` : ''}`
        : p.edgeId
          ? `edges.${p.edgeId}`
          : 'graph',
      message: p.message,
    })),
  );
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
