/**
 * The second generator's own seeded randomness (mulberry32 with an FNV-1a label hash), written
 * apart from tests/corpus/rng.ts on purpose. Nothing in tests/corpus2 may call Math.random: every
 * draw comes from a Rng2, and `fork(label)` gives an independent stream so that adding a draw in
 * one template does not shift every value drawn after it elsewhere.
 */

export function labelHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng2 {
  private state: number;

  constructor(seed: number) {
    this.state = (Math.imul(seed >>> 0, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi], both ends included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: entries are [value, weight]. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** `count` decimal digits (leading zeros allowed). */
  digits(count: number): string {
    let s = '';
    for (let i = 0; i < count; i += 1) s += String(Math.floor(this.next() * 10));
    return s;
  }

  letters(count: number): string {
    let s = '';
    for (let i = 0; i < count; i += 1) s += String.fromCharCode(65 + Math.floor(this.next() * 26));
    return s;
  }

  fork(label: string): Rng2 {
    return new Rng2((labelHash(label) ^ Math.floor(this.next() * 4294967296)) >>> 0);
  }
}
