/**
 * The raw-file list filters that look at the documents the pipeline cut from a raw file (spec
 * section 3; reviewed_at: a document reviewed that day): each is an EXISTS over legal_processed_file rows of the same raw file and the same
 * company, not deleted. Correlating on legal_raw_file_id lets PostgreSQL use the
 * (legal_raw_file_id, start_page_no) index; the company check keeps another tenant's rows (should
 * one ever point at this raw file) from making it match.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { RawFileListQuery } from '../../../shared/raw-files/schemas';
import { rawFile } from '../../db/schema';
import { legalProcessedFile as doc } from '../../db/schemaPipeline';

/** The exception reasons the pipeline writes into exception_reasons. */
export type ExceptionReason = 'no_file_type' | 'multi_case' | 'needs_case_number';

/** True when the raw file has a live document of its own company for which `condition` holds. */
export function hasDocument(condition: SQL): SQL {
  const own = and(
    eq(doc.legal_raw_file_id, rawFile.id),
    eq(doc.company_id, rawFile.company_id),
    eq(doc.is_deleted, false),
    condition,
  );
  return sql`exists (select 1 from ${doc} where ${own})`;
}

const withReason = (reason: ExceptionReason) =>
  hasDocument(sql`${reason} = any(${doc.exception_reasons})`);

/**
 * True when the raw file has a document waiting for review (an exception), with one of `reasons`
 * when given (review queues: GET /raw-files/need-reviews, POST /raw-files/get-by-status).
 */
export function hasException(reasons?: readonly ExceptionReason[]): SQL {
  const reasonCondition = reasons?.length
    ? sql`${doc.exception_reasons} && array[${sql.join(
        reasons.map((reason) => sql`${reason}`),
        sql`, `,
      )}]::text[]`
    : sql`true`;
  return hasDocument(sql`${doc.is_exception} = true and ${reasonCondition}`);
}

/** Midnight UTC of a YYYY-MM-DD day and of the day after. */
export function dayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00Z`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** The EXISTS conditions the query asks for (none when it sets no document filter). */
export function documentConditions(q: RawFileListQuery): SQL[] {
  const out: SQL[] = [];
  if (q.statusType === 'no_file_type' || q.statusType === 'multi_case')
    out.push(withReason(q.statusType));
  if (q.needs_case_number === true) out.push(withReason('needs_case_number'));
  if (q.needs_case_number === false) out.push(sql`not ${withReason('needs_case_number')}`);
  if (q.legalFileTypeId) out.push(hasDocument(eq(doc.legal_file_type_id, q.legalFileTypeId)));
  if (q.document_synced !== undefined)
    out.push(hasDocument(eq(doc.document_synced, q.document_synced)));
  if (q.crm_sync_status) out.push(hasDocument(eq(doc.sync_status, q.crm_sync_status)));
  if (q.separated_at) {
    const { start, end } = dayBounds(q.separated_at);
    out.push(hasDocument(and(gte(doc.separated_at, start), lt(doc.separated_at, end))!));
  }
  if (q.reviewed_at) {
    const { start, end } = dayBounds(q.reviewed_at);
    out.push(hasDocument(and(gte(doc.reviewed_at, start), lt(doc.reviewed_at, end))!));
  }
  return out;
}
