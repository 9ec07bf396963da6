/**
 * The measures of GET /admin/eval (shared/evaluation/metrics.ts), one statement per period over
 * the stored rows: raw files (processed_at), documents (created_at, reviewed_at), the change log
 * of documents (corrections: rows written for a person, not the pipeline), workflow runs and
 * their node logs (started_at), and sync logs (started_at). A period is [lo, hi).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import type { EvalMetrics } from '../../../shared/evaluation';

/** Change-log actions that are a person correcting what the pipeline produced. */
const CORRECTIONS = sql`('update', 'resplit', 'extracted_data')`;

interface Row extends Record<string, unknown> {
  raw_files_processed: number;
  median_processing_seconds: number | null;
  documents_split: number;
  pages_processed: number;
  exceptions: number;
  matched: number;
  field_corrections: number;
  documents_corrected: number;
  type_corrections: number;
  split_corrections: number;
  documents_reviewed: number;
  reviewed_accepted: number;
  workflow_runs: number;
  runs_completed: number;
  runs_failed: number;
  median_run_seconds: number | null;
  step_retries: number;
  documents_synced: number;
}

const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
const seconds = (value: number | null): number | null =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

export function toMetrics(row: Row): EvalMetrics {
  const finished = row.runs_completed + row.runs_failed;
  return {
    raw_files_processed: row.raw_files_processed,
    documents_split: row.documents_split,
    pages_processed: row.pages_processed,
    median_processing_seconds: seconds(row.median_processing_seconds),
    exception_rate: share(row.exceptions, row.documents_split),
    case_match_rate: share(row.matched, row.documents_split),
    documents_reviewed: row.documents_reviewed,
    accepted_rate: share(row.reviewed_accepted, row.documents_reviewed),
    documents_corrected: row.documents_corrected,
    field_corrections: row.field_corrections,
    type_corrections: row.type_corrections,
    split_corrections: row.split_corrections,
    workflow_runs: row.workflow_runs,
    runs_completed: row.runs_completed,
    runs_failed: row.runs_failed,
    run_success_rate: share(row.runs_completed, finished),
    median_run_seconds: seconds(row.median_run_seconds),
    step_retries: row.step_retries,
    documents_synced: row.documents_synced,
  };
}

/** The measures of `companyId` between `lo` (included) and `hi` (excluded). */
export async function measurePeriod(
  db: Database,
  companyId: string,
  lo: Date,
  hi: Date,
): Promise<EvalMetrics> {
  const result = await db.execute<Row>(sql`
    with b as (select ${lo.toISOString()}::timestamptz as lo, ${hi.toISOString()}::timestamptz as hi),
    raw as (
      select count(*)::int as raw_files_processed,
             (percentile_cont(0.5) within group (
                order by extract(epoch from r.processed_at - r.created_at)))::float8
               as median_processing_seconds
        from raw_file r, b
       where r.company_id = ${companyId} and not r.is_deleted
         and r.processed_at >= b.lo and r.processed_at < b.hi
    ),
    docs as (
      select count(*)::int as documents_split,
             coalesce(sum(f.end_page_no - f.start_page_no + 1), 0)::int as pages_processed,
             (count(*) filter (where f.is_exception))::int as exceptions,
             (count(*) filter (where f.legal_case_id is not null))::int as matched
        from legal_processed_file f, b
       where f.company_id = ${companyId} and not f.is_deleted
         and f.created_at >= b.lo and f.created_at < b.hi
    ),
    fixes as (
      select count(*)::int as field_corrections,
             count(distinct l.processed_file_id)::int as documents_corrected,
             (count(*) filter (where l.field = 'legal_file_type_id'))::int as type_corrections,
             (count(*) filter (where l.action_type = 'resplit'))::int as split_corrections
        from legal_processed_file_log l
        join legal_processed_file f on f.id = l.processed_file_id, b
       where f.company_id = ${companyId} and l.updated_by_id is not null
         and l.action_type in ${CORRECTIONS}
         and l.created_at >= b.lo and l.created_at < b.hi
    ),
    reviewed as (
      select count(*)::int as documents_reviewed,
             (count(*) filter (where not exists (
                select 1 from legal_processed_file_log l
                 where l.processed_file_id = f.id and l.updated_by_id is not null
                   and l.action_type in ${CORRECTIONS})))::int as reviewed_accepted
        from legal_processed_file f, b
       where f.company_id = ${companyId} and not f.is_deleted
         and f.reviewed_at >= b.lo and f.reviewed_at < b.hi
    ),
    runs as (
      select count(*)::int as workflow_runs,
             (count(*) filter (where w.status = 'Completed'))::int as runs_completed,
             (count(*) filter (where w.status = 'Failed'))::int as runs_failed,
             (percentile_cont(0.5) within group (
                order by extract(epoch from w.ended_at - w.started_at))
                filter (where w.status = 'Completed' and w.ended_at is not null))::float8
               as median_run_seconds
        from workflow_run w, b
       where w.company_id = ${companyId} and w.started_at >= b.lo and w.started_at < b.hi
    ),
    retries as (
      select coalesce(sum(greatest(n.attempts - 1, 0)), 0)::int as step_retries
        from workflow_node_log n
        join workflow_run w on w.id = n.run_id, b
       where w.company_id = ${companyId} and w.started_at >= b.lo and w.started_at < b.hi
    ),
    synced as (
      select count(distinct s.legal_processed_file_id)::int as documents_synced
        from document_sync_log s, b
       where s.company_id = ${companyId} and s.status = 'Completed'
         and s.started_at >= b.lo and s.started_at < b.hi
    )
    select * from raw, docs, fixes, reviewed, runs, retries, synced`);
  const row = result.rows[0];
  if (!row) throw new Error('the evaluation query returned no row');
  return toMetrics(row);
}
