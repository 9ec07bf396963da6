/**
 * The small learned model of the classifier: multinomial naive Bayes on the first page's word
 * unigrams and bigrams (OCR-folded by normalize.skeleton). Plain JSON counts, so it is stored per
 * company, grows one staff correction at a time (addCorrection adds counts, no full retrain) and
 * is validated with zod when read back.
 */
import { z } from 'zod';
import { tokens } from './normalize';

export const LearnedModelSchema = z.object({
  version: z.literal(1),
  /** Per type key: number of training documents. */
  docCounts: z.record(z.string(), z.number().nonnegative()),
  /** Per type key: total feature count. */
  totals: z.record(z.string(), z.number().nonnegative()),
  /** Per type key: feature -> count. */
  features: z.record(z.string(), z.record(z.string(), z.number().nonnegative())),
  /** Number of distinct features seen (the smoothing vocabulary). */
  vocabulary: z.number().int().nonnegative(),
});

export type LearnedModel = z.infer<typeof LearnedModelSchema>;

/** Tokens of the first page that the model looks at. */
const MAX_TOKENS = 400;
/** A staff correction counts as this many ordinary examples. */
const CORRECTION_WEIGHT = 3;
const ALPHA = 0.5;

export function features(text: string): string[] {
  const words = tokens(text).slice(0, MAX_TOKENS);
  const out: string[] = [...words];
  for (let i = 0; i + 1 < words.length; i++) out.push(`${words[i]}_${words[i + 1]}`);
  return out;
}

export function emptyModel(): LearnedModel {
  return { version: 1, docCounts: {}, totals: {}, features: {}, vocabulary: 0 };
}

/** Add one example to `model` in place; `seen` is the model's feature set, kept up to date. */
function addInPlace(
  model: LearnedModel,
  seen: Set<string>,
  text: string,
  typeKey: string,
  weight: number,
): void {
  const counts = model.features[typeKey] ?? {};
  let added = 0;
  for (const f of features(text)) {
    counts[f] = (counts[f] ?? 0) + weight;
    added += weight;
    if (!seen.has(f)) {
      seen.add(f);
      model.vocabulary++;
    }
  }
  model.features[typeKey] = counts;
  model.totals[typeKey] = (model.totals[typeKey] ?? 0) + added;
  model.docCounts[typeKey] = (model.docCounts[typeKey] ?? 0) + weight;
}

function clone(model: LearnedModel): LearnedModel {
  const features: LearnedModel['features'] = {};
  for (const [k, v] of Object.entries(model.features)) features[k] = { ...v };
  return {
    version: 1,
    docCounts: { ...model.docCounts },
    totals: { ...model.totals },
    features,
    vocabulary: model.vocabulary,
  };
}

function vocabularySet(model: LearnedModel): Set<string> {
  const s = new Set<string>();
  for (const counts of Object.values(model.features)) for (const f of Object.keys(counts)) s.add(f);
  return s;
}

export function trainModel(examples: Array<{ text: string; typeKey: string }>): LearnedModel {
  const model = emptyModel();
  const seen = new Set<string>();
  for (const e of examples) addInPlace(model, seen, e.text, e.typeKey, 1);
  return model;
}

/** A staff correction: the document with this text is of type typeKey. Returns a new model. */
export function addCorrection(
  model: LearnedModel | undefined,
  correction: { text: string; typeKey: string },
): LearnedModel {
  const next = clone(model ?? emptyModel());
  addInPlace(next, vocabularySet(next), correction.text, correction.typeKey, CORRECTION_WEIGHT);
  return next;
}

export function exampleCount(model: LearnedModel): number {
  return Object.values(model.docCounts).reduce((a, b) => a + b, 0);
}

/**
 * Posterior probability per known type key. NB log-likelihoods are tempered by the number of
 * features so that a long page does not make the model absurdly sure of itself.
 */
export function predict(model: LearnedModel, text: string): Map<string, number> {
  const keys = Object.keys(model.docCounts);
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  const fs = features(text);
  const total = exampleCount(model);
  const v = Math.max(1, model.vocabulary);
  const temper = Math.max(1, fs.length / 30);
  const logs = keys.map((k) => {
    const counts = model.features[k] ?? {};
    const denom = Math.log((model.totals[k] ?? 0) + ALPHA * v);
    let lp = 0;
    for (const f of fs) lp += Math.log((counts[f] ?? 0) + ALPHA) - denom;
    return Math.log((model.docCounts[k] ?? 0) / total) + lp / temper;
  });
  const max = Math.max(...logs);
  const exps = logs.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  keys.forEach((k, i) => out.set(k, (exps[i] ?? 0) / sum));
  return out;
}

export function serializeModel(model: LearnedModel): string {
  return JSON.stringify(model);
}

/** Parse and validate a stored model; throws on malformed input. */
export function parseModel(json: string): LearnedModel {
  return LearnedModelSchema.parse(JSON.parse(json) as unknown);
}
