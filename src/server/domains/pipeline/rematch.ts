/**
 * Matching a company's documents again after its cases changed (a case was created or cases were
 * imported): documents without a case are compared, with the pipeline's own matcher
 * (findCaseCandidates + matchCase, the rules' one home), against the cases as they are now. A
 * document gets the case when exactly one stands out and its recommendations follow the new
 * ranking; its review reasons follow (multi_case, needs_case_number). On a document whose pages
 * came from OCR (its raw file's ocr_pages), a claim number that is the chosen case's but for OCR
 * look-alikes, and an applicant the case's client but for OCR damage, are read as the case's, as
 * the pipeline does after matching (storedDocument.ts), so a document processed before its case
 * existed ends as one processed after; never a value a person set (claim_number or applicant in
 * edited_fields). A new applicant renames the document as the pipeline names it, unless a person
 * named it.
 *
 * Never touched: a document whose case a person set or cleared (legal_case_id or crm_case_id in
 * edited_fields), one that has a case, and deleted ones; each update re-checks that under the
 * row's lock, so an edit saved meanwhile wins. Bounded: batches of `batchSize` documents in id
 * order, at most `cap` per run; `next` is where a follow-up run carries on. Every change is in
 * the document's log, by the pipeline.
 */
import { and, asc, eq, gt, isNull, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { rawFile } from '../../db/schema';
import {
  legalProcessedFile,
  legalProcessedFileLog,
  type LegalProcessedFileRow,
} from '../../db/schemaPipeline';
import { matchCase } from '../../pipeline/match/matchCase';
import type { CaseMatch, MatchResult } from '../../pipeline/types';
import { logText, sameValue } from '../documents/changes';
import { findCaseCandidates } from './cases';
import { PIPELINE_ACTOR } from './constants';
import { pagesReadByOcr, readStoredThroughCase, storedFields } from './storedDocument';
import { companyTitles, type TitleOf } from './titles';

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

/** The claim numbers are still the ones read, and still the pipeline's (no person set them). */
const claimsAsRead = (row: LegalProcessedFileRow) =>
  and(
    sql`${legalProcessedFile.claim_number} = ${sql.param(row.claim_number)}::text[]`,
    not(sql`${legalProcessedFile.edited_fields} @> array['claim_number']::text[]`),
  );

/** The applicant is still the one read, and still the pipeline's. */
const applicantAsRead = (row: LegalProcessedFileRow) =>
  and(
    sql`${legalProcessedFile.applicant} IS NOT DISTINCT FROM ${row.applicant}`,
    not(sql`${legalProcessedFile.edited_fields} @> array['applicant']::text[]`),
  );

/** What a re-match read through the chosen case. */
interface ReadThrough {
  claimNumbers: string[];
  applicant: string | null;
}

/**
 * Writes one document's new match, and its claim numbers and applicant when the match read them
 * through the case (the name follows a new applicant unless a person named the document, checked
 * under the row's lock); false when it changed meanwhile (a person chose a case, or set the claim
 * numbers or the applicant).
 */
async function applyMatch(
  db: Database,
  row: LegalProcessedFileRow,
  match: MatchResult,
  read: ReadThrough,
  titleOf: TitleOf,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const reasons = reasonsAfter(row, match);
    const claimsChanged = !sameValue(row.claim_number, read.claimNumbers);
    const applicantChanged = read.applicant !== null && read.applicant !== row.applicant;
    const title = titleOf({ ...row, applicant: read.applicant });
    const [updated] = await tx
      .update(legalProcessedFile)
      .set({
        legal_case_id: match.caseId,
        recommended_cases: match.recommended,
        ...(claimsChanged ? { claim_number: read.claimNumbers } : {}),
        ...(applicantChanged
          ? {
              applicant: read.applicant,
              name: sql`CASE WHEN ${legalProcessedFile.edited_fields} @> array['name']::text[]
                THEN ${legalProcessedFile.name} ELSE ${title} END`,
            }
          : {}),
        exception_reasons: reasons,
        is_exception: reasons.length > 0,
        version: sql`${legalProcessedFile.version} + 1`,
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(legalProcessedFile.id, row.id),
          unmatched(row.company_id),
          claimsChanged ? claimsAsRead(row) : undefined,
          applicantChanged ? applicantAsRead(row) : undefined,
        ),
      )
      .returning({ id: legalProcessedFile.id, name: legalProcessedFile.name });
    if (!updated) return false;
    const changes = [
      ...(match.caseId ? [['legal_case_id', null, match.caseId] as const] : []),
      [
        'recommended_cases',
        recommendedIds(row.recommended_cases),
        recommendedIds(match.recommended),
      ] as const,
      ...(claimsChanged
        ? [['claim_number', logText(row.claim_number), logText(read.claimNumbers)] as const]
        : []),
      ...(applicantChanged ? [['applicant', row.applicant, read.applicant] as const] : []),
      ...(updated.name !== row.name ? [['name', row.name, updated.name] as const] : []),
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
  const titleOf = await companyTitles(db, companyId);
  let after = options.after;
  for (;;) {
    const limit = Math.min(batchSize, cap - result.examined);
    if (limit <= 0) {
      result.next = after ?? null;
      return result;
    }
    const found = await db
      .select({ row: legalProcessedFile, ocrPages: rawFile.ocr_pages })
      .from(legalProcessedFile)
      .innerJoin(rawFile, eq(rawFile.id, legalProcessedFile.legal_raw_file_id))
      .where(and(unmatched(companyId), after ? gt(legalProcessedFile.id, after) : undefined))
      .orderBy(asc(legalProcessedFile.id))
      .limit(limit);
    for (const { row, ocrPages } of found) {
      result.examined += 1;
      const stored = storedFields(row);
      const candidates = await findCaseCandidates(db, companyId, stored);
      const ranked = matchCase(stored, candidates);
      const corrected = readStoredThroughCase(stored, ranked, candidates, {
        ocr: pagesReadByOcr(ocrPages, { start: row.start_page_no, end: row.end_page_no }),
        editedFields: row.edited_fields,
      });
      const match = corrected.match ?? ranked;
      const changed =
        match.caseId !== null || ranking(row.recommended_cases) !== ranking(match.recommended);
      if (!changed || !(await applyMatch(db, row, match, corrected.fields, titleOf))) continue;
      if (match.caseId) result.matched += 1;
      else result.recommended += 1;
    }
    after = found.at(-1)?.row.id ?? after;
    if (found.length < limit) return result;
  }
}
