import { describe, expect, it } from 'vitest';
import { CORPUS_TYPE_KEYS } from './typeKeys';
import { generateCases } from './cases';
import { type Bundle, generateBundle, generateDocument, SERVED } from './bundle';
import { TYPE_SPECS } from './templates';
import { type DateStyle, formatDate } from './fakes';

const STYLES: DateStyle[] = ['us', 'us-short', 'long', 'dash'];

const cases = generateCases(11, 60);

function text(pages: string[][]): string {
  return pages.map((p) => p.join('\n')).join('\n');
}

function squash(s: string): string {
  return s.replace(/\s+/g, '');
}

/** Documents generated: those of the truth plus the proofs of service attached to them. */
function generated(b: Bundle): number {
  return b.truth.documents.reduce((n, d) => n + 1 + (d.attachments?.length ?? 0), 0);
}

/** Every page belongs to exactly one document, in order; attachments lie within theirs. */
function expectContiguous(b: Bundle): void {
  let next = 1;
  for (const d of b.truth.documents) {
    expect(d.startPage).toBe(next);
    expect(d.endPage).toBeGreaterThanOrEqual(d.startPage);
    for (const a of d.attachments ?? []) {
      expect(a.startPage).toBeGreaterThan(d.startPage);
      expect(a.endPage).toBeLessThanOrEqual(d.endPage);
    }
    next = d.endPage + 1;
  }
  expect(next - 1).toBe(b.pages.length);
  expect(b.layout).toHaveLength(b.pages.length);
}

describe('generateCases', () => {
  it('is reproducible and shaped like the matcher expects', () => {
    expect(generateCases(11, 60)).toEqual(cases);
    expect(generateCases(12, 60)).not.toEqual(cases);
    for (const c of cases) {
      if (c.eamsNumber) expect(c.eamsNumber).toMatch(/^ADJ\d{7,8}$/);
      if (c.wcabNumber) expect(c.wcabNumber).toMatch(/^[A-Z]{3} \d{7}$/);
      expect(c.dateOfInjury).toMatch(/^\d{4}-\d{2}-\d{2}( - \d{4}-\d{2}-\d{2})?$/);
      expect(c.name).toContain(' v. ');
    }
    expect(new Set(cases.map((c) => c.caseId)).size).toBe(cases.length);
  });
});

