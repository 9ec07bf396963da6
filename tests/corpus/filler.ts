/**
 * Fills a document to its target length with paragraphs sampled from a sentence pool, so long
 * documents read like varied prose instead of one paragraph repeated. Numbered paragraphs are used
 * for pleadings; the numbering continues from the caller's count.
 */
import { type DocBuilder } from './doc';
import { type Rng } from './rng';

export function paragraph(rng: Rng, pool: readonly string[], min = 2, max = 4): string {
  return rng.sample(pool, rng.int(min, Math.min(max, pool.length))).join(' ');
}

export interface FillOptions {
  /** Leave this many pages for what follows (signature blocks etc.). */
  reserve?: number;
  /** Number the paragraphs starting here. */
  numberFrom?: number;
  /** Headings to put over some paragraphs. */
  headings?: readonly string[];
  sentences?: [number, number];
}

/** Adds paragraphs until the document reaches `pages` pages; returns the next paragraph number. */
export function fillTo(
  b: DocBuilder,
  rng: Rng,
  pool: readonly string[],
  pages: number,
  opts: FillOptions = {},
): number {
  let n = opts.numberFrom ?? 0;
  const [lo, hi] = opts.sentences ?? [2, 4];
  let guard = 0;
  while (b.pageCount < pages - (opts.reserve ?? 0) && guard++ < 2000) {
    if (opts.headings && rng.chance(0.25)) b.heading(rng.pick(opts.headings));
    const text = paragraph(rng, pool, lo, hi);
    b.para(opts.numberFrom === undefined ? text : `${n++}. ${text}`);
  }
  return n;
}
