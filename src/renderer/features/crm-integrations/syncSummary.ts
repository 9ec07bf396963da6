import type { SyncResult } from '../../../shared/crm';

/** The "Last sync" cell: the counts written, and the failure that ended the sync first if any. */
export function syncSummary(result: SyncResult): string {
  const counts = `${result.created} new, ${result.updated} updated, ${result.skipped} without a case number`;
  return result.error ? `${result.error} (stopped after ${counts})` : counts;
}
