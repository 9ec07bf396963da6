/**
 * Matching a company's documents again after its cases changed (a case was created or cases were
 * imported): documents without a case are compared, with the pipeline's own matcher
 * (findCaseCandidates + matchCase, the rules' one home), against the cases as they are now. A
 * document gets the case when exactly one stands out and its recommendations follow the new
 * ranking; its review reasons follow (multi_case, needs_case_number).
 *
 * Never touched: a document whose case a person set or cleared (legal_case_id or crm_case_id in
 * edited_fields), one that has a case, and deleted ones; each update re-checks that under the
 * row's lock, so an edit saved meanwhile wins. Bounded: batches of `batchSize` documents in id
 * order, at most `cap` per run; `next` is where a follow-up run carries on. Every change is in
 * the document's log, by the pipeline.
 */
import { and, asc, eq, gt, isNull, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  legalProcessedFile,
  legalProcessedFileLog,
  type LegalProcessedFileRow,
} from '../../db/schemaPipeline';
import { matchCase } from '../../pipeline/match/matchCase';
import type { CaseMatch, ExtractedFields, MatchResult } from '../../pipeline/types';
import { findCaseCandidates } from './cases';
import { PIPELINE_ACTOR } from './constants';

export const REMATCH_BATCH_SIZE = 200;
export const REMATCH_CAP_PER_RUN = 5_000;

/** Fields a person's edit makes theirs: the case is then never changed by a re-match. */
const PERSON_CASE_FIELDS = ['legal_case_id', 'crm_case_id'];
/** Review reasons a match decides (naming.ts exceptionReasons); others are kept as they are. */
const MATCH_REASONS = new Set(['multi_case', 'needs_case_number']);

export interface RematchOptions {
  /** Carry on after this document id (a follow-up run). */
  after?: string | undefined;
  batchSize?: number;
  cap?: number;
}

export interface RematchResult {
  examined: number;
  /** Documents that got a case. */
  matched: number;
  /** Documents whose recommendations changed without a case being chosen. */
  recommended: number;
  /** Where the next run starts when this one stopped at its cap; null when all were seen. */
  next: string | null;
}

/** A stored document's fields as the matcher reads them (what the pipeline extracted, or staff saved). */
export function storedFields(row: LegalProcessedFileRow): ExtractedFields {
  return {
    adjNumbers: [...new Set([...row.adj_number, ...row.eams_number])],
    wcabNumbers: row.wcab_number,
    claimNumbers: row.claim_number,
    caseNumbers: row.case_number,
    dateOfInjury: row.date_of_injury
      ? {
          start: row.date_of_injury,
          ...(row.date_of_injury_end ? { end: row.date_of_injury_end } : {}),
          cumulativeTrauma: row.date_of_injury_end !== null,
        }
      : null,
    dateOfIncident: row.date_of_incident,
    applicant: row.applicant,
    defendant: row.defendant,
    defendants: row.defendants,
  };
}

/** Cases and scores in rank order (jsonb does not keep key order, so objects are not compared). */
function ranking(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return '';
      const { caseId, score } = entry as Partial<CaseMatch>;
      return `${String(caseId)}:${String(score)}`;
    })
    .join(',');
}

function reasonsAfter(row: LegalProcessedFileRow, match: MatchResult): string[] {
  const kept = row.exception_reasons.filter((reason) => !MATCH_REASONS.has(reason));
  if (match.multiCase) kept.push('multi_case');
  if (match.needsCaseNumber) kept.push('needs_case_number');
  return kept;
}

const unmatched = (companyId: string) =>
  and(
    eq(legalProcessedFile.company_id, companyId),
    eq(legalProcessedFile.is_deleted, false),
    isNull(legalProcessedFile.legal_case_id),
    not(sql`${legalProcessedFile.edited_fields} && ${sql.param(PERSON_CASE_FIELDS)}::text[]`),
  );

/** Writes one document's new match; false when it changed meanwhile (a person chose a case). */
async function applyMatch(
  db: Database,
  row: LegalProcessedFileRow,
  match: MatchResult,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const reasons = reasonsAfter(row, match);
    const [updated] = await tx
      .update(legalProcessedFile)
      .set({
        legal_case_id: match.caseId,
        recommended_cases: match.recommended,
        exception_reasons: reasons,
        is_exception: reasons.length > 0,
        version: sql`${legalProcessedFile.version} + 1`,
        updated_at: sql`now()`,
      })
      .where(and(eq(legalProcessedFile.id, row.id), unmatched(row.company_id)))
      .returning({ id: legalProcessedFile.id });
    if (!updated) return false;
    const changes = [
      ...(match.caseId ? [['legal_case_id', null, match.caseId] as const] : []),
      [
        'recommended_cases',
        recommendedIds(row.recommended_cases),
        recommendedIds(match.recommended),
      ] as const,
    ];
    await tx.insert(legalProcessedFileLog).values(
      changes.map(([field, from, to]) => ({
        processed_file_id: row.id,
        field,
        original_value: from,
        updated_value: to,
        action_type: 'rematched',
        is_exception_value: reasons.length > 0,
        ...PIPELINE_ACTOR.processedLog,
      })),
    );
    return true;
  });
}

function recommendedIds(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((entry: unknown) =>
      typeof entry === 'object' && entry !== null && 'caseId' in entry ? String(entry.caseId) : '',
    )
    .filter(Boolean)
    .join(',');
}

export async function rematchCompany(
  db: Database,
  companyId: string,
  options: RematchOptions = {},
): Promise<RematchResult> {
  const batchSize = options.batchSize ?? REMATCH_BATCH_SIZE;
  const cap = options.cap ?? REMATCH_CAP_PER_RUN;
  const result: RematchResult = { examined: 0, matched: 0, recommended: 0, next: null };
  let after = options.after;
  for (;;) {
    const limit = Math.min(batchSize, cap - result.examined);
    if (limit <= 0) {
      result.next = after ?? null;
      return result;
    }
    const rows = await db
      .select()
      .from(legalProcessedFile)
      .where(and(unmatched(companyId), after ? gt(legalProcessedFile.id, after) : undefined))
      .orderBy(asc(legalProcessedFile.id))
      .limit(limit);
    for (const row of rows) {
      result.examined += 1;
      const fields = storedFields(row);
      const match = matchCase(fields, await findCaseCandidates(db, companyId, fields));
      const changed =
        match.caseId !== null || ranking(row.recommended_cases) !== ranking(match.recommended);
      if (!changed || !(await applyMatch(db, row, match))) continue;
      if (match.caseId) result.matched += 1;
      else result.recommended += 1;
    }
    after = rows.at(-1)?.id ?? after;
    if (rows.length < limit) return result;
  }
}
