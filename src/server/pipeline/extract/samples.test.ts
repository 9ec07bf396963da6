/**
 * Hand-written California workers' compensation pages, worded and laid out apart from the corpus
 * generator's templates: how other firms, carriers and the DWC print captions, form boxes and
 * claim lines. Each case states the fields a person reading the page would enter.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from './index';

const NOW = new Date('2025-06-01T00:00:00Z');

/** An Application for Adjudication whose text layer put the right column on lines of its own. */
const APPLICATION_INTERLEAVED = `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA
TORRES-VEGA, ROSALINDA M.,
Case No. ADJ19283746
Applicant,
Claim No. 2024-WC-558812
vs.
APPLICATION FOR ADJUDICATION
BRIGHTLINE LOGISTICS, LLC;
OF CLAIM
STARR INDEMNITY & LIABILITY COMPANY;
GALLAGHER BASSETT SERVICES, INC.,
Defendants.
The injured employee claims that during the period from 02/14/2018 through 07/30/2024
while employed as a forklift operator she sustained injury to her back.`;

/** A DOR with two columns joined by one space (a narrow gap the text layer did not widen). */
const DOR_NARROW = `STATE OF CALIFORNIA
DIVISION OF WORKERS' COMPENSATION
WORKERS' COMPENSATION APPEALS BOARD
NGUYEN, THANH V., Applicant, ADJ11223344
vs. DECLARATION OF READINESS TO PROCEED
COASTAL PRODUCE PACKERS INC. and
ZURICH AMERICAN INSURANCE COMPANY, Defendants.
Claim No. 9910-44-551A
Date of Injury: 08/09/2022`;

/** An Answer with the employer and carrier on separate lines, no punctuation between them. */
const ANSWER = `1   LAW OFFICES OF HARLAN & PIKE
2   Attorneys for Defendants
3
4              WORKERS' COMPENSATION APPEALS BOARD
5                    STATE OF CALIFORNIA
6
7   DESHAWN A. MCALLISTER,                    Case No.: ADJ17654321
8               Applicant,
9        v.                                   ANSWER TO APPLICATION FOR
10  VALLEY UNIFIED SCHOOL DISTRICT            ADJUDICATION OF CLAIM
11  KEENAN & ASSOCIATES
12              Defendants.
13
14  Defendant, VALLEY UNIFIED SCHOOL DISTRICT, permissibly self-insured, answers as follows.`;

/** A C&R first page: employer, carrier and administrator named in the caption. */
const COMPROMISE = `COMPROMISE AND RELEASE
Case Number(s): ADJ15550001
Claim No.: 0531-WC-22-0081771 ; 0531-WC-23-0004412
Employee: PHAM, LINH T.
Employer: Golden State Nursery Co.
Insurance Carrier: Republic Indemnity Company of America
Claims Administrator: Sedgwick Claims Management Services, Inc.
Date of Injury: CT 03/01/2020 to 11/15/2022`;

/** DWC Form RFA: labels above values in boxes, several boxes per row. */
const RFA = `State of California, Division of Workers' Compensation
REQUEST FOR AUTHORIZATION
DWC Form RFA
Employee Information
Name (Last, First, Middle):                     Date of Injury (MM/DD/YYYY):
OKAFOR, CHINEDU E.                              04/22/2023
Date of Birth (MM/DD/YYYY):     Claim Number:               Employer:
11/03/1979                      LC-7781-22-0093             Metro Transit Authority
Claims Administrator Information
Company Name: Intercare Holdings Insurance Services      Contact Name: D. Rowe`;

/** A fax cover sheet with a claim number in a box under its label. */
const FAX_COVER = `FAX TRANSMITTAL
To: Claims Unit              From: Bayview Orthopaedic Group
Patient                      Insurer Claim No
Ramirez, Jose                WC4410-882
Pages (including cover): 6`;

describe('fields on hand-written pages', () => {
  it('reads an application whose two columns interleave line by line', () => {
    const f = extractFields(APPLICATION_INTERLEAVED, NOW);
    expect(f.applicant).toBe('TORRES-VEGA, ROSALINDA M.');
    expect(f.defendant).toBe('BRIGHTLINE LOGISTICS, LLC');
    expect(f.defendants).toEqual([
      'BRIGHTLINE LOGISTICS, LLC',
      'STARR INDEMNITY & LIABILITY COMPANY',
      'GALLAGHER BASSETT SERVICES, INC.',
    ]);
    expect(f.claimNumbers).toEqual(['2024-WC-558812']);
    expect(f.dateOfInjury).toEqual({
      start: '2018-02-14',
      end: '2024-07-30',
      cumulativeTrauma: true,
    });
  });

  it('reads a DOR caption whose columns are one space apart', () => {
    const f = extractFields(DOR_NARROW, NOW);
    expect(f.applicant).toBe('NGUYEN, THANH V.');
    expect(f.defendants).toEqual([
      'COASTAL PRODUCE PACKERS INC.',
      'ZURICH AMERICAN INSURANCE COMPANY',
    ]);
    expect(f.claimNumbers).toEqual(['9910-44-551A']);
  });

  it('reads an answer naming the employer and the administrator on their own lines', () => {
    const f = extractFields(ANSWER, NOW);
    expect(f.applicant).toBe('DESHAWN A. MCALLISTER');
    expect(f.defendant).toBe('VALLEY UNIFIED SCHOOL DISTRICT');
    expect(f.defendants).toEqual(['VALLEY UNIFIED SCHOOL DISTRICT', 'KEENAN & ASSOCIATES']);
  });

  it('reads a C&R’s employee, employer, carrier, administrator and two claim numbers', () => {
    const f = extractFields(COMPROMISE, NOW);
    expect(f.applicant).toBe('PHAM, LINH T.');
    expect(f.defendant).toBe('Golden State Nursery Co.');
    expect(f.defendants).toEqual([
      'Golden State Nursery Co.',
      'Republic Indemnity Company of America',
      'Sedgwick Claims Management Services, Inc.',
    ]);
    expect(f.claimNumbers).toEqual(['0531-WC-22-0081771', '0531-WC-23-0004412']);
    expect(f.dateOfInjury).toEqual({
      start: '2020-03-01',
      end: '2022-11-15',
      cumulativeTrauma: true,
    });
  });

  it('reads an RFA’s boxes: name, claim number and employer under their labels', () => {
    const f = extractFields(RFA, NOW);
    expect(f.applicant).toBe('OKAFOR, CHINEDU E.');
    expect(f.claimNumbers).toEqual(['LC-7781-22-0093']);
    expect(f.defendant).toBe('Metro Transit Authority');
    expect(f.defendants).toEqual([
      'Metro Transit Authority',
      'Intercare Holdings Insurance Services',
    ]);
    expect(f.dateOfInjury).toEqual({ start: '2023-04-22', cumulativeTrauma: false });
  });

  it('reads a claim number printed in the box under "Insurer Claim No"', () => {
    const f = extractFields(FAX_COVER, NOW);
    expect(f.claimNumbers).toEqual(['WC4410-882']);
    expect(f.defendants).toEqual([]);
  });
});
