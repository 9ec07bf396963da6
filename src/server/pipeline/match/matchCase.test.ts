import { describe, expect, it } from 'vitest';
import { NO_FIELDS, aCase } from './testing';
import { matchCase, nameAgreement, normaliseNumber } from './matchCase';

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
    const result = matchCase({ ...NO_FIELDS, adjNumbers: ['ADJ10234567'] }, CASES);
    expect(result.caseId).toBe('c1');
    expect(result.recommended[0]?.reasons).toContain('ADJ number ADJ10234567 matches');
    expect(result.multiCase).toBe(false);
    expect(result.needsCaseNumber).toBe(false);
  });

  it('compares numbers however they are spaced or cased', () => {
    expect(matchCase({ ...NO_FIELDS, adjNumbers: ['ADJ9876543'] }, CASES).caseId).toBe('c2');
    expect(matchCase({ ...NO_FIELDS, wcabNumbers: ['LAO 0812345'] }, CASES).caseId).toBe('c3');
    expect(matchCase({ ...NO_FIELDS, claimNumbers: ['ZNT44019283'] }, CASES).caseId).toBe('c4');
    expect(normaliseNumber(' adj-1023 4567 ')).toBe('ADJ10234567');
  });

  it('flags multi_case when the document names two cases equally strongly', () => {
    const result = matchCase({ ...NO_FIELDS, adjNumbers: ['ADJ10234567', 'ADJ9876543'] }, CASES);
    expect(result.caseId).toBeNull();
    expect(result.multiCase).toBe(true);
    expect(result.recommended.map((m) => m.caseId).sort()).toEqual(['c1', 'c2']);
  });

  it('suggests by name and date of injury without choosing on a name alone', () => {
    const byName = matchCase({ ...NO_FIELDS, applicant: 'MARIA GONZALEZ' }, CASES);
    expect(byName.caseId).toBeNull();
    expect(byName.recommended[0]?.caseId).toBe('c1');
    expect(byName.needsCaseNumber).toBe(true);
    const withDate = matchCase(
      {
        ...NO_FIELDS,
        applicant: 'Maria Gonzalez',
        dateOfInjury: { start: '2023-03-15', cumulativeTrauma: false },
      },
      CASES,
    );
    expect(withDate.caseId).toBe('c1');
    expect(withDate.needsCaseNumber).toBe(false);
  });

  it('finds nothing for a number no case has and still says a case number is not missing', () => {
    const result = matchCase({ ...NO_FIELDS, adjNumbers: ['ADJ11111111'] }, CASES);
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

  describe('on scans, with OCR damage', () => {
    const SCANNED = [
      aCase('s1', {
        eamsNumber: 'ADJ10234567',
        primaryNumber: 'RI-4379507',
        clientName: 'Silvia S. Guzman',
        name: 'Silvia S. Guzman v. Westside Auto Body',
        dateOfInjury: '2015-04-10',
      }),
      aCase('s2', {
        eamsNumber: 'ADJ10234568',
        primaryNumber: 'RI-4379508',
        clientName: 'Vanessa Brooks',
        dateOfInjury: '2019-02-01',
      }),
      aCase('s3', { primaryNumber: 'B5Y2462', clientName: 'Luis Ortega' }),
      aCase('s4', { primaryNumber: '85Y2462', clientName: 'Dana Whitfield' }),
      aCase('s5', { eamsNumber: 'ADJ11644403', clientName: 'Silvia S. Guzman' }),
      aCase('s6', { clientName: 'Maria Vasquez', dateOfInjury: '2021-06-30' }),
      aCase('s7', { clientName: 'Mario Vasquez', dateOfInjury: '2021-06-30' }),
    ];
    const injury = (start: string) => ({ start, cumulativeTrauma: false });

    it('matches a number with one look-alike, scored below the exact number', () => {
      const damaged = matchCase({ ...NO_FIELDS, claimNumbers: ['Rl-4379507'] }, SCANNED);
      expect(damaged.caseId).toBe('s1');
      expect(damaged.recommended[0]?.reasons).toEqual([
        'claim number Rl-4379507 nearly matches RI-4379507 (OCR look-alikes)',
      ]);
      expect(damaged.needsCaseNumber).toBe(false);
      const exact = matchCase({ ...NO_FIELDS, claimNumbers: ['RI-4379507'] }, SCANNED);
      expect(damaged.recommended[0]!.score).toBeLessThan(exact.recommended[0]!.score);
      expect(matchCase({ ...NO_FIELDS, adjNumbers: ['ADJ1O234567'] }, SCANNED).caseId).toBe('s1');
    });

    it('needs more than a number with two look-alikes to choose', () => {
      const alone = matchCase({ ...NO_FIELDS, adjNumbers: ['ADJ1O23456B'] }, SCANNED);
      expect(alone.caseId).toBeNull();
      expect(alone.recommended.map((m) => m.caseId)).toEqual(['s2']);
      const named = matchCase(
        { ...NO_FIELDS, adjNumbers: ['ADJ1O23456B'], applicant: 'BROOKS, VANESSA' },
        SCANNED,
      );
      expect(named.caseId).toBe('s2');
    });

    it('does not read look-alikes into a number some case carries exactly', () => {
      // "85Y2462" is s4's own number, though it could be s3's "B5Y2462" misread.
      const result = matchCase({ ...NO_FIELDS, claimNumbers: ['85Y2462'] }, SCANNED);
      expect(result.caseId).toBe('s4');
      expect(result.recommended.map((m) => m.caseId)).toEqual(['s4']);
    });

    it('never matches a number one real digit off', () => {
      for (const adj of ['ADJ10234569', 'ADJ10234576', 'ADJ1023456', 'ADJ1O234569'])
        expect(matchCase({ ...NO_FIELDS, adjNumbers: [adj] }, SCANNED)).toEqual({
          recommended: [],
          caseId: null,
          multiCase: false,
          needsCaseNumber: false,
        });
      expect(
        matchCase({ ...NO_FIELDS, claimNumbers: ['RI-4379509'] }, SCANNED).recommended,
      ).toEqual([]);
    });

    it('keeps a consolidated caption multi_case when OCR damaged one of its numbers', () => {
      const result = matchCase(
        { ...NO_FIELDS, adjNumbers: ['ADJ1O234567', 'ADJ11644403'], applicant: 'Silvia S. Guzman' },
        SCANNED,
      );
      expect(result.caseId).toBeNull();
      expect(result.multiCase).toBe(true);
      expect(result.recommended.map((m) => m.caseId).sort()).toEqual(['s1', 's5']);
    });

    it('matches a damaged name with the date of injury, below the exact name', () => {
      const exact = matchCase(
        { ...NO_FIELDS, applicant: 'Silvia S. Guzman', dateOfInjury: injury('2015-04-10') },
        SCANNED,
      );
      expect(exact.caseId).toBe('s1');
      for (const applicant of ['SilviaS. Guzman', 'SILVIAS. GUZMAN', 'GUZMAN, SILVIA So']) {
        const result = matchCase(
          { ...NO_FIELDS, applicant, dateOfInjury: injury('2015-04-10') },
          SCANNED,
        );
        expect(result.caseId, applicant).toBe('s1');
      }
      const slip = matchCase(
        { ...NO_FIELDS, applicant: 'Silvia S. Guzrnan', dateOfInjury: injury('2015-04-10') },
        SCANNED,
      );
      expect(slip.caseId).toBe('s1');
      expect(slip.recommended[0]?.reasons).toEqual([
        'applicant name nearly agrees (OCR)',
        'date of injury agrees',
      ]);
      expect(slip.recommended[0]!.score).toBeLessThan(exact.recommended[0]!.score);
    });

    it('does not choose on a name damaged in two words, or on a damaged name alone', () => {
      const twice = matchCase(
        { ...NO_FIELDS, applicant: 'Silvla Guzrnan', dateOfInjury: injury('2015-04-10') },
        SCANNED,
      );
      expect(twice.caseId).toBeNull();
      expect(twice.recommended[0]?.caseId).toBe('s1');
      const alone = matchCase({ ...NO_FIELDS, applicant: 'Vanessa Brocks' }, SCANNED);
      expect(alone.caseId).toBeNull();
      expect(alone.needsCaseNumber).toBe(true);
      expect(alone.recommended[0]?.caseId).toBe('s2');
    });

    it('does not take people with similar names for each other', () => {
      // Mario and Maria Vasquez, hurt the same day: each document goes to its own case.
      expect(
        matchCase(
          { ...NO_FIELDS, applicant: 'MARIA VASQUEZ', dateOfInjury: injury('2021-06-30') },
          SCANNED,
        ).caseId,
      ).toBe('s6');
      expect(
        matchCase(
          { ...NO_FIELDS, applicant: 'Mario Vasquez', dateOfInjury: injury('2021-06-30') },
          SCANNED,
        ).caseId,
      ).toBe('s7');
      // Mario's document when only Maria is a client: not hers, even on the same day.
      const onlyMaria = SCANNED.filter((c) => c.caseId !== 's7');
      const mario = matchCase(
        { ...NO_FIELDS, applicant: 'MARIO VASQUEZ', dateOfInjury: injury('2021-06-30') },
        onlyMaria,
      );
      expect(mario.caseId).toBeNull();
      expect(mario.recommended).toEqual([]);
      // A short given name one letter off is someone else: no case is chosen.
      const mara = matchCase(
        { ...NO_FIELDS, applicant: 'Mara Vasquez', dateOfInjury: injury('2021-06-30') },
        SCANNED,
      );
      expect(mara.caseId).toBeNull();
      // Sharing a given name and the date of injury is not enough either.
      const given = matchCase(
        { ...NO_FIELDS, applicant: 'Silvia Santos', dateOfInjury: injury('2015-04-10') },
        SCANNED,
      );
      expect(given.caseId).toBeNull();
      expect(given.recommended).toEqual([]);
    });
  });
});
