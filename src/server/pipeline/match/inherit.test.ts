import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../types';
import { inheritFromPrevious } from './inherit';
import { NO_FIELDS } from './testing';

const MATCHED: MatchResult = {
  recommended: [{ caseId: 'c1', score: 0.95, reasons: ['ADJ number ADJ1234567 matches'] }],
  caseId: 'c1',
  multiCase: false,
  needsCaseNumber: false,
};
const NOTHING: MatchResult = {
  recommended: [],
  caseId: null,
  multiCase: false,
  needsCaseNumber: true,
};
const SERVICE = 'PROOF OF SERVICE\nOn 01-13-2021, I served the foregoing document(s) described as';

describe('inheritFromPrevious', () => {
  it('gives a proof of service that names no case the case of the document it serves', () => {
    const [, service] = inheritFromPrevious([
      { text: 'QME REPORT', fields: { ...NO_FIELDS, adjNumbers: ['ADJ1234567'] }, match: MATCHED },
      { text: SERVICE, fields: NO_FIELDS, match: NOTHING },
    ]);
    expect(service?.caseId).toBe('c1');
    expect(service?.needsCaseNumber).toBe(false);
    expect(service?.recommended[0]?.reasons[0]).toBe('refers to the document before it');
  });

  it('leaves alone a caseless document that does not refer back, or names someone', () => {
    const [, letter, named] = inheritFromPrevious([
      { text: 'QME REPORT', fields: NO_FIELDS, match: MATCHED },
      {
        text: 'Dear colleague, our office will be closed on Monday.',
        fields: NO_FIELDS,
        match: NOTHING,
      },
      {
        text: SERVICE,
        fields: { ...NO_FIELDS, applicant: 'Luis Ortega' },
        match: NOTHING,
      },
    ]);
    expect(letter).toBe(NOTHING);
    expect(named).toBe(NOTHING);
  });

  it('never looks past the first document or borrows from one without a case', () => {
    expect(inheritFromPrevious([{ text: SERVICE, fields: NO_FIELDS, match: NOTHING }])).toEqual([
      NOTHING,
    ]);
    const [, second] = inheritFromPrevious([
      { text: 'x', fields: NO_FIELDS, match: NOTHING },
      { text: SERVICE, fields: NO_FIELDS, match: NOTHING },
    ]);
    expect(second).toBe(NOTHING);
  });
});
