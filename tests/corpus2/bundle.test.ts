import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_KEYS } from '../../src/server/pipeline/taxonomy/keys';
import {
  RFA_KEY,
  SCENARIOS,
  SUBSTITUTION_KEY,
  generateBundle2,
  generateCases2,
  type Bundle2,
} from './index';

const cases = generateCases2(5, 60);
const bundles: Bundle2[] = [];
for (let seed = 1; seed <= 48; seed += 1)
  bundles.push(generateBundle2(seed, { cases, scenario: SCENARIOS[seed % 4] }));

const words = (text: string) =>
  text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
const docText = (b: Bundle2, start: number, end: number) =>
  b.pages
    .slice(start - 1, end)
    .map((p) => p.join('\n'))
    .join('\n');

describe('generateBundle2', () => {
  it('is reproducible from the seed and differs between seeds', () => {
    const again = generateBundle2(7, { cases, scenario: 'fax' });
    expect(generateBundle2(7, { cases, scenario: 'fax' })).toEqual(again);
    expect(generateBundle2(8, { cases, scenario: 'fax' }).pages).not.toEqual(again.pages);
    expect(generateCases2(5, 60)).toEqual(cases);
  });

  it('covers every page exactly once, in order, with a layout per page', () => {
    for (const b of bundles) {
      let next = 1;
      for (const d of b.truth.documents) {
        expect(d.startPage).toBe(next);
        expect(d.endPage).toBeGreaterThanOrEqual(d.startPage);
        next = d.endPage + 1;
      }
      expect(next - 1).toBe(b.pages.length);
      expect(b.layout).toHaveLength(b.pages.length);
      b.layout.forEach((l, i) => expect(l.lines).toHaveLength(b.pages[i]?.length ?? -1));
    }
  });

  it('only records fields the document prints', () => {
    for (const b of bundles)
      for (const d of b.truth.documents) {
        const text = docText(b, d.startPage, d.endPage);
        const printed = new Set(words(text));
        for (const c of d.fields.claimNumbers) expect(text).toContain(c);
        for (const a of d.fields.adjNumbers) expect(text.replace(/ADJ /g, 'ADJ')).toContain(a);
        for (const n of [d.fields.applicant, ...d.fields.defendants])
          for (const w of words(n ?? '')) expect(printed.has(w)).toBe(true);
        expect(d.fields.defendant).toBe(d.fields.defendants[0] ?? null);
        if (d.caseStatus === 'listed') expect(d.caseIds).toEqual([d.caseId]);
        else expect(d.caseId).toBeNull();
      }
  });

  it('uses the default taxonomy plus the RFA and substitution keys', () => {
    const seen = new Set(bundles.flatMap((b) => b.truth.documents.map((d) => d.typeKey)));
    const known = new Set<string>([...DEFAULT_TYPE_KEYS, RFA_KEY, SUBSTITUTION_KEY]);
    for (const key of seen) expect(known.has(key)).toBe(true);
    expect(seen.has(RFA_KEY)).toBe(true);
    expect(seen.has(SUBSTITUTION_KEY)).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(20);
  });

  it('puts an EAMS separator sheet at the start of every e-filed document', () => {
    for (const b of bundles.filter((x) => x.scenario === 'eams'))
      for (const d of b.truth.documents)
        expect(b.pages[d.startPage - 1]?.join(' ')).toContain('DOCUMENT SEPARATOR SHEET');
  });

  it('stamps fax pages with a transmission counter that runs across documents', () => {
    const faxes = bundles.filter((x) => x.scenario === 'fax');
    let spanning = 0;
    for (const b of faxes) {
      const counters = b.pages.map((p) =>
        /(?:P\.|Page|PAGE) 0*(\d+)(?:\/| of )0*(\d+)/.exec(p[0] ?? ''),
      );
      counters.forEach((m) => expect(m).not.toBeNull());
      for (const d of b.truth.documents)
        if (d.endPage > d.startPage || Number(counters[d.startPage - 1]?.[1]) > 1) spanning += 1;
    }
    expect(spanning).toBeGreaterThan(10);
  });

  it('has cumulative-trauma ranges, several defendants and two-case mail batches', () => {
    const docs = bundles.flatMap((b) => b.truth.documents);
    expect(docs.some((d) => d.fields.dateOfInjury?.end !== undefined)).toBe(true);
    expect(docs.some((d) => d.fields.defendants.length >= 3)).toBe(true);
    for (const b of bundles.filter((x) => x.scenario === 'mail')) {
      const ids = new Set(b.truth.documents.map((d) => d.caseId).filter(Boolean));
      expect(ids.size).toBeGreaterThanOrEqual(1);
    }
    const mixed = bundles.filter(
      (b) => b.scenario === 'mail' && new Set(b.truth.documents.map((d) => d.caseId)).size >= 2,
    );
    expect(mixed.length).toBeGreaterThan(6);
  });
});
