/**
 * Issue 16, convention 4's second half: two short documents of one kind and one author back to
 * back (two bills of one provider, two diagnostic reports of one imaging centre, two notices on
 * one case) are two documents; a report's running subject header and a lien's itemization are
 * not new ones. Every page here is written for this test.
 */
import { describe, expect, it } from 'vitest';
import type { PageText } from '../types';
import { splitPages } from './splitPages';

function bundle(...pages: string[][]): PageText[] {
  return pages.map((lines, i) => ({
    page: i + 1,
    text: lines.join('\n'),
    source: 'text-layer' as const,
  }));
}

function starts(pages: PageText[]): number[] {
  return splitPages(pages).map((r) => r.startPage);
}

const claimForm = [
  'HEALTH INSURANCE CLAIM FORM',
  'FORM 1500 (02-12)',
  '1. INSURED: Redwood Mutual Insurance        1a. CLAIM NO.: RM-448120',
  "2. PATIENT'S NAME: OKONKWO, ADAEZE          3. DOB: 04/11/1979",
  '4. EMPLOYER: Sierra Box Company             14. DATE OF CURRENT INJURY: 02/03/2023',
  '21. DIAGNOSIS: M54.5  M25.511',
  '24. DATE OF SERVICE  CPT  DESCRIPTION       CHARGES',
  '03/01/2023  97110  Therapeutic exercise      $120.00',
  '03/03/2023  97140  Manual therapy            $95.00',
  '28. TOTAL CHARGE                            $215.00',
  '31. SIGNATURE OF PHYSICIAN: Lena Ruiz, D.P.T.    DATE: 03/15/2023',
  '33. BILLING PROVIDER: Harborline Physical Therapy, 410 Quay Street, Eureka, CA 95501',
];

const statement = [
  [
    'HARBORLINE PHYSICAL THERAPY',
    '410 Quay Street',
    'Eureka, CA 95501',
    '(707) 555-0142',
    'ITEMIZED STATEMENT OF SERVICES',
    '1. INSURED: Redwood Mutual Insurance        1a. CLAIM NO.: RM-448120',
    "2. PATIENT'S NAME: OKONKWO, ADAEZE          3. DOB: 04/11/1979",
    '4. EMPLOYER: Sierra Box Company             14. DATE OF CURRENT INJURY: 02/03/2023',
    'DATE OF SERVICE  CPT  DESCRIPTION       CHARGES',
    '04/01/2023  97110  Therapeutic exercise      $120.00',
    '04/05/2023  97140  Manual therapy            $95.00',
    'Page 1 of 2',
  ],
  [
    '04/09/2023  97110  Therapeutic exercise      $120.00',
    '04/12/2023  97530  Therapeutic activities    $110.00',
    'TOTAL CHARGES                               $445.00',
    'Billing provider: Harborline Physical Therapy   NPI 1457700321',
    'Page 2 of 2',
  ],
];

function imaging(study: string, date: string, signOff: string): string[] {
  return [
    'QUARRY HILL IMAGING',
    '2200 Larch Road, Suite 110',
    'Chico, CA 95926',
    '(530) 555-0190',
    study,
    'Patient: LINDGREN, Marta        DOB: 09/30/1968',
    `Exam date: ${date}        Referring: Dr. Oyelaran`,
    'Claim #: 77-310482        DOI: 11/02/2022',
    'FINDINGS:',
    'The joint spaces are preserved and there is no effusion.',
    'IMPRESSION:',
    'No acute osseous abnormality.',
    signOff,
  ];
}

describe('two documents of one kind and author back to back', () => {
  it('starts the second bill of a provider after the first closed with its total and billing provider', () => {
    expect(starts(bundle(claimForm, ...statement))).toEqual([1, 2]);
  });

  it('starts the second diagnostic report of one imaging centre after the first was signed', () => {
    const first = imaging(
      'X-RAY OF THE LEFT WRIST',
      '01/10/2023',
      'Interpreted by: Soren Valdez, M.D.',
    );
    const second = imaging(
      'MRI OF THE LEFT WRIST',
      '02/14/2023',
      'Interpreted by: Soren Valdez, M.D.',
    );
    expect(starts(bundle(first, second))).toEqual([1, 2]);
  });

  it('keeps a report whose continuation page repeats the subject in a running header', () => {
    const first = imaging('MRI OF THE RIGHT KNEE', '01/10/2023', 'continued on the next page');
    first.splice(-3);
    const running = [
      'Patient: LINDGREN, Marta   DOB: 09/30/1968   Claim #: 77-310482',
      'The cruciate ligaments are intact and the menisci show no tear.',
      'IMPRESSION:',
      'No internal derangement of the right knee.',
      'Interpreted by: Soren Valdez, M.D.',
    ];
    expect(starts(bundle(first, running))).toEqual([1]);
  });

  it('starts the second of two notices of hearing on one case', () => {
    const notice = (kind: string, date: string): string[] => [
      "WORKERS' COMPENSATION APPEALS BOARD",
      'STATE OF CALIFORNIA',
      'Darius Fenwick,                       Case No. ADJ10293847',
      '          Applicant,',
      '     vs.',
      'Orchard Valley Farms; Canyon State     NOTICE OF HEARING',
      'Insurance Company,',
      '          Defendants.',
      `The above case is set for a ${kind} at the Stockton district office on ${date}`,
      'at 8:30 a.m. The parties shall appear with all evidence and witnesses.',
    ];
    expect(
      starts(bundle(notice('STATUS CONFERENCE', 'May 2, 2024'), notice('TRIAL', 'June 9, 2024'))),
    ).toEqual([1, 2]);
  });

  it("keeps a lien's itemization with the lien although it prints the patient and claim", () => {
    const lien = [
      "WORKERS' COMPENSATION APPEALS BOARD",
      'STATE OF CALIFORNIA',
      'NOTICE AND REQUEST FOR ALLOWANCE OF LIEN',
      'Case No.: ADJ10293847',
      'Injured worker: DARIUS FENWICK',
      'Employer: Orchard Valley Farms',
      'The undersigned requests allowance of a lien of $2,310.00 for medical treatment',
      'provided to the injured worker, as itemized on the attached statement.',
      'Lien claimant: Harborline Physical Therapy',
      'Dated: 05/20/2024',
    ];
    const items = [
      'ITEMIZATION OF SERVICES',
      'Patient: Darius Fenwick        DOB: 02/17/1981',
      'Claim No.: CS-5521870          Date of Injury: 08/30/2023',
      'Employer: Orchard Valley Farms',
      'Date of Service   Code   Description   Charge',
      '01/08/2024   97110   Therapeutic exercise   $120.00',
      '01/15/2024   97140   Manual therapy   $95.00',
      'Total Billed: $2,310.00',
    ];
    expect(starts(bundle(lien, items))).toEqual([1]);
  });
});
