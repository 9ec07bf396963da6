import { describe, expect, it } from 'vitest';
import type { CaseCandidate, ExtractedFields } from '../types';
import { matchCase, nameAgreement, normaliseNumber } from './matchCase';

const EMPTY: ExtractedFields = {
  adjNumbers: [],
  wcabNumbers: [],
  claimNumbers: [],
  caseNumbers: [],
  dateOfInjury: null,
  dateOfIncident: null,
  applicant: null,
  defendant: null,
};

function aCase(id: string, over: Partial<CaseCandidate> = {}): CaseCandidate {
  return {
    caseId: id,
    caseNumber: null,
    name: null,
    clientName: null,
    eamsNumber: null,
    wcabNumber: null,
    primaryNumber: null,
    alternateNumber: null,
    dateOfInjury: null,
    dateOfIncident: null,
    ...over,
  };
}

const CASES = [
  aCase('c1', {
    eamsNumber: 'ADJ10234567',
    clientName: 'Maria Gonzalez',
    dateOfInjury: '2023-03-15',
  }),
  aCase('c2', { caseNumber: 'adj 9876543', clientName: 'Luis Ortega' }),
  aCase('c3', { wcabNumber: 'LAO 0812345', clientName: 'Dana Whitfield' }),
  aCase('c4', { primaryNumber: 'ZNT-44-019283', clientName: 'Maria Gonzales' }),
];

describe('matchCase', () => {
  it('chooses the one case whose EAMS number the document carries', () => {
    const result = matchCase({ ...EMPTY, adjNumbers: ['ADJ10234567'] }, CASES);
    expect(result.caseId).toBe('c1');
    expect(result.recommended[0]?.reasons).toContain('ADJ number ADJ10234567 matches');
    expect(result.multiCase).toBe(false);
    expect(result.needsCaseNumber).toBe(false);
  });

  it('compares numbers however they are spaced or cased', () => {
    expect(matchCase({ ...EMPTY, adjNumbers: ['ADJ9876543'] }, CASES).caseId).toBe('c2');
    expect(matchCase({ ...EMPTY, wcabNumbers: ['LAO 0812345'] }, CASES).caseId).toBe('c3');
    expect(matchCase({ ...EMPTY, claimNumbers: ['ZNT44019283'] }, CASES).caseId).toBe('c4');
    expect(normaliseNumber(' adj-1023 4567 ')).toBe('ADJ10234567');
  });

  it('flags multi_case when the document names two cases equally strongly', () => {
    const result = matchCase({ ...EMPTY, adjNumbers: ['ADJ10234567', 'ADJ9876543'] }, CASES);
    expect(result.caseId).toBeNull();
    expect(result.multiCase).toBe(true);
    expect(result.recommended.map((m) => m.caseId).sort()).toEqual(['c1', 'c2']);
  });

  it('suggests by name and date of injury without choosing on a name alone', () => {
    const byName = matchCase({ ...EMPTY, applicant: 'MARIA GONZALEZ' }, CASES);
    expect(byName.caseId).toBeNull();
    expect(byName.recommended[0]?.caseId).toBe('c1');
    expect(byName.needsCaseNumber).toBe(true);
    const withDate = matchCase(
      {
        ...EMPTY,
        applicant: 'Maria Gonzalez',
        dateOfInjury: { start: '2023-03-15', cumulativeTrauma: false },
      },
      CASES,
    );
    expect(withDate.caseId).toBe('c1');
    expect(withDate.needsCaseNumber).toBe(false);
  });

  it('finds nothing for a number no case has and still says a case number is not missing', () => {
    const result = matchCase({ ...EMPTY, adjNumbers: ['ADJ11111111'] }, CASES);
    expect(result).toEqual({
      recommended: [],
      caseId: null,
      multiCase: false,
      needsCaseNumber: false,
    });
  });

  it('agrees names by shared tokens, ignoring accents and case', () => {
    expect(nameAgreement('José Ramírez', 'JOSE RAMIREZ')).toBe(1);
    expect(nameAgreement('Ramirez, Jose A.', 'Jose Ramirez')).toBe(1);
    expect(nameAgreement('Dana Whitfield', 'Luis Ortega')).toBe(0);
  });
});
