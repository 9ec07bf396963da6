import { describe, expect, it } from 'vitest';
import { attachmentHead, captionHeader, faxLine } from './pageCues';

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
