import { describe, expect, it } from 'vitest';
import {
  effectiveSort,
  isContentSearch,
  narrowsBeyondCounters,
  normalizeNumber,
  processedFileFiltersSchema,
  processedFileListArgsSchema,
  reviewQueueArgsSchema,
} from './listFilters';

const COMPANY = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const parse = (raw: unknown) => processedFileListArgsSchema.safeParse(raw);
const issues = (raw: unknown) =>
  (parse(raw).error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('processedFileListArgsSchema', () => {
  it('given only a company, then page 1, page size 10, no sort and no filters', () => {
    expect(parse({ company_id: COMPANY }).data).toEqual({
      company_id: COMPANY,
      page: 1,
      page_size: 10,
      filters: {},
    });
  });

  it('given GraphQL nulls and blank strings, then they count as not given', () => {
    const r = parse({
      company_id: COMPANY,
      page: null,
      page_size: null,
      sort_by: null,
      sort_order: '',
      filters: { file_name: '  ', folder: null, search: '', include_content_search: null },
    });
    expect(r.data).toEqual({ company_id: COMPANY, page: 1, page_size: 10, filters: {} });
  });

  it('given query-string numbers and flags, then they are read as numbers and booleans', () => {
    const r = parse({
      company_id: COMPANY,
      page: '3',
      page_size: '25',
      sort_order: 'DESC',
      filters: { include_content_search: 'true', search: 'x' },
    });
    expect(r.data).toMatchObject({
      page: 3,
      page_size: 25,
      sort_order: 'desc',
      filters: { include_content_search: true, search: 'x' },
    });
  });

  it.each([
    [{ page: 0 }, 'page', 'must be at least 1'],
    [{ page: 1.5 }, 'page', 'must be a whole number'],
    [{ page_size: 1001 }, 'page_size', 'must be at most 1000'],
    [{ page_size: 'ten' }, 'page_size', 'must be a whole number'],
    [{ sort_by: 'content' }, 'sort_by', 'must be one of name, created_at'],
    [{ sort_order: 'sideways' }, 'sort_order', 'must be asc or desc'],
    [{ sort_by: 'rank' }, 'sort_by', 'rank sorts a content search only'],
  ])('given %j, then the issue names %s', (extra, path, message) => {
    const found = issues({ company_id: COMPANY, ...extra }).find((i) => i.path === path);
    expect(found?.message).toContain(message);
  });

  it('given rank with a content search, then it is accepted', () => {
    expect(
      parse({
        company_id: COMPANY,
        sort_by: 'rank',
        filters: { search: 'lumbar', include_content_search: true },
      }).success,
    ).toBe(true);
  });
});

describe('processedFileFiltersSchema', () => {
  it.each([
    [{ processed_at_from: '2026-02-30' }, 'processed_at_from'],
    [{ processed_at_to: '2026-01-01T10:00:00' }, 'processed_at_to'],
    [{ raw_file_uploaded_at_from: 'yesterday' }, 'raw_file_uploaded_at_from'],
    [{ separated_at: '2026-01-01T00:00:00Z' }, 'separated_at'],
    [{ file_type: 'abc' }, 'file_type'],
    [{ legal_case_id: 42 }, 'legal_case_id'],
    [{ folder: 'medical' }, 'folder'],
    [{ file_name: 'x'.repeat(256) }, 'file_name'],
    [{ include_content_search: 'yes' }, 'include_content_search'],
  ])('given %j, then it is refused at %s', (filters, path) => {
    const r = processedFileFiltersSchema.safeParse(filters);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path.join('.')).toBe(path);
  });

  it('given a range whose end is before its start, then the end is refused; a one-day range is fine', () => {
    const reversed = processedFileFiltersSchema.safeParse({
      processed_at_from: '2026-02-02',
      processed_at_to: '2026-02-01',
    });
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['processed_at_to'],
      message: 'must not be before processed_at_from',
    });
    expect(
      processedFileFiltersSchema.safeParse({
        raw_file_uploaded_at_from: '2026-02-01',
        raw_file_uploaded_at_to: '2026-02-01',
      }).success,
    ).toBe(true);
  });

  it("given 'no_file_type' or a folder id, then the folder is kept as given; text is trimmed", () => {
    expect(processedFileFiltersSchema.parse({ folder: 'no_file_type' })).toEqual({
      folder: 'no_file_type',
    });
    expect(processedFileFiltersSchema.parse({ folder: COMPANY, search: ' smith ' })).toEqual({
      folder: COMPANY,
      search: 'smith',
    });
  });
});

