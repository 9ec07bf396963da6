/**
 * Scores of the document pipeline against a bundle's ground truth: page-boundary precision,
 * recall and F1 (a boundary is a page other than page 1 that starts a document; page 1 always
 * does, so counting it would flatter every splitter), bundles split without any error, document
 * type accuracy and per-field exact match over the true documents, and case-match accuracy.
 * A true document the splitter got wrong counts as wrong for its type, fields and case. Names
 * compare as the same words in any order and case (a caption prints "GONZALEZ, MARIA"). A
 * document naming two cases is right when flagged multi_case with both recommended.
 */
import type { ExtractedFields, PipelineDocument } from '../../src/server/pipeline/types';

/** True fields; a generator that does not record every defendant leaves `defendants` out. */
export type TruthFields = Omit<ExtractedFields, 'defendants'> & { defendants?: string[] };

export interface TruthDocument {
  startPage: number;
  endPage: number;
  typeKey: string;
  fields: TruthFields;
  caseId: string | null;
  /** Every listed case the document names (a consolidated caption names two). */
  caseIds?: string[];
}

export const FIELD_NAMES = [
  'adjNumbers',
  'wcabNumbers',
  'claimNumbers',
  'caseNumbers',
  'dateOfInjury',
  'dateOfIncident',
  'applicant',
  'defendant',
] as const satisfies ReadonlyArray<keyof ExtractedFields>;
export type FieldName = (typeof FIELD_NAMES)[number];

export interface Tally {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  bundles: number;
  perfectBundles: number;
  documents: number;
  typeCorrect: number;
  caseCorrect: number;
  fieldCorrect: Record<FieldName, number>;
  /** Per type key: [correct, total], to see which types are weak. */
  byType: Record<string, [number, number]>;
}

export function emptyTally(): Tally {
  return {
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
    bundles: 0,
    perfectBundles: 0,
    documents: 0,
    typeCorrect: 0,
    caseCorrect: 0,
    fieldCorrect: Object.fromEntries(FIELD_NAMES.map((f) => [f, 0])) as Record<FieldName, number>,
    byType: {},
  };
}

/**
 * A name without its accents: "VILLASENOR" is "Villaseñor" as EAMS, OCR and many case systems
 * print it (an accented letter is a letter of the word, never a break between two words).
 */
export const withoutAccents = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * A name as a sorted list of its words, without case, accents or punctuation: "GONZALEZ, MARIA"
 * and "Maria Gonzalez" are the same person, "Acme Inc." and "ACME INC" the same employer.
 */
const nameKey = (value: string | null) =>
  value === null
    ? null
    : withoutAccents(value)
        .toUpperCase()
        .split(/[^A-Z0-9&]+/)
        .filter(Boolean)
        .sort()
        .join(' ');

const sameSet = (a: string[], b: string[]) => {
  const left = new Set(a.map((v) => v.toUpperCase()));
  const right = new Set(b.map((v) => v.toUpperCase()));
  return left.size === right.size && [...left].every((v) => right.has(v));
};

export function fieldMatches(name: FieldName, found: ExtractedFields, truth: TruthFields) {
  switch (name) {
    case 'adjNumbers':
    case 'wcabNumbers':
    case 'claimNumbers':
    case 'caseNumbers':
      return sameSet(found[name], truth[name]);
    case 'dateOfInjury': {
      const a = found.dateOfInjury;
      const b = truth.dateOfInjury;
      if (!a || !b) return a === b;
      return a.start === b.start && (a.end ?? null) === (b.end ?? null);
    }
    case 'dateOfIncident':
      return found.dateOfIncident === truth.dateOfIncident;
    case 'applicant':
    case 'defendant':
      return nameKey(found[name]) === nameKey(truth[name]);
  }
}

/**
 * The case is right when the chosen case is the document's, or, for a document that names several
 * cases, when it is flagged multi_case with all of them among the recommended cases.
 */
function caseMatches(found: PipelineDocument, truth: TruthDocument): boolean {
  const result = found.match;
  if ((result?.caseId ?? null) === truth.caseId) return true;
  const ids = truth.caseIds ?? [];
  if (ids.length < 2 || !result?.multiCase) return false;
  const recommended = new Set(result.recommended.map((m) => m.caseId));
  return ids.every((id) => recommended.has(id));
}

/** Adds one bundle's result to the tally. */
export function scoreBundle(tally: Tally, found: PipelineDocument[], truth: TruthDocument[]): void {
  const foundStarts = new Set(found.map((d) => d.startPage).filter((p) => p > 1));
  const trueStarts = new Set(truth.map((d) => d.startPage).filter((p) => p > 1));
  let errors = 0;
  for (const page of foundStarts) {
    if (trueStarts.has(page)) tally.truePositives += 1;
    else {
      tally.falsePositives += 1;
      errors += 1;
    }
  }
  for (const page of trueStarts)
    if (!foundStarts.has(page)) {
      tally.falseNegatives += 1;
      errors += 1;
    }
  tally.bundles += 1;
  if (errors === 0) tally.perfectBundles += 1;

  const byRange = new Map(found.map((d) => [`${d.startPage}-${d.endPage}`, d]));
  for (const doc of truth) {
    tally.documents += 1;
    const match = byRange.get(`${doc.startPage}-${doc.endPage}`);
    const typeOk = match?.classification.typeKey === doc.typeKey;
    const perType = (tally.byType[doc.typeKey] ??= [0, 0]);
    perType[1] += 1;
    if (typeOk) {
      tally.typeCorrect += 1;
      perType[0] += 1;
    }
    if (match && caseMatches(match, doc)) tally.caseCorrect += 1;
    for (const name of FIELD_NAMES)
      if (match && fieldMatches(name, match.fields, doc.fields)) tally.fieldCorrect[name] += 1;
  }
}

const ratio = (n: number, d: number) => (d === 0 ? 1 : Number((n / d).toFixed(4)));

export function summarise(tally: Tally) {
  const precision = ratio(tally.truePositives, tally.truePositives + tally.falsePositives);
  const recall = ratio(tally.truePositives, tally.truePositives + tally.falseNegatives);
  const f1 =
    precision + recall === 0
      ? 0
      : Number(((2 * precision * recall) / (precision + recall)).toFixed(4));
  return {
    bundles: tally.bundles,
    documents: tally.documents,
    boundary: { precision, recall, f1 },
    perfect_bundle_share: ratio(tally.perfectBundles, tally.bundles),
    type_accuracy: ratio(tally.typeCorrect, tally.documents),
    field_exact_match: Object.fromEntries(
      FIELD_NAMES.map((name) => [name, ratio(tally.fieldCorrect[name], tally.documents)]),
    ) as Record<FieldName, number>,
    case_match_accuracy: ratio(tally.caseCorrect, tally.documents),
    weakest_types: Object.entries(tally.byType)
      .map(([key, [ok, total]]) => ({ type: key, accuracy: ratio(ok, total), documents: total }))
      .sort((a, b) => a.accuracy - b.accuracy)
      .slice(0, 5),
  };
}
