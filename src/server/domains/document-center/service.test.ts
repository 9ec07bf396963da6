import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../shared/errors';
import { ValidationError } from '../../errors';
import type { Viewer } from '../../permissions';
import type { RawFileQueries } from '../raw-files/queries';
import type { ProcessedFileRecord } from '../documents/columns';
import { createProcessedFileListService } from './service';
import { NO_TYPE_KEY } from './countQueries';
import type { ListScope } from './listConditions';
import type { PageRequest } from './listOrder';
import type { ProcessedFileQueries } from './queries';
import type { SearchQueries, SearchRow, SearchTerms } from './searchQueries';

const COMPANY = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const OTHER = '9b2f1c7e-1d2a-4c3b-8e4f-5a6b7c8d9e0f';
const FOLDER = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';
const TYPE_A = '6ba7b811-9dad-41d1-80b4-00c04fd430c8';
const TYPE_B = '6ba7b812-9dad-41d1-80b4-00c04fd430c8';

const viewer = { companyIds: [COMPANY], managedCompanyIds: [] } as unknown as Viewer;
const record = (id: string) => ({ id, legal_raw_file_id: 'r' }) as unknown as ProcessedFileRecord;

/** Queries that record their calls; any method not given throws (so tests see unexpected SQL). */
type Queries = ProcessedFileQueries & SearchQueries;
function fakeQueries(overrides: Partial<Queries>) {
  return new Proxy(overrides, {
    get(target, key: string) {
      if (key in target) return target[key as keyof Queries];
      return () => {
        throw new Error(`unexpected query ${key}`);
      };
    },
  }) as Queries;
}

const counterRows = [
  { bucket: 'center', legal_file_type_id: TYPE_A, n: 7 },
  { bucket: 'center', legal_file_type_id: TYPE_B, n: 5 },
  { bucket: 'center', legal_file_type_id: NO_TYPE_KEY, n: 2 },
  { bucket: 'exception', legal_file_type_id: NO_TYPE_KEY, n: 3 },
  { bucket: 'exception:multi_case', legal_file_type_id: NO_TYPE_KEY, n: 2 },
];

const noRawFiles = {} as RawFileQueries;

