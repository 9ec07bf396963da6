/**
 * SQL of workflows, their versions and update history. Every read is filtered by the caller's
 * visible company ids, so another tenant's workflow answers exactly like a missing one.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile } from '../../db/schema';
import {
  workflow,
  workflowUpdateHistory,
  workflowVersion,
  type WorkflowRow,
} from '../../db/schemaWorkflows';
import type { WorkflowEdge, WorkflowNode, WorkflowSummary } from '../../../shared/workflows';
import type { GraphDiff } from './diff';

export const toSummary = (row: WorkflowRow): WorkflowSummary => ({
  id: row.id,
  name: row.name,
  company_id: row.company_id,
  is_active: row.is_active,
  is_deleted: row.is_deleted,
  version: row.version,
  nodes: row.nodes as unknown[],
  edges: row.edges as unknown[],
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export type HistoryAction =
  | 'created'
  | 'renamed'
  | 'duplicated'
  | 'activated'
  | 'deactivated'
  | 'deleted'
  | 'nodes_and_edges';

export function createWorkflowRepository(db: Database) {
  return {
    async list(companyIds: readonly string[]): Promise<WorkflowRow[]> {
      if (companyIds.length === 0) return [];
      return db
        .select()
        .from(workflow)
        .where(and(inArray(workflow.company_id, [...companyIds]), eq(workflow.is_deleted, false)))
        .orderBy(desc(workflow.created_at), desc(workflow.id));
    },

    async find(companyIds: readonly string[], id: string, tx: DatabaseExecutor = db) {
      if (companyIds.length === 0) return undefined;
      const [row] = await tx
        .select()
        .from(workflow)
        .where(
          and(
            eq(workflow.id, id),
            inArray(workflow.company_id, [...companyIds]),
            eq(workflow.is_deleted, false),
          ),
        )
        .for('update');
      return row;
    },

    async insert(
      tx: DatabaseExecutor,
      values: {
        company_id: string;
        name: string;
        is_active: boolean;
        nodes: WorkflowNode[];
        edges: WorkflowEdge[];
        created_by: string;
      },
    ): Promise<WorkflowRow> {
      const [row] = await tx.insert(workflow).values(values).returning();
      if (!row) throw new Error('workflow insert returned no row');
      await tx.insert(workflowVersion).values({
        workflow_id: row.id,
        version: row.version,
        nodes: values.nodes,
        edges: values.edges,
        created_by: values.created_by,
      });
      return row;
    },

    async update(
      tx: DatabaseExecutor,
      id: string,
      set: Partial<
        Pick<WorkflowRow, 'name' | 'is_active' | 'is_deleted' | 'nodes' | 'edges' | 'version'>
      >,
    ): Promise<WorkflowRow> {
      const [row] = await tx
        .update(workflow)
        .set({ ...set, updated_at: new Date() })
        .where(eq(workflow.id, id))
        .returning();
      if (!row) throw new Error('workflow update returned no row');
      return row;
    },

    async snapshot(tx: DatabaseExecutor, row: WorkflowRow, userId: string): Promise<void> {
      await tx.insert(workflowVersion).values({
        workflow_id: row.id,
        version: row.version,
        nodes: row.nodes,
        edges: row.edges,
        created_by: userId,
      });
    },

    async record(
      tx: DatabaseExecutor,
      row: WorkflowRow,
      userId: string,
      action: HistoryAction,
      diff: GraphDiff | Record<string, unknown>,
    ): Promise<void> {
      await tx.insert(workflowUpdateHistory).values({
        workflow_id: row.id,
        company_id: row.company_id,
        user_id: userId,
        action,
        version: row.version,
        diff,
      });
    },

    async history(companyId: string, page: number, limit: number, workflowId?: string) {
      const where = and(
        eq(workflowUpdateHistory.company_id, companyId),
        workflowId ? eq(workflowUpdateHistory.workflow_id, workflowId) : undefined,
      );
      const rows = await db
        .select({
          id: workflowUpdateHistory.id,
          workflow_id: workflowUpdateHistory.workflow_id,
          workflow_name: workflow.name,
          action: workflowUpdateHistory.action,
          version: workflowUpdateHistory.version,
          diff: workflowUpdateHistory.diff,
          created_at: workflowUpdateHistory.created_at,
          user_id: workflowUpdateHistory.user_id,
          user_name: userProfile.first_name,
          user_last_name: userProfile.last_name,
          user_email: userProfile.email,
        })
        .from(workflowUpdateHistory)
        .innerJoin(workflow, eq(workflow.id, workflowUpdateHistory.workflow_id))
        .leftJoin(userProfile, eq(userProfile.id, workflowUpdateHistory.user_id))
        .where(where)
        .orderBy(desc(workflowUpdateHistory.created_at), desc(workflowUpdateHistory.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ n: count() }).from(workflowUpdateHistory).where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type WorkflowRepository = ReturnType<typeof createWorkflowRepository>;
