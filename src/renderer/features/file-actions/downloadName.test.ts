import { describe, expect, it } from 'vitest';
import { downloadName, rawFileDownloadName } from './downloadName';

describe('downloadName', () => {
  it('saves a document under its own name with .pdf', () => {
    expect(downloadName('QME Report - Maria Gonzalez - 03/15/2023', 'pdf')).toBe(
      'QME Report - Maria Gonzalez - 03 15 2023.pdf',
    );
  });
  it('adds the extension once', () => {
    expect(downloadName('scan.PDF', 'pdf')).toBe('scan.pdf');
  });
  it('drops characters file systems refuse and trailing dots', () => {
    expect(downloadName('a:b*c?"d"<e>|f\u0007.', '.pdf')).toBe('a b c d e f.pdf');
  });
  it('falls back when nothing is left, and keeps names short', () => {
    expect(downloadName('///', 'pdf')).toBe('document.pdf');
    expect(downloadName('x'.repeat(400), 'pdf')).toHaveLength(150);
  });
});

describe('rawFileDownloadName', () => {
  it("keeps a raw file's extension", () => {
    expect(rawFileDownloadName('letter.docx')).toBe('letter.docx');
    expect(rawFileDownloadName('bundle 7.pdf')).toBe('bundle 7.pdf');
    expect(rawFileDownloadName('noext')).toBe('noext.bin');
  });
});
