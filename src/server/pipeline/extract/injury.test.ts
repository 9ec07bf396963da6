import { describe, expect, it } from 'vitest';
import { findDateOfIncident, findDateOfInjury, parseInjuryWindow } from './injury';

const NOW = new Date('2025-06-01T00:00:00Z');
const day = (start: string) => ({ start, cumulativeTrauma: false });
const ct = (start: string, end?: string) =>
  end ? { start, end, cumulativeTrauma: true } : { start, cumulativeTrauma: true };

describe('findDateOfInjury', () => {
  it.each([
    ['Date of Injury: 03/15/2023', day('2023-03-15')],
    ['DATE OF INJURY: 3/5/23', day('2023-03-05')],
    ['DOI: 03/15/2023', day('2023-03-15')],
    ['DOI 03/15/2023', day('2023-03-15')],
    ['D/O/I: 03/15/2023', day('2023-03-15')],
    ['D.O.I.: 03/15/2023', day('2023-03-15')],
    ['Injury Date: March 5, 2023', day('2023-03-05')],
    ['Date(s) of Injury: 2023-03-05', day('2023-03-05')],
    ['Dates of Injury: 03/05/2023; 07/01/2022', day('2023-03-05')],
    ['Date of\nInjury:\n03/15/2023', day('2023-03-15')],
    ['Date of lnjury: O3/15/2O23', day('2023-03-15')],
    ['Date 0f Injury: 03/15/2023', day('2023-03-15')],
    ['D0I: 03/15/2023', day('2023-03-15')],
  ])('reads a single day from %j', (text, expected) => {
    expect(findDateOfInjury(text, NOW)).toEqual(expected);
  });

  it.each([
    ['Date of Injury: CT 01/01/2019 - 03/15/2023', ct('2019-01-01', '2023-03-15')],
    ['DOI: CT: 01/01/2019 to 03/15/2023', ct('2019-01-01', '2023-03-15')],
    ['D/O/I: C.T. 01/01/2019 through 03/15/2023', ct('2019-01-01', '2023-03-15')],
    ['Date of Injury: 01/01/2019 - 03/15/2023 (CT)', ct('2019-01-01', '2023-03-15')],
    ['Date of Injury: 01/01/2019-03/15/2023', ct('2019-01-01', '2023-03-15')],
    ['DOI: Cumulative trauma 1/1/19 thru 3/15/23', ct('2019-01-01', '2023-03-15')],
    ['Date of Injury: Cumulative trauma through 3/15/2023', ct('2023-03-15')],
    ['DOI: CT ending 03/15/2023', ct('2023-03-15')],
    ['DOI: CT 01/01/2019 to present', ct('2019-01-01')],
    ['Injury Date: CT January 1, 2019 - March 15, 2023', ct('2019-01-01', '2023-03-15')],
    ['DOI: 01/01/2019 - present (CT)', ct('2019-01-01')],
    ['DOI: CT 1/1/19-3/15/23', ct('2019-01-01', '2023-03-15')],
  ])('reads a cumulative trauma from %j', (text, expected) => {
    expect(findDateOfInjury(text, NOW)).toEqual(expected);
  });

  it.each([
    ['Applicant claims CT 01/01/2019 - 03/15/2023 to his back.', ct('2019-01-01', '2023-03-15')],
    [
      'injury over the period 01/01/2019 to 03/15/2023 (CT) to the neck',
      ct('2019-01-01', '2023-03-15'),
    ],
    ['Cumulative trauma through 3/15/2023 to the wrists.', ct('2023-03-15')],
    ['CUMULATIVE TRAUMA from 01/01/2019 to 03/15/2023', ct('2019-01-01', '2023-03-15')],
  ])('reads an unlabelled cumulative trauma from %j', (text, expected) => {
    expect(findDateOfInjury(text, NOW)).toEqual(expected);
  });

  it.each([
    ['Date of Injury: 06/15/2022 (specific) and CT 01/01/2019 - 03/15/2023', day('2022-06-15')],
    ['DOI: CT 01/01/2019 - 03/15/2023; 06/15/2022', ct('2019-01-01', '2023-03-15')],
    ['DOI: 06/15/2022, CT 01/01/2019 - 03/15/2023', day('2022-06-15')],
  ])('takes the first of several injuries in %j', (text, expected) => {
    expect(findDateOfInjury(text, NOW)).toEqual(expected);
  });

  it('prefers the labelled date of injury over a CT period elsewhere', () => {
    const text = 'Prior CT 01/01/2010 - 02/02/2012 settled.\nDate of Injury: 03/15/2023';
    expect(findDateOfInjury(text, NOW)).toEqual(day('2023-03-15'));
  });

  it('does not take the next field’s date for an empty date of injury', () => {
    const text = 'Date of Injury:            Date of Birth: 01/01/1980\nDOI: 05/06/2022';
    expect(findDateOfInjury(text, NOW)).toEqual(day('2022-05-06'));
  });

  it.each([
    'Date of Injury: 02/30/2023',
    'Date of Injury: unknown',
    'Date of Birth: 01/01/1980',
    'Report date 03/15/2023, exam 01/02/2023',
    'the doi was mentioned 03/15/2023',
    '',
  ])('finds nothing in %j', (text) => {
    expect(findDateOfInjury(text, NOW)).toBeNull();
  });

  it('reads a backwards range as its first date, not as a period', () => {
    expect(findDateOfInjury('DOI: 03/15/2023 - 01/01/2019', NOW)).toEqual(day('2023-03-15'));
  });
});

