/**
 * The issue 16 measures, computed the same way on either generator's bundles so same-generator and
 * cross-generator numbers sit side by side: page-boundary F1, bundles split with no error, document
 * type on correctly bounded documents, and exact applicant, claim-number set, date of injury (both
 * ends of a CT range), ADJ-number set and every defendant named. Field measures count the correctly
 * bounded documents where the truth prints the field or the pipeline reports one (so a value found
 * where none is printed is an error). "Every defendant named" needs the truth's `defendants` list
 * and the pipeline's; when either side has none it is n/a (null).
 */
import type { ExtractedFields, PipelineDocument } from '../../src/server/pipeline/types';
import { fieldMatches, withoutAccents, type TruthDocument } from './metrics';

export interface CrossTally {
  tp: number;
  fp: number;
  fn: number;
  bundles: number;
  perfect: number;
  documents: number;
  bounded: number;
  typeOk: number;
  fields: Record<CrossField, [number, number]>;
  defendants: [number, number];
  defendantsScored: boolean;
}

export const CROSS_FIELDS = ['applicant', 'claimNumbers', 'dateOfInjury', 'adjNumbers'] as const;
export type CrossField = (typeof CROSS_FIELDS)[number];

export function emptyCross(): CrossTally {
  return {
    tp: 0,
    fp: 0,
    fn: 0,
    bundles: 0,
    perfect: 0,
    documents: 0,
    bounded: 0,
    typeOk: 0,
    fields: { applicant: [0, 0], claimNumbers: [0, 0], dateOfInjury: [0, 0], adjNumbers: [0, 0] },
    defendants: [0, 0],
    defendantsScored: false,
  };
}

const present = (name: CrossField, f: Pick<ExtractedFields, CrossField>) => {
  const v = f[name];
  return Array.isArray(v) ? v.length > 0 : v !== null;
};

/** A name as its sorted words, without case, accents or punctuation (the cross-table's comparison). */
export const key = (value: string) =>
  withoutAccents(value)
    .toUpperCase()
    .split(/[^A-Z0-9&]+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/** A defendant list, when the object carries one (the truth of gen2, the pipeline once it has it). */
export function defendantsOf(fields: object): string[] | null {
  const list = (fields as { defendants?: unknown }).defendants;
  return Array.isArray(list) && list.every((v) => typeof v === 'string') ? list : null;
}

/** One error, for `npm run eval -- --misses`: a boundary off, a wrong type or a field miss. */
export interface CrossMiss {
  what: 'boundary' | 'type' | CrossField | 'defendants';
  pages: string;
  typeKey: string;
  want: unknown;
  got: unknown;
}

export function scoreCross(
  tally: CrossTally,
  found: PipelineDocument[],
  truth: TruthDocument[],
  misses?: CrossMiss[],
) {
  const foundStarts = new Set(found.map((d) => d.startPage).filter((p) => p > 1));
  const trueStarts = new Set(truth.map((d) => d.startPage).filter((p) => p > 1));
  let errors = 0;
  for (const p of foundStarts)
    if (trueStarts.has(p)) tally.tp += 1;
    else {
      tally.fp += 1;
      errors += 1;
      misses?.push({
        what: 'boundary',
        pages: `${p}`,
        typeKey: '',
        want: 'continues',
        got: 'starts',
      });
    }
  for (const p of trueStarts)
    if (!foundStarts.has(p)) {
      tally.fn += 1;
      errors += 1;
      const doc = truth.find((d) => d.startPage === p);
      misses?.push({
        what: 'boundary',
        pages: `${p}`,
        typeKey: doc?.typeKey ?? '',
        want: 'starts',
        got: 'continues',
      });
    }
  tally.bundles += 1;
  if (errors === 0) tally.perfect += 1;
  const byRange = new Map(found.map((d) => [`${d.startPage}-${d.endPage}`, d]));
  for (const doc of truth) {
    tally.documents += 1;
    const match = byRange.get(`${doc.startPage}-${doc.endPage}`);
    if (!match) continue;
    tally.bounded += 1;
    const pages = `${doc.startPage}-${doc.endPage}`;
    const miss = (what: CrossMiss['what'], want: unknown, got: unknown) =>
      misses?.push({ what, pages, typeKey: doc.typeKey, want, got });
    if (match.classification.typeKey === doc.typeKey) tally.typeOk += 1;
    else miss('type', doc.typeKey, match.classification.typeKey);
    for (const name of CROSS_FIELDS) {
      if (!present(name, doc.fields) && !present(name, match.fields)) continue;
      const cell = tally.fields[name];
      cell[1] += 1;
      if (fieldMatches(name, match.fields, doc.fields)) cell[0] += 1;
      else miss(name, doc.fields[name], match.fields[name]);
    }
    const want = defendantsOf(doc.fields);
    const got = defendantsOf(match.fields);
    if (want && want.length > 0 && got) {
      tally.defendantsScored = true;
      const have = new Set(got.map(key));
      tally.defendants[1] += 1;
      if (want.every((d) => have.has(key(d)))) tally.defendants[0] += 1;
      else miss('defendants', want, got);
    }
  }
}

const ratio = (n: number, d: number) => (d === 0 ? null : Number((n / d).toFixed(4)));

export interface CrossSummary {
  bundles: number;
  documents: number;
  boundary_f1: number;
  perfect_bundle_share: number;
  type_accuracy_bounded: number | null;
  applicant: number | null;
  claim_numbers: number | null;
  date_of_injury: number | null;
  adj_numbers: number | null;
  defendants_all_named: number | null;
}

export function summariseCross(t: CrossTally): CrossSummary {
  const precision = t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp);
  const recall = t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const field = (name: CrossField) => ratio(...t.fields[name]);
  return {
    bundles: t.bundles,
    documents: t.documents,
    boundary_f1: Number(f1.toFixed(4)),
    perfect_bundle_share: ratio(t.perfect, t.bundles) ?? 1,
    type_accuracy_bounded: ratio(t.typeOk, t.bounded),
    applicant: field('applicant'),
    claim_numbers: field('claimNumbers'),
    date_of_injury: field('dateOfInjury'),
    adj_numbers: field('adjNumbers'),
    defendants_all_named: t.defendantsScored ? ratio(...t.defendants) : null,
  };
}
