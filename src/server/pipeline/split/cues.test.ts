import { describe, expect, it } from 'vitest';
import {
  adjNumbers,
  captionScore,
  closing,
  cosine,
  startsMidSentence,
  furniture,
  isSeparator,
  letterOpening,
  pageNumber,
  wordSet,
  wordSetOfSpaced,
} from './cues';
import { prepareText } from '../classify/normalize';

describe('pageNumber', () => {
  it('reads "Page k of N" in the footer or header, OCR-damaged too', () => {
    expect(pageNumber(['body', 'more body', 'Page 2 of 5'])).toEqual({ k: 2, n: 5 });
    expect(pageNumber(['Page l of 3', 'body', 'body', 'body', 'end'])).toEqual({ k: 1, n: 3 });
    expect(pageNumber(['body', 'P age 1O of 12'])).toEqual({ k: 10, n: 12 });
    expect(pageNumber(['body', '3 of 4'])).toEqual({ k: 3, n: 4 });
    expect(pageNumber(['body', 'DWC-CA form 10214(c)', 'Page 4 of 6'])).toEqual({ k: 4, n: 6 });
  });

  it('reads bare and dashed page numbers', () => {
    expect(pageNumber(['body', '7'])).toEqual({ k: 7, n: null });
    expect(pageNumber(['body', '- 2 -'])).toEqual({ k: 2, n: null });
    expect(pageNumber(['body', 'Page 3'])).toEqual({ k: 3, n: null });
  });

  it('ignores numbers that are not page numbers', () => {
    expect(pageNumber(['Total charges 1550', 'body', 'Signed 03/14/2024'])).toBeNull();
    expect(pageNumber(['body', 'Page 5 of 3'])).toBeNull();
    expect(pageNumber([])).toBeNull();
  });
});

