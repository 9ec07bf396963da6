/**
 * Stage 3 of the document pipeline, "Classify": rules from the taxonomy plus a small learned
 * model (naive Bayes on first-page text) that grows from staff corrections.
 */
export { classifyDocument, type ClassifyOptions } from './classify';
export {
  addCorrection,
  emptyModel,
  parseModel,
  serializeModel,
  trainModel,
  LearnedModelSchema,
  type LearnedModel,
} from './model';
export { scoreRules, bestTitle, type RuleScore, type TitleEvidence } from './ruleScore';
export { findPhrase, countTerm, type PhraseHit } from './fuzzy';
export { prepareText, skeleton, compact, tokens, type PreparedText } from './normalize';
