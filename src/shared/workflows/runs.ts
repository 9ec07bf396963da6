/**
 * The run and log vocabulary (spec sections 4 and 9) and the REST bodies of spec section 7's
 * workflow calls, shared by the server routes and the renderer.
 */
import { z } from 'zod';

export const LOG_STATUSES = ['Queued', 'In Progress', 'Completed', 'Failed'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

/** Spec section 4: Queued if all are Queued; else Failed if any failed; else In Progress if any
 * is; else Completed if any completed; else empty. */
export function groupStatus(statuses: readonly LogStatus[]): LogStatus | '' {
  if (statuses.length > 0 && statuses.every((s) => s === 'Queued')) return 'Queued';
  if (statuses.includes('Failed')) return 'Failed';
  if (statuses.includes('In Progress')) return 'In Progress';
  if (statuses.includes('Completed')) return 'Completed';
  return '';
}

/** Spec section 4: groups without an end time first, then by latest ended_at, newest first. */
export function compareGroups(
  a: { ended_at: string | null },
  b: { ended_at: string | null },
): number {
  if (a.ended_at === null || b.ended_at === null) {
    return (a.ended_at === null ? 0 : 1) - (b.ended_at === null ? 0 : 1);
  }
  return Date.parse(b.ended_at) - Date.parse(a.ended_at);
}

/** Spec section 4: a log of an unseen group on page 1 goes on top, dropping the last row when
 * the page is full. A log of a group already shown replaces that group in place. */
export function placeNewGroup<T extends { key: string }>(
  page: readonly T[],
  group: T,
  limit: number,
): T[] {
  const at = page.findIndex((g) => g.key === group.key);
  if (at >= 0) return page.map((g, i) => (i === at ? group : g));
  return [group, ...page].slice(0, limit);
}

/** Section 9: workflow log and history pagination defaults. */
export const WORKFLOW_PAGE_DEFAULTS = { page: 1, limit: 10, totalPages: 1 } as const;

const page = z.coerce.number().int().min(1).default(WORKFLOW_PAGE_DEFAULTS.page);
const limit = z.coerce.number().int().min(1).max(100).default(WORKFLOW_PAGE_DEFAULTS.limit);

export const getWorkflowsBody = z
  .object({
    company_id: z.uuid().optional(),
    company_ids: z.array(z.uuid()).max(100).optional(),
    is_deleted: z.literal(false).default(false),
  })
  .refine((b) => b.company_id !== undefined || (b.company_ids?.length ?? 0) > 0, {
    message: 'company_id or company_ids is required',
  });

export const createWorkflowBody = z.object({
  name: z.string().trim().min(1).max(200),
  company_id: z.uuid(),
  is_active: z.boolean().default(false),
});
export const renameWorkflowBody = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1).max(200),
});
export const duplicateWorkflowBody = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1).max(200),
  company_id: z.uuid(),
});
export const toggleWorkflowBody = z.object({ id: z.uuid(), is_active: z.boolean().optional() });
export const idBody = z.object({ id: z.uuid() });

export const historyQuery = z.object({
  companyId: z.uuid(),
  page,
  limit,
  workflowId: z.uuid().optional(),
});

export const logsBody = z.object({
  company_id: z.uuid().optional(),
  company_ids: z.array(z.uuid()).max(100).optional(),
  workflow_id: z.uuid().optional(),
  status: z.enum(LOG_STATUSES).optional(),
  page,
  limit,
});

export interface WorkflowSummary {
  id: string;
  name: string;
  company_id: string;
  is_active: boolean;
  is_deleted: boolean;
  version: number;
  nodes: unknown[];
  edges: unknown[];
  created_at: string;
  updated_at: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface WorkflowLogGroup {
  /** `${legal_workflow_id}:${legal_processed_file_id}` */
  key: string;
  legal_workflow_id: string;
  workflow_name: string;
  legal_processed_file_id: string | null;
  processed_file_name: string | null;
  /** The case the document is matched to, if any. */
  case: { id: string; case_number: string | null } | null;
  status: LogStatus | '';
  started_at: string | null;
  ended_at: string | null;
  /** The runs of this group (newest first). */
  run_ids: string[];
}

export interface NodeLog {
  id: string;
  run_id: string;
  node_id: string;
  node_type: string;
  status: LogStatus;
  input: unknown;
  output: unknown;
  error: string | null;
  attempts: number;
  queued_at: string;
  started_at: string | null;
  ended_at: string | null;
}

export interface WorkflowRunDetail {
  id: string;
  workflow_id: string;
  workflow_version: number;
  legal_processed_file_id: string | null;
  status: LogStatus;
  started_at: string;
  ended_at: string | null;
  nodes: NodeLog[];
}

export interface DocumentSyncLog {
  id: string;
  started_at: string;
  ended_at: string | null;
  status: LogStatus;
  attempt: number;
  company_id: string;
  data: unknown;
  legal_processed_file_id: string;
}
