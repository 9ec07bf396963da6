import { describe, expect, it } from 'vitest';
import {
  compareNames,
  compareNumbers,
  nameTokens,
  normaliseNumber,
  numberReadings,
  personPart,
} from './tolerance';

describe('compareNumbers', () => {
  it('agrees exactly whatever the spacing, hyphens and case', () => {
    expect(compareNumbers('adj 1023-4567', 'ADJ10234567')).toEqual({ kind: 'exact' });
    expect(compareNumbers('RI4379507', 'RI-4379507')).toEqual({ kind: 'exact' });
    expect(compareNumbers('548929 118113 WC 01', '548929-118113-WC-01')).toEqual({
      kind: 'exact',
    });
    expect(normaliseNumber(' adj-1023 4567 ')).toBe('ADJ10234567');
  });

  it('tolerates a letter OCR read for a digit where the case has a digit', () => {
    expect(compareNumbers('ADJ1O234567', 'ADJ10234567')).toEqual({ kind: 'ocr', confusions: 1 });
    expect(compareNumbers('ADJ|1091800', 'ADJ11091800')).toEqual({ kind: 'ocr', confusions: 1 });
    expect(compareNumbers('15MC5661Z4', '15MC566124')).toEqual({ kind: 'ocr', confusions: 1 });
    expect(compareNumbers('EIG2014B08223', 'EIG2014808223')).toEqual({
      kind: 'ocr',
      confusions: 1,
    });
    expect(compareNumbers('7732S38', '7732538')).toEqual({ kind: 'ocr', confusions: 1 });
  });

  it('tolerates a digit or look-alike OCR read for a letter where the case has a letter', () => {
    expect(compareNumbers('Rl-4379507', 'RI-4379507')).toEqual({ kind: 'ocr', confusions: 1 });
    expect(compareNumbers('R1-4379507', 'RI-4379507')).toEqual({ kind: 'ocr', confusions: 1 });
    expect(compareNumbers('LA0 0812345', 'LAO 0812345')).toEqual({ kind: 'ocr', confusions: 1 });
    expect(compareNumbers('85Y2462', 'B5Y2462')).toEqual({ kind: 'ocr', confusions: 1 });
    expect(compareNumbers('2NT-44-019283', 'ZNT-44-019283')).toEqual({
      kind: 'ocr',
      confusions: 1,
    });
  });

  it('counts each look-alike, allowing two in a long number and one in a short one', () => {
    expect(compareNumbers('ADJ1O2345A7', 'ADJ10234567')).toBeNull(); // A is no look-alike of 6
    expect(compareNumbers('ADJ1O2S34567', 'ADJ10234567')).toBeNull(); // one character too many
    expect(compareNumbers('ADJ1O23456l', 'ADJ10234561')).toEqual({ kind: 'ocr', confusions: 2 });
    expect(compareNumbers('ADJ1O2З456l', 'ADJ10234561')).toBeNull(); // a Cyrillic Ze is not a 3
    expect(compareNumbers('AOJ1O23456l', 'ADJ10234561')).toBeNull(); // three is too many
    expect(compareNumbers('B5Y24A2', 'B5Y2462')).toBeNull();
    expect(compareNumbers('85Y246Z', 'B5Y2462')).toBeNull(); // two in seven characters
  });

  it('never agrees with a number one real digit or letter off', () => {
    expect(compareNumbers('ADJ10234568', 'ADJ10234567')).toBeNull();
    expect(compareNumbers('ADJ10234576', 'ADJ10234567')).toBeNull(); // transposed
    expect(compareNumbers('ADJ1023456', 'ADJ10234567')).toBeNull(); // a digit dropped
    expect(compareNumbers('ADJ102345677', 'ADJ10234567')).toBeNull(); // one too many
    expect(compareNumbers('ADJ1O234568', 'ADJ10234567')).toBeNull(); // look-alike and a wrong digit
    expect(compareNumbers('RX-4379507', 'RI-4379507')).toBeNull();
    expect(compareNumbers('548929-118113-WC-02', '548929-118113-WC-01')).toBeNull();
  });

  it('does not tolerate look-alikes where the case has another kind of character', () => {
    // The case has a digit 0 there, not a letter: "Q" and "D" stand for 0, "C" does not.
    expect(compareNumbers('ADJ1C234567', 'ADJ10234567')).toBeNull();
    // The case has a letter there: a digit 8 only stands for B, not for E.
    expect(compareNumbers('T685049', 'T6E5049')).toBeNull();
  });

  it('keeps short numbers exact', () => {
    expect(compareNumbers('12S4', '1254')).toBeNull();
    expect(compareNumbers('A1B2C', 'A1B2C')).toEqual({ kind: 'exact' });
    expect(compareNumbers('AlB2C', 'A1B2C')).toBeNull();
  });
});

