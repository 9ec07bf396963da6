import { describe, expect, it } from 'vitest';
import { findParties } from './parties';

const CR_CAPTION = `                WORKERS' COMPENSATION APPEALS BOARD
                       STATE OF CALIFORNIA

MARIA GONZALEZ,                         Case No. ADJ12345678
            Applicant,                           ADJ7654321
      vs.                               ORDER APPROVING COMPROMISE
ACME WAREHOUSING INC.; ZENITH           AND RELEASE
INSURANCE COMPANY,
            Defendants.
`;

const FLATTENED = `1 WORKERS' COMPENSATION APPEALS BOARD 2 STATE OF CALIFORNIA 3 4 Case No. ANTHONY DENNIS, 5 Applicant, 6 vs. 7 8 9 STATE OF CALIFORNIA - DEPARTMENT OF CORRECTIONS AND REHABILITATION INMATE CLAIMS; STATE COMPENSATION INSURANCE FUND, 10 ADJ9346293 (Sacramento District Office) NOTICE OF INTENTION TO SUBMIT FOR DECISION (En Banc) Defendants. 11`;

const MINUTES = `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA
Case Number: ADJ12345678
JOSE DE LA CRUZ
vs.
SUNRISE FARMS LLC, Permissibly Self-Insured;
SEDGWICK CMS, Adjusting Agency

MINUTES OF HEARING`;

describe('findParties from captions', () => {
  it.each([
    ['a two-column C&R caption', CR_CAPTION, 'MARIA GONZALEZ', 'ACME WAREHOUSING INC.'],
    [
      'a caption flattened with pleading line numbers',
      FLATTENED,
      'ANTHONY DENNIS',
      'STATE OF CALIFORNIA - DEPARTMENT OF CORRECTIONS AND REHABILITATION INMATE CLAIMS',
    ],
    ['an EAMS minutes caption without markers', MINUTES, 'JOSE DE LA CRUZ', 'SUNRISE FARMS LLC'],
    [
      'a simple caption',
      'MARIA GONZALEZ,\n  Applicant,\nvs.\nACME WAREHOUSING INC.; ZENITH INSURANCE COMPANY,\n  Defendants.',
      'MARIA GONZALEZ',
      'ACME WAREHOUSING INC.',
    ],
    [
      'a mixed-case caption with role words',
      'Maria   Gonzalez,\n\tApplicant,\n v.\nAcme Warehousing, Inc., Employer; and\nZenith Insurance Company, Insurance Carrier,\n\tDefendants.',
      'Maria Gonzalez',
      'Acme Warehousing, Inc.',
    ],
    [
      'defendants one per line ending in commas',
      "PETER O'NEIL, JR.,\nApplicant,\nvs.\nCITY OF LONG BEACH,\nCITY OF LONG BEACH, adjusted by TRISTAR,\nDefendants.",
      "PETER O'NEIL, JR.",
      'CITY OF LONG BEACH',
    ],
    [
      'a long employer name wrapped over lines',
      'ANA LOPEZ,\n Applicant,\nvs.\nSTATE OF CALIFORNIA DEPARTMENT OF\nTRANSPORTATION, Legally Uninsured; STATE\nCOMPENSATION INSURANCE FUND,\n Defendants.',
      'ANA LOPEZ',
      'STATE OF CALIFORNIA DEPARTMENT OF TRANSPORTATION',
    ],
    [
      'a one-line capitals caption',
      'Case No.: ADJ1234567\nMARIA GONZALEZ vs. ACME WAREHOUSING INC.\nPETITION FOR RECONSIDERATION',
      'MARIA GONZALEZ',
      'ACME WAREHOUSING INC.',
    ],
    [
      'an OCR caption with odd spacing',
      'MARIA GONZALEZ ,\n     Applicant ,\n   VS.\n ACME WAREHOUSING INC. ; ZENITH\n   Defendants .',
      'MARIA GONZALEZ',
      'ACME WAREHOUSING INC.',
    ],
  ])('reads %s', (_name, text, applicant, defendant) => {
    expect(findParties(text)).toMatchObject({ applicant, defendant });
  });
});

const QME_HEADER = `QUALIFIED MEDICAL EVALUATOR'S REPORT
RE:        Maria Gonzalez
DOB:       04/12/1978
Employer:  Acme Warehousing Inc.
Carrier:   Zenith Insurance Company
Claim #:   05-123456-7
WCAB #:    ADJ12345678`;

