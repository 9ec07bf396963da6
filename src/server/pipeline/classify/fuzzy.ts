/**
 * Approximate phrase search for OCR-damaged text. Long phrases (titles, form numbers) are found in
 * the compact form of a text with the Sellers variant of edit distance (the best match of the
 * phrase against any substring), so broken words, merged words and a few wrong characters still
 * match; a trigram pre-check skips phrases that cannot be present. Short phrases need an exact
 * whole-word match on the skeleton, because a fuzzy "order" would also be found in "recorder".
 */
import { compilePattern, searchPattern, type MyersPattern, type SearchResult } from './myers';
import { candidateRegions, trigramCodes } from './qgram';
import { compact, skeleton, type PreparedText } from './normalize';

export interface PhraseHit {
  /** 1 - edits / phrase length. */
  similarity: number;
  /** Index of the line (into PreparedText.lines) where the match sits. */
  line: number;
  /** Share of that line's characters the match covers, 0..1. */
  coverage: number;
  /** Compact length of the phrase. */
  length: number;
  /** The match begins its line (give or take two characters). */
  startsLine: boolean;
  /** The line is mostly capital letters, as titles are. */
  upper: boolean;
}

/** Phrases this short (compact characters) or shorter must match exactly, as whole words. */
const SHORT = 8;

function allowedEdits(m: number): number {
  if (m <= SHORT) return 0;
  if (m < 14) return 1;
  return Math.floor(m * 0.12);
}

/** A phrase prepared once: compact form, trigram codes, bit-parallel pattern, whole-word needle. */
interface CompiledPhrase {
  compact: string;
  codes: Int32Array;
  pattern: MyersPattern;
  /** ` skeleton ` for the whole-word search (short phrases and keywords). */
  needle: string;
}

/** Phrases come from a taxonomy, so there are few of them; the cap only guards against misuse. */
const CACHE_LIMIT = 20000;
const compiled = new Map<string, CompiledPhrase>();

function compilePhrase(phrase: string): CompiledPhrase {
  const known = compiled.get(phrase);
  if (known) return known;
  const p = compact(phrase);
  const out = {
    compact: p,
    codes: trigramCodes(p),
    pattern: compilePattern(p),
    needle: ` ${skeleton(phrase)} `,
  };
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(phrase, out);
  return out;
}

/** The first exact occurrence, as the edit-distance search with no edits would report it. */
function exactly(p: string, t: string): SearchResult | null {
  const at = t.indexOf(p);
  return at < 0 ? null : { distance: 0, end: at + p.length - 1 };
}

/** Approximate search, limited to the stretches of text where enough trigrams cluster. */
function search(c: CompiledPhrase, text: PreparedText, k: number): SearchResult | null {
  const m = c.compact.length;
  // Each edit destroys at most three of the phrase's trigrams.
  const need = m - 2 - 3 * k;
  if (need <= 0) return searchPattern(c.pattern, text.compact, k);
  let present = 0;
  for (const code of c.codes) if (code >= 0 && text.present[code] === 1) present++;
  if (present < need) return null;
  const regions = candidateRegions(c.codes, text.codes, text.compact.length, m, k);
  return regions.length === 0 ? null : searchPattern(c.pattern, text.compact, k, regions);
}

/** Find `phrase` in `text`; null when no match within the allowed edits. */
export function findPhrase(
  phrase: string,
  text: PreparedText,
  maxEdits?: number,
): PhraseHit | null {
  const c = compilePhrase(phrase);
  const p = c.compact;
  const m = p.length;
  if (m === 0) return null;
  if (m <= SHORT) return findWords(c.needle, p, text);
  const k = maxEdits ?? allowedEdits(m);
  const found = k === 0 ? exactly(p, text.compact) : search(c, text, k);
  if (!found) return null;
  const bestEnd = found.end;
  const startAt = Math.max(0, bestEnd - m + 1);
  const mid = Math.max(0, bestEnd - Math.floor(m / 2));
  const line = text.lineOf[mid] ?? 0;
  return hit(1 - found.distance / m, line, m, startAt, text);
}

function findWords(needle: string, p: string, text: PreparedText): PhraseHit | null {
  if (needle.length <= 2) return null;
  const at = text.spaced.indexOf(needle);
  if (at < 0) return null;
  // Locate the line: count compact characters before the match.
  const before = text.spaced.slice(0, at).replace(/ /g, '').length;
  const line = text.lineOf[Math.min(before, text.lineOf.length - 1)] ?? 0;
  return hit(1, line, p.length, before, text);
}

function hit(
  similarity: number,
  line: number,
  length: number,
  startAt: number,
  text: PreparedText,
): PhraseHit {
  const lineLen = text.lineLength[line] ?? length;
  const startsLine = Math.abs(startAt - (text.lineStart[line] ?? 0)) <= 2;
  const letters = (text.lines[line] ?? '').replace(/[^A-Za-z]/g, '');
  const upper = letters.length > 0 && letters.replace(/[^A-Z]/g, '').length / letters.length >= 0.7;
  return {
    similarity,
    line,
    coverage: Math.min(1, length / Math.max(1, lineLen)),
    length,
    startsLine,
    upper,
  };
}

/** Whole-word, skeleton-level count of a keyword in a text (for weighted keywords). */
export function countTerm(term: string, text: PreparedText): number {
  const needle = compilePhrase(term).needle;
  if (needle.length <= 2) return 0;
  let n = 0;
  let from = 0;
  for (;;) {
    const at = text.spaced.indexOf(needle, from);
    if (at < 0) return n;
    n++;
    from = at + needle.length - 1;
  }
}
