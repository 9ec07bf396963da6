import { describe, expect, it } from 'vitest';
import type { ExtractedFields, PipelineDocument } from '../../src/server/pipeline/types';
import { emptyTally, fieldMatches, scoreBundle, summarise, type TruthDocument } from './metrics';

const FIELDS: ExtractedFields = {
  adjNumbers: ['ADJ1234567'],
  wcabNumbers: [],
  claimNumbers: ['ZN-1'],
  caseNumbers: [],
  dateOfInjury: { start: '2023-01-02', cumulativeTrauma: false },
  dateOfIncident: null,
  applicant: 'Maria Gonzalez',
  defendant: 'Acme Inc.',
  defendants: ['Acme Inc.'],
};

function truth(startPage: number, endPage: number, typeKey: string): TruthDocument {
  return { startPage, endPage, typeKey, fields: FIELDS, caseId: 'c1' };
}

function found(startPage: number, endPage: number, typeKey: string | null): PipelineDocument {
  return {
    startPage,
    endPage,
    confidence: 1,
    cues: [],
    classification: { typeKey, confidence: 1, alternatives: [] },
    fields: FIELDS,
    match: { recommended: [], caseId: 'c1', multiCase: false, needsCaseNumber: false },
    text: '',
  };
}

describe('pipeline evaluation metrics', () => {
  it('scores a perfect split as F1 1 and a perfect bundle', () => {
    const tally = emptyTally();
    scoreBundle(
      tally,
      [found(1, 2, 'pr2'), found(3, 5, 'qme_report')],
      [truth(1, 2, 'pr2'), truth(3, 5, 'qme_report')],
    );
    const summary = summarise(tally);
    expect(summary.boundary).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(summary.perfect_bundle_share).toBe(1);
    expect(summary.type_accuracy).toBe(1);
    expect(summary.case_match_accuracy).toBe(1);
  });

  it('counts a missed boundary and a false one, and the merged documents as wrong', () => {
    const tally = emptyTally();
    scoreBundle(
      tally,
      [found(1, 3, 'pr2'), found(4, 4, 'pr2'), found(5, 6, 'lien')],
      [truth(1, 2, 'pr2'), truth(3, 4, 'pr2'), truth(5, 6, 'lien')],
    );
    const summary = summarise(tally);
    // Found starts {4,5}, true starts {3,5}: one right, one false, one missed.
    expect(summary.boundary.precision).toBe(0.5);
    expect(summary.boundary.recall).toBe(0.5);
    expect(summary.perfect_bundle_share).toBe(0);
    expect(summary.type_accuracy).toBeCloseTo(1 / 3, 3);
    expect(summary.field_exact_match.adjNumbers).toBeCloseTo(1 / 3, 3);
  });

  it('counts a two-case document as matched when it is flagged multi_case with both cases', () => {
    const tally = emptyTally();
    const doc = found(1, 1, 'order');
    doc.match = {
      recommended: [
        { caseId: 'c1', score: 0.95, reasons: [] },
        { caseId: 'c2', score: 0.95, reasons: [] },
      ],
      caseId: null,
      multiCase: true,
      needsCaseNumber: false,
    };
    scoreBundle(tally, [doc], [{ ...truth(1, 1, 'order'), caseIds: ['c1', 'c2'] }]);
    scoreBundle(tally, [doc], [{ ...truth(1, 1, 'order'), caseIds: ['c1'] }]);
    expect(summarise(tally).case_match_accuracy).toBe(0.5);
  });

  it('compares fields as sets, dates exactly and names without case or trailing punctuation', () => {
    expect(
      fieldMatches(
        'adjNumbers',
        { ...FIELDS, adjNumbers: ['adj1234567', 'ADJ7654321'] },
        {
          ...FIELDS,
          adjNumbers: ['ADJ7654321', 'ADJ1234567'],
        },
      ),
    ).toBe(true);
    expect(fieldMatches('applicant', { ...FIELDS, applicant: 'GONZALEZ, MARIA' }, FIELDS)).toBe(
      true,
    );
    expect(fieldMatches('defendant', { ...FIELDS, defendant: 'ACME INC' }, FIELDS)).toBe(true);
    // An accent is part of its letter: OCR's "VILLASENOR" is "Villaseñor", never "VILLASE OR".
    expect(
      fieldMatches(
        'applicant',
        { ...FIELDS, applicant: 'VILLASENOR, YESENIA' },
        { ...FIELDS, applicant: 'Yesenia Villaseñor' },
      ),
    ).toBe(true);
    expect(
      fieldMatches(
        'applicant',
        { ...FIELDS, applicant: 'VILLASE OR, YESENIA' },
        { ...FIELDS, applicant: 'Yesenia Villaseñor' },
      ),
    ).toBe(false);
    expect(fieldMatches('applicant', { ...FIELDS, applicant: 'Maria Gonzales' }, FIELDS)).toBe(
      false,
    );
    expect(
      fieldMatches(
        'dateOfInjury',
        {
          ...FIELDS,
          dateOfInjury: { start: '2023-01-02', end: '2023-02-01', cumulativeTrauma: true },
        },
        FIELDS,
      ),
    ).toBe(false);
  });
});