describe('parseInjuryWindow', () => {
  it('marks a single date after a CT marker as CT', () => {
    expect(parseInjuryWindow('CT: 03/15/2023', NOW)).toEqual(ct('2023-03-15'));
  });
  it('reads nothing from an empty window', () => {
    expect(parseInjuryWindow('', NOW)).toBeNull();
  });
});

describe('findDateOfIncident', () => {
  it.each([
    ['Date of Incident: 03/15/2023', '2023-03-15'],
    ['Incident Date: March 5, 2023', '2023-03-05'],
    ['INCIDENT DATE:\n 3/5/23', '2023-03-05'],
    ['Date of lncident: 2023-03-05', '2023-03-05'],
    ['DOI: 01/01/2020\nDate of Incident: 03/15/2023', '2023-03-15'],
  ])('reads %j', (text, expected) => {
    expect(findDateOfIncident(text, NOW)).toBe(expected);
  });

  it.each(['Date of Injury: 03/15/2023', 'Date of Incident: 13/45/2023', 'incident on 03/15/2023'])(
    'finds nothing in %j',
    (text) => {
      expect(findDateOfIncident(text, NOW)).toBeNull();
    },
  );
});

describe('findDateOfInjury: labels and prose seen on real forms', () => {
  it.each([
    ['14. DATE OF CURRENT INJURY: 11/28/2024', day('2024-11-28')],
    [
      '4. EMPLOYER: Acme  14. DATE OF CURRENT INJURY: 05/09/2007 through 11/12/2012',
      ct('2007-05-09', '2012-11-12'),
    ],
    ['Re:  Injured Worker: David Le\n     D/I: 01/01/2022', day('2022-01-01')],
    ['     D/I: April 12, 2019 through March 3, 2025', ct('2019-04-12', '2025-03-03')],
    [
      'date of birth 4/21/1982, date of injury CT 8/8/2019 to\n1/21/2025, on 3/5/2025 at 10:00 a.m.',
      ct('2019-08-08', '2025-01-21'),
    ],
    [
      'date of injury April 27, 2014\n- November 8, 2017 (CT), on March 5, 2018 at 10:00 a.m.',
      ct('2014-04-27', '2017-11-08'),
    ],
    [
      '1. The applicant, while employed as a department supervisor on 11-06-2012,\nclaims to have sustained injury to the right shoulder.',
      day('2012-11-06'),
    ],
    [
      '2. Deny that the applicant sustained injury arising out of and in the course of\nemployment on May 8, 2025.',
      day('2025-05-08'),
    ],
    [
      '1. The injured employee claims that while employed as a police officer, occupational group 377, at Pasadena, California, by Los Angeles Unified School\nDistrict, the employee sustained injury arising out of and in the course of\nemployment to the right knee, cardiovascular system (hypertension) on December 26,\n2016.',
      day('2016-12-26'),
    ],
    [
      '1. Maria Gonzalez, born 04/12/1978, while employed on 01/01/2019 - 03/15/2023 (CT) as a cook at Fresno, California, by Acme Inc., sustained injury.',
      ct('2019-01-01', '2023-03-15'),
    ],
  ])('%j', (text, expected) => {
    expect(findDateOfInjury(text, NOW)).toEqual(expected);
  });

  it.each([
    // A date of birth before the sentence, and a date in another sentence, are not the injury.
    'The injured employee, born June 16, 1984, while employed as a housekeeper at Acme Inc., sustained injury arising out of employment. On 05/12/2022 she returned to work.',
    'The patient was seen on 03/15/2023 for follow-up.',
  ])('finds no date of injury in %j', (text) => {
    expect(findDateOfInjury(text, NOW)).toBeNull();
  });
});
