import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  DAY_MESSAGE,
  DAY_YEARS,
  dayOf,
  formatDay,
  formatDayParts,
  isCalendarDay,
} from './days';

describe('a calendar day', () => {
  it.each([
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2025-02-29', false],
    ['1900-02-29', false],
    ['2023-04-31', false],
    ['2023-13-01', false],
    ['2023-00-10', false],
    ['2023-01-00', false],
    ['2023-3-1', false],
    ['2023-03-15T00:00:00Z', false],
    [' 2023-03-15', false],
    ['', false],
  ])('given %j, then it is a day: %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it('given the year range 1900 to 2099, then its first and last days are days and the days around them are not', () => {
    expect(DAY_YEARS).toEqual({ first: 1900, last: 2099 });
    expect(isCalendarDay('1900-01-01')).toBe(true);
    expect(isCalendarDay('2099-12-31')).toBe(true);
    expect(isCalendarDay('1899-12-31')).toBe(false);
    expect(isCalendarDay('2100-01-01')).toBe(false);
    expect(isCalendarDay('0202-03-15')).toBe(false);
  });

  it('given a day that is not one, when parsed with the schema, then the one message says why', () => {
    const result = calendarDay().safeParse('2025-02-29');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([DAY_MESSAGE]);
    expect(calendarDay('Nope.').safeParse('1850-01-01').error?.issues[0]?.message).toBe('Nope.');
  });
});

describe('a day from its parts', () => {
  it.each([
    [2024, 2, 29, '2024-02-29'],
    [2025, 2, 29, null],
    [2023, 3, 5, '2023-03-05'],
    [1899, 12, 31, null],
    [2100, 1, 1, null],
    [2023, 1.5, 1, null],
    [2023, 123, 1, null],
    [-2023, 1, 1, null],
  ])('given %i-%i-%i, then %s', (year, month, day, expected) => {
    expect(dayOf(year, month, day)).toBe(expected);
  });
});

describe('a day in the company format', () => {
  it('given a day, then each format token is written without a time-zone shift', () => {
    expect(formatDay('2025-03-04', 'MM/DD/YYYY')).toBe('03/04/2025');
    expect(formatDay('2025-03-04', 'D MMM YYYY')).toBe('4 Mar 2025');
    expect(formatDay('2025-12-31', 'YYYY-MM-DD')).toBe('2025-12-31');
    expect(formatDay('2025-01-01', 'M/D/YYYY')).toBe('1/1/2025');
  });

  it('given no day or other text, then nothing or the text as given', () => {
    expect(formatDay(null, 'MM/DD/YYYY')).toBe('');
    expect(formatDay('', 'MM/DD/YYYY')).toBe('');
    expect(formatDay('sometime in 2023', 'MM/DD/YYYY')).toBe('sometime in 2023');
  });

  it('given parts, then text in the format that is no token is kept', () => {
    expect(formatDayParts({ year: 2025, month: 11, day: 9 }, 'DD.MM.YYYY (MMM)')).toBe(
      '09.11.2025 (Nov)',
    );
  });
});
