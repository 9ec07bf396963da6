import { describe, expect, it } from 'vitest';
import { readableLogName, readableLogValue, readableProcessingError } from './processingError';

describe('readableProcessingError', () => {
  it("names the file by its name where the error holds the storage key's last part", () => {
    expect(
      readableProcessingError({
        name: 'scan 14.pdf',
        s3_key: 'raw/2026/11/G_TRSW3kq9Zx7',
        processing_error: 'G_TRSW3kq9Zx7 is not a valid PDF: Invalid PDF structure.',
      }),
    ).toBe('scan 14.pdf is not a valid PDF: Invalid PDF structure.');
  });
  it('replaces the whole key too', () => {
    expect(
      readableProcessingError({
        name: 'a.pdf',
        s3_key: 'raw/G_TRSW3kq9Zx7',
        processing_error: 'raw/G_TRSW3kq9Zx7 cannot be read',
      }),
    ).toBe('a.pdf cannot be read');
  });
  it('keeps an error without the key, and none stays none', () => {
    const file = { name: 'a.pdf', s3_key: 'k/G_TRSW3kq9Zx7' };
    expect(readableProcessingError({ ...file, processing_error: 'a.pdf has no pages' })).toBe(
      'a.pdf has no pages',
    );
    expect(readableProcessingError({ ...file, processing_error: null })).toBeNull();
  });
});

describe('readableLogValue', () => {
  const file = { name: 'scan.pdf', s3_key: 'c/G_TRSW3kq9Zx7' };
  it('shows a status by its label and a missing value as a dash', () => {
    expect(readableLogValue('status', 'UNACCESSIBLE', file)).toBe('Unreadable file');
    expect(readableLogValue('status', null, file)).toBe('—');
  });
  it('names the file in an error value', () => {
    expect(readableLogValue('processing_error', 'G_TRSW3kq9Zx7 has no pages', file)).toBe(
      'scan.pdf has no pages',
    );
  });
});

describe('readableLogName', () => {
  it('writes fields and actions in words', () => {
    expect(readableLogName('processing_error')).toBe('Error');
    expect(readableLogName('processing_failed')).toBe('Processing failed');
    expect(readableLogName('status')).toBe('Status');
  });
});