describe('the document center list', () => {
  it('given a company the viewer may not see, then an empty page without touching the database', async () => {
    const service = createProcessedFileListService(fakeQueries({}), noRawFiles);
    for (const companyId of [OTHER, 'not-an-id'])
      expect(await service.list(viewer, { company_id: companyId, page: 2 })).toEqual({
        items: [],
        total: 0,
        total_capped: false,
        page: 2,
        page_size: 10,
      });
  });

  it('given only a folder tab, then the total is the sum of its types from the counters (no counting)', async () => {
    const page = vi.fn(async (_scope: ListScope, _request: PageRequest) => [record('d1')]);
    const service = createProcessedFileListService(
      fakeQueries({
        page,
        folderTypeIds: async () => [TYPE_A],
        counters: async () => ({ rows: counterRows, pending: 0 }),
      }),
      noRawFiles,
    );
    const result = await service.list(viewer, { company_id: COMPANY, filters: { folder: FOLDER } });
    expect(result.total).toBe(7);
    expect(page.mock.calls[0]![0]).toMatchObject({ folderTypeIds: [TYPE_A] });
    expect(page.mock.calls[0]![1]).toEqual({
      sortBy: 'created_at',
      sortOrder: 'desc',
      limit: 10,
      offset: 0,
    });
    const noType = await service.list(viewer, {
      company_id: COMPANY,
      filters: { folder: 'no_file_type' },
    });
    expect(noType.total).toBe(2);
  });

  it('given a narrowing filter, then rows are counted up to the cap; beyond it the total is capped', async () => {
    const countUpTo = vi.fn(async () => 5_001);
    const service = createProcessedFileListService(
      fakeQueries({ page: async () => [], countUpTo }),
      noRawFiles,
    );
    const result = await service.list(viewer, { company_id: COMPANY, filters: { file_name: 'x' } });
    expect(result).toMatchObject({ total: 5_000, total_capped: true });
    expect(countUpTo).toHaveBeenCalledWith(expect.anything(), 5_000, 150);
  });

  it('given counting that times out, then the total is a lower bound from the page', async () => {
    const service = createProcessedFileListService(
      fakeQueries({
        page: async () => [record('a'), record('b')],
        countUpTo: async () => undefined,
      }),
      noRawFiles,
    );
    const full = await service.list(viewer, {
      company_id: COMPANY,
      page: 3,
      page_size: 2,
      filters: { search: 'x' },
    });
    expect(full).toMatchObject({ total: 7, total_capped: true });
  });

  it('given a processed_at range of instants, then whole days come from the day counters and the partial edge days are counted exactly', async () => {
    const centerDayCounts = vi.fn(async () => ({
      byType: new Map([
        [TYPE_A, 10],
        [NO_TYPE_KEY, 1],
      ]),
      pending: 0,
    }));
    const edges: ListScope[] = [];
    const countByTypeUpTo = vi.fn(async (scope: ListScope) => {
      edges.push(scope);
      return new Map([[TYPE_A, 1]]);
    });
    const service = createProcessedFileListService(
      fakeQueries({ page: async () => [], centerDayCounts, countByTypeUpTo }),
      noRawFiles,
    );
    const result = await service.list(viewer, {
      company_id: COMPANY,
      filters: {
        processed_at_from: '2026-01-10T10:00:00Z',
        processed_at_to: '2026-02-20T06:00:00Z',
      },
    });
    expect(centerDayCounts).toHaveBeenCalledWith(COMPANY, '2026-01-11', '2026-02-20');
    expect(edges.map((scope) => scope.filters)).toEqual([
      {
        processed_at_from: '2026-01-10T10:00:00.000Z',
        processed_at_to: '2026-01-10T23:59:59.999Z',
      },
      {
        processed_at_from: '2026-02-20T00:00:00.000Z',
        processed_at_to: '2026-02-20T06:00:00.000Z',
      },
    ]);
    expect(result).toMatchObject({ total: 13, total_capped: false });
  });

  it('given day-only bounds, then only the day counters are read', async () => {
    const centerDayCounts = vi.fn(async () => ({ byType: new Map([[TYPE_B, 4]]), pending: 0 }));
    const service = createProcessedFileListService(
      fakeQueries({ page: async () => [], centerDayCounts }),
      noRawFiles,
    );
    const result = await service.list(viewer, {
      company_id: COMPANY,
      filters: {
        processed_at_from: '2026-01-10',
        processed_at_to: '2026-01-31',
        file_type: TYPE_B,
      },
    });
    expect(centerDayCounts).toHaveBeenCalledWith(COMPANY, '2026-01-10', '2026-02-01');
    expect(result.total).toBe(4);
  });

  it('given a content search with few candidates, then every match is known: exact total, ranked, snippets added; the walk never runs', async () => {
    const requests: Array<{ scope: ListScope; request: PageRequest }> = [];
    const candidates = vi.fn(async (_s: ListScope, _t: SearchTerms, limit: number) => {
      expect(limit).toBe(50); // a phrase: checkCap
      return ['d1', 'd2', 'd3'].map((id) => ({ id, type: TYPE_A }));
    });
    const service = createProcessedFileListService(
      searchFakes({
        candidates,
        check: async (rows) =>
          rows.map((candidate) => ({ ...candidate, exact: candidate.id !== 'd2' })),
        page: async (scope: ListScope, request: PageRequest) => {
          requests.push({ scope, request });
          return [record('d3')];
        },
      }),
      noRawFiles,
      { rankCap: 100, checkCap: 50 },
    );
    const result = await service.list(viewer, {
      company_id: COMPANY,
      page: 2,
      page_size: 1,
      filters,
    });
    expect(result).toMatchObject({ total: 2, total_capped: false, page: 2 });
    expect(result.items[0]).toMatchObject({ id: 'd3', snippet: '<mark>x</mark>' });
    // Only the exact matches are paged, by relevance, at the requested offset.
    expect(requests).toEqual([
      {
        scope: expect.objectContaining({ matchedIds: ['d1', 'd3'] }),
        request: { sortBy: 'rank', sortOrder: 'desc', limit: 1, offset: 1, search: 'x' },
      },
    ]);
  });

  it('given a content search with more candidates than the cap, then the list order is walked a bounded number of rows and the total says "at least"', async () => {
    const walks: Array<{ sort: unknown; rows: number }> = [];
    const requests: Array<{ scope: ListScope; request: PageRequest }> = [];
    const service = createProcessedFileListService(
      searchFakes({
        candidates: async () => null, // more than the limit
        walk: async (_s: ListScope, _t: SearchTerms, sort: unknown, rows: number) => {
          walks.push({ sort, rows });
          return Array.from({ length: rows }, (_, i) => row(`w${i}`, i % 2 === 0));
        },
        page: async (scope: ListScope, request: PageRequest) => {
          requests.push({ scope, request });
          return [record('w4')];
        },
      }),
      noRawFiles,
      { rankCap: 100, checkCap: 100 },
    );
    const result = await service.list(viewer, {
      company_id: COMPANY,
      page: 2,
      page_size: 2,
      filters,
    });
    // 104 rows walked (checkCap + the end of page 2), newest first: relevance cannot be ranked.
    expect(walks).toEqual([{ sort: { by: 'created_at', order: 'desc' }, rows: 104 }]);
    expect(result).toMatchObject({ total: 52, total_capped: true });
    expect(requests).toEqual([
      {
        scope: expect.objectContaining({ matchedIds: ['w4', 'w6'] }),
        request: { sortBy: 'created_at', sortOrder: 'desc', limit: 2, offset: 0, search: 'x' },
      },
    ]);
  });

  it('given a walk that ends before its limit, then every row was checked: the total is exact and not capped', async () => {
    const service = createProcessedFileListService(
      searchFakes({
        terms: async (search: string) => ({ ...terms, search, loose: null }), // only exclusions
        walk: async () => [row('w1', false), row('w2', true)],
        page: async () => [record('w2')],
      }),
      noRawFiles,
      { rankCap: 100, checkCap: 100 },
    );
    expect(
      await service.list(viewer, { company_id: COMPANY, filters, sort_by: 'name' }),
    ).toMatchObject({ total: 1, total_capped: false });
  });

  it('given only stop words, then nothing matches and no rows are read', async () => {
    const service = createProcessedFileListService(
      searchFakes({ terms: async (search: string) => ({ ...terms, search, hasLexemes: false }) }),
      noRawFiles,
    );
    expect(await service.list(viewer, { company_id: COMPANY, filters })).toMatchObject({
      items: [],
      total: 0,
      total_capped: false,
    });
  });

  it('given content-search tab counts beyond the cap, then they are those of the walked matches, capped', async () => {
    const service = createProcessedFileListService(
      searchFakes({
        candidates: async () => null, // more than the limit
        walk: async () => [row('a', true, TYPE_A), row('b', true, null), row('c', false, TYPE_B)],
        taxonomy: async () => ({
          folders: [{ id: FOLDER, name: 'F', hex_code: '#000000' }],
          types: [{ id: TYPE_A, folder_id: FOLDER }],
        }),
      }),
      noRawFiles,
      { rankCap: 2, checkCap: 2 },
    );
    expect(await service.centerCounts(viewer, { company_id: COMPANY, filters })).toMatchObject({
      all: 2,
      no_file_type: 1,
      capped: true,
      folders: [{ count: 1 }],
    });
  });
});

