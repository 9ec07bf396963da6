/**
 * The trigram filter may only skip text that cannot hold a match: searching its regions must give
 * the same answer as searching the whole text, and it must actually skip unrelated text.
 */
import { describe, expect, it } from 'vitest';
import { compilePattern, searchPattern } from './myers';
import { candidateRegions, trigramCodes } from './qgram';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

function randomText(next: () => number, n: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(next() * alphabet.length)] ?? 'a';
  return out;
}

function damage(next: () => number, p: string, edits: number): string {
  let s = p;
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * s.length);
    const r = next();
    if (r < 0.33) s = s.slice(0, at) + s.slice(at + 1);
    else if (r < 0.66) s = `${s.slice(0, at)}z${s.slice(at)}`;
    else s = `${s.slice(0, at)}9${s.slice(at + 1)}`;
  }
  return s;
}

/** The plain sliding-window count over every text position, as a reference. */
function byScan(p: Int32Array, t: Int32Array, length: number, m: number, k: number): number[] {
  const need = m - 2 - 3 * k;
  const marked = new Set([...p].filter((c) => c >= 0));
  const w = Math.max(1, m + k - 2);
  const out: number[] = [];
  for (let a = 0; a < t.length; a++) {
    let count = 0;
    for (let i = a; i < Math.min(t.length, a + w); i++) if (marked.has(t[i] ?? -1)) count++;
    if (count < need) continue;
    const end = Math.min(length, a + m + k);
    const n = out.length;
    if (n > 0 && (out[n - 1] ?? 0) >= a) out[n - 1] = end;
    else out.push(a, end);
  }
  return out;
}

describe('trigramCodes', () => {
  it('codes each start position and marks characters outside a-z0-9', () => {
    const codes = trigramCodes('abc d');
    expect(codes.length).toBe(3);
    expect(codes[0]).toBe(0 * 1296 + 1 * 36 + 2);
    expect(codes[1]).toBe(-1);
  });
});

describe('candidateRegions', () => {
  it('finds nothing when the pattern shares no trigrams with the text', () => {
    const p = 'declarationofreadiness';
    const t = 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz';
    expect(candidateRegions(trigramCodes(p), trigramCodes(t), t.length, p.length, 2)).toEqual([]);
  });

  it('keeps the region around a damaged copy of the pattern and drops the rest', () => {
    const p = 'applicationforadjudication';
    const t = `${'q'.repeat(200)}applicatlonforadjudicatlon${'q'.repeat(200)}`;
    const regions = candidateRegions(trigramCodes(p), trigramCodes(t), t.length, p.length, 3);
    expect(regions.length).toBe(2);
    expect(regions[0]).toBeGreaterThan(150);
    expect(regions[1]).toBeLessThan(260);
  });

  it('never changes the search result on random texts', () => {
    const next = rng(11);
    for (let round = 0; round < 600; round++) {
      const alphabet = round % 3 === 0 ? 'abcde' : 'abcdefghijklmnopqrstuvwxyz0123456789';
      const m = 9 + Math.floor(next() * 50);
      const k = Math.max(1, Math.floor(m * 0.12));
      if (m - 2 - 3 * k < 1) continue;
      const p = randomText(next, m, alphabet);
      const t =
        randomText(next, Math.floor(next() * 300), alphabet) +
        damage(next, p, Math.floor(next() * (k + 2))) +
        randomText(next, Math.floor(next() * 300), alphabet);
      const pattern = compilePattern(p);
      const regions = candidateRegions(trigramCodes(p), trigramCodes(t), t.length, m, k);
      const whole = searchPattern(pattern, t, k);
      const filtered = regions.length === 0 ? null : searchPattern(pattern, t, k, regions);
      expect(filtered).toEqual(whole);
      expect(regions).toEqual(byScan(trigramCodes(p), trigramCodes(t), t.length, m, k));
    }
  });
});
