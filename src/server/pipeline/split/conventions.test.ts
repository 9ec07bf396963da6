/**
 * The conventions of filed and faxed workers' compensation paper, each with hand-written pages:
 * fax transmission counters, EAMS separator sheets, attachments that stay with their document
 * (proof of service, exhibits, verification, opinion on decision), continuation pages repeating
 * the caption, and two letters of one author back to back.
 */
import { describe, expect, it } from 'vitest';
import type { PageText } from '../types';
import { splitPages } from './splitPages';

function bundle(...pages: string[]): PageText[] {
  return pages.map((text, i) => ({ page: i + 1, text, source: 'text-layer' as const }));
}

function starts(pages: PageText[]): number[] {
  return splitPages(pages).map((r) => r.startPage);
}

const CAPTION = [
  "WORKERS' COMPENSATION APPEALS BOARD",
  'STATE OF CALIFORNIA',
  'ROSA MENDEZ,                         Case No. ADJ11223344',
  '          Applicant,',
  '     vs.',
  'BRIGHT FOODS INC.; ZENITH INSURANCE COMPANY,',
  '          Defendants.',
];

const petition = [
  [
    ...CAPTION,
    'PETITION FOR PENALTIES AND INTEREST',
    'Applicant petitions for penalties under Labor Code section 5814 because',
    'temporary disability was paid late on three occasions as set out below.',
    '1',
  ].join('\n'),
  [
    'Rosa Mendez v. Bright Foods Inc. - Petition for Penalties',
    'The payments due on March 1 and March 15 were issued more than fourteen days late and',
    'no explanation was offered by the claims administrator for the delay.',
    'WHEREFORE applicant requests penalties and interest.',
    'Dated: 04/02/2024',
    '/s/ Alan Ruiz, Attorney for Applicant',
    '2',
  ].join('\n'),
];

