import { describe, expect, it } from 'vitest';
import {
  dayRangeProblems,
  filterDayMessage,
  filterDayOrInstant,
  filterDayProblem,
  filterPages,
  filterPagesProblem,
  PAGES_MESSAGE,
  parseFilterDay,
  parseFilterPages,
  RANGE_MESSAGE,
} from './rules';

describe('parseFilterDay', () => {
  it('reads a day in each company date format, and YYYY-MM-DD whatever the format', () => {
    expect(parseFilterDay('03/15/2024', 'MM/DD/YYYY')).toBe('2024-03-15');
    expect(parseFilterDay('3/5/2024', 'MM/DD/YYYY')).toBe('2024-03-05');
    expect(parseFilterDay('15/03/2024', 'DD/MM/YYYY')).toBe('2024-03-15');
    expect(parseFilterDay('Mar 5, 2024', 'MMM D, YYYY')).toBe('2024-03-05');
    expect(parseFilterDay('5 mar 2024', 'D MMM YYYY')).toBe('2024-03-05');
    expect(parseFilterDay('15.03.2024', 'DD.MM.YYYY')).toBe('2024-03-15');
    expect(parseFilterDay(' 2024-03-15 ', 'DD.MM.YYYY')).toBe('2024-03-15');
  });

  it('refuses what is not a real day of 1900 to 2099 in that format', () => {
    expect(parseFilterDay('275760-01-01', 'YYYY-MM-DD')).toBeNull();
    expect(parseFilterDay('01/01/275760', 'MM/DD/YYYY')).toBeNull();
    expect(parseFilterDay('02/29/2025', 'MM/DD/YYYY')).toBeNull();
    expect(parseFilterDay('01/01/1899', 'MM/DD/YYYY')).toBeNull();
    expect(parseFilterDay('15/03/2024', 'MM/DD/YYYY')).toBeNull();
    expect(parseFilterDay('Foo 5, 2024', 'MMM D, YYYY')).toBeNull();
    expect(parseFilterDay('03/15', 'MM/DD/YYYY')).toBeNull();
  });
});

describe('filter problems', () => {
  it('says a wrong day in the company format and leaves a blank one alone', () => {
    expect(filterDayProblem('', 'MM/DD/YYYY')).toBeUndefined();
    expect(filterDayProblem('01/01/275760', 'MM/DD/YYYY')).toBe(filterDayMessage('MM/DD/YYYY'));
    expect(filterDayMessage('DD.MM.YYYY')).toBe(
      'Enter a real date as DD.MM.YYYY, in the years 1900 to 2099.',
    );
  });

  it('gives a backwards range to its end, and a wrong end its own message first', () => {
    expect(dayRangeProblems('03/20/2024', '03/10/2024', 'MM/DD/YYYY')).toEqual({
      to: RANGE_MESSAGE,
    });
    expect(dayRangeProblems('03/10/2024', '03/10/2024', 'MM/DD/YYYY')).toEqual({});
    expect(dayRangeProblems('03/10/2024', '', 'MM/DD/YYYY')).toEqual({});
    expect(dayRangeProblems('x', '03/10/2024', 'MM/DD/YYYY')).toEqual({
      from: filterDayMessage('MM/DD/YYYY'),
      to: undefined,
    });
  });

  it('takes page counts as whole numbers from 0 to 100,000 only', () => {
    expect(filterPagesProblem('')).toBeUndefined();
    expect(filterPagesProblem('0')).toBeUndefined();
    expect(filterPagesProblem('100000')).toBeUndefined();
    expect(filterPagesProblem('12345678901234567890')).toBe(PAGES_MESSAGE);
    expect(filterPagesProblem('-1')).toBe(PAGES_MESSAGE);
    expect(filterPagesProblem('2.5')).toBe(PAGES_MESSAGE);
    expect(filterPagesProblem('1e3')).toBe(PAGES_MESSAGE);
    expect(parseFilterPages(' 12 ')).toBe(12);
    expect(parseFilterPages('12345678901234567890')).toBeUndefined();
  });
});

describe('the server side of the same rules', () => {
  it('accepts days and instants within the years, refuses others', () => {
    expect(filterDayOrInstant.safeParse('2024-03-15').success).toBe(true);
    expect(filterDayOrInstant.safeParse('2024-03-15T07:00:00.000Z').success).toBe(true);
    expect(filterDayOrInstant.safeParse('1899-12-31T23:00:00.000Z').success).toBe(true);
    expect(filterDayOrInstant.safeParse('+275760-01-01T00:00:00.000Z').success).toBe(false);
    expect(filterDayOrInstant.safeParse('2150-01-01T00:00:00.000Z').success).toBe(false);
    expect(filterDayOrInstant.safeParse('2150-01-01').success).toBe(false);
    expect(filterPages.safeParse(1e20).success).toBe(false);
  });
});
