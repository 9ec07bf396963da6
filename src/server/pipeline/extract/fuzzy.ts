/**
 * OCR-tolerant matching of printed label words. Scans of forms lose more of a label than the
 * look-alike repairs in ocr.ts cover: a faded "DATE" reads "pate", "INJURY" reads "1nsuRY", a
 * month reads "Decernber". A word matches a target when, after digit look-alikes are read as
 * letters and case is ignored, it is the target or (for longer words) one edit away from it.
 */
import { repairLetters } from './ocr';

/**
 * Levenshtein distance between a and b, giving up (returning max + 1) once it exceeds max. Only
 * the diagonal band |i - j| <= max can hold a distance within the bound, so only it is filled:
 * O(length x max) rather than O(length^2), which matters when a file's party names are compared
 * pairwise (consensus.ts).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const over = max + 1;
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = Math.min(j, over);
  for (let i = 1; i <= a.length; i += 1) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    current.fill(over);
    current[0] = Math.min(i, over);
    let best = from === 1 ? current[0] : over;
    for (let j = from; j <= to; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(over, previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return over;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length]!, over);
}

/** A word as OCR might have meant it: capitals, digit look-alikes as letters, "rn" as "M". */
export function letterForm(word: string): string {
  return repairLetters(word.replace(/rn/g, 'm')).toUpperCase();
}

/**
 * How many edits `word` is from `target` (capitals), or null when too far: words of up to three
 * letters must match exactly (after look-alike repair), longer ones may be one edit away.
 */
export function wordDistance(word: string, target: string): number | null {
  const bare = word.replace(/^[^A-Za-z0-9|!]+|[^A-Za-z0-9|!]+$/g, '');
  if (bare === '') return null;
  const candidates = new Set([bare.toUpperCase(), letterForm(bare)]);
  const allowed = target.length <= 3 ? 0 : 1;
  let best: number | null = null;
  for (const c of candidates) {
    const d = editDistance(c, target, allowed);
    if (d <= allowed && (best === null || d < best)) best = d;
  }
  return best;
}

/** Whether `word` reads as `target` under OCR damage (see wordDistance). */
export function wordLike(word: string, target: string): boolean {
  return wordDistance(word, target) !== null;
}

/** One whitespace-separated token of a text with its position. */
export interface Token {
  text: string;
  index: number;
  end: number;
}

export function tokens(text: string): Token[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({
    text: m[0],
    index: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
}

const INJURY_WORDS = ['INJURY', 'INJURIES'];
const DATE_WORDS = ['DATE', 'DATES', 'DATE(S)'];
const INJURY_QUALIFIERS = ['CURRENT', 'ALLEGED', 'CLAIMED', 'REPORTED'];

/** Where a label word ends, without the colon or other punctuation printed after it. */
function wordEnd(token: Token): number {
  const trailing = /[^A-Za-z0-9|!)]+$/.exec(token.text);
  return token.end - (trailing ? trailing[0].length : 0);
}

/**
 * "Date of [Current] Injury" labels as damaged OCR prints them ("pate oF current 1nsuRY:"), with
 * at most two edits over the whole label. Only labels that stand as a form's label count: followed
 * by a colon, or last on their line, so prose such as "the rate of injury" is not a label.
 */
export function fuzzyInjuryLabels(text: string): Array<{ index: number; end: number }> {
  const words = tokens(text);
  const hits: Array<{ index: number; end: number }> = [];
  for (let i = 2; i < words.length; i += 1) {
    const last = words[i] as Token;
    // INJURY / INJURIES one edit away have 5 to 9 letters; a token is never shorter than its
    // letters, so the (common) shorter tokens are passed over without computing a distance.
    if (last.text.length < 5) continue;
    const injury = Math.min(...INJURY_WORDS.map((w) => wordDistance(last.text, w) ?? 9));
    if (injury > 1) continue;
    let at = i - 1;
    let edits = injury;
    const qualifier = words[at];
    if (qualifier) {
      const q = Math.min(...INJURY_QUALIFIERS.map((w) => wordDistance(qualifier.text, w) ?? 9));
      if (q <= 1) {
        edits += q;
        at -= 1;
      }
    }
    const of = words[at];
    const date = words[at - 1];
    if (!of || !date || wordDistance(of.text, 'OF') === null) continue;
    edits += Math.min(...DATE_WORDS.map((w) => wordDistance(date.text, w) ?? 9));
    if (edits > 2) continue;
    const end = wordEnd(last);
    const after = text.slice(end, end + 40);
    if (!/^\s*(?:\(s\))?\s*[:;]/.test(after) && !/^[ \t]*\n/.test(after) && end !== text.length) {
      continue;
    }
    hits.push({ index: date.index, end });
  }
  return hits;
}