describe('split conventions', () => {
  it('does not read a fax counter running across a transmission as one document', () => {
    const fax = (k: number) =>
      `Received: 04/11/2024 10:42AM From: (559) 555-0182 To: RUIZ LAW Page ${k} of 5`;
    const pages = bundle(
      [
        fax(1),
        'ZENITH INSURANCE COMPANY',
        'P.O. Box 1200, Fresno, CA 93721',
        'April 11, 2024',
        'Re: Rosa Mendez, Claim 0512-88',
        'Dear Mr. Ruiz:',
        'We have received your request and will respond within thirty days.',
        'Sincerely,',
        'Jill Park, Claims Examiner',
      ].join('\n'),
      [
        fax(2),
        'ZENITH INSURANCE COMPANY',
        'P.O. Box 1200, Fresno, CA 93721',
        'April 10, 2024',
        'Re: Rosa Mendez, Claim 0512-88',
        'Dear Dr. Lin:',
        'Enclosed please find the authorization for six sessions of physical therapy.',
        'Sincerely,',
        'Jill Park, Claims Examiner',
      ].join('\n'),
      [
        fax(3),
        "PRIMARY TREATING PHYSICIAN'S PROGRESS REPORT (PR-2)",
        'Patient: Rosa Mendez   Claim Number: 0512-88',
        'Subjective complaints: low back pain radiating to the left leg.',
        'Objective findings: reduced range of motion.',
        'Page 1 of 2',
      ].join('\n'),
      [
        fax(4),
        'Treatment plan: continue physical therapy and home exercise program.',
        'Work status: modified duty with no lifting over 20 pounds.',
        'Signed: Helen Lin, M.D.',
        'Page 2 of 2',
      ].join('\n'),
      [
        fax(5),
        'UTILIZATION REVIEW DETERMINATION',
        'Employee: Rosa Mendez  Claim Number: 0512-88',
        'Request: MRI lumbar spine without contrast. Decision: certified.',
      ].join('\n'),
    );
    expect(starts(pages)).toEqual([1, 2, 3, 5]);
  });

  it('keeps a proof of service at the end of a petition with it, but not one with its own caption', () => {
    const attached = [
      'PROOF OF SERVICE',
      'I am over eighteen years of age and not a party to this action.',
      'On 04/02/2024 I served the foregoing petition on the parties below by mail:',
      'Zenith Insurance Company, P.O. Box 1200, Fresno, CA 93721',
      'I declare under penalty of perjury that the foregoing is true and correct.',
      'Executed 04/02/2024 at Fresno, California.   /s/ Ana Cruz',
      '3',
    ].join('\n');
    const standalone = [
      ...CAPTION,
      'PROOF OF SERVICE',
      'I served the Declaration of Readiness to Proceed dated 05/01/2024 on the parties below.',
      'Zenith Insurance Company, P.O. Box 1200, Fresno, CA 93721',
      'Executed 05/01/2024 at Fresno, California.   /s/ Ana Cruz',
    ].join('\n');
    expect(starts(bundle(...petition, attached, standalone))).toEqual([1, 4]);
  });

  it('keeps exhibit covers and the exhibits behind them, letterheads and all, with the report', () => {
    const report = [
      [
        'QUALIFIED MEDICAL EVALUATOR REPORT',
        'Evaluee: Rosa Mendez   ADJ11223344',
        'History: the applicant injured her back lifting cases of produce at work.',
        'Page 1 of 2',
      ].join('\n'),
      [
        'Rosa Mendez - QME Report',
        'Discussion: the injury is industrial and the applicant is not yet permanent and stationary.',
        'I declare under penalty of perjury that the foregoing is true and correct.',
        'Helen Lin, M.D.',
        'Page 2 of 2',
      ].join('\n'),
    ];
    const exhibit = 'EXHIBIT "A"';
    const letter = [
      'COAST ORTHOPAEDIC GROUP',
      '1400 Harbor Blvd, Ventura, CA 93001',
      '(805) 555-0134',
      'February 2, 2024',
      'Dear Mr. Ruiz:',
      'Ms. Mendez was seen today for her lumbar complaints and remains on modified duty.',
      'Sincerely,',
      'Paul Ochoa, M.D.',
    ].join('\n');
    const dor = [
      ...CAPTION,
      'DECLARATION OF READINESS TO PROCEED',
      'Applicant requests a mandatory settlement conference.',
      'DWC-CA form 10250.1',
    ].join('\n');
    expect(starts(bundle(...report, exhibit, letter, dor))).toEqual([1, 5]);
  });

  it('keeps a verification and an opinion on decision with the document before them', () => {
    const verification = [
      'VERIFICATION',
      'I, Rosa Mendez, am the applicant in this matter. I have read the foregoing petition',
      'and know its contents, which are true of my own knowledge.',
      'I declare under penalty of perjury that the foregoing is true and correct.',
      'Dated: 04/02/2024   /s/ Rosa Mendez',
      'Page 1 of 1',
    ].join('\n');
    const findings = [
      ...CAPTION,
      'FINDINGS AND AWARD',
      'The applicant sustained injury arising out of and in the course of employment.',
      'AWARD is made in favor of ROSA MENDEZ against ZENITH INSURANCE COMPANY.',
      'Dated: 09/10/2024',
      'WORKERS COMPENSATION JUDGE',
    ].join('\n');
    const opinion = [
      ...CAPTION,
      'OPINION ON DECISION',
      'The applicant testified credibly about the mechanism of injury.',
      'The reporting of the panel QME is substantial medical evidence and is followed.',
      'Dated: 09/10/2024',
      'WORKERS COMPENSATION JUDGE',
    ].join('\n');
    expect(starts(bundle(...petition, verification, findings, opinion))).toEqual([1, 4]);
  });

  it('keeps continuation pages that repeat the caption in their header', () => {
    const answer = (k: number, body: string) =>
      [...CAPTION, 'ANSWER TO APPLICATION FOR ADJUDICATION OF CLAIM', body, `Page ${k}`].join('\n');
    const pages = bundle(
      answer(1, 'Defendant denies that the applicant sustained injury arising out of employment.'),
      answer(
        2,
        'Defendant further alleges that the claim is barred by the statute of limitations.',
      ),
      answer(
        3,
        'WHEREFORE defendant prays that applicant take nothing. Dated: 03/03/2024 /s/ Kim Tran',
      ),
    );
    expect(starts(pages)).toEqual([1]);
  });

  it('splits two reports of the same imaging center back to back', () => {
    const report = (study: string, date: string, finding: string) =>
      [
        'PACIFIC IMAGING DIAGNOSTIC CENTER',
        '9278 N. Harbor Blvd., Suite 944, Bakersfield, CA 93301',
        'Tel (661) 555-3530   Fax (661) 555-0742',
        'Patient: MENDEZ, ROSA   DOB: 03/02/1979   Claim: 0512-88',
        `Exam date: ${date}   Referring: Helen Lin, M.D.`,
        study,
        `FINDINGS: ${finding}`,
        'IMPRESSION: clinical correlation recommended.',
        'Electronically signed by Omar Haddad, M.D.',
      ].join('\n');
    const pages = bundle(
      report('MRI OF THE LUMBAR SPINE WITHOUT CONTRAST', '02/03/2024', 'disc bulge at L4-5.'),
      report('X-RAY CERVICAL SPINE, 3 VIEWS', '02/10/2024', 'mild degenerative change at C5-6.'),
    );
    expect(starts(pages)).toEqual([1, 2]);
  });

  it('starts a document behind a fax cover sheet, the cover being a note of its own', () => {
    const cover = [
      'FAX TRANSMITTAL',
      'To: Ruiz Law Group',
      'From: Coast Orthopaedic Group',
      'Date: 02/05/2024',
      'Pages (including cover): 3',
      'This facsimile is confidential. If received in error, call us and destroy it.',
    ].join('\n');
    const mri = [
      'PACIFIC IMAGING DIAGNOSTIC CENTER',
      '9278 N. Harbor Blvd., Suite 944, Bakersfield, CA 93301',
      'Tel (661) 555-3530   Fax (661) 555-0742',
      'Patient: MENDEZ, ROSA   DOB: 03/02/1979   Claim: 0512-88',
      'Exam date: 02/03/2024   Referring: Helen Lin, M.D.',
      'EXAMINATION: LUMBAR SPINE, NON-CONTRAST',
      'FINDINGS: disc bulge at L4-5.',
      'Electronically signed by Omar Haddad, M.D.',
    ].join('\n');
    expect(starts(bundle(cover, mri))).toEqual([1, 2]);
  });

  it('keeps a petition page whose running caption repeats the title, and the IMR form behind a UR determination', () => {
    const more = [
      'MENDEZ v. BRIGHT FOODS INC., et al.   ADJ11223344',
      'PETITION FOR PENALTIES AND INTEREST',
      'The payment due on February 15 was issued twenty days late, without a penalty',
      'paid on it and without any notice explaining the delay.',
    ].join('\n');
    const ur = [
      'UTILIZATION REVIEW DETERMINATION',
      'Employee: Rosa Mendez  Claim Number: 0512-88',
      'Request: MRI lumbar spine. Decision: non-certified.',
      'You may ask for Independent Medical Review on the enclosed form within 30 days.',
      'Karl Weiss, M.D., Reviewing Physician',
      'Page 1 of 1',
    ].join('\n');
    const imr = [
      'APPLICATION FOR INDEPENDENT MEDICAL REVIEW',
      'DWC Form IMR',
      'Employee Name: Mendez, Rosa   Claim Number: 0512-88',
      'Signature of Employee or Representative: ____________',
      'Page 1 of 1',
    ].join('\n');
    expect(starts(bundle(petition[0] ?? '', more, petition[1] ?? '', ur, imr))).toEqual([1, 4]);
  });
});
