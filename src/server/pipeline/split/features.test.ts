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