describe('reviewQueueArgsSchema', () => {
  it('given no statusType, then all and page size 50; an unknown one is refused', () => {
    expect(reviewQueueArgsSchema.parse({ company_id: COMPANY })).toMatchObject({
      statusType: 'all',
      page: 1,
      page_size: 50,
    });
    const r = reviewQueueArgsSchema.safeParse({ company_id: COMPANY, statusType: 'urgent' });
    expect(r.error?.issues[0]?.path).toEqual(['statusType']);
  });
});

describe('helpers', () => {
  it('given numbers as typed, then case and whitespace are ignored', () => {
    expect(normalizeNumber(' adj 123\t456 ')).toBe('ADJ123456');
  });

  it('given filters, then only those beyond tab, type and processed_at need rows counted', () => {
    expect(narrowsBeyondCounters({})).toBe(false);
    expect(
      narrowsBeyondCounters({
        folder: 'no_file_type',
        file_type: COMPANY,
        processed_at_from: '2026-01-01',
        processed_at_to: '2026-01-02',
        include_content_search: true,
      }),
    ).toBe(false);
    expect(narrowsBeyondCounters({ adj_number: 'ADJ1' })).toBe(true);
    expect(narrowsBeyondCounters({ raw_file_uploaded_at_from: '2026-01-01' })).toBe(true);
  });

  it('given sorts, then the defaults are newest first, rank for a content search, ascending otherwise', () => {
    const content = { search: 'x', include_content_search: true };
    expect(isContentSearch(content)).toBe(true);
    expect(isContentSearch({ include_content_search: true })).toBe(false);
    expect(effectiveSort(undefined, undefined, {})).toEqual({ by: 'created_at', order: 'desc' });
    expect(effectiveSort(undefined, undefined, content)).toEqual({ by: 'rank', order: 'desc' });
    expect(effectiveSort('name', undefined, {})).toEqual({ by: 'name', order: 'asc' });
    expect(effectiveSort('separated_at', undefined, {})).toEqual({
      by: 'separated_at',
      order: 'desc',
    });
    expect(effectiveSort('name', 'desc', content)).toEqual({ by: 'name', order: 'desc' });
    expect(effectiveSort('reviewed_at', undefined, {})).toEqual({
      by: 'reviewed_at',
      order: 'desc',
    });
    expect(effectiveSort('action_status', undefined, {}).order).toBe('asc');
    expect(effectiveSort('document_synced', undefined, {}).order).toBe('asc');
  });
});

describe('processedFileFiltersSchema and the shared filter rules', () => {
  it('given a year past 2099 or a day that does not exist, then the filter is refused, not ignored', () => {
    for (const filters of [
      { processed_at_from: '+275760-01-01T00:00:00.000Z' },
      { processed_at_to: '2150-01-01T00:00:00.000Z' },
      { raw_file_uploaded_at_from: '1850-06-01' },
      { separated_at: '2025-02-29' },
    ])
      expect(processedFileFiltersSchema.safeParse(filters).success).toBe(false);
    expect(
      processedFileFiltersSchema.safeParse({
        processed_at_from: '2024-03-15T07:00:00.000Z',
        separated_at: '2024-02-29',
      }).success,
    ).toBe(true);
  });
});
