/**
 * The bit-parallel search must give exactly the Sellers dynamic programme's answer (distance and
 * earliest end), for patterns of one, two and three 32-character blocks.
 */
import { describe, expect, it } from 'vitest';
import { compilePattern, searchPattern } from './myers';

/** The plain O(m·n) Sellers programme, as fuzzy.ts used to run it. */
function reference(p: string, t: string, k: number): { distance: number; end: number } | null {
  const m = p.length;
  let col = Array.from({ length: m + 1 }, (_, i) => i);
  let best = k + 1;
  let bestEnd = -1;
  for (let j = 0; j < t.length; j++) {
    const next = [0];
    for (let i = 1; i <= m; i++) {
      const sub = (col[i - 1] ?? 0) + (p[i - 1] === t[j] ? 0 : 1);
      next.push(Math.min(sub, (col[i] ?? 0) + 1, (next[i - 1] ?? 0) + 1));
    }
    const d = next[m] ?? m;
    if (d < best) {
      best = d;
      bestEnd = j;
      if (d === 0) break;
    }
    col = next;
  }
  return bestEnd < 0 ? null : { distance: best, end: bestEnd };
}

/** Small deterministic generator so failures reproduce. */
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

/** The pattern with a few random edits, so that near matches exist. */
function damage(next: () => number, p: string, edits: number): string {
  let s = p;
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * s.length);
    const r = next();
    if (r < 0.33) s = s.slice(0, at) + s.slice(at + 1);
    else if (r < 0.66) s = `${s.slice(0, at)}x${s.slice(at)}`;
    else s = `${s.slice(0, at)}q${s.slice(at + 1)}`;
  }
  return s;
}

describe('searchPattern', () => {
  it('finds an exact match at its first end position', () => {
    const hit = searchPattern(compilePattern('notice'), 'xxnoticeyynotice', 0);
    expect(hit).toEqual({ distance: 0, end: 7 });
  });

  it('returns null when the best match needs more edits than allowed', () => {
    expect(searchPattern(compilePattern('declaration'), 'completely different', 2)).toBeNull();
    expect(searchPattern(compilePattern('abc'), '', 3)).toBeNull();
  });

  it('agrees with the dynamic programme on random texts and patterns of 1 to 3 blocks', () => {
    const next = rng(7);
    for (let round = 0; round < 600; round++) {
      const m = 9 + Math.floor(next() * 80);
      const alphabet = round % 2 === 0 ? 'abcd' : 'abcdefghijklmnopqrstuvwxyz0123456789';
      const p = randomText(next, m, alphabet);
      const before = randomText(next, Math.floor(next() * 120), alphabet);
      const after = randomText(next, Math.floor(next() * 120), alphabet);
      const t = before + damage(next, p, Math.floor(next() * 6)) + after;
      const k = Math.floor(next() * (m / 4));
      expect(searchPattern(compilePattern(p), t, k)).toEqual(reference(p, t, k));
    }
  });
});
