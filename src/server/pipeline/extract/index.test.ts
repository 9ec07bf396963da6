import { describe, expect, it } from 'vitest';
import { NO_FIELDS } from '../match/testing';
import { extractFields, normaliseAdj, normaliseWcab } from './index';

const NOW = new Date('2025-06-01T00:00:00Z');

const CR_ORDER = [
  `                WORKERS' COMPENSATION APPEALS BOARD
                       STATE OF CALIFORNIA

MARIA GONZALEZ,                         Case No. ADJ12345678
            Applicant,                           ADJ7654321
      vs.                               ORDER APPROVING COMPROMISE
ACME WAREHOUSING INC.; ZENITH           AND RELEASE
INSURANCE COMPANY,
            Defendants.

The parties have filed a Compromise and Release for injury sustained on
Date of Injury: CT 01/01/2019 - 03/15/2023 and 06/01/2021 (specific).`,
  `Claim Nos.: ZEN-0512345, ZEN-0512346
Served on all parties shown on the official address record.`,
].join('\f');

const QME_OCR = `QUALlFIED MEDlCAL EVALUATOR'S REPORT
RE:        Maria Gonzalez
D0B:       04/l2/1978
Employer:  Acme Warehousing Inc.
Carrier:   Zenith Insurance Company
C1aim #:   05-123456-7
WCAB #:    AD.J l2345678
D.O.I.:    CT: O1/01/2019 to 03/l5/2023
Date of lncident: 03/15/2023`;

const COVER_LETTER = `November 3, 2023

Zenith Insurance Company
Attn: Claims Department

Re:    Maria Gonzalez v. Acme Warehousing Inc.
       Claim No.:      05-123456-7
       WCAB No.:       LAO 0812345 / ADJ0812345
       Superior Court Case No.: BC123456
       DOI:            3/5/23

Dear Claims Adjuster:
Enclosed please find the adjustment of 12345678 dollars, per ADJUSTER 1234567.`;

describe('extractFields', () => {
  it('reads a C&R order over two pages', () => {
    expect(extractFields(CR_ORDER, NOW)).toEqual({
      ...NO_FIELDS,
      adjNumbers: ['ADJ12345678', 'ADJ7654321'],
      claimNumbers: ['ZEN-0512345', 'ZEN-0512346'],
      dateOfInjury: { start: '2019-01-01', end: '2023-03-15', cumulativeTrauma: true },
      applicant: 'MARIA GONZALEZ',
      defendant: 'ACME WAREHOUSING INC.',
      defendants: ['ACME WAREHOUSING INC.', 'ZENITH INSURANCE COMPANY'],
    });
  });

  it('reads an OCR-damaged QME report header', () => {
    expect(extractFields(QME_OCR, NOW)).toEqual({
      ...NO_FIELDS,
      adjNumbers: ['ADJ12345678'],
      claimNumbers: ['05-123456-7'],
      dateOfInjury: { start: '2019-01-01', end: '2023-03-15', cumulativeTrauma: true },
      dateOfIncident: '2023-03-15',
      applicant: 'Maria Gonzalez',
      defendant: 'Acme Warehousing Inc.',
      defendants: ['Acme Warehousing Inc.', 'Zenith Insurance Company'],
    });
  });

  it('reads a cover letter and ignores look-alike words', () => {
    expect(extractFields(COVER_LETTER, NOW)).toEqual({
      ...NO_FIELDS,
      adjNumbers: ['ADJ0812345'],
      wcabNumbers: ['LAO 0812345'],
      claimNumbers: ['05-123456-7'],
      caseNumbers: ['BC123456'],
      dateOfInjury: { start: '2023-03-05', cumulativeTrauma: false },
      applicant: 'Maria Gonzalez',
      defendant: 'Acme Warehousing Inc.',
      defendants: ['Acme Warehousing Inc.'],
    });
  });

  it('returns empty fields for text without any', () => {
    expect(extractFields('Page intentionally left blank.\f\f', NOW)).toEqual(NO_FIELDS);
    expect(extractFields('', NOW)).toEqual(NO_FIELDS);
  });

  it('works without a pinned clock', () => {
    expect(extractFields('DOI: 2023-03-05').dateOfInjury).toEqual({
      start: '2023-03-05',
      cumulativeTrauma: false,
    });
  });
});

describe('normalisers for the case matcher', () => {
  it('are exported', () => {
    expect(normaliseAdj('adj 1234567')).toBe('ADJ1234567');
    expect(normaliseWcab('lao0812345')).toBe('LAO 0812345');
  });
});