describe('other page cues', () => {
  it('finds ADJ numbers, tolerating OCR and spacing', () => {
    expect([...adjNumbers('Case No. ADJ10234567; companion ADJ 9988776 and AD J1O234567')]).toEqual(
      ['ADJ10234567', 'ADJ9988776'],
    );
    expect(adjNumbers('Claim 5102-88341').size).toBe(0);
  });

  it('scores a WCAB caption block', () => {
    const caption = [
      "WORKERS' COMPENSATION APPEALS BOARD",
      'STATE OF CALIFORNIA',
      'MARIA LOPEZ, Applicant,',
      'vs. ACME, Defendants.',
      'Case No. ADJ10234567',
    ];
    expect(captionScore(caption)).toBe(5);
    expect(captionScore(['Dear Ms. Hall:', 'Thank you for your letter.'])).toBe(0);
  });

  it('recognises separator sheets but not full pages that mention one', () => {
    expect(isSeparator(['DOCUMENT SEPARATOR SHEET', '[ADJ-LEGAL DOCS-PETITION]'], 6)).toBe(true);
    expect(isSeparator(['DOCUMENT COVER SHEET', 'Case Number ADJ10234567'], 40)).toBe(true);
    expect(isSeparator(['FAX COVER SHEET', 'To: Zenith'], 10)).toBe(false);
    expect(isSeparator(['PETITION FOR PENALTIES'], 200)).toBe(false);
  });

  it('sees a signature block, but not a bare close whose signature is on the next page', () => {
    expect(closing(['We await your reply.', 'Very truly yours,', 'Dana Hall', 'Hall & Co.'])).toBe(
      true,
    );
    expect(closing(['We await your reply.', 'Sincerely,', '/s/ Dana Hall'])).toBe(true);
    expect(closing(['We await your reply.', '_ Very truly yours,'])).toBe(false);
    expect(closing(['We await your reply.', 'Respectfully submitted,', 'Page 2 of 3'])).toBe(false);
    expect(closing(['Dated: August 20, 2017', 'Dana Hall', 'Attorney for Defendants'])).toBe(true);
    // "Dated:" ending the page with no signature before it: the signature is on the next page.
    expect(closing(['Work status: full duty.', 'Dated: June 1, 2024'])).toBe(false);
    expect(closing(['/s/ Dana Hall, M.D.', 'Dated: June 1, 2024'])).toBe(true);
  });

  it('reads a signature block behind OCR specks', () => {
    const end = ['Jerome P. Castaneda', 'Declarant', 'Page 1 of 1'];
    expect(
      closing(['I declare under penalty of perjury.', '., Dated: April 22, 2022', ...end]),
    ).toBe(true);
    expect(closing(['The findings are as stated.', "' /s/ Dana Hall"])).toBe(true);
    expect(closing(['The findings are as stated.', 'as dated: see the records below'])).toBe(false);
  });

  it("reads a diagnostic report's sign-off by its reader", () => {
    const body = ['IMPRESSION:', 'No acute fracture.'];
    expect(closing([...body, 'Interpreted by: Soren Valdez, M.D.'])).toBe(true);
    expect(closing([...body, 'Dictated by Soren Valdez, M.D.', 'Page 2 of 2'])).toBe(true);
    expect(closing([...body, 'Reading physician: Soren Valdez, M.D.'])).toBe(true);
    expect(closing([...body, 'The study was interpreted by comparison with 2021 films.'])).toBe(
      false,
    );
  });

  it("reads a form's signature line whose blank OCR dropped", () => {
    // Text layer: "Requesting Physician Signature: ______   Date: June 14, 2021"; OCR loses the rule.
    const form = ['Service/Good Requested', 'TENS unit purchase'];
    expect(closing([...form, 'Requesting Physician Signature:   Date: June 14, 2021'])).toBe(true);
    expect(closing([...form, 'Signature of Employee or Representative:', 'DWC Form IMR'])).toBe(
      true,
    );
    expect(
      closing([...form, 'Signature of the physician is required for each request.', 'Page 1']),
    ).toBe(false);
  });

  it('sees a letter opening', () => {
    expect(letterOpening(['March 1, 2024', 'Re: Lopez v. Acme', 'Dear Ms. Hall:'])).toBe(true);
    expect(letterOpening(['PROOF OF SERVICE'])).toBe(false);
    // A report's continuation page: "Re:" running header over text that goes on mid-sentence.
    const continued = [
      'Re: Calderon, Ngozi',
      'QME report of January 5, 2027',
      'partially disabled.',
    ];
    expect(letterOpening(continued)).toBe(false);
    expect(letterOpening([...continued, 'Dear Dr. Hall:'])).toBe(true);
    expect(letterOpening(['Re: Calderon, Ngozi', 'Dear Dr. Hall:', 'we write'])).toBe(true);
  });

  it.each([
    ['TREATMENT PLAN', 'Home exercise program reviewed.'],
    ['Work Status:', 'Modified duty with no lifting over 10 pounds.'],
    ['WORKERS’ COMPENSATION ADMINISTRATIVE LAW JUDGE', 'SERVED ON PARTIES'],
    ['1. Cervicalgia (M54.2)', 'Work status: full duty.'],
  ])(
    'given a "Re:" name and claim running header over the heading %j, then no letter opens',
    (heading, body) => {
      const page = ['Re: PARK, RAUL G.', 'Claim No. 27-03003-34', heading, body];
      expect(letterOpening(page)).toBe(false);
      expect(startsMidSentence(page)).toBe(true);
      expect(letterOpening([...page, 'Dear Dr. Hall:'])).toBe(true);
    },
  );

  it('compares headers without their page numbers', () => {
    expect(furniture('Lopez v. Acme - Page 2 of 5')).toBe(furniture('Lopez v. Acme - Page 3 of 5'));
    expect(furniture(undefined)).toBe('');
  });

  it('measures word-set cosine similarity', () => {
    const a = wordSet('the applicant reports low back pain');
    expect(cosine(a, a)).toBeCloseTo(1);
    expect(cosine(a, wordSet('notice of hearing will be held'))).toBe(0);
    expect(cosine(a, new Set())).toBe(0);
  });

  it('gets the same word set from a prepared text as from the raw text', () => {
    const text =
      "  DECLARATION of READINESS\n\nApplicant's  attorney: J. Smith, 1200 Main St.\fPage 1 of 2\r\nwe rn 5ee";
    const words = wordSetOfSpaced(prepareText(text).spaced);
    expect([...words].sort()).toEqual([...wordSet(text)].sort());
    expect(words.has('declaratlon')).toBe(true);
  });

  it('sees a continuation page below a "Re:" running header', () => {
    const header = ['Re: Calderon, Ngozi', 'QME report of January 5, 2027'];
    expect(startsMidSentence([...header, 'partially disabled.', 'The patient has not'])).toBe(true);
    expect(startsMidSentence(['Re: Calderon, Ngozi', 'in all planes.'])).toBe(true);
    // A letter's first page: its "Re:" block is followed by the salutation.
    expect(startsMidSentence([...header, 'Dear Ms. Hall:', 'we write'])).toBe(false);
    // Only short header lines stand between: a body line ends the search.
    const body = 'The patient was seen again today for a follow-up examination of the back.';
    expect(startsMidSentence(['Re: Calderon, Ngozi', body, 'and then'])).toBe(false);
    expect(startsMidSentence(['REVIEW OF RECORDS', 'and the imaging'])).toBe(false);
  });
});