const COVER_LETTER = `November 3, 2023

Zenith Insurance Company
Attn: Claims Department

Re:    Applicant:      Maria Gonzalez
       Employer:       Acme Warehousing Inc.
       Claim No.:      05-123456-7

Dear Claims Adjuster:`;

const PR2 = `PRIMARY TREATING PHYSICIAN'S PROGRESS REPORT (PR-2)
Patient:
Last GONZALEZ            First MARIA            M.I. L     Sex F
Date of Injury 03/15/2023      Date of Birth 04/12/1978
Claims Administrator:
Name Zenith Insurance Company          Claim Number 05-123456-7
Employer name: Acme Warehousing Inc.        Employer Phone (800) 555-0199`;

describe('findParties from labels and letters', () => {
  it.each([
    ['a QME report header', QME_HEADER, 'Maria Gonzalez', 'Acme Warehousing Inc.'],
    ['a cover letter', COVER_LETTER, 'Maria Gonzalez', 'Acme Warehousing Inc.'],
    ['a PR-2 form', PR2, 'MARIA GONZALEZ', 'Acme Warehousing Inc.'],
    [
      'a RE line with v.',
      'RE: Maria Gonzalez v. Acme Warehousing Inc.\nDear Counsel:',
      'Maria Gonzalez',
      'Acme Warehousing Inc.',
    ],
    [
      'a RE line with vs. and more parties',
      'Re: Gonzalez, Maria vs. Acme Warehousing, Inc.; Zenith Insurance   ADJ1234567',
      'Gonzalez, Maria',
      'Acme Warehousing, Inc.',
    ],
    [
      'labelled applicant and defendants',
      'Applicant Name: Maria Gonzalez (DOB 04/12/1978)\nDefendant(s): Acme Warehousing Inc.; Zenith',
      'Maria Gonzalez',
      'Acme Warehousing Inc.',
    ],
    [
      'an injured worker with an insurer only (the insurer is not the employer)',
      'Injured worker: Maria Gonzalez\nInsurance Carrier: Zenith Insurance Company',
      'Maria Gonzalez',
      null,
    ],
    [
      'label above value',
      'Employee Name:\n  Maria Gonzalez\nEmployer:\n  Acme Warehousing Inc.',
      'Maria Gonzalez',
      'Acme Warehousing Inc.',
    ],
    [
      'a patient with more fields on the line',
      'Patient: Maria Gonzalez DOB: 04/12/1978 Claim No.: 778812',
      'Maria Gonzalez',
      null,
    ],
    ['an empty document', '', null, null],
  ])('reads %s', (_name, text, applicant, defendant) => {
    expect(findParties(text)).toMatchObject({ applicant, defendant });
  });

  it('takes the name as first printed among labels', () => {
    expect(findParties('Patient: M. Gonzalez\nApplicant: Maria Gonzalez').applicant).toBe(
      'M. Gonzalez',
    );
    expect(findParties('Applicant: Maria Gonzalez\nPatient: M. Gonzalez').applicant).toBe(
      'Maria Gonzalez',
    );
  });

  it.each([
    [
      'a CMS-1500 with numbered boxes two spaces apart',
      "2. PATIENT'S NAME: CASTILLO, ANTONIO  3. DOB: 02/09/1979\n4. EMPLOYER: Valley Memorial Hospital  14. DATE OF CURRENT INJURY: 11/28/2024",
      'CASTILLO, ANTONIO',
      'Valley Memorial Hospital',
    ],
    [
      'a CMS-1500 read by OCR (single spaces, a box number before the next label)',
      "2. PATIENT'S NAME: SINGH, JUN 3. DOB: 11/11/2000\n4. EMPLOYER: Sierra Framing & Drywall 14. DATE OF CURRENT INJURY: 11/16/2021",
      'SINGH, JUN',
      'Sierra Framing & Drywall',
    ],
    [
      'a text layer that drops the gap before a box number',
      '4. EMPLOYER: Precision Aerospace Components14. DATE OF CURRENT INJURY: 07/11/2021',
      null,
      'Precision Aerospace Components',
    ],
    [
      'a QME cover block',
      'RE:  Examinee: Rodrigo E. Guzman\n     Employer: Sunrise Senior Living Centers\n     DOI: 12/10/2011',
      'Rodrigo E. Guzman',
      'Sunrise Senior Living Centers',
    ],
    [
      'a proof of service "Case:" line',
      'PROOF OF SERVICE BY MAIL\n\nCase: David Le v. Desert Sun Hotels & Resorts\nCase No.: ADJ1314824',
      'David Le',
      'Desert Sun Hotels & Resorts',
    ],
    [
      'an application with a parenthesised role',
      'Applicant (Injured Worker): DAVID LE\nEmployer: DESERT SUN HOTELS & RESORTS',
      'DAVID LE',
      'DESERT SUN HOTELS & RESORTS',
    ],
    [
      "a DWC-1's employee section",
      "Employee: complete this section and see note above.\n1. Name: David Le      Today's Date: 11/02/2023\n8. Name of employer: Desert Sun Hotels & Resorts",
      'David Le',
      'Desert Sun Hotels & Resorts',
    ],
    [
      'a DWC-1 from a text layer that closed the gap',
      "1. Name: Antonio Williams Today's Date: 11/02/2023",
      'Antonio Williams',
      null,
    ],
    [
      'minutes with a second field on the line',
      'Applicant: BEATRIZ HERNANDEZ Location: SAN FRANCISCO\nDefendant(s): Westside Auto Body; Athens Administrators',
      'BEATRIZ HERNANDEZ',
      'Westside Auto Body',
    ],
    [
      'an IMR letter to the worker at home',
      'September 12, 2023\n\nGuadalupe Pham\n8945 Alameda Street, Suite 172\nPomona, CA 91767\n\nIMR Case Number: CM23-6006768\n\nDear Guadalupe Pham: Maximus Federal Services has completed the review.',
      'Guadalupe Pham',
      null,
    ],
  ])('reads %s', (_name, text, applicant, defendant) => {
    expect(findParties(text)).toMatchObject({ applicant, defendant });
  });

  it.each([
    'Darnell Chavez\nWhitcomb Ferris Defense\n10940 Harbor Boulevard\n\nDear Darnell Chavez:',
    'Silvia Park\n8947 Figueroa Street\n\nDear Ms. Park:',
    'RE: Updated Fee Schedule\n\nDear Colleague:',
  ])('takes no applicant from a letter to someone else: %j', (text) => {
    expect(findParties(text).applicant).toBeNull();
  });

  it.each([
    ["Applicant's Attorney: Law Offices of Smith\nApplicant's Address: 1 Main St", null],
    ['RE: Request for Authorization', null],
    ['RE: Medical Records Subpoena', null],
    ['Applicant: N/A', null],
    ['Patient: see above.', null],
    ['Patient: Same.', null],
    ['The applicant was seen today. vs. nothing', null],
    ["See Benson v. Workers' Comp. Appeals Bd. (2009) 170 Cal.App.4th 1535.", null],
  ])('takes no applicant from %j', (text, applicant) => {
    expect(findParties(text).applicant).toBe(applicant);
  });

  it('does not take an employer address for the employer', () => {
    expect(findParties("Employer's Address: 1 Main St\nEmployer: Acme Inc.").defendant).toBe(
      'Acme Inc.',
    );
  });
});

