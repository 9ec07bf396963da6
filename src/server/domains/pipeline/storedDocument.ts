/**
 * A stored document read again by the pipeline's rules (a re-split's re-extraction, a re-match
 * after the company's cases changed): its fields as the pipeline names them, whether its pages
 * came from OCR (its raw file keeps the pages the last run read by OCR), and the pipeline's
 * after-match reading of scanned claim numbers and applicant through the chosen case
 * (match/correct.ts), which leaves what a person set alone.
 */
import { readThroughCase, type Corrected, type CorrectedField } from '../../pipeline/match/correct';
import type { CaseCandidate, ExtractedFields, MatchResult } from '../../pipeline/types';
import type { ProcessedFileColumns } from '../documents/columns';
import { dayString } from '../documents/storedValues';

/** The columns a document's fields are read from. */
export type StoredFieldColumns = Pick<
  ProcessedFileColumns,
  | 'adj_number'
  | 'eams_number'
  | 'wcab_number'
  | 'claim_number'
  | 'case_number'
  | 'date_of_injury'
  | 'date_of_injury_end'
  | 'date_of_incident'
  | 'applicant'
  | 'defendant'
  | 'defendants'
>;

/** The fields a stored document holds (what the pipeline extracted, or staff saved). */
export function storedFields(row: StoredFieldColumns): ExtractedFields {
  const injury = dayString(row.date_of_injury);
  const injuryEnd = dayString(row.date_of_injury_end);
  return {
    adjNumbers: [...new Set([...row.adj_number, ...row.eams_number])],
    wcabNumbers: row.wcab_number,
    claimNumbers: row.claim_number,
    caseNumbers: row.case_number,
    dateOfInjury: injury
      ? { start: injury, ...(injuryEnd ? { end: injuryEnd } : {}), cumulativeTrauma: !!injuryEnd }
      : null,
    dateOfIncident: dayString(row.date_of_incident),
    applicant: row.applicant,
    defendant: row.defendant,
    defendants: row.defendants,
  };
}

/**
 * Whether any of the pages `start`..`end` was read by OCR, given the raw file's OCR pages. Not
 * known (null: processed before the pages were kept) counts as no, so nothing is corrected.
 */
export function pagesReadByOcr(
  ocrPages: readonly number[] | null,
  range: { start: number; end: number },
): boolean {
  return (ocrPages ?? []).some((page) => page >= range.start && page <= range.end);
}

/** The column a person's edit of a field read through the case is kept in. */
const PERSON_COLUMN: Record<CorrectedField, string> = {
  claimNumbers: 'claim_number',
  applicant: 'applicant',
};

/**
 * The pipeline's reading of OCR claim numbers and applicant through the chosen case
 * (readThroughCase, as run.ts applies it after matching), for a document read again: only the
 * fields of `read`, and never one a person set (its column in edited_fields), which stays as it
 * is with the match reasons.
 */
export function readStoredThroughCase(
  fields: ExtractedFields,
  match: MatchResult | null,
  candidates: readonly CaseCandidate[],
  document: { ocr: boolean; editedFields: readonly string[] },
  read: readonly CorrectedField[] = ['claimNumbers', 'applicant'],
): Corrected {
  const personal = (['claimNumbers', 'applicant'] as const).filter(
    (field) => !read.includes(field) || document.editedFields.includes(PERSON_COLUMN[field]),
  );
  return readThroughCase(fields, match, candidates, document.ocr, personal);
}
