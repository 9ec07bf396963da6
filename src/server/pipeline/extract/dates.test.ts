import { describe, expect, it } from 'vitest';
import { expandYear, findDates, isRealDate, parseDate, repairDateText } from './dates';

const NOW = new Date('2025-06-01T00:00:00Z');

describe('parseDate', () => {
  it.each([
    ['03/15/2023', '2023-03-15'],
    ['3/5/2023', '2023-03-05'],
    ['3/5/23', '2023-03-05'],
    ['12/31/99', '1999-12-31'],
    ['01-02-2020', '2020-01-02'],
    ['01.02.2020', '2020-01-02'],
    ['03 / 15 / 2023', '2023-03-15'],
    ['2023-03-05', '2023-03-05'],
    ['2023-3-5', '2023-03-05'],
    ['March 5, 2023', '2023-03-05'],
    ['March 5 2023', '2023-03-05'],
    ['Mar. 5, 2023', '2023-03-05'],
    ['Sept. 30, 2021', '2021-09-30'],
    ['3-Sep-20', '2020-09-03'],
    ['03-SEP-2020', '2020-09-03'],
    ['september 30, 2021', '2021-09-30'],
    ['MARCH 5, 2023', '2023-03-05'],
    ['5 March 2023', '2023-03-05'],
    ['5th March, 2023', '2023-03-05'],
    ['March 5th, 2023', '2023-03-05'],
    ['February 29, 2024', '2024-02-29'],
    ['02/29/2000', '2000-02-29'],
    ['O3/l5/2O23', '2023-03-15'],
    ['03/15/2023.', '2023-03-15'],
    // OCR look-alikes in the day and year of a date in words.
    ['December l7, 2O18', '2018-12-17'],
    ['March 5, 2O23', '2023-03-05'],
  ])('%s → %s', (input, expected) => {
    expect(parseDate(input, NOW)).toBe(expected);
  });

  it.each([
    '02/30/2023',
    '02/29/2023',
    '02/29/1900',
    '13/01/2023',
    '00/10/2023',
    '04/31/2023',
    '12/00/2023',
    'February 30, 2023',
    'Smarch 5, 2023',
    '2023-13-01',
    '01/01/1850',
    'OO/OO/OOOO',
    // A day and year mostly of look-alikes is a word, not a date.
    'March lS, 2OlS',
    'not a date',
    '',
  ])('rejects %j', (input) => {
    expect(parseDate(input, NOW)).toBeNull();
  });
});

describe('expandYear', () => {
  it.each([
    [0, 2000],
    [23, 2023],
    [25, 2025],
    [26, 2026],
    [27, 1927],
    [85, 1985],
    [99, 1999],
  ])('in 2025, %i → %i', (yy, year) => {
    expect(expandYear(yy, NOW)).toBe(year);
  });
});

describe('isRealDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [2100, 1, 1, false],
    [2023, 4, 30, true],
    [2023, 4, 31, false],
    [2023, 1.5, 1, false],
  ])('%i-%i-%i is %s', (y, m, d, real) => {
    expect(isRealDate(y, m, d)).toBe(real);
  });
});

describe('findDates', () => {
  it('finds every real date in order', () => {
    const text =
      'Seen 01/02/2023, again on March 5, 2023 and 2023-04-01; not 02/30/2023 nor 123/45/6789';
    expect(findDates(text, NOW)).toEqual(['2023-01-02', '2023-03-05', '2023-04-01']);
  });
});

describe('repairDateText', () => {
  it.each([
    // A space OCR put inside the day or the year.
    ['DOI: 03/1 5/2023', 'DOI: 03/15/2023'],
    ['DOI: 03/15/20 23', 'DOI: 03/15/2023'],
    ['DOI: 3/5/202 3', 'DOI: 3/5/2023'],
    // A doubled separator.
    ['DOI: 03//15/2023', 'DOI: 03/15/2023'],
    ['DOI: 03--15-2023', 'DOI: 03-15-2023'],
    // A faint separator dropped before a four-digit year.
    ['DOI: 03/152023', 'DOI: 03/15/2023'],
    // Misread month names: "rn" for "m", a digit for a letter.
    ['on Decernber 17, 2018.', 'on December 17, 2018.'],
    ['on 0ctober 5, 2020', 'on October 5, 2020'],
    ['on Ju1y 4, 2021', 'on July 4, 2021'],
    ['on Novernber 30, 2019', 'on November 30, 2019'],
    ['CT Septembr 1, 2019 to Apri1 2, 2021', 'CT September 1, 2019 to April 2, 2021'],
    // Line breaks stay where they were.
    ['DOI:\n03/1 5/2023\nnext', 'DOI:\n03/15/2023\nnext'],
  ])('%j → %j', (input, expected) => {
    expect(repairDateText(input, NOW)).toBe(expected);
  });

  it.each([
    // Sound dates and things that are not dates stay as they are.
    'DOI: 03/15/2023',
    'DOI: O3/l5/2O23',
    'Seen 3/4 2023 for a follow-up',
    'Call 555-0100 or 555-0199',
    'Charges $38.90 2023',
    'Rev. 11/2008',
    '3/5/20 2 pages',
    '13/45/2023',
    '03/15/2O2S',
    '03/159999',
    '1 1/4/2023',
    // "Smarch" is not March (first letter wrong); "Juno" could be June or July.
    'Smarch 5, 2023',
    'Juno 5, 2023',
    'Mayo 12, 2020',
    'Form 5021, 2008',
    'Decl 2023',
  ])('leaves %j alone', (input) => {
    expect(repairDateText(input, NOW)).toBe(input);
  });
});
