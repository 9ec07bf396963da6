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
    ['Date of Injury: 3-Sep-20', day('2020-09-03')],
    ['14. DATE OF CURRENT ILLNESS, INJURY: 12/25/2018', day('2018-12-25')],
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

  it('does not read "the date of injury" in a sentence as a label for the next line’s date', () => {
    const text =
      'Records requested: all records from five years prior to the date of injury to the present.\nExecuted September 3, 2024.';
    expect(findDateOfInjury(text, NOW)).toBeNull();
    expect(findDateOfInjury('Date of Injury: on or about\n03/15/2023', NOW)).toEqual(
      day('2023-03-15'),
    );
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

describe('findDateOfInjury: OCR damage on scans', () => {
  it.each([
    // The I of "D/I" and "DOI" read as l, 1 or |.
    ['Employer: Mission Linen Supply\nD/l: 10/16/2020', day('2020-10-16')],
    ['D/l: 06/27/2024 \u2014', day('2024-06-27')],
    ['D/1: 06/27/2024', day('2024-06-27')],
    ['DOl: 06/27/2024', day('2024-06-27')],
    ['D/0/l: 06/27/2024', day('2024-06-27')],
    ['D.O.l.: 06/27/2024', day('2024-06-27')],
    ['D / I: 06/27/2024', day('2024-06-27')],
    // A CMS-1500 box 14 label read badly, glued to the previous box.
    [
      '4. EMPLOYER: Sacramento Regional Securityis. pate oF current 1nsuRY: 06/10/2015 through 12/31/2016',
      ct('2015-06-10', '2016-12-31'),
    ],
    ['Dale 0f lnjury:\n03/15/2023', day('2023-03-15')],
    // A hyphen between the label's words, a speck after a date, a gap or ";" inside a date in words.
    ['Date of-Injury:.09/14/2019', day('2019-09-14')],
    [
      'Date of Injury (MM/DD/YYYY): [ 8/22/2017. through 10/2/2019 (CT) ]',
      ct('2017-08-22', '2019-10-02'),
    ],
    ['DOI: 01/22/2023: through 06/09/2025 (CT)', ct('2023-01-22', '2025-06-09')],
    ['CLAIM #:1249CL0107 DOI: June   19, 2021', day('2021-06-19')],
    [
      'Date of Injury: April 26; 2016 - October 23, 2017 (cumulative trauma)',
      ct('2016-04-26', '2017-10-23'),
    ],
    // The dash and the word of a period run together, or the dash read as "~".
    ['Date of injury: CT March 25, 2016-to February 7, 2022', ct('2016-03-25', '2022-02-07')],
    ['DOI: 01/01/2020 ~ 03/15/2021 (CT)', ct('2020-01-01', '2021-03-15')],
    ['DOI: CT 01/01/2020 to - 03/15/2021', ct('2020-01-01', '2021-03-15')],
    ['DOI: CT 01/01/2020 -- 03/15/2021', ct('2020-01-01', '2021-03-15')],
    ['DOI: CT 01/01/2020 tbrough 03/15/2021', ct('2020-01-01', '2021-03-15')],
    ['DOI: CT 01/01/2020 t0 03/15/2021', ct('2020-01-01', '2021-03-15')],
    ['DOI: CT 01/01/2020 -\nto 03/15/2021', ct('2020-01-01', '2021-03-15')],
    // Damaged digits, separators and month names.
    ['DOI: O3/l5/2O23', day('2023-03-15')],
    ['DOI: 03/1 5/2023', day('2023-03-15')],
    ['DOI: 03/15/20 23', day('2023-03-15')],
    ['DOI: 03//15/2023', day('2023-03-15')],
    ['DOI: 03/152023', day('2023-03-15')],
    ['Date of Injury: Decernber 17, 2018', day('2018-12-17')],
    ['Date of Injury: 0ctober 5, 2020', day('2020-10-05')],
    ['Date of Injury: December l7, 2O18', day('2018-12-17')],
    ['Date of Injury: CT 01/01/2019 - 03/1 5/2023', ct('2019-01-01', '2023-03-15')],
    // The value on the line after the label, damaged.
    ['Date of Injury:\n0ctober 5, 2020', day('2020-10-05')],
    ['DATE OF INJURY\n03//15/2023', day('2023-03-15')],
  ])('%j', (text, expected) => {
    expect(findDateOfInjury(text, NOW)).toEqual(expected);
  });

  it('reads prose whose date OCR set apart with a speck and a blank line', () => {
    const text = [
      '1. The injured employee claims that while employed as a dispatcher, occupational group',
      '284, at Whittier, California, by Harbor Freight Terminals, the employee sustained injury',
      '. arising out of and in the course of employment to the bilateral wrists, left shoulder on',
      '',
      '. December 17, 2018. 2',
      '',
      '2. The parties hereby agree to settle any and all claims on account of the injury by the',
    ].join('\n');
    expect(findDateOfInjury(text, NOW)).toEqual(day('2018-12-17'));
  });

  it.each([
    // Other dates and near-miss labels are not the date of injury.
    'Date of Birth: 0l/0l/1980',
    'DOB: 03/1 5/1980',
    'Date of Inquiry: 03/15/2023',
    'Date of Surgery: 03/15/2023',
    'Rate of injury: 3.2 per 100 workers in 2023',
    'the rate of injury 03/15/2023',
    'D/I: 3/4 2023',
    'DOI: Smarch 5, 2023',
    'DOI: Decl 2023',
    'DOI: 13/45/2023',
    'DOI: 1/2/3456',
    // A paragraph break after a finished sentence still ends it.
    'The applicant sustained injury to the back.\n\n. December 17, 2018 was the exam.',
    // A speck before a date in another sentence does not join the sentences.
    'The employee was injured at work.\n. On 05/12/2022 she returned to work.',
  ])('finds no date of injury in %j', (text) => {
    expect(findDateOfInjury(text, NOW)).toBeNull();
  });

  it('takes the labelled date over a damaged date of birth before it', () => {
    expect(findDateOfInjury('DOB: O1/0l/1980 D/l: 10/16/2020', NOW)).toEqual(day('2020-10-16'));
  });
});