describe('findParties from captions as text layers and OCR print them', () => {
  it.each([
    [
      'a right column two spaces away, the title beside "vs."',
      'DAVID LE,  Case No. (New Case)\n          Applicant,\n     VS.  APPLICATION FOR ADJUDICATION\nDESERT SUN HOTELS & RESORTS;  OF CLAIM\nAIG CLAIMS, INC.,\n          Defendants.',
      'DAVID LE',
      'DESERT SUN HOTELS & RESORTS',
    ],
    [
      'a text layer with no indentation and three-space gaps',
      'ROBERT VILLANUEVA,   CASE NO. ADJ16440873\nApplicant,\nv.   ANSWER TO APPLICATION FOR\nREDWOOD MANUFACTURING CORP.;   ADJUDICATION OF CLAIM\nEMPLOYERS COMPENSATION INSURANCE COMPANY,\nDefendants.',
      'ROBERT VILLANUEVA',
      'REDWOOD MANUFACTURING CORP.',
    ],
    [
      'OCR: columns run together, stray marks for gaps',
      'JUN SINGH, CASE NO. ADJ10249772\nApplicant,\nV. .NOTICE OF DEPOSITION\nSACRAMENTO REGIONAL SECURITY; AND REQUEST FOR PRODUCTION OF DOCUMENTS\nICW Group,\n\nDefendants.',
      'JUN SINGH',
      'SACRAMENTO REGIONAL SECURITY',
    ],
    [
      'OCR: specks and quotes between the name and the case number',
      'KAREN ZAMORA, . \u201cCase No.: ADJ8722218\nApplicant, .\nvs. PROOF OF SERVICE\nRedwood Manufacturing Corp.;\nCorVel Corporation,\nDefendants.',
      'KAREN ZAMORA',
      'Redwood Manufacturing Corp.',
    ],
    [
      'OCR: a semicolon where the column gap was',
      'Hector R. Tran, ; Case Nos. ADJ10602703; ADJ11644403\nApplicant, :\nv.\nSUNRISE SENIOR LIVING CENTERS;\nAthens Administrators, ; ;\nDefendants.',
      'Hector R. Tran',
      'SUNRISE SENIOR LIVING CENTERS',
    ],
  ])('reads %s', (_name, text, applicant, defendant) => {
    expect(findParties(text)).toMatchObject({ applicant, defendant });
  });
});

