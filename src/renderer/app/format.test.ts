import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from '../../shared/schemas';
import {
  formatDate,
  formatDateTime,
  formatLoggedValue,
  formatSize,
  formatTime,
  initials,
  serverAssetUrl,
} from './format';
import { progressStep, readUploadResponse, type UploadError } from './upload';

const PI_DAY = new Date(2025, 2, 4, 9, 5);

describe('formatDate', () => {
  it.each([
    ['MM/DD/YYYY', '03/04/2025'],
    ['DD/MM/YYYY', '04/03/2025'],
    ['YYYY-MM-DD', '2025-03-04'],
    ['MMM D, YYYY', 'Mar 4, 2025'],
    ['D MMM YYYY', '4 Mar 2025'],
    ['DD.MM.YYYY', '04.03.2025'],
  ])('given the company format %s, then the date reads %s', (format, expected) => {
    expect(formatDate(PI_DAY, format)).toBe(expected);
  });

  it('given every format the company may choose, then each one is covered above', () => {
    expect(DATE_FORMATS).toHaveLength(6);
  });

  it("given a date and time, then the time follows in the user's locale", () => {
    expect(formatDateTime(PI_DAY, 'YYYY-MM-DD', 'en-GB')).toBe('2025-03-04 09:05');
    expect(formatDateTime(PI_DAY, 'DD/MM/YYYY', 'en-US')).toBe('04/03/2025 9:05 AM');
    expect(formatTime(PI_DAY, 'en-US')).toBe('9:05 AM');
  });

  it('given an unreadable date, then it is shown as given', () => {
    expect(formatDate('not a date', 'YYYY')).toBe('not a date');
  });
});

describe('formatLoggedValue', () => {
  it('given a date field, then the day reads in the company format (no time-zone shift)', () => {
    expect(formatLoggedValue('date_of_injury', '2024-09-23', 'MM/DD/YYYY')).toBe('09/23/2024');
    expect(formatLoggedValue('date_of_incident', '2024-09-23', 'D MMM YYYY')).toBe('23 Sep 2024');
  });

  it('given a moment (reviewed at), then it reads as date and time, never ISO', () => {
    const iso = new Date(2026, 10, 26, 4, 51, 17).toISOString();
    const shown = formatLoggedValue('reviewed_at', iso, 'DD.MM.YYYY');
    expect(shown).toBe(`26.11.2026 ${formatTime(new Date(2026, 10, 26, 4, 51))}`);
    expect(shown).not.toContain('T');
  });

  it('given any other value, then it is shown as written', () => {
    expect(formatLoggedValue('applicant', 'Maria Gonzalez', 'MM/DD/YYYY')).toBe('Maria Gonzalez');
    expect(formatLoggedValue('name', '2024-09-23', 'MM/DD/YYYY')).toBe('2024-09-23');
  });
});

describe('small helpers', () => {
  it('given a person, then initials are the first letters of both names', () => {
    expect(initials({ first_name: 'ada', last_name: 'Lovelace' })).toBe('AL');
  });

  it('given a server-relative icon path, then it resolves on the server; absolute URLs stay', () => {
    expect(serverAssetUrl('http://127.0.0.1:4000', '/files/icon.png')).toBe(
      'http://127.0.0.1:4000/files/icon.png',
    );
    expect(serverAssetUrl('http://a:1', 'https://cdn.test/x.png')).toBe('https://cdn.test/x.png');
    expect(serverAssetUrl('http://a:1', null)).toBeNull();
  });
});

describe('upload responses', () => {
  it('given bytes going out, then progress is reported at the spec steps', () => {
    expect([progressStep(0, 100), progressStep(40, 100), progressStep(90, 100)]).toEqual([
      10, 30, 70,
    ]);
  });

  it('given the server refuses a file, then the error carries its message and code', () => {
    const body = JSON.stringify({
      error: { code: 'INVALID_FILE_TYPE', message: 'Invalid file type or format' },
      url: '',
    });
    expect(() => readUploadResponse(400, body, 'Failed to upload icon!')).toThrow(
      expect.objectContaining({
        message: 'Invalid file type or format',
        code: 'INVALID_FILE_TYPE',
      }) as UploadError,
    );
  });

  it('given an unreadable failure, then the operation fallback is used', () => {
    expect(() =>
      readUploadResponse(502, '<html>bad gateway</html>', 'Failed to upload icon!'),
    ).toThrow('Failed to upload icon!');
  });

  it('given success, then the stored url comes back', () => {
    expect(readUploadResponse(200, JSON.stringify({ url: '/files/a.png' }), 'x')).toEqual({
      url: '/files/a.png',
    });
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1.0 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
  ])('given %i bytes, then it reads %s', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });
});
