import { describe, expect, it } from 'vitest';
import { dayString, parseRecommended } from './service';

describe('parseRecommended', () => {
  it('maps the stored caseId entries and skips ones that do not fit', () => {
    expect(
      parseRecommended([
        { caseId: 'c1', score: 0.95, reasons: ['ADJ number ADJ1 matches'] },
        { caseId: 'c2', score: 0.5 },
        { score: 1 },
        'junk',
      ]),
    ).toEqual([
      { case_id: 'c1', score: 0.95, reasons: ['ADJ number ADJ1 matches'] },
      { case_id: 'c2', score: 0.5, reasons: [] },
    ]);
    expect(parseRecommended(null)).toEqual([]);
  });
});

describe('dayString', () => {
  it('writes dates as YYYY-MM-DD whatever the driver gave', () => {
    expect(dayString('2023-03-15')).toBe('2023-03-15');
    expect(dayString(new Date('2023-03-15T00:00:00Z'))).toBe('2023-03-15');
    expect(dayString(null)).toBeNull();
  });
});
