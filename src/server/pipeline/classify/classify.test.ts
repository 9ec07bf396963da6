import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPE_KEYS, type DefaultTypeKey } from '../taxonomy/keys';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import { classifyDocument } from './classify';
import { FIRST_PAGES, ocrDamage } from './fixtures';
import { addCorrection, trainModel } from './model';

describe('classifyDocument', () => {
  it.each(DEFAULT_TYPE_KEYS)('recognises a %s first page', (key) => {
    const c = classifyDocument(FIRST_PAGES[key], DEFAULT_TAXONOMY);
    expect(c.typeKey).toBe(key);
    expect(c.confidence).toBeGreaterThan(0.5);
    expect(c.alternatives.map((a) => a.typeKey)).not.toContain(key);
  });

  it.each(DEFAULT_TYPE_KEYS)('recognises an OCR-damaged %s first page', (key) => {
    for (const seed of [3, 5]) {
      expect(
        classifyDocument(ocrDamage(FIRST_PAGES[key], seed, 0.05), DEFAULT_TAXONOMY).typeKey,
      ).toBe(key);
    }
  });

  const pairs: Array<[DefaultTypeKey, DefaultTypeKey]> = [
    ['qme_report', 'ame_report'],
    ['pr2', 'pr4'],
    ['compromise_and_release', 'stipulations_with_award'],
    ['notice_of_hearing', 'minutes_of_hearing'],
    ['ur_decision', 'imr_decision'],
    ['petition', 'order'],
    ['compromise_and_release', 'order'],
    ['application_for_adjudication', 'answer'],
    ['subpoena', 'deposition_notice'],
  ];
  it.each(pairs)('separates %s from %s', (a, b) => {
    const ca = classifyDocument(FIRST_PAGES[a], DEFAULT_TAXONOMY);
    const cb = classifyDocument(FIRST_PAGES[b], DEFAULT_TAXONOMY);
    expect(ca.typeKey).toBe(a);
    expect(cb.typeKey).toBe(b);
  });

  it('tells QME from AME by the body when the title is generic', () => {
    const body = (who: string): string =>
      `MEDICAL-LEGAL EVALUATION\nRe: Maria Lopez ADJ10234567\nI was selected as the ${who} in this case.\nApportionment is discussed below.`;
    expect(
      classifyDocument(body('panel Qualified Medical Evaluator'), DEFAULT_TAXONOMY).typeKey,
    ).toBe('qme_report');
    expect(classifyDocument(body('Agreed Medical Evaluator (AME)'), DEFAULT_TAXONOMY).typeKey).toBe(
      'ame_report',
    );
  });

  it('finds a title broken by OCR', () => {
    const text = 'DECLARATI0N 0F READ1NESS T0 PR0CEED\nCase ADJ10234567\nlssues: TD, PD';
    expect(classifyDocument(text, DEFAULT_TAXONOMY).typeKey).toBe('declaration_of_readiness');
    const broken = 'SUBP OENA DUC ES TECUM\nTo: Custodian of Records';
    expect(classifyDocument(broken, DEFAULT_TAXONOMY).typeKey).toBe('subpoena');
  });

  it('reads the document type named on an EAMS separator sheet', () => {
    const text = [
      'STATE OF CALIFORNIA',
      'DIVISION OF WORKERS COMPENSATION',
      'DOCUMENT SEPARATOR SHEET',
      '[ADJ-LEGAL DOCS-APPLICATION FOR ADJUDICATION]',
      'DWC-CA form 10232.2',
    ].join('\n');
    expect(classifyDocument(text, DEFAULT_TAXONOMY).typeKey).toBe('application_for_adjudication');
  });

  it('returns null (no_file_type) when nothing is convincing', () => {
    const c = classifyDocument(
      'Lunch menu\nSoup of the day: tomato\nDessert: apple pie',
      DEFAULT_TAXONOMY,
    );
    expect(c.typeKey).toBeNull();
    expect(c.confidence).toBeLessThan(0.3);
    expect(classifyDocument('', DEFAULT_TAXONOMY).typeKey).toBeNull();
  });

  it('lets a learned model decide where the rules have nothing to say', () => {
    const menu = (n: number): string =>
      `Cafeteria schedule week ${n}\nSoup tomato\nDessert apple pie`;
    const other = (n: number): string =>
      `Parking permit renewal ${n}\nLot B gate code\nValid until June`;
    let model = trainModel([]);
    for (let i = 0; i < 30; i++) {
      model = addCorrection(model, { text: menu(i), typeKey: 'correspondence' });
      model = addCorrection(model, { text: other(i), typeKey: 'benefit_notice' });
    }
    expect(classifyDocument(menu(99), DEFAULT_TAXONOMY, model).typeKey).toBe('correspondence');
    expect(classifyDocument(other(99), DEFAULT_TAXONOMY, model).typeKey).toBe('benefit_notice');
    // Without the model the same pages are exceptions.
    expect(classifyDocument(menu(99), DEFAULT_TAXONOMY).typeKey).toBeNull();
  });

  it('gives a model with a handful of examples little say', () => {
    const model = trainModel([
      { text: 'Cafeteria schedule\nSoup tomato', typeKey: 'correspondence' },
    ]);
    expect(
      classifyDocument('Cafeteria schedule\nSoup tomato', DEFAULT_TAXONOMY, model).typeKey,
    ).toBeNull();
  });

  it('keeps a strong title ahead of a model trained on other types', () => {
    const model = trainModel(
      Array.from({ length: 40 }, (_, i) => ({
        text: `${FIRST_PAGES.correspondence} ${i}`,
        typeKey: 'correspondence',
      })),
    );
    expect(classifyDocument(FIRST_PAGES.findings_and_award, DEFAULT_TAXONOMY, model).typeKey).toBe(
      'findings_and_award',
    );
  });
});

describe('e-mails printed into the file', () => {
  it('given a printed e-mail with its header block and a quoted message, then it is correspondence', () => {
    const email = `From: Paul Ortega <paul.ortega@example-claims.com>
Sent: March 4, 2025 9:12 AM
To: intake@example-law.com
Subject: RE: Rosa M. Ibarra - Claim # 55-1234
We have received your request for the benefit printout and will send it this week.
Paul Ortega
Claims Examiner | Example Claims Services
-----Original Message-----
Sent: March 1, 2025
Please send the benefit printout and the wage statement.`;
    expect(classifyDocument(email, DEFAULT_TAXONOMY).typeKey).toBe('correspondence');
  });
});
