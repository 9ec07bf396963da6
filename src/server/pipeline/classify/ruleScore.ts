/**
 * Rule scores for every document type of a taxonomy on a document's first page(s): a title found
 * near the top of the page is the strongest evidence (weighted by how well it matched, how much of
 * its line it fills and how specific, i.e. long, it is), a printed form number is strong, and
 * weighted keywords (some negative) add or subtract. Also used by the splitter to ask "does this
 * page begin with some document's title?".
 */
import type { DocumentTypeRule, Taxonomy } from '../types';
import { countTerm, findPhrase, type PhraseHit } from './fuzzy';
import { prepareText, skeleton, type PreparedText } from './normalize';

export interface TitleEvidence {
  title: string;
  hit: PhraseHit;
  /** 0..1: similarity × position × coverage × specificity. */
  strength: number;
}

export interface RuleScore {
  typeKey: string;
  score: number;
  title: TitleEvidence | null;
  formNumber: string | null;
  keywordScore: number;
}

/** Lines counted as "near the top" (pleadings put the title under a long caption). */
export const TOP_LINES = 24;

function positionFactor(line: number): number {
  if (line < 8) return 1;
  if (line < TOP_LINES) return 0.85;
  return 0.35;
}

/** Six lowercase words in a row: a sentence, not a letterhead, address or caption line. */
const PROSE = /[a-z]{2,},? [a-z]{2,},? [a-z]{2,},? [a-z]{2,},? [a-z]{2,},? [a-z]{2,}/;

/** How much a match looks like a title line: fills its line, begins it, in capitals. */
function layoutFactor(hit: PhraseHit): number {
  const fills = hit.coverage >= 0.6;
  const shape =
    fills && hit.startsLine ? 1 : hit.startsLine ? 0.8 : fills ? 0.7 : 0.2 + 0.6 * hit.coverage;
  return shape * (hit.upper ? 1 : 0.5);
}

/** The best title of one type in a prepared text, or null. */
export function bestTitle(rule: DocumentTypeRule, text: PreparedText): TitleEvidence | null {
  let best: TitleEvidence | null = null;
  const consider = (title: string, hit: PhraseHit): void => {
    const specificity = Math.min(1, 0.45 + hit.length / 45);
    // A document's title comes after letterhead, address or caption lines, not after sentences;
    // after running prose the phrase is a heading or a mention.
    const afterProse = text.lines.slice(0, hit.line).some((l) => PROSE.test(l));
    const strength =
      hit.similarity ** 2 *
      positionFactor(hit.line) *
      layoutFactor(hit) *
      specificity *
      (afterProse ? 0.35 : 1);
    if (!best || strength > best.strength) best = { title, hit, strength };
  };
  for (const title of rule.titles) {
    const hit = findPhrase(title, text);
    if (hit) consider(title, hit);
    const col = text.column;
    const colHit = col ? findPhrase(title, col.text) : null;
    if (col && colHit) {
      // A title in a caption's right column is all that column says besides the case number.
      const line = col.origin[colHit.line] ?? colHit.line;
      consider(title, { ...colHit, line, coverage: colHit.startsLine ? 1 : colHit.coverage });
    }
  }
  return best;
}

export function formNumberFound(rule: DocumentTypeRule, text: PreparedText): string | null {
  for (const form of rule.formNumbers) {
    if (findPhrase(form, text, 0)) return form;
  }
  return null;
}

export function keywordScore(rule: DocumentTypeRule, text: PreparedText): number {
  const found: Array<{ term: string; weight: number; n: number }> = [];
  for (const { term, weight } of rule.keywords) {
    const n = countTerm(term, text);
    if (n > 0) found.push({ term: skeleton(term), weight, n: Math.min(n, 5) });
    else if (term.length >= FUZZY_KEYWORD_MIN) {
      // OCR may have damaged a phrase beyond the skeleton's folding (a split word, a dropped or
      // misread letter): look for it fuzzily. Shorter terms are matched as whole words only.
      const hit = findPhrase(term, text);
      if (hit) found.push({ term: skeleton(term), weight: weight * hit.similarity, n: 1 });
    }
  }
  let positive = 0;
  let negative = 0;
  for (const k of found) {
    // "qme" inside a found "panel qme" is the same evidence; count it once.
    const nested = found.some(
      (o) => o !== k && o.term.length > k.term.length && ` ${o.term} `.includes(` ${k.term} `),
    );
    const w = nested ? 0 : k.weight * (1 + 0.25 * (k.n - 1));
    if (w > 0) positive += w;
    else negative += w;
  }
  // Capped apart, so that a page saturated with one type's vocabulary (a PR-2 has every word of a
  // medical report) still feels the negative words that separate the pair.
  return Math.min(MAX_POSITIVE_KEYWORDS, positive) + Math.max(MIN_NEGATIVE_KEYWORDS, negative);
}

