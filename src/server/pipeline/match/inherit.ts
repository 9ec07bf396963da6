/**
 * A document that names no case at all but serves or encloses "the foregoing document" (a proof of
 * service, a cover sheet) belongs to the document printed before it in the same bundle: it takes
 * that document's case, with a reason saying so, instead of becoming a needs_case_number exception.
 */
import type { ExtractedFields, MatchResult } from '../types';

const REFERS_BACK = /\b(foregoing|above[- ]referenced|attached|enclosed)\b/i;

function namesNothing(fields: ExtractedFields): boolean {
  return (
    fields.adjNumbers.length +
      fields.wcabNumbers.length +
      fields.claimNumbers.length +
      fields.caseNumbers.length ===
      0 && !fields.applicant
  );
}

export interface InheritInput {
  text: string;
  fields: ExtractedFields;
  match: MatchResult | null;
}

/** The documents' matches, with caseless documents that refer back taking the previous case. */
export function inheritFromPrevious(documents: InheritInput[]): Array<MatchResult | null> {
  const out: Array<MatchResult | null> = [];
  for (const [index, document] of documents.entries()) {
    const previous = index > 0 ? out[index - 1] : null;
    const own = document.match;
    if (
      own &&
      previous &&
      own.recommended.length === 0 &&
      namesNothing(document.fields) &&
      REFERS_BACK.test(document.text) &&
      (previous.caseId !== null || previous.multiCase)
    ) {
      out.push({
        recommended: previous.recommended.map((match) => ({
          ...match,
          reasons: ['refers to the document before it', ...match.reasons],
        })),
        caseId: previous.caseId,
        multiCase: previous.multiCase,
        needsCaseNumber: false,
      });
    } else out.push(own);
  }
  return out;
}
