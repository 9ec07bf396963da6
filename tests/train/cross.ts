/**
 * Bundles of the second, independent generator (tests/corpus2), for the cross-generator score:
 * the boundary model never trains on them.
 */
import { generateBundle2, type Scenario } from '../corpus2';
import type { LabelledBundle } from './augment';

export function gen2Bundles(count: number, seed = 9100, scenario?: Scenario): LabelledBundle[] {
  return Array.from({ length: count }, (_, i) => {
    const bundle = generateBundle2(seed + i, { cases: 40, ...(scenario ? { scenario } : {}) });
    const starts = bundle.pages.map(() => false);
    for (const d of bundle.truth.documents) starts[d.startPage - 1] = true;
    return {
      name: `gen2-${bundle.scenario}-${seed + i}`,
      pages: bundle.pages.map((lines) => lines.join('\n')),
      starts,
    };
  });
}

export function crossBundles(count: number): Promise<LabelledBundle[] | null> {
  return Promise.resolve(gen2Bundles(count));
}
