import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  caseListVariables,
  clearedFilters,
  DEFAULT_CASE_FILTERS,
  isNarrowed,
  pageCount,
  restoreCaseFilters,
  toggleSort,
  type CaseListFilters,
} from './listState';
import { checkVariables } from '../../../shared/graphql/check';
import { CASE_LIST_QUERY } from './operations';

const filters = (patch: Partial<CaseListFilters>): CaseListFilters => ({
  ...DEFAULT_CASE_FILTERS,
  ...patch,
});

describe('case list variables', () => {
  it('given the default filters, when page 1 is asked for, then 10 cases are asked for, most recently updated first', () => {
    expect(caseListVariables(DEFAULT_CASE_FILTERS, 1)).toEqual({
      page: 1,
      limit: 10,
      sort_by: 'updated_at',
      sort_order: 'desc',
    });
  });

  it('given a search, filters, sorting and page size, when mapped, then each becomes its legalCases argument', () => {
    const variables = caseListVariables(
      filters({
        query: '  ADJ123 ',
        status: 'Open',
        type: "Workers' Compensation",
        hasDocuments: 'no',
        sortBy: 'date_of_injury',
        sortOrder: 'asc',
        pageSize: 25,
      }),
      3,
    );
    expect(variables).toEqual({
      page: 3,
      limit: 25,
      query: 'ADJ123',
      filters: {
        legal_case_status: 'Open',
        legal_case_type: "Workers' Compensation",
        has_documents: false,
      },
      sort_by: 'date_of_injury',
      sort_order: 'asc',
    });
    expect(checkVariables(CASE_LIST_QUERY, variables)).toEqual([]);
  });

  it('given "with documents" only, when mapped, then has_documents is true and nothing else narrows', () => {
    expect(caseListVariables(filters({ hasDocuments: 'yes', query: '   ' }), 0)).toEqual({
      page: 1,
      limit: 10,
      filters: { has_documents: true },
      sort_by: 'updated_at',
      sort_order: 'desc',
    });
  });
});

describe('sorting by column headers', () => {
  it('given the default sort, when a text column is clicked, then it sorts ascending; a second click flips it', () => {
    const once = toggleSort(DEFAULT_CASE_FILTERS, 'name');
    expect([once.sortBy, once.sortOrder]).toEqual(['name', 'asc']);
    expect(ariaSort(once, 'name')).toBe('ascending');
    expect(ariaSort(once, 'client_name')).toBe('none');
    const twice = toggleSort(once, 'name');
    expect([twice.sortBy, twice.sortOrder]).toEqual(['name', 'desc']);
    expect(ariaSort(twice, 'name')).toBe('descending');
  });

  it('given the default sort, when "Type" is clicked, then cases sort by type A to Z', () => {
    const byType = toggleSort(DEFAULT_CASE_FILTERS, 'legal_case_type');
    expect([byType.sortBy, byType.sortOrder]).toEqual(['legal_case_type', 'asc']);
    expect(caseListVariables(byType, 1)).toMatchObject({
      sort_by: 'legal_case_type',
      sort_order: 'asc',
    });
  });

  it('given a text sort, when "Updated" is clicked, then it sorts newest first', () => {
    const sorted = toggleSort(filters({ sortBy: 'name', sortOrder: 'asc' }), 'updated_at');
    expect([sorted.sortBy, sorted.sortOrder]).toEqual(['updated_at', 'desc']);
  });
});

describe('restoring and clearing filters', () => {
  it('given a stored copy with an unknown sort column, when restored, then the defaults are used', () => {
    expect(restoreCaseFilters({ ...DEFAULT_CASE_FILTERS, sortBy: 'password' })).toEqual(
      DEFAULT_CASE_FILTERS,
    );
  });

  it('given an older stored copy without some keys, when restored, then the missing keys get defaults', () => {
    expect(restoreCaseFilters({ status: 'Closed' })).toEqual(filters({ status: 'Closed' }));
    expect(restoreCaseFilters('garbage')).toEqual(DEFAULT_CASE_FILTERS);
  });

  it('given a search and a status, when cleared, then sorting and page size stay and nothing narrows', () => {
    const narrowed = filters({ query: 'x', status: 'Open', sortBy: 'name', pageSize: 50 });
    expect(isNarrowed(narrowed)).toBe(true);
    const cleared = clearedFilters(narrowed);
    expect(isNarrowed(cleared)).toBe(false);
    expect([cleared.sortBy, cleared.pageSize]).toEqual(['name', 50]);
  });

  it('given totals, then pages are rounded up and never fewer than one', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([1, 1, 2]);
  });
});
