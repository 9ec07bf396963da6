import { describe, expect, it } from 'vitest';
import {
  filterDayMessage,
  PAGES_MESSAGE,
  PAGES_RANGE_MESSAGE,
  RANGE_MESSAGE,
} from '../../../shared/filters/rules';
import {
  DEFAULT_FILTERS,
  hasFilters,
  listBody,
  rawFileFilterProblems,
  restoreFilters,
} from './filters';
import { rawFileFiltersChanged, rawFileFiltersReducer, selectRawFileFilters } from './filtersSlice';
import { fileTypeOptions } from './useFileTypeOptions';

const TYPE = '0b5e3c52-3f3a-4d39-9b47-6e0b1d2f8a10';
const ISO = 'YYYY-MM-DD';

describe('raw-file filter state', () => {
  it('given the review choices, then statusType or needs_case_number is sent', () => {
    const body = (review: typeof DEFAULT_FILTERS.review) =>
      listBody({ ...DEFAULT_FILTERS, review }, 1, 'c', 'u', ISO);
    expect(body('no_file_type')).toMatchObject({ statusType: 'no_file_type' });
    expect(body('multi_case')).toMatchObject({ statusType: 'multi_case' });
    expect(body('needs_case_number')).toMatchObject({ needs_case_number: true });
    expect(body('needs_case_number')).not.toHaveProperty('statusType');
    expect(body('')).not.toHaveProperty('statusType');
  });

  it('given type, range and sync, then they are sent in the server names', () => {
    const body = listBody(
      {
        ...DEFAULT_FILTERS,
        fileTypeId: TYPE,
        uploadedFrom: '2026-11-01',
        uploadedTo: '2026-11-20',
        synced: 'no',
      },
      1,
      'c',
      'u',
      ISO,
    );
    expect(body).toMatchObject({
      legalFileTypeId: TYPE,
      raw_file_uploaded_at_from: '2026-11-01',
      raw_file_uploaded_at_to: '2026-11-20',
      document_synced: false,
    });
  });

  it('given days in the company format, then they are sent as YYYY-MM-DD', () => {
    const body = listBody(
      { ...DEFAULT_FILTERS, uploadedFrom: 'Nov 1, 2026', uploadedTo: 'Nov 20, 2026' },
      1,
      'c',
      'u',
      'MMM D, YYYY',
    );
    expect(body).toMatchObject({
      raw_file_uploaded_at_from: '2026-11-01',
      raw_file_uploaded_at_to: '2026-11-20',
    });
  });

  it('given a backwards range, a huge page count or max below min, then each field says why', () => {
    expect(rawFileFilterProblems(DEFAULT_FILTERS, ISO)).toEqual({});
    expect(
      rawFileFilterProblems(
        {
          ...DEFAULT_FILTERS,
          uploadedFrom: '2026-11-20',
          uploadedTo: '2026-11-01',
          minPages: '12345678901234567890',
        },
        ISO,
      ),
    ).toEqual({ uploadedTo: RANGE_MESSAGE, minPages: PAGES_MESSAGE });
    expect(
      rawFileFilterProblems({ ...DEFAULT_FILTERS, minPages: '5', maxPages: '2' }, ISO),
    ).toEqual({ maxPages: PAGES_RANGE_MESSAGE });
    expect(
      rawFileFilterProblems({ ...DEFAULT_FILTERS, uploadedFrom: '275760-01-01' }, ISO),
    ).toEqual({
      uploadedFrom: filterDayMessage(ISO),
    });
  });

  it('given a stored copy that is old or broken, then defaults fill in or replace it', () => {
    expect(restoreFilters({ search: 'x' })).toEqual({ ...DEFAULT_FILTERS, search: 'x' });
    expect(restoreFilters({ review: 'bogus' })).toEqual(DEFAULT_FILTERS);
    expect(restoreFilters('nonsense')).toEqual(DEFAULT_FILTERS);
  });

  it('knows when there is something to clear (sorting does not count)', () => {
    expect(hasFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasFilters({ ...DEFAULT_FILTERS, sortBy: 'name' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_FILTERS, synced: 'yes' })).toBe(true);
  });

  it('the slice stores what it is given and the selector reads it only when registered', () => {
    const next = rawFileFiltersReducer(
      DEFAULT_FILTERS,
      rawFileFiltersChanged({ ...DEFAULT_FILTERS, review: 'multi_case' }),
    );
    expect(next.review).toBe('multi_case');
    expect(selectRawFileFilters({ rawFileFilters: next })?.review).toBe('multi_case');
    expect(selectRawFileFilters({ auth: {} })).toBeUndefined();
  });

  it('lists document types by folder, then name', () => {
    const type = (id: string, name: string, folder: string) => ({
      id,
      key: null,
      name,
      legal_document_folder_id: folder,
      legal_document_folder: { id: folder, name: folder, hex_code: '#000' },
      rules: { titles: [], formNumbers: [], keywords: [] },
    });
    const options = fileTypeOptions({
      folders: [],
      types: [type('1', 'Zeta', 'Medical'), type('2', 'Alpha', 'Medical'), type('3', 'Q', 'Legal')],
    });
    expect(options.map((o) => o.value)).toEqual(['3', '2', '1']);
    expect(options[0]?.label).toBe('Legal — Q');
  });
});
