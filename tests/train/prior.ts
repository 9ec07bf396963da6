/**
 * The prior of the boundary model's weights: the hand-set logistic weights the splitter used
 * before it was learned (features new since then have prior 0).
 */
import type { FeatureName } from '../../src/server/pipeline/split/features';

export const PRIOR: Partial<Record<FeatureName, number>> = {
  title: 5.5,
  pageOne: 3.5,
  pageAfterOne: -2,
  pageContinues: -4,
  prevLastPage: 2,
  withinDeclared: -2.5,
  captionNew: 1.5,
  captionRepeat: -0.3,
  sameHeader: -1.2,
  sameFooter: -0.8,
  adjChange: 3,
  separator: 8,
  afterSeparator: -12,
  letter: 0.8,
  salutation: 2,
  letterhead: 1.2,
  prevClosing: 1,
  startsMidSentence: -2.5,
  prevEndsMidSentence: -1.2,
  runningHeader: -2,
  headerLost: 1,
  blank: -4,
  formNew: 1.2,
  formSame: -0.8,
  similarity: -3,
};
