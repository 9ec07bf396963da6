/**
 * Approximate phrase search for OCR-damaged text. Long phrases (titles, form numbers) are found in
 * the compact form of a text with the Sellers variant of edit distance (the best match of the
 * phrase against any substring), so broken words, merged words and a few wrong characters still
 * match; a trigram pre-check skips phrases that cannot be present. Short phrases need an exact
 * whole-word match on the skeleton, because a fuzzy "order" would also be found in "recorder".
 */
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

/** Find `phrase` in `text`; null when no match within the allowed edits. */
export function findPhrase(
  phrase: string,
  text: PreparedText,
  maxEdits?: number,
): PhraseHit | null {
  const p = compact(phrase);
  const m = p.length;
  if (m === 0) return null;
  if (m <= SHORT) return findWords(phrase, p, text);
  const k = maxEdits ?? allowedEdits(m);
  // Trigram pre-check: each edit destroys at most three of the phrase's trigrams.
  let present = 0;
  for (let i = 0; i + 3 <= m; i++) if (text.trigrams.has(p.slice(i, i + 3))) present++;
  if (present < m - 2 - 3 * k) return null;

  const t = text.compact;
  let col = new Int32Array(m + 1);
  let next = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) col[i] = i;
  let best = k + 1;
  let bestEnd = -1;
  for (let j = 0; j < t.length; j++) {
    next[0] = 0;
    const c = t.charCodeAt(j);
    for (let i = 1; i <= m; i++) {
      const sub = (col[i - 1] ?? 0) + (p.charCodeAt(i - 1) === c ? 0 : 1);
      const del = (col[i] ?? 0) + 1;
      const ins = (next[i - 1] ?? 0) + 1;
      next[i] = Math.min(sub, del, ins);
    }
    const d = next[m] ?? m;
    if (d < best) {
      best = d;
      bestEnd = j;
      if (d === 0) break;
    }
    [col, next] = [next, col];
  }
  if (bestEnd < 0) return null;
  const startAt = Math.max(0, bestEnd - m + 1);
  const mid = Math.max(0, bestEnd - Math.floor(m / 2));
  const line = text.lineOf[mid] ?? 0;
  return hit(1 - best / m, line, m, startAt, text);
}

function findWords(phrase: string, p: string, text: PreparedText): PhraseHit | null {
  const words = skeleton(phrase);
  if (words.length === 0) return null;
  const needle = ` ${words} `;
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
  const needle = ` ${skeleton(term)} `;
  if (needle.trim().length === 0) return 0;
  let n = 0;
  let from = 0;
  for (;;) {
    const at = text.spaced.indexOf(needle, from);
    if (at < 0) return n;
    n++;
    from = at + needle.length - 1;
  }
}
