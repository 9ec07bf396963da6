/**
 * Stage 5, Match: rank a company's cases for one document. Numbers first (ADJ/EAMS, WCAB, claim
 * and case numbers against every number a case carries, compared normalised), then the applicant's
 * name and the date of injury. A case is chosen (crm_case_id) only when one case stands clearly
 * above the rest; several strong candidates flag multi_case, a document without any number and no
 * confident match flags needs_case_number.
 *
 * Scans damage numbers and names, so both are also compared OCR-tolerantly (./tolerance): a number
 * that agrees only through look-alike characters ("Rl-4379507" for "RI-4379507") scores below an
 * exact one, and is not compared that way at all when some case carries it exactly; a name that
 * agrees only through a glued initial or one OCR slip in a word counts for less, and not at all
 * when another case's name agrees exactly. A name alone never chooses a case.
 */
import type { CaseCandidate, CaseMatch, ExtractedFields, MatchResult } from '../types';
import { compareNames, compareNumbers, normaliseNumber, personPart } from './tolerance';

export { nameTokens, normaliseNumber } from './tolerance';

/** A score at or above this is a confident match. */
export const CONFIDENT_SCORE = 0.85;
/** The best case must lead the runner-up by this much to be chosen alone. */
const LEAD = 0.15;
/** At most this many recommended cases are kept. */
const MAX_RECOMMENDED = 5;
/** A number that agrees exactly, and what each OCR look-alike in it costs. */
const NUMBER_SCORE = 0.9;
const PER_CONFUSION = 0.03;
/** A name agreeing at least this much counts as agreeing. */
const NAME_AGREES = 0.5;

/** How well two names agree, 0..1 (see compareNames); damaged agreement scores lower. */
export function nameAgreement(a: string, b: string): number {
  return compareNames(a, b).score;
}

/** Every number a case carries (comma- or semicolon-separated lists split), four characters or more. */
export function caseNumbers(candidate: CaseCandidate): string[] {
  const values = [
    candidate.caseNumber,
    candidate.eamsNumber,
    candidate.wcabNumber,
    candidate.primaryNumber,
    candidate.alternateNumber,
  ];
  return values
    .flatMap((value) => (value ? value.split(/[,;]/) : []))
    .map((value) => value.trim())
    .filter((value) => normaliseNumber(value).length >= 4);
}

function injuryAgrees(fields: ExtractedFields, candidate: CaseCandidate): boolean {
  const injury = fields.dateOfInjury;
  if (!injury || !candidate.dateOfInjury) return false;
  const caseDate = candidate.dateOfInjury.slice(0, 10);
  return caseDate === injury.start || (injury.end !== undefined && caseDate === injury.end);
}

interface DocumentNumber {
  value: string;
  label: string;
  /** Some case carries it exactly: it is not compared by look-alikes with the others. */
  known: boolean;
}

interface NameScore {
  score: number;
  exact: boolean;
}

function candidateName(fields: ExtractedFields, candidate: CaseCandidate): NameScore {
  const applicant = fields.applicant;
  let best: NameScore = { score: 0, exact: false };
  if (!applicant) return best;
  const names = [candidate.clientName, candidate.name ? personPart(candidate.name) : null];
  for (const name of names) {
    if (!name) continue;
    const agreement = compareNames(applicant, name);
    if (
      agreement.score > best.score ||
      (agreement.score === best.score && agreement.exact && !best.exact)
    )
      best = agreement;
  }
  return best;
}

function scoreCase(
  fields: ExtractedFields,
  documentNumbers: readonly DocumentNumber[],
  candidate: CaseCandidate,
  name: NameScore,
): CaseMatch | null {
  const reasons: string[] = [];
  let score = 0;
  const numbers = caseNumbers(candidate);
  for (const found of documentNumbers) {
    let best: { score: number; reason: string } | null = null;
    for (const number of numbers) {
      const agreement = compareNumbers(found.value, number);
      if (!agreement || (agreement.kind === 'ocr' && found.known)) continue;
      const value =
        agreement.kind === 'exact'
          ? NUMBER_SCORE
          : NUMBER_SCORE - PER_CONFUSION * agreement.confusions;
      const reason =
        agreement.kind === 'exact'
          ? `${found.label} matches`
          : `${found.label} nearly matches ${number} (OCR look-alikes)`;
      if (!best || value > best.score) best = { score: value, reason };
    }
    if (best) {
      reasons.push(best.reason);
      score = Math.max(score, best.score);
    }
  }
  const nameAgrees = name.score >= NAME_AGREES;
  const injury = injuryAgrees(fields, candidate);
  if (score > 0) {
    if (nameAgrees) score += 0.05;
    if (injury) score += 0.05;
  } else if (nameAgrees) {
    // Without a number a name alone is a suggestion; with the date of injury it is strong.
    score = 0.45 + 0.2 * name.score + (injury ? 0.25 : 0);
  }
  if (nameAgrees)
    reasons.push(name.exact ? 'applicant name agrees' : 'applicant name nearly agrees (OCR)');
  if (injury) reasons.push('date of injury agrees');
  if (score === 0) return null;
  return { caseId: candidate.caseId, score: Math.min(1, Number(score.toFixed(3))), reasons };
}

/** The document's numbers (normalised at least four characters long), each once, with its label. */
function documentNumbers(
  fields: ExtractedFields,
  cases: readonly CaseCandidate[],
): DocumentNumber[] {
  const known = new Set(cases.flatMap(caseNumbers).map(normaliseNumber));
  const seen = new Set<string>();
  const out: DocumentNumber[] = [];
  const add = (values: string[], label: string) => {
    for (const value of values) {
      const normalised = normaliseNumber(value);
      if (normalised.length < 4 || seen.has(normalised)) continue;
      seen.add(normalised);
      out.push({ value, label: `${label} ${value}`, known: known.has(normalised) });
    }
  };
  add(fields.adjNumbers, 'ADJ number');
  add(fields.wcabNumbers, 'WCAB number');
  add(fields.caseNumbers, 'case number');
  add(fields.claimNumbers, 'claim number');
  return out;
}

export function matchCase(fields: ExtractedFields, cases: readonly CaseCandidate[]): MatchResult {
  const numbers = documentNumbers(fields, cases);
  const names = cases.map((candidate) => candidateName(fields, candidate));
  // A name some case agrees with exactly is that case's: near misses (Maria/Mario) do not compete.
  const exactName = names.some((name) => name.exact && name.score >= NAME_AGREES);
  const ranked = cases
    .map((candidate, index) => {
      const name = names[index] ?? { score: 0, exact: false };
      return scoreCase(
        fields,
        numbers,
        candidate,
        exactName && !name.exact ? { score: 0, exact: false } : name,
      );
    })
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
    needsCaseNumber: numbers.length === 0 && chosen === null,
  };
}
