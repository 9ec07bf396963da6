/**
 * splitPages: stage 2 of the pipeline. Every page is read once (reading.ts), every page pair
 * becomes cue features (features.ts), the learned logistic model (model.ts, model/boundary.json)
 * gives each page a probability of starting a document, and a beam-search decode over the whole
 * bundle (decode.ts) picks the most probable segmentation under hard constraints (page 1 starts;
 * a separator sheet starts a document and the page after it never does). The result covers every
 * page exactly once, in order; a range's confidence is its first page's start probability.
 */
import type { DocumentRange, PageText, Taxonomy } from '../types';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import { decode } from './decode';
import { readPage } from './reading';
import { boundaryModel, describe, type BoundaryModel } from './model';

export interface SplitOptions {
  taxonomy?: Taxonomy;
  /** Another boundary model (training and evaluation); the committed one by default. */
  model?: BoundaryModel;
}

export function splitPages(pages: PageText[], options: SplitOptions = {}): DocumentRange[] {
  if (pages.length === 0) return [];
  const taxonomy = options.taxonomy ?? DEFAULT_TAXONOMY;
  const model = options.model ?? boundaryModel();
  const readings = pages.map((p) => readPage(p, taxonomy));
  const decisions = decode(readings, model);
  const ranges: DocumentRange[] = [];
  for (const d of decisions) {
    const reading = readings[d.index];
    const page = pages[d.index]?.page ?? d.index + 1;
    const current = ranges[ranges.length - 1];
    if (d.start || !current) {
      const titleCue = reading?.title ? [`title:${reading.title.title}`] : [];
      ranges.push({
        startPage: page,
        endPage: page,
        confidence: d.index === 0 ? 1 : round(d.p),
        cues:
          d.index === 0
            ? ['first-page', ...titleCue]
            : [
                ...(reading?.separator ? ['separator'] : []),
                ...describe(d.features, true, reading?.title?.title, model),
              ],
      });
    } else {
      current.endPage = page;
    }
  }
  return ranges;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
