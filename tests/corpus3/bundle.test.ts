/**
 * corpus3's own checks: the truth must be true of the paper. Every field value the truth holds has
 * to be printed in its document's pages, documents tile the bundle, and each scenario keeps its
 * shape (separator sheets, fax counters, interleaved mail).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  generateBundle3,
  generateCases3,
  renderScanPage,
  SCENARIOS3,
  TYPE_KEYS3,
  writeTextPdf3,
  type Bundle3,
} from './index';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const words = (s: string) =>
  fold(s)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function docText(b: Bundle3, start: number, end: number): string {
  return b.pages
    .slice(start - 1, end)
    .map((p) => p.join('\n'))
    .join('\n');
}

const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34];
const bundles: Bundle3[] = [];
for (const seed of SEEDS) {
  for (const scenario of SCENARIOS3)
    bundles.push(generateBundle3(seed, { cases: generateCases3(seed, 6), scenario }));
}

describe('corpus3 bundles', () => {
  it('are the same for the same seed, text PDF bytes included', async () => {
    const cases = generateCases3(42, 6);
    const a = generateBundle3(42, { cases });
    const b = generateBundle3(42, { cases: generateCases3(42, 6) });
    expect(b).toEqual(a);
    expect(generateBundle3(43, { cases }).pages).not.toEqual(a.pages);
    const dir = mkdtempSync(join(tmpdir(), 'corpus3-'));
    try {
      // A short bundle keeps the byte comparison quick.
      const small = () => generateBundle3(42, { cases, documents: 4 });
      await writeTextPdf3(small(), join(dir, 'a.pdf'));
      await writeTextPdf3(small(), join(dir, 'b.pdf'));
      expect(readFileSync(join(dir, 'a.pdf')).equals(readFileSync(join(dir, 'b.pdf')))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const page = a.layout[0];
    if (!page) throw new Error('no page');
    const s1 = await renderScanPage(page, { seed: 7, dpi: 72 });
    const s2 = await renderScanPage(page, { seed: 7, dpi: 72 });
    expect(s1.equals(s2)).toBe(true);
  });

  it('cover every page once, in order, with valid type keys', () => {
    for (const b of bundles) {
      let next = 1;
      for (const d of b.truth.documents) {
        expect(d.startPage).toBe(next);
        expect(d.endPage).toBeGreaterThanOrEqual(d.startPage);
        expect(TYPE_KEYS3).toContain(d.typeKey);
        next = d.endPage + 1;
      }
      expect(next - 1).toBe(b.pages.length);
      expect(b.layout.length).toBe(b.pages.length);
    }
  });

  it('print every truth field in the document they belong to', () => {
    for (const b of bundles) {
      for (const d of b.truth.documents) {
        const text = docText(b, d.startPage, d.endPage);
        const f = d.fields;
        const where = `${b.id} p${d.startPage}-${d.endPage} ${d.typeKey}`;
        const textWords = new Set(words(text));
        if (f.applicant)
          for (const w of words(f.applicant))
            expect(textWords.has(w), `${where}: applicant ${w}`).toBe(true);
        for (const adj of f.adjNumbers) {
          expect(adj, where).toMatch(/^ADJ\d{7,8}$/);
          expect(text.replace(/ADJ\s+/g, 'ADJ'), `${where}: ${adj}`).toContain(adj);
        }
        for (const c of f.claimNumbers) expect(text, `${where}: claim ${c}`).toContain(c);
        for (const c of f.caseNumbers) expect(text, `${where}: case ${c}`).toContain(c);
        for (const def of f.defendants)
          expect(fold(text), `${where}: defendant ${def}`).toContain(fold(def));
        expect(f.defendant).toBe(f.defendants[0] ?? null);
        if (f.dateOfInjury) {
          expect(f.dateOfInjury.cumulativeTrauma).toBe(!!f.dateOfInjury.end);
          const year = f.dateOfInjury.start.slice(0, 4);
          expect(
            text.includes(year) ||
              text.includes(`-${year.slice(2)}`) ||
              text.includes(`/${year.slice(2)}`),
            `${where}: doi`,
          ).toBe(true);
        }
        if (d.caseIds) {
          expect(d.caseIds.length).toBe(2);
          expect(d.caseId).toBe(d.caseIds[0]);
          expect(f.adjNumbers.length).toBeGreaterThanOrEqual(2);
        }
      }
    }
  });

  it('start every EAMS document with its separator sheet', () => {
    const eams = bundles.filter((b) => b.scenario === 'eams');
    expect(eams.length).toBeGreaterThan(0);
    for (const b of eams) {
      const starts = new Set(b.truth.documents.map((d) => d.startPage));
      b.pages.forEach((p, i) => {
        const isSeparator = p.some((l) => l.includes('DOCUMENT SEPARATOR SHEET'));
        expect(isSeparator, `${b.id} page ${i + 1}`).toBe(starts.has(i + 1));
      });
      for (const d of b.truth.documents) {
        const sep = b.pages[d.startPage - 1]?.join('\n') ?? '';
        const adj = /Case Number: (ADJ\d+)/.exec(sep)?.[1];
        expect(adj && d.fields.adjNumbers.includes(adj)).toBe(true);
      }
    }
  });

  it('count fax pages across each whole transmission, cover sheet first', () => {
    const counter = /(?:P\. (\d+)\/(\d+)|Page (\d+) of (\d+);?$|\s(\d{3})\/(\d{3})$)/;
    for (const b of bundles.filter((x) => x.scenario === 'fax')) {
      let expected = 1;
      let total = 0;
      b.pages.forEach((p, i) => {
        const line = (p[0]?.match(counter) ? p[0] : p[p.length - 1]) ?? '';
        const m = counter.exec(line);
        expect(m, `${b.id} page ${i + 1}: ${line}`).not.toBeNull();
        const nums = (m ?? []).slice(1).filter(Boolean).map(Number);
        const [n, of] = nums as [number, number];
        if (n === 1) {
          expected = 1;
          total = of;
          const doc = b.truth.documents.find((d) => d.startPage === i + 1);
          expect(doc?.typeKey).toBe('correspondence');
          expect(doc?.endPage).toBe(i + 1);
        }
        expect(n).toBe(expected);
        expect(of).toBe(total);
        expected++;
      });
      expect(expected - 1).toBe(total);
    }
  });

  it('interleave two cases in mail', () => {
    for (const b of bundles.filter((x) => x.scenario === 'mail')) {
      const ids = b.truth.documents.map((d) => d.caseId);
      const switches = ids.filter((id, i) => i > 0 && id !== ids[i - 1]).length;
      expect(new Set(ids).size).toBeGreaterThanOrEqual(2);
      expect(switches).toBeGreaterThanOrEqual(Math.min(3, ids.length - 1));
    }
  });

  it('holds unlisted and caseless paper in scanner stacks', () => {
    const scans = bundles.filter((b) => b.scenario === 'scanner').flatMap((b) => b.truth.documents);
    expect(scans.some((d) => d.caseId === null && d.fields.applicant)).toBe(true);
    expect(scans.some((d) => d.caseId === null && !d.fields.applicant)).toBe(true);
  });

  it('honours the documents option', () => {
    for (const scenario of SCENARIOS3) {
      const b = generateBundle3(9, { cases: generateCases3(9, 4), documents: 6, scenario });
      expect(b.truth.documents.length, scenario).toBeGreaterThanOrEqual(5);
      expect(b.truth.documents.length, scenario).toBeLessThanOrEqual(8);
    }
  });
});
