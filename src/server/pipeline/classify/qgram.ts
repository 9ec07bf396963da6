/**
 * Trigram counting filter for the approximate search (the q-gram lemma): a substring within k
 * edits of a pattern of length m is at most m + k long and still holds at least m - 2 - 3k of the
 * pattern's trigrams, so only the stretches of text where enough of them cluster can hold a
 * match. Trigrams of compact text (a-z, 0-9) are coded as integers so the scan is a few array
 * reads per character; the bit-parallel search then runs only on those stretches.
 */

/** Integer code of an a-z0-9 character, -1 for anything else. */
function charCode(c: number): number {
  if (c >= 97 && c <= 122) return c - 97;
  if (c >= 48 && c <= 57) return c - 48 + 26;
  return -1;
}

const SIZE = 36 * 36 * 36;

/** Trigram code at each start position of `s` (length - 2 entries), -1 where not a-z0-9. */
export function trigramCodes(s: string): Int32Array {
  const n = Math.max(0, s.length - 2);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const a = charCode(s.charCodeAt(i));
    const b = charCode(s.charCodeAt(i + 1));
    const c = charCode(s.charCodeAt(i + 2));
    out[i] = a < 0 || b < 0 || c < 0 ? -1 : (a * 36 + b) * 36 + c;
  }
  return out;
}

/** Which trigram codes occur, as a table indexed by code. */
export function presentSet(codes: Int32Array): Uint8Array {
  const out = new Uint8Array(SIZE);
  for (const code of codes) if (code >= 0) out[code] = 1;
  return out;
}

/** Scratch membership table, set for one pattern at a time and cleared after. */
const member = new Uint8Array(SIZE);

/**
 * Regions of the text (start, end-exclusive pairs, in order, merged) that can hold a match of a
 * pattern of length m within k edits, given the pattern's and the text's trigram codes: the
 * unions of [a, a + m + k) over every start a whose next m + k - 2 trigram positions hold at least
 * m - 2 - 3k trigrams of the pattern (a sliding count, a few array reads per text position).
 * With m - 2 - 3k below 1 the filter proves nothing and the caller searches everything.
 */
export function candidateRegions(
  patternCodes: Int32Array,
  textCodes: Int32Array,
  textLength: number,
  m: number,
  k: number,
): number[] {
  const need = m - 2 - 3 * k;
  const regions: number[] = [];
  const t = textCodes.length;
  if (need < 1 || t === 0) return regions;
  for (const code of patternCodes) if (code >= 0) member[code] = 1;
  // Trigram starts of a substring of length m + k: a window of w positions.
  const w = Math.max(1, m + k - 2);
  const span = m + k;
  let count = 0;
  for (let i = 0; i < Math.min(w, t); i++) count += member[textCodes[i] ?? -1] ?? 0;
  for (let a = 0; a < t; a++) {
    if (count >= need) {
      const n = regions.length;
      const end = Math.min(textLength, a + span);
      if (n > 0 && (regions[n - 1] ?? 0) >= a) regions[n - 1] = end;
      else regions.push(a, end);
    }
    count -= member[textCodes[a] ?? -1] ?? 0;
    if (a + w < t) count += member[textCodes[a + w] ?? -1] ?? 0;
  }
  for (const code of patternCodes) if (code >= 0) member[code] = 0;
  return regions;
}
