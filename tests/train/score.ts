/**
 * Split-only scores of a boundary model on labelled bundles: page-boundary precision, recall and
 * F1 (a boundary is a page other than page 1 that starts a document, as in tests/eval/metrics.ts)
 * and the share of bundles split with no error.
 */
import type { BoundaryModel } from '../../src/server/pipeline/split';
import { splitPages } from '../../src/server/pipeline/split';
import type { LabelledBundle } from './augment';

export interface SplitScore {
  bundles: number;
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  exact: number;
  msPerPage: number;
}

export function scoreSplits(bundles: LabelledBundle[], model?: BoundaryModel): SplitScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let exact = 0;
  let pages = 0;
  let ms = 0;
  for (const b of bundles) {
    const input = b.pages.map((text, i) => ({ page: i + 1, text, source: 'text-layer' as const }));
    const started = performance.now();
    const ranges = splitPages(input, model ? { model } : {});
    ms += performance.now() - started;
    pages += b.pages.length;
    const predicted = new Set(ranges.map((r) => r.startPage).filter((p) => p > 1));
    let errors = 0;
    b.starts.forEach((truth, i) => {
      if (i === 0) return;
      const said = predicted.has(i + 1);
      if (truth && said) tp++;
      else if (said) {
        fp++;
        errors++;
      } else if (truth) {
        fn++;
        errors++;
      }
    });
    if (errors === 0) exact++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const r = (x: number): number => Math.round(x * 1000) / 1000;
  return {
    bundles: bundles.length,
    pages,
    precision: r(precision),
    recall: r(recall),
    f1: r(f1),
    exact: r(exact / Math.max(1, bundles.length)),
    msPerPage: Math.round((ms / Math.max(1, pages)) * 100) / 100,
  };
}
