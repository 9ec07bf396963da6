import { describe, expect, it } from 'vitest';
import { attachmentHead, billEnd, captionHeader, faxLine, subjectBlock } from './pageCues';

describe('captionHeader', () => {
  it('reads a one-line running caption with a case number', () => {
    expect(captionHeader(['REYES v. ACME FOODS, ADJ1234567', 'body'])).toBe(true);
  });

  it("reads a pleading's title and the parties as a running header", () => {
    expect(
      captionHeader([
        'ANSWER TO APPLICATION FOR ADJUDICATION OF CLAIM — OCAMPO v. BAYSHORE MEDICAL LINEN SERVICES, et al.',
        'Desmond Rourke',
      ]),
    ).toBe(true);
    expect(captionHeader(['PETITION TO COMPEL - ESPARZA v. STARLITE JANITORIAL', 'body'])).toBe(
      true,
    );
  });

  it('does not take a "Re:" line or prose for one', () => {
    expect(captionHeader(['Re: Reyes v. Acme Foods, ADJ1234567'])).toBe(false);
    expect(captionHeader(['The matter of Reyes v. Acme — as set out below.'])).toBe(false);
    expect(captionHeader(['body', 'body', 'ANSWER — REYES v. ACME'])).toBe(false);
  });
});

describe('attachmentHead', () => {
  it('reads headings with OCR specks and stray quotes around them', () => {
    expect(attachmentHead(['VERIFICATION"', 'I, Dana Hall, declare'], 40)).toBe('verification');
    expect(attachmentHead(['_ VERIFlCATION', 'I declare'], 40)).toBe('verification');
    expect(attachmentHead(['- EXHIBIT "B" -'], 5)).toBe('exhibitCover');
    expect(attachmentHead(['“PROOF OF SERVICE'], 80)).toBe('proofOfService');
  });

  it('does not read a heading into prose', () => {
    expect(attachmentHead(['The verification is attached.'], 40)).toBeNull();
    expect(attachmentHead(['Exhibits were reviewed at length by the evaluator.'], 40)).toBeNull();
  });
});

describe('faxLine', () => {
  it('reads a fax stamp whose time OCR split at the colon', () => {
    const line = 'Fax from (475) 969-0453 JAN-13-2025 17: 79 Law Offices RF Page 4 of 7';
    expect(faxLine(line)).toMatchObject({ k: 4, n: 7 });
    expect(faxLine(line)?.key).toBe(
      faxLine('Fax from (475) 969-0453 JAN-13-2025 17:79 Law Offices RF Page 3 of 7')?.key,
    );
  });

  it('does not take a numbered list line for a stamp', () => {
    expect(faxLine('Item 3: 25 pounds lifting restriction')).toBeNull();
  });
});

describe('subjectBlock', () => {
  it("counts the kinds of subject label under a bill's or a report's heading", () => {
    const form = [
      'HEALTH INSURANCE CLAIM FORM',
      '1. INSURED: Redwood Mutual        1a. CLAIM NO.: RM-448120',
      "2. PATIENT'S NAME: OKONKWO, ADAEZE        3. DOB: 04/11/1979",
      '4. EMPLOYER: Sierra Box Company   14. DATE OF CURRENT INJURY: 02/03/2023',
    ];
    expect(subjectBlock(form)).toBe(6);
    const report = [
      'QUARRY HILL IMAGING',
      '',
      'Patient: LINDGREN, Marta      DOB: 09/30/1968',
      '',
      'Exam date: 01/10/2023      Referring: Dr. Oyelaran',
      'Claim #: 77-310482      Date of. Injury: 11/02/2022',
    ];
    expect(subjectBlock(report)).toBe(6);
  });

  it('leaves out a running header on the first line, "Re:" lines and prose', () => {
    expect(subjectBlock(['Patient: LINDGREN, Marta   DOB: 09/30/1968   Claim #: 77-310482'])).toBe(
      0,
    );
    expect(subjectBlock(['REPORT', 'Re: Lindgren v. Quarry Hill, Case No. ADJ1234567'])).toBe(0);
    expect(
      subjectBlock(['REPORT', 'The patient was seen on the date of injury by her employer.']),
    ).toBe(0);
  });
});

describe('billEnd', () => {
  it("reads a bill's total, balance or billing provider among its last lines", () => {
    const rows = ['03/01/2023  97110  Therapeutic exercise  $120.00'];
    expect(billEnd([...rows, '28. TOTAL CHARGE   $120.00', 'Page 1 of 1'])).toBe(true);
    expect(billEnd([...rows, 'Balance Due: $120.00', 'Please remit to the address above'])).toBe(
      true,
    );
    expect(billEnd([...rows, '33. BILLING PROVIDER: Harborline Physical Therapy'])).toBe(true);
  });

  it('does not read a total higher on the page or in prose', () => {
    const rows = Array.from(
      { length: 8 },
      () => '03/01/2023  97110  Therapeutic exercise  $120.00',
    );
    expect(billEnd(['TOTAL CHARGES  $960.00', ...rows])).toBe(false);
    expect(billEnd(['The applicant testified about the accident at length.'])).toBe(false);
  });
});
