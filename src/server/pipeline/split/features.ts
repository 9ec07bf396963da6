/**
 * The cue features of one page as a possible document start, measured against the page before it
 * and the document that page belongs to. Each feature is a number (mostly 0/1) that splitPages
 * combines with logistic weights; the names double as the cue strings shown to reviewers.
 */
import { bestTitle, formNumberFound, TOP_LINES } from '../classify/ruleScore';
import { prepareText } from '../classify/normalize';
import type { PageText, Taxonomy } from '../types';
import {
  adjNumbers,
  captionScore,
  cosine,
  furniture,
  closing,
  endsMidSentence,
  isSeparator,
  letterhead,
  letterOpening,
  salutation,
  pageNumber,
  startsMidSentence,
  wordSetOfSpaced,
  type PageNumber,
} from './cues';

/** What the splitter reads once per page. */
export interface PageReading {
  page: number;
  lines: string[];
  words: Set<string>;
  number: PageNumber | null;
  adj: Set<string>;
  caption: number;
  separator: boolean;
  letter: boolean;
  salutation: boolean;
  letterhead: boolean;
  closing: boolean;
  startsMid: boolean;
  endsMid: boolean;
  header: string;
  footer: string;
  /**
   * Strongest title of any type near the top (0..1, less when not in capitals or low on the
   * page) and its type.
   */
  title: { strength: number; typeKey: string; title: string } | null;
  /** Form numbers printed anywhere on the page, as "typeKey:form". */
  forms: Set<string>;
}

export function readPage(page: PageText, taxonomy: Taxonomy): PageReading {
  const prepared = prepareText(page.text);
  const lines = prepared.lines;
  const top = prepareText(page.text, TOP_LINES);
  let title: PageReading['title'] = null;
  const forms = new Set<string>();
  for (const rule of taxonomy.types) {
    const t = bestTitle(rule, top);
    const f = formNumberFound(rule, prepared);
    if (f) forms.add(`${rule.key}:${f}`);
    if (!t) continue;
    // A title in the lower half of a page is a heading or a signature line, not a new document.
    const low = t.hit.line > Math.max(4, lines.length / 2);
    const strength = t.strength * (t.hit.upper ? 1 : 0.6) * (low ? 0.4 : 1);
    if (!title || strength > title.strength) {
      title = { strength, typeKey: rule.key, title: t.title };
    }
  }
  const words = wordSetOfSpaced(prepared.spaced);
  return {
    page: page.page,
    lines,
    words,
    number: pageNumber(lines),
    adj: adjNumbers(page.text),
    caption: captionScore(lines),
    separator: isSeparator(lines, words.size),
    letter: letterOpening(lines),
    salutation: salutation(lines),
    letterhead: letterhead(lines),
    closing: closing(lines),
    startsMid: startsMidSentence(lines),
    endsMid: endsMidSentence(lines),
    header: furniture(lines[0]),
    footer: furniture(lines[lines.length - 1]),
    title,
    forms,
  };
}

/** State carried along the pages: the document being built. */
export interface RunningDocument {
  startIndex: number;
  /** Declared length ("of N") seen on its pages, if any. */
  declared: number | null;
  adj: Set<string>;
  forms: Set<string>;
  /** Header lines of its pages after the first, with how often each was seen. */
  headers: Map<string, number>;
}

export type Features = Record<string, number>;

export function pageFeatures(
  cur: PageReading,
  prev: PageReading,
  doc: RunningDocument,
  index: number,
): Features {
  const f: Features = {};
  const n = cur.number;
  const p = prev.number;
  if (cur.title) f.title = cur.title.strength;
  if (n?.k === 1) f.pageOne = 1;
  if (n && n.k > 1) f.pageAfterOne = 1;
  if (n && p && n.k === p.k + 1 && (n.n === p.n || n.n === null || p.n === null))
    f.pageContinues = 1;
  if (p?.n && p.k === p.n) f.prevLastPage = 1;
  if (doc.declared !== null && index - doc.startIndex < doc.declared && !(n?.k === 1)) {
    f.withinDeclared = 1;
  }
  if (cur.caption >= 3 && prev.caption < 3) f.captionNew = 1;
  if (cur.caption >= 3 && prev.caption >= 3) f.captionRepeat = 1;
  // The first page of a document has no running header yet: the same first line on the page
  // after it is as likely a second copy of the same form as a running header.
  const prevStarted = index - 1 === doc.startIndex;
  if (!prevStarted && cur.header.length > 3 && cur.header === prev.header) f.sameHeader = 1;
  if (!prevStarted && cur.footer.length > 3 && cur.footer === prev.footer) f.sameFooter = 1;
  if (cur.adj.size > 0 && doc.adj.size > 0 && ![...cur.adj].some((a) => doc.adj.has(a))) {
    f.adjChange = 1;
  }
  if (cur.separator) f.separator = 1;
  if (prev.separator) f.afterSeparator = 1;
  if (cur.letter) f.letter = 1;
  if (cur.salutation) f.salutation = 1;
  if (cur.letterhead) f.letterhead = 1;
  if (prev.closing) f.prevClosing = 1;
  if (cur.startsMid) f.startsMidSentence = 1;
  if (prev.endsMid) f.prevEndsMidSentence = 1;
  if (cur.header.length > 3 && doc.headers.has(cur.header)) f.runningHeader = 1;
  // Only a header seen on two pages is a running header whose absence means something.
  const established = [...doc.headers.values()].some((n) => n >= 2);
  if (established && cur.header.length > 3 && !doc.headers.has(cur.header)) f.headerLost = 1;
  if (cur.words.size < 6 && !cur.separator) f.blank = 1;
  const newForm = [...cur.forms].some((x) => !doc.forms.has(x));
  if (cur.forms.size > 0 && newForm) f.formNew = 1;
  if (cur.forms.size > 0 && !newForm) f.formSame = 1;
  // Two copies of one form are alike too, so a strong title at the top discounts similarity.
  f.similarity = cosine(cur.words, prev.words) * (1 - 0.5 * (cur.title?.strength ?? 0));
  return f;
}
