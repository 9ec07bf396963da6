import { describe, expect, it } from 'vitest';
import { matchCase } from '../../pipeline/match/matchCase';
import { NO_FIELDS, aCase } from '../../pipeline/match/testing';
import type { ExtractedFields } from '../../pipeline/types';
import {
  readStoredThroughCase,
  pagesReadByOcr,
  storedFields,
  type StoredFieldColumns,
} from './storedDocument';

const row: StoredFieldColumns = {
  adj_number: ['ADJ10234567'],
  eams_number: ['ADJ10234567', 'ADJ7654321'],
  wcab_number: [],
  claim_number: ['7600IA3879'],
  case_number: [],
  date_of_injury: '2022-01-03',
  date_of_injury_end: '2023-02-04',
  date_of_incident: null,
  applicant: 'Maria Gonzalez',
  defendant: 'Acme Warehousing Inc.',
  defendants: ['Acme Warehousing Inc.', 'Zenith Insurance Company'],
};

describe('storedFields', () => {
  it('reads the columns as the pipeline names them, ADJ and EAMS numbers once each', () => {
    expect(storedFields(row)).toEqual({
      adjNumbers: ['ADJ10234567', 'ADJ7654321'],
      wcabNumbers: [],
      claimNumbers: ['7600IA3879'],
      caseNumbers: [],
      dateOfInjury: { start: '2022-01-03', end: '2023-02-04', cumulativeTrauma: true },
      dateOfIncident: null,
      applicant: 'Maria Gonzalez',
      defendant: 'Acme Warehousing Inc.',
      defendants: ['Acme Warehousing Inc.', 'Zenith Insurance Company'],
    });
  });

  it('reads a specific injury, and days given as dates by raw SQL', () => {
    const fields = storedFields({
      ...row,
      date_of_injury: new Date('2023-03-15T00:00:00Z') as unknown as string,
      date_of_injury_end: null,
      date_of_incident: new Date('2023-03-16T00:00:00Z') as unknown as string,
    });
    expect(fields.dateOfInjury).toEqual({ start: '2023-03-15', cumulativeTrauma: false });
    expect(fields.dateOfIncident).toBe('2023-03-16');
  });
});

describe('pagesReadByOcr', () => {
  it('is true when any page of the range was read by OCR', () => {
    expect(pagesReadByOcr([3, 4], { start: 4, end: 6 })).toBe(true);
    expect(pagesReadByOcr([1, 7], { start: 2, end: 6 })).toBe(false);
    expect(pagesReadByOcr([], { start: 1, end: 6 })).toBe(false);
  });

  it('takes pages nobody kept (a file processed before) as not OCR', () => {
    expect(pagesReadByOcr(null, { start: 1, end: 6 })).toBe(false);
  });
});

describe('readStoredThroughCase', () => {
  const theCase = aCase('c1', { eamsNumber: 'ADJ10234567', primaryNumber: '7600IA3879' });
  const cases = [theCase];
  const scanned: ExtractedFields = {
    ...NO_FIELDS,
    adjNumbers: ['ADJ10234567'],
    claimNumbers: ['76001A3879'],
  };
  const match = matchCase(scanned, cases);

  it("reads a scanned claim number through the chosen case, as the pipeline's run does", () => {
    const out = readStoredThroughCase(scanned, match, cases, { ocr: true, editedFields: [] });
    expect(out.fields.claimNumbers).toEqual(['7600IA3879']);
    expect(out.match?.recommended[0]?.reasons).toContain(
      'claim number OCR read as 76001A3879 taken as 7600IA3879 (look-alikes)',
    );
  });

  it('leaves a text layer, or pages not known to be OCR, as read', () => {
    const out = readStoredThroughCase(scanned, match, cases, { ocr: false, editedFields: [] });
    expect(out).toEqual({ fields: scanned, match });
  });

  it('never changes claim numbers a person set, nor notes a reading in the reasons', () => {
    const out = readStoredThroughCase(scanned, match, cases, {
      ocr: true,
      editedFields: ['applicant', 'claim_number'],
    });
    expect(out).toEqual({ fields: scanned, match });
  });
});
