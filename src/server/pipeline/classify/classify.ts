/**
 * classifyDocument: the type of a document from its first page(s). Rule scores (ruleScore.ts) are
 * turned into probabilities with a softmax and, when a learned model with enough examples is
 * given, blended with the model's posterior; a type whose evidence is too weak gives typeKey null
 * (the no_file_type exception) so that a person decides.
 */
import type { Classification, Taxonomy } from '../types';
import { exampleCount, predict, type LearnedModel } from './model';
import { prepareText } from './normalize';
import { scoreRules } from './ruleScore';

export interface ClassifyOptions {
  /** Below this confidence the document gets typeKey null. */
  minConfidence?: number;
  /** Characters of text looked at (the first page or two). */
  maxChars?: number;
}

/** Softmax temperature for rule scores. */
const RULE_TEMPERATURE = 1;
/** A rule score this low for the best type means "no real evidence". */
const MIN_RULE_SCORE = 1.5;
/** Examples the model needs before it gets its full say. */
const MODEL_FULL_AT = 50;
const MODEL_MAX_SHARE = 0.45;

export function classifyDocument(
  text: string,
  taxonomy: Taxonomy,
  model?: LearnedModel,
  options: ClassifyOptions = {},
): Classification {
  const minConfidence = options.minConfidence ?? 0.3;
  const head = text.slice(0, options.maxChars ?? 6000);
  const rules = scoreRules(prepareText(head), taxonomy);
  const keys = taxonomy.types.map((t) => t.key);
  const max = Math.max(...rules.map((r) => r.score));
  // How sure the rules are that the best type is right: absolute (is there real evidence?) times
  // relative (how far ahead of the types that have some evidence too).
  const absolute = 1 / (1 + Math.exp(-1.5 * (max - MIN_RULE_SCORE)));
  const contenders = rules.filter((r) => r.score > 0.3);
  let sum = 0;
  for (const r of contenders) sum += Math.exp((r.score - max) / RULE_TEMPERATURE);
  const ruleProb = new Map<string, number>();
  for (const r of contenders) {
    ruleProb.set(r.typeKey, (absolute * Math.exp((r.score - max) / RULE_TEMPERATURE)) / sum);
  }

  const n = model ? exampleCount(model) : 0;
  const share = model && n > 0 ? MODEL_MAX_SHARE * Math.min(1, n / MODEL_FULL_AT) : 0;
  const modelProb = model && share > 0 ? predict(model, head) : new Map<string, number>();
  // Without real rule evidence the rules' distribution is near uniform; let the model lead.
  const ruleWeak = max < MIN_RULE_SCORE;
  const w = ruleWeak ? 0.8 * Math.min(1, n / MODEL_FULL_AT) : share;

  const combined = keys
    .map((k) => ({
      typeKey: k,
      score: (1 - w) * (ruleProb.get(k) ?? 0) + w * (modelProb.get(k) ?? 0),
    }))
    .sort((a, b) => b.score - a.score);
  const best = combined[0];
  if (!best) return { typeKey: null, confidence: 0, alternatives: [] };
  const confidence = best.score;
  const typeKey = confidence >= minConfidence ? best.typeKey : null;
  const alternatives = combined
    .filter((a) => a.typeKey !== typeKey)
    .slice(0, 3)
    .map((a) => ({ typeKey: a.typeKey, score: round(a.score) }));
  return {
    typeKey,
    confidence: round(confidence),
    alternatives,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
