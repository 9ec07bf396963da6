import { describe, expect, it } from 'vitest';
import { rangeEndExclusive, rangeStart, rawFileListQuerySchema } from './schemas';

const parse = (value: Record<string, unknown>) => rawFileListQuerySchema.safeParse(value);

describe('rawFileListQuerySchema', () => {
  it('given query-string words, then booleans and numbers come out typed', () => {
    const r = parse({
      document_synced: 'false',
      needs_case_number: 'true',
      page: '3',
      minPages: '0',
    });
    expect(r.success && r.data).toMatchObject({
      document_synced: false,
      needs_case_number: true,
      page: 3,
      minPages: 0,
    });
  });

  it('given empty query-string values, then those filters are not set', () => {
    const r = parse({ statusType: '', document_synced: '', separated_at: '', legalFileTypeId: '' });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.statusType).toBeUndefined();
    expect(r.data.document_synced).toBeUndefined();
    expect(r.data.separated_at).toBeUndefined();
    expect(r.data.legalFileTypeId).toBeUndefined();
  });

  it('given other words for a boolean or a status type, then it is refused', () => {
    expect(parse({ document_synced: 'yes' }).success).toBe(false);
    expect(parse({ statusType: 'needs_case_number' }).success).toBe(false);
    expect(parse({ page: '1.5' }).success).toBe(false);
  });

  it('given a backwards range, then one issue on raw_file_uploaded_at_to', () => {
    const r = parse({
      raw_file_uploaded_at_from: '2026-01-02',
      raw_file_uploaded_at_to: '2026-01-01',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['raw_file_uploaded_at_to']);
    expect(
      parse({
        raw_file_uploaded_at_from: '2026-01-01T23:00:00Z',
        raw_file_uploaded_at_to: '2026-01-01',
      }).success,
    ).toBe(true);
  });

  it('given a day, then the range covers that whole UTC day', () => {
    expect(rangeStart('2026-01-01').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(rangeEndExclusive('2026-01-01').toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(rangeEndExclusive('2026-01-01T05:00:00+01:00').toISOString()).toBe(
      '2026-01-01T04:00:00.001Z',
    );
  });
});

describe('rawFileListQuerySchema and the shared filter rules', () => {
  it('given a 20-digit page count or a year past 2099, then the list query is refused', () => {
    expect(rawFileListQuerySchema.safeParse({ minPages: '12345678901234567890' }).success).toBe(
      false,
    );
    expect(rawFileListQuerySchema.safeParse({ maxPages: 100_001 }).success).toBe(false);
    expect(
      rawFileListQuerySchema.safeParse({ raw_file_uploaded_at_from: '2150-01-01' }).success,
    ).toBe(false);
    expect(rawFileListQuerySchema.safeParse({ minPages: '3', maxPages: 100_000 }).success).toBe(
      true,
    );
  });
});
