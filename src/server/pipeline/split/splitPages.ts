/**
 * splitPages: stage 2 of the pipeline. Every page gets a probability of starting a new document,
 * a logistic combination of the cue features of features.ts; pages at or above the threshold
 * start documents. Page 1 always starts one. A separator or cover sheet starts a document and the
 * page after it never does, so the sheet stays with the document it announces (its title helps
 * the classifier too). The result covers every page exactly once, in order.
 */
import type { DocumentRange, PageText, Taxonomy } from '../types';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import { pageFeatures, readPage, type Features, type RunningDocument } from './features';

export interface SplitOptions {
  taxonomy?: Taxonomy;
  /** Start probability at or above which a page begins a document (default 0.5). */
  threshold?: number;
}

/** Logistic weights of the cue features. */
export const WEIGHTS: Readonly<Record<string, number>> = {
  bias: -2.2,
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

export function startProbability(f: Features): number {
  let z = WEIGHTS.bias ?? 0;
  for (const [name, value] of Object.entries(f)) z += (WEIGHTS[name] ?? 0) * value;
  return 1 / (1 + Math.exp(-z));
}

/** The cues that pushed towards the decision taken, strongest first, for reviewers. */
function describe(f: Features, start: boolean, titleText: string | undefined): string[] {
  return Object.entries(f)
    .map(([name, value]) => ({ name, c: (WEIGHTS[name] ?? 0) * value }))
    .filter((x) => (start ? x.c > 0.4 : x.c < -0.4))
    .sort((a, b) => Math.abs(b.c) - Math.abs(a.c))
    .map((x) => (x.name === 'title' && titleText ? `title:${titleText}` : x.name));
}

export function splitPages(pages: PageText[], options: SplitOptions = {}): DocumentRange[] {
  if (pages.length === 0) return [];
  const taxonomy = options.taxonomy ?? DEFAULT_TAXONOMY;
  const threshold = options.threshold ?? 0.5;
  const readings = pages.map((p) => readPage(p, taxonomy));
  const first = readings[0];
  if (!first) return [];
  const ranges: DocumentRange[] = [];
  let current: DocumentRange = {
    startPage: pages[0]?.page ?? 1,
    endPage: pages[0]?.page ?? 1,
    confidence: 1,
    cues: ['first-page', ...(first.title ? [`title:${first.title.title}`] : [])],
  };
  const doc: RunningDocument = {
    startIndex: 0,
    declared: first.number?.n ?? null,
    adj: new Set(first.adj),
    forms: new Set(first.forms),
    headers: new Map(),
  };
  for (let i = 1; i < readings.length; i++) {
    const cur = readings[i];
    const prev = readings[i - 1];
    if (!cur || !prev) continue;
    const f = pageFeatures(cur, prev, doc, i);
    const p = startProbability(f);
    const start = p >= threshold;
    if (start) {
      ranges.push(current);
      current = {
        startPage: cur.page,
        endPage: cur.page,
        confidence: round(p),
        cues: describe(f, true, cur.title?.title),
      };
      doc.startIndex = i;
      doc.declared = cur.number?.n ?? null;
      doc.adj = new Set(cur.adj);
      doc.forms = new Set(cur.forms);
      doc.headers = new Map();
    } else {
      if (cur.header.length > 3)
        doc.headers.set(cur.header, (doc.headers.get(cur.header) ?? 0) + 1);
      current.endPage = cur.page;
      if (doc.declared === null && cur.number?.n) doc.declared = cur.number.n;
      for (const a of cur.adj) doc.adj.add(a);
      for (const x of cur.forms) doc.forms.add(x);
    }
  }
  ranges.push(current);
  return ranges;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