describe('compareNames', () => {
  it('agrees exactly whatever the order, case, punctuation and accents', () => {
    expect(compareNames('José Ramírez', 'JOSE RAMIREZ')).toEqual({ score: 1, exact: true });
    expect(compareNames('RAMIREZ, JOSE A.', 'Jose Ramirez')).toEqual({ score: 1, exact: true });
    expect(compareNames('Hector Tran', 'Hector R. Tran')).toEqual({ score: 1, exact: true });
    expect(compareNames('Maria Garcia', 'Maria Garcia-Lopez')).toEqual({ score: 1, exact: true });
  });

  it('ignores stray one- and two-letter tokens OCR adds', () => {
    expect(compareNames('MINH VARGAS z', 'Minh Vargas')).toEqual({ score: 1, exact: true });
    expect(compareNames('WALKER, JAMES So', 'James Walker')).toEqual({ score: 1, exact: true });
    expect(compareNames('i Brenda A. Moreno', 'Brenda A. Moreno')).toEqual({
      score: 1,
      exact: true,
    });
  });

  it('splits an initial glued to a mixed-case word, and tolerates one in capitals, for less', () => {
    expect(compareNames('SilviaS. Guzman', 'Silvia S. Guzman')).toEqual({ score: 1, exact: true });
    expect(nameTokens('SilviaS. Guzman')).toEqual(['silvia', 'guzman']);
    const capitals = compareNames('SILVIAS. GUZMAN', 'Silvia S. Guzman');
    expect(capitals.exact).toBe(false);
    expect(capitals.score).toBeGreaterThan(0.9);
    expect(capitals.score).toBeLessThan(1);
    // Without that initial in the case's name the extra letter is an ordinary OCR edit.
    expect(compareNames('SILVIAS GUZMAN', 'Silvia Guzman').score).toBeCloseTo(0.85);
  });

  it('tolerates one OCR edit in a word of five letters or more, for less', () => {
    const damaged = compareNames('Vanessa Brocks', 'Vanessa Brooks');
    expect(damaged).toEqual({ score: 0.85, exact: false });
    expect(compareNames('Vanessa Broks', 'Vanessa Brooks').score).toBe(0.85); // a letter dropped
    expect(compareNames('Guadalupe Wiliams', 'Guadalupe T. Williams').score).toBe(0.85);
    expect(compareNames('Lorena Aguilar', 'Lorena Aguilar').score).toBe(1);
    // "rn" read for "m".
    expect(compareNames('Lorena Ramos', 'Lorena Rarnos').score).toBe(0.85);
    // Two damaged words agree less than one.
    expect(compareNames('Vanessa Brocks', 'Vamessa Brooks').score).toBe(0.7);
  });

  it('does not take people with similar names for each other', () => {
    // Short words must agree exactly: "Kim"/"Kin", "Mara"/"Maria" are other people.
    expect(compareNames('Samuel Kin', 'Samuel Kim').score).toBeLessThan(0.5);
    expect(compareNames('Mara Vasquez', 'Maria Vasquez').score).toBeLessThan(0.5);
    // Sharing only a given name or only a surname is not agreement.
    expect(compareNames('Silvia Smith', 'Silvia Santos').score).toBeLessThan(0.5);
    expect(compareNames('Christopher Johnson', 'Christopher Jones').score).toBeLessThan(0.5);
    expect(compareNames('Terrence Villanueva', 'Anthony Villanueva').score).toBeLessThan(0.5);
    // Surname particles do not count: only "Cruz" is shared here.
    expect(compareNames('Terrence De La Cruz', 'Lorena De La Cruz').score).toBeLessThan(0.5);
    // A different last vowel, or one added, makes a related name, not an OCR slip.
    expect(compareNames('Mario Vasquez', 'Maria Vasquez').score).toBeLessThan(0.5);
    expect(compareNames('Daniela Ortiz', 'Daniel Ortiz').score).toBeLessThan(0.5);
    expect(compareNames('Antonio Reyes', 'Antonia Reyes').score).toBeLessThan(0.5);
    // Two edits in one word is another name.
    expect(compareNames('Maria Gonzaga', 'Maria Gonzalez').score).toBeLessThan(0.5);
    expect(compareNames('Dana Whitfield', 'Luis Ortega').score).toBe(0);
  });

  it('lets a paired two-letter surname count for a name', () => {
    expect(compareNames('LI, MEI', 'Mei Li')).toEqual({ score: 1, exact: true });
    expect(compareNames('Mei Lu', 'Mei Li').score).toBeLessThan(0.5);
  });

  it('takes the person from a case name "X v. Employer"', () => {
    expect(personPart('Juan A. Ortiz v. Precision Aerospace Components')).toBe('Juan A. Ortiz');
    expect(personPart('Juan Ortiz vs. Acme')).toBe('Juan Ortiz');
    expect(personPart('Juan Ortiz')).toBe('Juan Ortiz');
  });
});

describe('numberReadings', () => {
  it('given a damaged printed number, then its readings hold the case number it stands for', () => {
    expect(numberReadings('Rl-4379507')).toContain('RI4379507');
    expect(numberReadings('ADJ1O234567')).toContain('ADJ10234567');
    expect(numberReadings('ADJ|0234567')).toContain('ADJ10234567');
    expect(numberReadings('adj 1023-4567')).toEqual(expect.arrayContaining(['ADJ10234567']));
  });

  it('given any reading, then compareNumbers accepts it, and a number compareNumbers accepts is a reading', () => {
    const printed = ['Rl-4379507', 'ADJ1O234S67', 'ADJ|0234567', 'WCAB-B8Z0!15', 'CLM 5O-OO1'];
    const known = ['RI4379507', 'ADJ10234567', 'ADJ10234S67', 'WCAB882015', 'CLM50001'];
    for (const found of printed) {
      const readings = numberReadings(found);
      for (const reading of readings) expect(compareNumbers(found, reading)).not.toBeNull();
      for (const number of known)
        if (compareNumbers(found, number) !== null) expect(readings).toContain(number);
    }
  });

  it('given a short number or a clean one, then only what agrees exactly or by the allowed look-alikes', () => {
    expect(numberReadings('A1-5')).toEqual(['A15']);
    // A real digit never stands for another: 4379507 is not read as 4379508.
    expect(numberReadings('RI-4379507')).not.toContain('RI4379508');
    expect(numberReadings('')).toEqual([]);
  });
});
