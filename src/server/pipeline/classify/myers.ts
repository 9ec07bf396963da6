/**
 * Bit-parallel approximate search (Myers 1999, in Hyyrö's block form): the same answer as the
 * Sellers dynamic programme (edit distance of a pattern against the best-fitting substring ending
 * at each text position) but 32 pattern characters per machine word, so a title search over a
 * page costs a few operations per text character instead of one per pattern character. Patterns
 * are compiled once and cached by the caller.
 */

/** A pattern ready for searching: per 32-character block, a bit mask per character code. */
export interface MyersPattern {
  length: number;
  blocks: number;
  /** peq[block * 128 + code]: bit i set when pattern[block * 32 + i] has that code. */
  peq: Int32Array;
}

/** Characters with codes of 128 or more never match (compact text is a-z0-9 only). */
const ALPHABET = 128;

export function compilePattern(pattern: string): MyersPattern {
  const m = pattern.length;
  const blocks = Math.max(1, Math.ceil(m / 32));
  const peq = new Int32Array(blocks * ALPHABET);
  for (let i = 0; i < m; i++) {
    const c = pattern.charCodeAt(i);
    if (c >= ALPHABET) continue;
    const b = i >> 5;
    const at = b * ALPHABET + c;
    peq[at] = (peq[at] ?? 0) | (1 << (i & 31));
  }
  return { length: m, blocks, peq };
}

export interface SearchResult {
  /** Fewest edits of the pattern against any substring of the text. */
  distance: number;
  /** Text index of the last character of the first substring with that distance. */
  end: number;
}

/**
 * Best match of `pattern` in `text` with at most `maxEdits` edits, the earliest end position
 * winning ties (stops at the first exact match); null when none is that close. `regions`
 * (pairs of start and end-exclusive offsets, in order, not overlapping) limits the search to
 * substrings lying inside one of them; by default the whole text.
 */
export function searchPattern(
  pattern: MyersPattern,
  text: string,
  maxEdits: number,
  regions: readonly number[] = [0, text.length],
): SearchResult | null {
  const { length: m, blocks } = pattern;
  if (m === 0) return null;
  const state: Found = { best: maxEdits + 1, end: -1 };
  for (let r = 0; r + 1 < regions.length; r += 2) {
    if (searchRegion(pattern, text, regions[r] ?? 0, regions[r + 1] ?? 0, state, blocks)) break;
  }
  return state.end < 0 ? null : { distance: state.best, end: state.end };
}

interface Found {
  best: number;
  end: number;
}

/** Search text[from, to) from a fresh start; true once an exact match ends the search. */
function searchRegion(
  pattern: MyersPattern,
  text: string,
  from: number,
  to: number,
  found: Found,
  blocks: number,
): boolean {
  const { length: m, peq } = pattern;
  const pv = new Int32Array(blocks).fill(-1);
  const mv = new Int32Array(blocks);
  const lastHigh = 1 << ((m - 1) & 31);
  let score = m;
  const end = Math.min(to, text.length);
  for (let j = from; j < end; j++) {
    const c = text.charCodeAt(j);
    const code = c < ALPHABET ? c : -1;
    // Horizontal delta entering the block from above; row 0 is all zeros (match anywhere).
    let hin = 0;
    for (let b = 0; b < blocks; b++) {
      let eq = code < 0 ? 0 : (peq[b * ALPHABET + code] ?? 0);
      const p = pv[b] ?? 0;
      const n = mv[b] ?? 0;
      const xv = eq | n;
      if (hin < 0) eq |= 1;
      const xh = (((eq & p) + p) ^ p) | eq;
      let ph = n | ~(xh | p);
      let mh = p & xh;
      const high = b === blocks - 1 ? lastHigh : 1 << 31;
      const hout = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      else if (hin > 0) ph |= 1;
      pv[b] = mh | ~(xv | ph);
      mv[b] = ph & xv;
      hin = hout;
    }
    score += hin;
    if (score < found.best) {
      found.best = score;
      found.end = j;
      if (score === 0) return true;
    }
  }
  return false;
}