describe('a carrier broken before its "Insurance"', () => {
  it('reads one carrier across the break, and a next party after a firm ending', () => {
    const text =
      'DELPHINE L. YOSHIDA,   Case No. ADJ16699838\nApplicant,\nvs.   ANSWER TO APPLICATION\nDEL MAR FRESH MARKETS; WESTBROOK MUTUAL   FOR ADJUDICATION OF CLAIM\nINSURANCE COMPANY; COMPPATH\nADMINISTRATORS, LLC,\nDefendants.';
    expect(findParties(text).defendants).toEqual([
      'DEL MAR FRESH MARKETS',
      'WESTBROOK MUTUAL INSURANCE COMPANY',
      'COMPPATH ADMINISTRATORS, LLC',
    ]);
    const plain =
      'MARIA LOPEZ,\nApplicant,\nvs.\nORCHARD VALLEY CANNING, INC.\nINSURANCE COMPANY OF THE WEST,\nDefendants.';
    expect(findParties(plain).defendants).toEqual([
      'ORCHARD VALLEY CANNING, INC.',
      'INSURANCE COMPANY OF THE WEST',
    ]);
  });
});

describe('findParties on scanned CMS-1500 rows', () => {
  it.each([
    [
      "2. PATIENT'S NAME: SINGH, JUN 3. DOB: 11/11/2000\n4. EMPLOYER: Sacramento Regional Securityis. pate oF current 1nsuRY: 06/10/2015 through 12/31/2016",
      'Sacramento Regional Security',
    ],
    [
      "4, EMPLOYER: Los 'Angeles Unified School District _-~-:14. DATE OF CURRENT INJURY: 10/26/2020 through 11/01/2022",
      "Los 'Angeles Unified School District",
    ],
    [
      "'4. EMPLOYER: San Joaquin Farms LLC '14. DATE OF CURRENT INJURY: 3/20/2025",
      'San Joaquin Farms LLC',
    ],
  ])('reads the employer in %j', (text, defendant) => {
    expect(findParties(text).defendant).toBe(defendant);
  });
});

describe('findParties on a claim form (DWC-1)', () => {
  const DWC1 = `WORKERS' COMPENSATION CLAIM FORM (DWC 1)
Employee: Complete the "Employee" section and give the form to your employer.
1. Name: Maria Lopez   2. Home address: 1820 E 4th Street, Los Angeles CA
Employer: Complete this section.`;

  it('does not take the form’s instruction after "Employee:" for the applicant', () => {
    expect(findParties(DWC1).applicant).toBe('Maria Lopez');
  });

  it('still reads an "Employee:" label holding a name', () => {
    expect(findParties('Employee: Jose de la Cruz   Claim No. 123').applicant).toBe(
      'Jose de la Cruz',
    );
  });
});

