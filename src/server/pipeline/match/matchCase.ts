/**
 * Stage 5, Match: rank a company's cases for one document. Numbers first (ADJ/EAMS, WCAB, claim
 * and case numbers against every number a case carries, compared normalised), then the applicant's
 * name and the date of injury. A case is chosen (crm_case_id) only when one case stands clearly
 * above the rest; several strong candidates flag multi_case, a document without any number and no
 * confident match flags needs_case_number.
 */
import type { CaseCandidate, CaseMatch, ExtractedFields, MatchResult } from '../types';

/** A score at or above this is a confident match. */
export const CONFIDENT_SCORE = 0.85;
/** The best case must lead the runner-up by this much to be chosen alone. */
const LEAD = 0.15;
/** At most this many recommended cases are kept. */
const MAX_RECOMMENDED = 5;

/** Upper case, letters and digits only: "adj 1023-4567" and "ADJ10234567" compare equal. */
export function normaliseNumber(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Lower-case name tokens without punctuation or one-letter initials. */
export function nameTokens(value: string): string[] {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter((token) => token.length > 1);
}

function caseNumbers(candidate: CaseCandidate): Set<string> {
  const values = [
    candidate.caseNumber,
    candidate.eamsNumber,
    candidate.wcabNumber,
    candidate.primaryNumber,
    candidate.alternateNumber,
  ];
  return new Set(
    values
      .flatMap((value) => (value ? value.split(/[,;]/) : []))
      .map(normaliseNumber)
      .filter((value) => value.length >= 4),
  );
}

/** How well two names agree, 0..1: shared tokens over the shorter name, 0 unless a token is shared. */
export function nameAgreement(a: string, b: string): number {
  const left = new Set(nameTokens(a));
  const right = new Set(nameTokens(b));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return shared / Math.min(left.size, right.size);
}

function injuryAgrees(fields: ExtractedFields, candidate: CaseCandidate): boolean {
  const injury = fields.dateOfInjury;
  if (!injury || !candidate.dateOfInjury) return false;
  const caseDate = candidate.dateOfInjury.slice(0, 10);
  return caseDate === injury.start || (injury.end !== undefined && caseDate === injury.end);
}

function scoreCase(
  fields: ExtractedFields,
  documentNumbers: Map<string, string>,
  candidate: CaseCandidate,
): CaseMatch | null {
  const reasons: string[] = [];
  let score = 0;
  const numbers = caseNumbers(candidate);
  for (const [normalised, label] of documentNumbers) {
    if (numbers.has(normalised)) {
      reasons.push(`${label} matches`);
      score = Math.max(score, 0.9);
    }
  }
  const names = [candidate.clientName, candidate.name].filter((n): n is string => Boolean(n));
  const nameScore = fields.applicant
    ? Math.max(0, ...names.map((name) => nameAgreement(fields.applicant ?? '', name)))
    : 0;
  const injury = injuryAgrees(fields, candidate);
  if (score > 0) {
    if (nameScore >= 0.5) score += 0.05;
    if (injury) score += 0.05;
  } else if (nameScore >= 0.5) {
    // Without a number a name alone is a suggestion; with the date of injury it is strong.
    score = 0.45 + 0.2 * nameScore + (injury ? 0.25 : 0);
  }
  if (nameScore >= 0.5) reasons.push('applicant name agrees');
  if (injury) reasons.push('date of injury agrees');
  if (score === 0) return null;
  return { caseId: candidate.caseId, score: Math.min(1, Number(score.toFixed(3))), reasons };
}

/** The document's numbers, normalised, with a label saying which field each came from. */
function documentNumbers(fields: ExtractedFields): Map<string, string> {
  const out = new Map<string, string>();
  const add = (values: string[], label: string) => {
    for (const value of values) {
      const normalised = normaliseNumber(value);
      if (normalised.length >= 4 && !out.has(normalised)) out.set(normalised, `${label} ${value}`);
    }
  };
  add(fields.adjNumbers, 'ADJ number');
  add(fields.wcabNumbers, 'WCAB number');
  add(fields.caseNumbers, 'case number');
  add(fields.claimNumbers, 'claim number');
  return out;
}

export function matchCase(fields: ExtractedFields, cases: readonly CaseCandidate[]): MatchResult {
  const numbers = documentNumbers(fields);
  const ranked = cases
    .map((candidate) => scoreCase(fields, numbers, candidate))
    .filter((match): match is CaseMatch => match !== null)
    .sort((a, b) => b.score - a.score || a.caseId.localeCompare(b.caseId));
  const recommended = ranked.slice(0, MAX_RECOMMENDED);
  const [best, second] = recommended;
  const strong = recommended.filter((match) => match.score >= CONFIDENT_SCORE);
  const chosen =
    best && best.score >= CONFIDENT_SCORE && (!second || best.score - second.score >= LEAD)
      ? best.caseId
      : null;
  return {
    recommended,
    caseId: chosen,
    multiCase: chosen === null && strong.length > 1,
    needsCaseNumber: numbers.size === 0 && chosen === null,
  };
}