/** Keywords this long or longer ("diagnosis", "findings") are also searched with edits. */
const FUZZY_KEYWORD_MIN = 7;
const MAX_POSITIVE_KEYWORDS = 10;
const MIN_NEGATIVE_KEYWORDS = -6;

/**
 * Letter shape, 0..3: a "Re:" line, a salutation and a complimentary close, matched loosely so
 * that OCR-broken words ("D ear") still count. Types that are letters (a title "LETTER" or
 * "CORRESPONDENCE") get it as extra evidence, since a letter rarely has a printed title.
 */
export function letterShape(text: PreparedText): number {
  const has = (re: RegExp): boolean => text.lines.some((l) => re.test(l));
  return (has(RE_LINE) ? 1 : 0) + (has(SALUTATION) ? 1 : 0) + (has(COMPLIMENTARY_CLOSE) ? 1 : 0);
}

/** OCR's usual misreadings of a letter (e/c, i/l/1/|, o/0, s/5, m/rn), any letter may be dropped. */
const MISREAD: Record<string, string> = {
  e: '[ec]',
  i: '[il1|!]',
  l: '[il1|!]',
  o: '[o0]',
  s: '[s5]',
  m: '(?:m|rn)',
};

/** A word as OCR may print it: misread letters, a broken word (a space inside), one letter lost. */
function loose(word: string): string {
  const chars = [...word.toLowerCase()].map((c) => (c === ' ' ? '\\s+' : (MISREAD[c] ?? c)));
  const strict = chars.join('\\s?');
  if (word.length < 6) return strict;
  // Longer words: also accept the word with any one inner letter dropped.
  const dropped = chars
    .slice(1, -1)
    .map((_, i) => [...chars.slice(0, i + 1), ...chars.slice(i + 2)].join('\\s?'));
  return `(?:${[strict, ...dropped].join('|')})`;
}

const RE_LINE = /^\s*r\s?[ec]\s?:/i;
const SALUTATION = new RegExp(`^\\s*${loose('dear')}\\s+\\S`, 'i');
const COMPLIMENTARY_CLOSE = new RegExp(
  `^\\s*(${['sincerely', 'very truly', 'best regards', 'kind regards'].map(loose).join('|')})`,
  'i',
);

function isLetterType(rule: DocumentTypeRule): boolean {
  return rule.titles.some((t) => /^(letter|correspondence)$/i.test(t.trim()));
}

const LETTER_WEIGHT = 0.9;
const TITLE_WEIGHT = 7;
const FORM_WEIGHT = 3.5;
const KEYWORD_WEIGHT = 0.5;

/** Score every type of the taxonomy on `text`; sorted best first. */
export function scoreRules(text: string | PreparedText, taxonomy: Taxonomy): RuleScore[] {
  const prepared = typeof text === 'string' ? prepareText(text) : text;
  const shape = letterShape(prepared);
  const scores = taxonomy.types.map((rule): RuleScore => {
    const title = bestTitle(rule, prepared);
    const formNumber = formNumberFound(rule, prepared);
    const kws = keywordScore(rule, prepared);
    const score =
      (title ? TITLE_WEIGHT * title.strength : 0) +
      (formNumber ? FORM_WEIGHT : 0) +
      KEYWORD_WEIGHT * kws +
      (isLetterType(rule) ? LETTER_WEIGHT * shape : 0);
    return { typeKey: rule.key, score, title, formNumber, keywordScore: kws };
  });
  // The first title on the page is the document's; a later one is usually a heading or a mention.
  const firstLine = Math.min(
    ...scores
      .filter((x) => x.title && x.title.strength >= 0.45)
      .map((x) => x.title?.hit.line ?? 1e9),
  );
  for (const s of scores) {
    const t = s.title;
    if (t && t.hit.line > firstLine) {
      s.score -= TITLE_WEIGHT * t.strength * 0.5;
      s.title = { ...t, strength: t.strength * 0.5 };
    }
  }
  // A line belongs to the title that begins it: "ORDER APPROVING COMPROMISE AND RELEASE" is an
  // order, not a compromise and release, so other titles on the same line count for less.
  for (const s of scores) {
    const t = s.title;
    if (!t) continue;
    const owned = scores.some(
      (o) =>
        o !== s &&
        o.title &&
        o.title.hit.line === t.hit.line &&
        o.title.hit.startsLine &&
        !t.hit.startsLine &&
        o.title.hit.similarity >= t.hit.similarity,
    );
    if (owned) {
      s.score -= TITLE_WEIGHT * t.strength * 0.6;
      s.title = { ...t, strength: t.strength * 0.4 };
    }
  }
  return scores.sort((a, b) => b.score - a.score);
}