describe('parties printed by other hands', () => {
  it('given a caption whose title starts between "Applicant," and "vs." and ends on the "vs." line, then both sides are read', () => {
    const caption = `WORKERS' COMPENSATION APPEALS BOARD
ARMEN T. PETROSYAN,   Case No. ADJ 9912345
Applicant,
NOTICE OF TAKING DEPOSITION OF
vs.   APPLICANT
HILLTOP BAKERY, INC.;
SCIF / STATE COMPENSATION INSURANCE FUND,
Defendants.
TO APPLICANT AND TO HIS ATTORNEYS OF RECORD:`;
    expect(findParties(caption)).toMatchObject({
      applicant: 'ARMEN T. PETROSYAN',
      defendants: ['HILLTOP BAKERY, INC.', 'SCIF / STATE COMPENSATION INSURANCE FUND'],
    });
  });

  it('given a brand and the name its acronym stands for across a slash, then they are one party; other slashes part two', () => {
    expect(
      findParties('Employer: Hilltop Bakery\nCarrier: ZENITH INSURANCE / SEDGWICK CMS').defendants,
    ).toEqual(['Hilltop Bakery', 'ZENITH INSURANCE', 'SEDGWICK CMS']);
    expect(
      findParties('Employer: Hilltop Bakery\nCarrier: ICW Group / Insurance Company of the West')
        .defendants,
    ).toEqual(['Hilltop Bakery', 'ICW Group / Insurance Company of the West']);
  });

  it('given a medical report header\'s "Insurance:" line, then the carrier is a defendant', () => {
    const header = `PATIENT: NGUYEN, THANH   DOB: 02/03/1980
Insurance: Everest National Insurance Company
Requesting provider: Lena Ortiz, M.D.`;
    expect(findParties(header).defendants).toEqual(['Everest National Insurance Company']);
  });

  it.each([
    [
      'a PR-2 whose Last and MI box words were flattened into the name',
      'Patient:\nLast Okafor, Chidi MI N Sex M\nDate of Injury 02/16/2019',
      'Okafor, Chidi N',
    ],
    [
      'an e-mail subject with a reply mark and a claim after a dash',
      'From: Ann Lee <ann@example.com>\nSubject: RE: Rosa M. Ibarra - Claim # 55-1234\nPlease send',
      'Rosa M. Ibarra',
    ],
    [
      'the DWC-1’s bilingual name line',
      'WORKERS COMPENSATION CLAIM FORM (DWC 1)\n1. Name. Nombre. Tomas R. Aquino\n2. Home Address. Dirección Residencial. 12 Elm Street',
      'Tomas R. Aquino',
    ],
  ])('given %s, then the applicant is read', (_, text, applicant) => {
    expect(findParties(text).applicant).toBe(applicant);
  });
  it.each([
    ['a title left dangling on "OF"', 'NOTICE OF TAKING DEPOSITION OF', 'DEFENSE QME'],
    ['a title whose last line comes before the first ";"', 'PETITION FOR ATTORNEY FEES', '5710'],
    ['a possessive title', 'PETITION TO COMPEL APPLICANT’S', 'ATTENDANCE AT AME'],
  ])('given %s carried on flush left under "vs.", then that line is no party', (_, onVs, after) => {
    const caption = `WORKERS' COMPENSATION APPEALS BOARD
OLGA M. REYES,   Case No. ADJ 4455667
Applicant,
vs.   ${onVs}
${after}
HILLTOP BAKERY, INC.;
ZENITH INSURANCE COMPANY,
Defendants.`;
    expect(findParties(caption).defendants).toEqual([
      'HILLTOP BAKERY, INC.',
      'ZENITH INSURANCE COMPANY',
    ]);
  });

  it('given a board notice listing one party a line without punctuation, then each line is one party and the labels after are none', () => {
    const minutes = `WORKERS' COMPENSATION APPEALS BOARD
CASE NO. ADJ5566778
DEL RIO, PAULA V.
vs.
MESA TILE & STONE
GOLDEN STATE FARM LABOR CONTRACTING
LIBERTY MUTUAL INSURANCE COMPANY
APPEARANCES:
Applicant: Present
Defense attorney: Hall & Ortiz, LLP
ISSUES / COMMENTS:
Defendant to obtain a supplemental report.`;
    expect(findParties(minutes)).toMatchObject({
      applicant: 'DEL RIO, PAULA V.',
      defendants: [
        'MESA TILE & STONE',
        'GOLDEN STATE FARM LABOR CONTRACTING',
        'LIBERTY MUTUAL INSURANCE COMPANY',
      ],
    });
  });

  it('given a board order whose administrator line reads "ADJUSTED BY", then the administrator is a defendant and the title is not', () => {
    const order = `CASE NO. ADJ1122334
ORTEGA, LUIS
vs.
HARBOR STAFFING, INC.
ADJUSTED BY GALLAGHER BASSETT SERVICES
ORDER TAKING OFF CALENDAR
The parties having advised that the matter is not ready.`;
    expect(findParties(order).defendants).toEqual([
      'HARBOR STAFFING, INC.',
      'GALLAGHER BASSETT SERVICES',
    ]);
  });

  it('given a CMS-1500 with the insured and the plan boxes, then employer and carrier are defendants; a person insured is not', () => {
    const bill = `HEALTH INSURANCE CLAIM FORM
2. PATIENT’S NAME (Last, First, MI): ORTEGA, LUIS
4. INSURED’S NAME: MESA TILE & STONE
11c. INSURANCE PLAN NAME OR PROGRAM NAME: REPUBLIC INDEMNITY COMPANY OF AMERICA`;
    expect(findParties(bill).defendants).toEqual([
      'MESA TILE & STONE',
      'REPUBLIC INDEMNITY COMPANY OF AMERICA',
    ]);
    expect(
      findParties('2. PATIENT’S NAME: ORTEGA, LUIS\n4. INSURED’S NAME: ORTEGA, ANA').defendant,
    ).toBeNull();
  });
  it.each([
    [
      'a caption',
      'OLGA V. REYES,   Case No. ADJ 4455667\nApplicant,\nvs.\nHILLTOP BAKERY, INC.,\nDefendants.',
      'OLGA V. REYES',
    ],
    [
      'a letter’s RE line',
      'RE: Olga V. Reyes\nEAMS No.: ADJ4455667\nDear Sir or Madam:',
      'Olga V. Reyes',
    ],
    [
      'a report whose page header prints the name with its claim',
      'Patient/Employee: Olga V. Reyes\nEmployer: Hilltop Bakery\nREYES, OLGA V. / Claim # 5512',
      'Olga V. Reyes',
    ],
  ])('given a middle initial "V." in %s, then it is no "versus"', (_, text, applicant) => {
    expect(findParties(text).applicant).toBe(applicant);
  });

  it('given a claim form’s date line ending “employee:”, then the date is no applicant', () => {
    const form = `WORKERS COMPENSATION CLAIM FORM (DWC 1)
Employee: complete the “Employee” section and give the form to your employer.
1. Name. Nombre. Tomas R. Aquino
11. Date claim form was provided to employee: October 3, 2024`;
    expect(findParties(form).applicant).toBe('Tomas R. Aquino');
  });
  it('given a report header’s "Administrator:" line under the carrier, then the administrator is a defendant', () => {
    const header = `Employer: Hilltop Bakery
Carrier: Zenith Insurance Company
Administrator: Harbor Claims Administrators
HISTORY`;
    expect(findParties(header).defendants).toEqual([
      'Hilltop Bakery',
      'Zenith Insurance Company',
      'Harbor Claims Administrators',
    ]);
    expect(
      findParties('Hospital\nAdministrator: Dana Hall\nEmployer: Hilltop Bakery').defendants,
    ).toEqual(['Hilltop Bakery']);
  });

  it('given a letter addressed to a claims office below its date, then that office is a defendant; a law firm is not', () => {
    const letter = (addressee: string) => `NGUYEN & SATO, LLP
12 Harbor Way, Long Beach, CA 90802
March 3, 2025
${addressee}
Attn: Karen Mitchell
RE: Rosa M. Ibarra
Employer: Hilltop Bakery`;
    expect(findParties(letter('Harbor Risk Management')).defendants).toEqual([
      'Hilltop Bakery',
      'Harbor Risk Management',
    ]);
    expect(findParties(letter('Hall & Ortiz Law Group')).defendants).toEqual(['Hilltop Bakery']);
  });
  it('given OCR specks after "Defendants", then the marker still ends the parties', () => {
    const caption = `OLGA M. REYES,
Applicant,
vs.
HILLTOP BAKERY, INC.;
ZENITH INSURANCE COMPANY,
Defendants ~-
Defendant to provide the sub rosa film within 20 days.`;
    expect(findParties(caption).defendants).toEqual([
      'HILLTOP BAKERY, INC.',
      'ZENITH INSURANCE COMPANY',
    ]);
  });
});