const filters = { search: 'x', include_content_search: true };
const terms: SearchTerms = { search: 'x', hasLexemes: true, loose: "'x'", looseIsExact: false };
const row = (id: string, exact: boolean, type: string | null = TYPE_A): SearchRow => ({
  id,
  type,
  exact,
});
/** Fakes of a content search: its terms, snippets, and what each test adds. */
function searchFakes(overrides: Partial<Queries>) {
  return fakeQueries({
    terms: async (search: string) => ({ ...terms, search }),
    snippets: async (ids: readonly string[]) => new Map(ids.map((id) => [id, '<mark>x</mark>'])),
    ...overrides,
  });
}

describe('counters', () => {
  it('given many pending deltas, then one fold runs in the background per company', async () => {
    let release: () => void = () => undefined;
    const compactCounters = vi.fn(
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(300);
        }),
    );
    const service = createProcessedFileListService(
      fakeQueries({ counters: async () => ({ rows: counterRows, pending: 300 }), compactCounters }),
      noRawFiles,
    );
    expect(await service.reviewCounts(viewer, COMPANY)).toEqual({
      all: 3,
      no_file_type: 0,
      multi_case: 2,
      needs_case_number: 0,
    });
    await service.reviewCounts(viewer, COMPANY);
    expect(compactCounters).toHaveBeenCalledTimes(1);
    release();
  });

  it('given tab counts without filters, then every folder of the company gets the sum of its types', async () => {
    const service = createProcessedFileListService(
      fakeQueries({
        taxonomy: async () => ({
          folders: [
            { id: FOLDER, name: 'Medical', hex_code: '#f00' },
            { id: OTHER, name: 'Empty', hex_code: '#0f0' },
          ],
          types: [
            { id: TYPE_A, folder_id: FOLDER },
            { id: TYPE_B, folder_id: FOLDER },
          ],
        }),
        counters: async () => ({ rows: counterRows, pending: 0 }),
      }),
      noRawFiles,
    );
    expect(await service.centerCounts(viewer, { company_id: COMPANY })).toEqual({
      all: 14,
      no_file_type: 2,
      capped: false,
      folders: [
        { folder: { id: FOLDER, name: 'Medical', hex_code: '#f00' }, count: 12 },
        { folder: { id: OTHER, name: 'Empty', hex_code: '#0f0' }, count: 0 },
      ],
    });
  });
});

