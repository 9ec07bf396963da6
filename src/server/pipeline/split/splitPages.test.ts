import { describe, expect, it } from 'vitest';
import { continuationPage, FIRST_PAGES, ocrDamage } from '../classify/fixtures';
import type { DefaultTypeKey } from '../taxonomy/keys';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import type { PageText } from '../types';
import { splitPages } from './splitPages';

type Numbering = 'of' | 'bare' | 'none';

/** A document's pages: its fixture first page and continuation pages with a running header. */
function doc(key: DefaultTypeKey, pages: number, numbering: Numbering = 'of'): string[] {
  const number = (k: number): string =>
    numbering === 'of' ? `Page ${k} of ${pages}` : numbering === 'bare' ? `${k}` : '';
  const out = [`${FIRST_PAGES[key]}\n${number(1)}`];
  for (let k = 2; k <= pages; k++) {
    const header = `Maria Lopez v. Acme Warehouse Inc. - ${key.replace(/_/g, ' ')}`;
    const body = continuationPage(header, k, numbering === 'of' ? pages : null);
    out.push(numbering === 'none' ? body.replace(/\n\d+$/, '') : body);
  }
  return out;
}

function bundle(...docs: string[][]): PageText[] {
  return docs.flat().map((text, i) => ({ page: i + 1, text, source: 'text-layer' as const }));
}

function starts(pages: PageText[]): number[] {
  return splitPages(pages, { taxonomy: DEFAULT_TAXONOMY }).map((r) => r.startPage);
}

describe('splitPages', () => {
  it('returns nothing for no pages and one document for one page', () => {
    expect(splitPages([])).toEqual([]);
    const one = splitPages(bundle(doc('pr2', 1)));
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ startPage: 1, endPage: 1, confidence: 1 });
  });

  it('covers every page exactly once, in order', () => {
    const pages = bundle(doc('qme_report', 4), doc('proof_of_service', 1), doc('pr2', 2, 'bare'));
    const ranges = splitPages(pages);
    let next = 1;
    for (const r of ranges) {
      expect(r.startPage).toBe(next);
      expect(r.endPage).toBeGreaterThanOrEqual(r.startPage);
      next = r.endPage + 1;
    }
    expect(next).toBe(pages.length + 1);
  });

  it('splits at titles and follows "Page k of N" continuity', () => {
    const pages = bundle(
      doc('qme_report', 3),
      doc('compromise_and_release', 3),
      doc('proof_of_service', 1),
      doc('ur_decision', 2),
    );
    expect(starts(pages)).toEqual([1, 4, 7, 8]);
  });

  it('uses bare page-number resets when there are no titles on later pages', () => {
    const pages = bundle(doc('medical_report', 3, 'bare'), doc('correspondence', 2, 'bare'));
    expect(starts(pages)).toEqual([1, 4]);
  });

  it('does not split a pleading whose later pages repeat the caption', () => {
    const caption = FIRST_PAGES.petition.split('\n').slice(0, 14).join('\n');
    const petition = [
      `${FIRST_PAGES.petition}\nPage 1 of 3`,
      `${caption}\n2. Defendant failed to pay benefits when due despite repeated demands.\nPage 2 of 3`,
      `${caption}\nWHEREFORE, petitioner requests penalties.\nPage 3 of 3`,
    ];
    expect(starts(bundle(petition, doc('answer', 2)))).toEqual([1, 4]);
  });

  it('keeps a separator sheet with the document it announces', () => {
    const separator = [
      'STATE OF CALIFORNIA\nDIVISION OF WORKERS COMPENSATION\nDOCUMENT SEPARATOR SHEET\n[ADJ-LEGAL DOCS-PETITION]',
    ];
    const pages = bundle(doc('pr2', 2), separator, doc('petition', 2), separator, doc('answer', 1));
    const ranges = splitPages(pages);
    expect(ranges.map((r) => [r.startPage, r.endPage])).toEqual([
      [1, 2],
      [3, 5],
      [6, 7],
    ]);
    expect(ranges[1]?.cues).toContain('separator');
  });

  it('splits when the ADJ number changes between untitled pages', () => {
    const letter = (adj: string, k: number): string =>
      `Re: Lopez, Case ${adj}\nThe records you requested are attached for your review.\nWe will forward the remaining bills when received.\n${k}`;
    const pages = bundle(
      [letter('ADJ10234567', 1), letter('ADJ10234567', 2)],
      [letter('ADJ9988776', 1)],
    );
    const ranges = splitPages(pages);
    expect(ranges.map((r) => r.startPage)).toEqual([1, 3]);
    expect(ranges[1]?.cues).toContain('adjChange');
  });

  it('gives cues and a confidence for every range', () => {
    const ranges = splitPages(bundle(doc('pr4', 2), doc('lien', 2)));
    expect(ranges).toHaveLength(2);
    expect(ranges[1]?.confidence).toBeGreaterThan(0.5);
    expect(ranges[1]?.cues.some((c) => c.startsWith('title:'))).toBe(true);
  });

  it('splits two copies of the same one-page form', () => {
    const notice = (date: string): string =>
      FIRST_PAGES.notice_of_hearing.replace('05/14/2024', date);
    expect(starts(bundle([notice('05/14/2024')], [notice('08/12/2024')]))).toEqual([1, 2]);
  });

  it('does not split at a title mentioned or used as a heading inside a document', () => {
    const page2 = [
      'The applicant was seen again and the records were reviewed in detail by the physician.',
      'YOUR RIGHT TO INDEPENDENT MEDICAL REVIEW',
      'If you disagree with this decision you may request an Independent Medical Review.',
      'Sincerely,',
      'UR Coordinator',
    ].join('\n');
    expect(starts(bundle([FIRST_PAGES.ur_decision, page2], doc('pr2', 1)))).toEqual([1, 3]);
  });

  it('starts a document at a letter without a title', () => {
    const letter = [
      'GOLDEN STATE IMAGING',
      '455 Oak Street, Fresno, CA 93721',
      'March 2, 2024',
      'Re: Maria Lopez',
      'Dear Ms. Hall:',
      'Our office will relocate next month. Please update your records accordingly.',
      'Sincerely,',
      'Office Manager',
    ].join('\n');
    expect(starts(bundle(doc('medical_report', 2, 'none'), [letter]))).toEqual([1, 3]);
  });

  it('survives OCR damage', () => {
    const docs = [
      doc('pr2', 2),
      doc('notice_of_hearing', 1),
      doc('minutes_of_hearing', 2),
      doc('stipulations_with_award', 3),
      doc('imr_decision', 2),
    ];
    const pages = bundle(...docs).map((p, i) => ({ ...p, text: ocrDamage(p.text, i + 11, 0.04) }));
    expect(starts(pages)).toEqual([1, 3, 4, 6, 9]);
  });
});
