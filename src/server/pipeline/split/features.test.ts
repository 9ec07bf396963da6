// The type a separator sheet names for a document whose own first page shows no readable title.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import { continueDocument, readPage, startDocument } from './features';

const page = (n: number, lines: string[]) =>
  readPage({ page: n, text: lines.join('\n'), source: 'ocr' }, DEFAULT_TAXONOMY);

describe('separator sheet type', () => {
  it('types the document behind the sheet when its first page shows no title', () => {
    const sheet = page(1, [
      'DOCUMENT SEPARATOR SHEET',
      'Case Number: ADJ1234567',
      "Document Title: NOTICE OF TAKING APPLICANT'S DEPOSITION",
    ]);
    const untitled = page(2, [
      'Osvaldo Arredondo, Applicant',
      'PLEASE TAKE NOTICE that defendants',
    ]);
    expect(sheet.separator).toBe(true);
    expect(untitled.title).toBeNull();
    const doc = continueDocument(startDocument(sheet, 0), untitled);
    expect(doc.typeKey).toBe('deposition_notice');
  });
});

describe('titles printed by other hands', () => {
  it('given a notice that benefits end, under a letterhead and subject block, then its title is read', () => {
    const notice = page(2, [
      'HARBOR CLAIMS SERVICES',
      'Workers’ Compensation Claims',
      '12 Harbor Way, Suite 4 * Long Beach, CA 90802',
      'March 3, 2025',
      'Employee: Rosa M. Ibarra',
      'Claim No.: 55-1234',
      'NOTICE OF BENEFITS ENDING - TEMPORARY DISABILITY',
      'Your temporary disability payments ended on February 28, 2025.',
    ]);
    expect(notice.title).toMatchObject({ typeKey: 'benefit_notice' });
  });
  it.each([
    'CHIROPRACTIC TREATMENT NOTE',
    'ELECTRODIAGNOSTIC CONSULTATION (EMG/NCV)',
    'INITIAL COMPREHENSIVE EVALUATION',
    'X-RAY REPORT',
    'PSYCHOLOGICAL TREATMENT PROGRESS REPORT',
  ])(
    'given a report headed %j under a letterhead, then its title is a medical report’s',
    (heading) => {
      const report = page(6, [
        'VALLEY SPINE MEDICAL GROUP',
        '12 Harbor Way * Long Beach, CA 90802',
        'Tel (562) 555-0100   Fax (562) 555-0101',
        heading,
        'Date of Service: 01/18/2025',
        'PATIENT: IBARRA, ROSA M.',
      ]);
      expect(report.title).toMatchObject({ typeKey: 'medical_report' });
    },
  );
  it.each([
    ['PR-4: TREATING PHYSICIAN’S PERMANENT & STATIONARY EVALUATION', 'pr4'],
    ['TELECOPY COVER PAGE', 'correspondence'],
  ])('given a page headed %j, then its title is a %s’s', (heading, typeKey) => {
    const first = page(3, [
      'PACIFIC SPINE MEDICAL GROUP',
      '12 Harbor Way * Long Beach, CA 90802',
      'Tel (562) 555-0100   Fax (562) 555-0101',
      heading,
      'Date: July 18, 2024',
    ]);
    expect(first.title).toMatchObject({ typeKey });
  });
});