describe('REST helpers', () => {
  const service = createProcessedFileListService(fakeQueries({}), noRawFiles);

  it('given no company_id, then COMPANY_ID_REQUIRED (400)', async () => {
    for (const query of [{}, { company_id: '' }, { company_id: '  ' }]) {
      const error = await service.reviewCount(viewer, query).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'COMPANY_ID_REQUIRED', status: 400 });
    }
  });

  it('given unknown tags or statusType, then INVALID_INPUT naming them', async () => {
    const tags = await service
      .needReviews(viewer, { tags: 'multi_case,urgent' })
      .catch((e: unknown) => e);
    expect(tags).toBeInstanceOf(ValidationError);
    expect((tags as ValidationError).issues[0]).toMatchObject({ path: 'tags' });
    const status = await service.byStatus(viewer, 'everything', {}).catch((e: unknown) => e);
    expect((status as ValidationError).issues[0]).toMatchObject({ path: 'statusType' });
  });

  it('given need-reviews for visible and invisible companies, then only the visible ones are listed', async () => {
    const list = vi.fn(async () => ({ rows: [], total: 0 }));
    const exceptionDocuments = vi.fn(async () => []);
    const scoped = createProcessedFileListService(fakeQueries({ exceptionDocuments }), {
      list,
    } as unknown as RawFileQueries);
    await scoped.needReviews(viewer, { company_ids: `${COMPANY}, ${OTHER}`, tags: 'no_file_type' });
    expect((list.mock.calls[0] as unknown[])[0]).toEqual([COMPANY]);
    expect(exceptionDocuments).toHaveBeenCalledWith([COMPANY], [], ['no_file_type']);
  });
});