describe('generateBundle', () => {
  it('gives identical bundles and truth for the same seed', () => {
    const a = generateBundle(5, { cases, documents: 12 });
    const b = generateBundle(5, { cases, documents: 12 });
    expect(b).toEqual(a);
    expect(generateBundle(6, { cases, documents: 12 })).not.toEqual(a);
  });

  it('covers every page with exactly one document, for many seeds and sizes', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const b = generateBundle(seed, { cases, documents: 2 + ((seed * 7) % 39) });
      expect(generated(b)).toBe(2 + ((seed * 7) % 39));
      expectContiguous(b);
    }
  });

  it('accepts a case count instead of a case list', () => {
    const b = generateBundle(3, { cases: 3, documents: 4 });
    expectContiguous(b);
    expect(generated(b)).toBe(4);
  });

  it('files a proof of service without caption or case line as the last page of the pleading or report before it', () => {
    const served = new Set<string>();
    let attached = 0;
    let standalone = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const b = generateBundle(seed, { cases, documents: 20 });
      const plain = generateBundle(seed, { cases, documents: 20, attach: false });
      expect(b.pages).toEqual(plain.pages);
      expect(plain.truth.documents).toHaveLength(20);
      for (const d of b.truth.documents) {
        for (const a of d.attachments ?? []) {
          attached++;
          served.add(d.typeKey);
          expect([...SERVED]).toContain(d.typeKey);
          expect(a.typeKey).toBe('proof_of_service');
          expect(a.endPage).toBe(a.startPage);
          const page = (b.pages[a.startPage - 1] ?? []).join('\n');
          expect(page).toMatch(/^(PROOF|DECLARATION) OF/);
          expect(page).not.toMatch(/Applicant|Case No|Case:|ADJ/);
          // The same page alone, without the convention, is a document of its own.
          expect(plain.truth.documents.some((p) => p.startPage === a.startPage)).toBe(true);
        }
        if (d.typeKey === 'proof_of_service') {
          standalone++;
          const page = (b.pages[d.startPage - 1] ?? []).join('\n');
          const before = b.truth.documents.find((p) => p.endPage === d.startPage - 1);
          const captioned = /Applicant|Case No|Case:/.test(page);
          if (!captioned) expect([...SERVED]).not.toContain(before?.typeKey ?? 'none');
        }
      }
    }
    expect(attached).toBeGreaterThan(10);
    expect(standalone).toBeGreaterThan(attached);
    expect([...served]).toEqual(expect.arrayContaining(['lien', 'petition']));
  });

  it('prints every truth number and name on the document it belongs to', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const b = generateBundle(seed, { cases, documents: 15 });
      for (const d of b.truth.documents) {
        const body = squash(text(b.pages.slice(d.startPage - 1, d.endPage)));
        for (const adj of d.fields.adjNumbers) expect(body).toContain(adj);
        for (const w of d.fields.wcabNumbers) expect(body).toContain(squash(w));
        for (const c of d.fields.claimNumbers) expect(body).toContain(squash(c));
        for (const c of d.fields.caseNumbers) expect(body).toContain(squash(c));
        if (d.fields.applicant) expect(body).toContain(squash(d.fields.applicant));
        if (d.fields.defendant) expect(body).toContain(squash(d.fields.defendant));
        for (const adj of d.fields.adjNumbers) expect(adj).toMatch(/^ADJ\d{7,8}$/);
        const doi = d.fields.dateOfInjury;
        if (doi) {
          const printed = STYLES.map((st) => squash(formatDate(doi.start, st)));
          expect(printed.some((p) => body.includes(p))).toBe(true);
          expect(doi.cumulativeTrauma).toBe(Boolean(doi.end));
        }
        if (d.fields.dateOfIncident) expect(d.fields.dateOfIncident).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('links documents to listed cases, unlisted cases, or no case', () => {
    const ids = new Set(cases.map((c) => c.caseId));
    const statuses = new Set<string>();
    let consolidated = 0;
    let twoCaseBundles = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const b = generateBundle(seed, { cases, documents: 10 });
      const seen = new Set<string>();
      for (const d of b.truth.documents) {
        statuses.add(d.caseStatus);
        if (d.caseStatus === 'listed') {
          expect(d.caseId && ids.has(d.caseId)).toBe(true);
          seen.add(d.caseId ?? '');
        } else {
          expect(d.caseId).toBeNull();
        }
        if (d.caseIds.length > 1) consolidated++;
        if (d.caseStatus === 'none') expect(d.fields.adjNumbers).toEqual([]);
      }
      if (seen.size > 1) twoCaseBundles++;
    }
    expect([...statuses].sort()).toEqual(['listed', 'none', 'unlisted']);
    expect(twoCaseBundles).toBeGreaterThan(0);
    expect(consolidated).toBeGreaterThan(0);
  });

  it('places required types and respects the document count', () => {
    const b = generateBundle(9, { cases, documents: 5, include: ['lien', 'order', 'qme_report'] });
    const keys = b.truth.documents.map((d) => d.typeKey);
    expect(keys).toEqual(expect.arrayContaining(['lien', 'order', 'qme_report']));
    expect(generated(b)).toBe(5);
  });
});

describe('generateDocument', () => {
  it.each(CORPUS_TYPE_KEYS)('generates %s with text, fields and a typical length', (key) => {
    const lengths: number[] = [];
    for (let seed = 1; seed <= 4; seed++) {
      const doc = generateDocument(seed, key, cases);
      expect(doc.truth.typeKey).toBe(key);
      expect(doc.pages.length).toBe(doc.truth.endPage);
      expect(text(doc.pages).length).toBeGreaterThan(300);
      lengths.push(doc.pages.length);
    }
    const [lo, hi] = TYPE_SPECS[key].pages;
    for (const n of lengths) {
      expect(n).toBeGreaterThanOrEqual(Math.max(1, lo - 1));
      expect(n).toBeLessThanOrEqual(hi + 2);
    }
  });

  it('varies the wording of the first page within a type', () => {
    for (const key of CORPUS_TYPE_KEYS) {
      const firstLines = new Set<string>();
      for (let seed = 1; seed <= 12; seed++) {
        const doc = generateDocument(seed, key, cases);
        firstLines.add((doc.pages[0] ?? []).slice(0, 6).join('|'));
      }
      expect(firstLines.size, key).toBeGreaterThanOrEqual(3);
    }
  });
});
