/**
 * Bundles of the second, independent generator (tests/corpus2), for the cross-generator score.
 * Null until that generator is merged.
 */
import type { LabelledBundle } from './augment';

export function crossBundles(_count: number): Promise<LabelledBundle[] | null> {
  return Promise.resolve(null);
}
