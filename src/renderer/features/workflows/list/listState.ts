/**
 * The workflow list's state: the load's request state (idle, loading, succeeded, failed, as spec
 * section 4 names request states) with its rows, and the answers of create, rename, duplicate,
 * toggle and delete put in place without a reload. Deleted workflows leave the list (soft delete).
 */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface WorkflowRow {
  id: string;
  name: string;
  company_id: string;
  is_active: boolean;
  is_deleted: boolean;
  nodes: unknown[];
  updated_at: string;
}

export interface ListState {
  status: RequestStatus;
  rows: WorkflowRow[];
  error: string | null;
}

export type ListAction =
  | { type: 'loadStarted' }
  | { type: 'loadSucceeded'; rows: WorkflowRow[] }
  | { type: 'loadFailed'; error: string }
  | { type: 'saved'; row: WorkflowRow }
  | { type: 'removed'; id: string };

export const INITIAL_LIST: ListState = { status: 'idle', rows: [], error: null };

function byName(a: WorkflowRow, b: WorkflowRow): number {
  return (
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)
  );
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'loadStarted':
      return { ...state, status: 'loading', error: null };
    case 'loadSucceeded':
      return {
        status: 'succeeded',
        rows: action.rows.filter((row) => !row.is_deleted).sort(byName),
        error: null,
      };
    case 'loadFailed':
      // Rows already shown stay; the message says the reload failed.
      return { ...state, status: 'failed', error: action.error };
    case 'saved': {
      const others = state.rows.filter((row) => row.id !== action.row.id);
      const rows = action.row.is_deleted ? others : [...others, action.row].sort(byName);
      return { ...state, rows };
    }
    case 'removed':
      return { ...state, rows: state.rows.filter((row) => row.id !== action.id) };
  }
}
