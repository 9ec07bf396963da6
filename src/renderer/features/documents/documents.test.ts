import { describe, expect, it } from 'vitest';
import {
  ALWAYS_VISIBLE,
  COLUMNS,
  defaultLayout,
  isSortable,
  mergeLayout,
  moveColumn,
  setColumnVisible,
  toSettings,
  visibleColumns,
} from './columns';
import { groupFileTypes, moreFiltersCount } from './DocumentFilterBar';
import {
  clearDocumentFilters,
  countVariables,
  documentFilterProblems,
  DEFAULT_DOCUMENT_FILTERS,
  hasDocumentFilters,
  listVariables,
  localDayEdge,
  pageCount,
  pagesOffered,
  totalLabel,
  parsePage,
  restoreDocumentFilters,
  toggleSort,
  type DocumentFilters,
} from './filters';
import {
  documentFiltersChanged,
  documentFiltersReducer,
  selectDocumentFilters,
} from './filtersSlice';
import { filterDayMessage, RANGE_MESSAGE } from '../../../shared/filters/rules';
import { leadToMatch, splitSnippet } from './snippet';
import { onlyTextChanged } from './useAppliedFilters';

const TYPE = '0b5e3c52-3f3a-4d39-9b47-6e0b1d2f8a10';
const US = 'MM/DD/YYYY';

describe('document center filters -> GraphQL variables', () => {
  it('given the defaults, then page 1 of 10 newest first is asked for with no filters', () => {
    expect(listVariables(DEFAULT_DOCUMENT_FILTERS, 1, 'c1', US)).toEqual({
      company_id: 'c1',
      page: 1,
      page_size: 10,
      sort_by: 'created_at',
      sort_order: 'desc',
      filters: {},
    });
  });

  it('given every filter set, then each goes out under its server name, trimmed', () => {
    const variables = listVariables(
      {
        ...DEFAULT_DOCUMENT_FILTERS,
        folder: 'f1',
        fileName: ' report ',
        fileTypeId: TYPE,
        adjNumber: 'ADJ123',
        claimNumber: ' ZNT ',
        processedFrom: '2026-01-02',
        processedTo: '2026-01-05',
        uploadedFrom: '2026-01-01',
        uploadedTo: '2026-01-01',
        rawFileName: 'bundle',
        separatedAt: '2026-01-03',
        search: ' knee ',
        contentSearch: true,
        pageSize: 50,
      },
      3,
      'c1',
      US,
    );
    expect(variables.page).toBe(3);
    expect(variables.page_size).toBe(50);
    expect(variables.filters).toEqual({
      folder: 'f1',
      file_name: 'report',
      file_type: TYPE,
      adj_number: 'ADJ123',
      claim_number: 'ZNT',
      processed_at_from: localDayEdge('2026-01-02', 'start'),
      processed_at_to: localDayEdge('2026-01-05', 'end'),
      raw_file_uploaded_at_from: localDayEdge('2026-01-01', 'start'),
      raw_file_uploaded_at_to: localDayEdge('2026-01-01', 'end'),
      legal_raw_file_name: 'bundle',
      separated_at: '2026-01-03',
      search: 'knee',
      include_content_search: true,
    });
  });

  it('given a local day, then the range covers it whole: from its first to its last millisecond', () => {
    const start = new Date(localDayEdge('2026-03-08', 'start'));
    const end = new Date(localDayEdge('2026-03-08', 'end'));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 2, 8, 0,
    ]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getMilliseconds()]).toEqual([
      8, 23, 59, 999,
    ]);
  });

  it('given blank text or text search off, then those are not sent', () => {
    const { filters } = listVariables(
      { ...DEFAULT_DOCUMENT_FILTERS, fileName: '   ', search: 'knee', contentSearch: false },
      1,
      'c1',
      US,
    );
    expect(filters).toEqual({ search: 'knee' });
    // "Search document text" without search text searches nothing.
    expect(
      listVariables({ ...DEFAULT_DOCUMENT_FILTERS, contentSearch: true }, 1, 'c1', US).filters,
    ).toEqual({});
  });

  it('given days typed in the company format, then they go out as those days', () => {
    const { filters } = listVariables(
      { ...DEFAULT_DOCUMENT_FILTERS, processedFrom: '15.03.2024', separatedAt: '16.03.2024' },
      1,
      'c1',
      'DD.MM.YYYY',
    );
    expect(filters).toEqual({
      processed_at_from: localDayEdge('2024-03-15', 'start'),
      separated_at: '2024-03-16',
    });
  });

  it('given a backwards range, a year out of range or a day not in the format, then each field says why', () => {
    expect(documentFilterProblems(DEFAULT_DOCUMENT_FILTERS, US)).toEqual({});
    expect(
      documentFilterProblems(
        {
          ...DEFAULT_DOCUMENT_FILTERS,
          processedFrom: '02/01/2026',
          processedTo: '01/01/2026',
          uploadedFrom: '01/01/275760',
          separatedAt: '2026-13-01',
        },
        US,
      ),
    ).toEqual({
      processedTo: RANGE_MESSAGE,
      uploadedFrom: filterDayMessage(US),
      separatedAt: filterDayMessage(US),
    });
  });

  it('given a tab, then the counts are asked for without it (every tab is counted at once)', () => {
    const filters = { ...DEFAULT_DOCUMENT_FILTERS, folder: 'no_file_type', adjNumber: 'ADJ1' };
    expect(countVariables(filters, 'c1', US)).toEqual({
      company_id: 'c1',
      filters: { adj_number: 'ADJ1' },
    });
    expect(listVariables(filters, 1, 'c1', US).filters).toMatchObject({ folder: 'no_file_type' });
  });

  it('given a header clicked, then a new column sorts ascending and the same one flips', () => {
    const byName = toggleSort(DEFAULT_DOCUMENT_FILTERS, 'name');
    expect([byName.sortBy, byName.sortOrder]).toEqual(['name', 'asc']);
    const flipped = toggleSort(byName, 'name');
    expect([flipped.sortBy, flipped.sortOrder]).toEqual(['name', 'desc']);
    expect(toggleSort(flipped, 'name').sortOrder).toBe('asc');
  });

  it('given a stored copy that is old or broken, then the defaults fill in or replace it', () => {
    expect(restoreDocumentFilters({ adjNumber: 'ADJ1' })).toEqual({
      ...DEFAULT_DOCUMENT_FILTERS,
      adjNumber: 'ADJ1',
    });
    expect(restoreDocumentFilters({ pageSize: 7 })).toEqual(DEFAULT_DOCUMENT_FILTERS);
    expect(restoreDocumentFilters({ processedFrom: 'x'.repeat(41) })).toEqual(
      DEFAULT_DOCUMENT_FILTERS,
    );
    expect(restoreDocumentFilters(null)).toEqual(DEFAULT_DOCUMENT_FILTERS);
    // A sort the list does not offer (e.g. from another version) is not restored.
    expect(restoreDocumentFilters({ sortBy: 'snippet' })).toEqual(DEFAULT_DOCUMENT_FILTERS);
    expect(restoreDocumentFilters({ sortBy: 'reviewed_at' }).sortBy).toBe('reviewed_at');
  });

  it('given filters and a tab, when cleared, then filters reset but tab, sort and page size stay', () => {
    const set: DocumentFilters = {
      ...DEFAULT_DOCUMENT_FILTERS,
      folder: 'f1',
      sortBy: 'name',
      pageSize: 100,
      search: 'x',
      contentSearch: true,
    };
    expect(hasDocumentFilters(set)).toBe(true);
    const cleared = clearDocumentFilters(set);
    expect(hasDocumentFilters(cleared)).toBe(false);
    expect([cleared.folder, cleared.sortBy, cleared.pageSize]).toEqual(['f1', 'name', 100]);
    expect(hasDocumentFilters({ ...DEFAULT_DOCUMENT_FILTERS, folder: 'f1' })).toBe(false);
  });

  it('pages: at least one page, and a bad page number in the address means page 1', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(1001, 1000)).toBe(2);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage(null)).toBe(1);
  });

  it('given a capped total, then it reads "at least N" and a full page offers the next one', () => {
    expect(totalLabel(2000, false)).toBe((2000).toLocaleString());
    expect(totalLabel(2000, true)).toBe(`at least ${(2000).toLocaleString()}`);
    expect(pagesOffered(20, true, 2, 10, 10)).toBe(3);
    expect(pagesOffered(20, true, 5, 10, 10)).toBe(6); // paging on past a capped count
    expect(pagesOffered(20, true, 2, 4, 10)).toBe(2);
    expect(pagesOffered(20, false, 2, 10, 10)).toBe(2);
  });

  it('given typing only, then the list waits; any other change applies at once', () => {
    const base = DEFAULT_DOCUMENT_FILTERS;
    expect(onlyTextChanged(base, { ...base, search: 'k' })).toBe(true);
    expect(onlyTextChanged(base, { ...base, search: 'k', folder: 'f' })).toBe(false);
    expect(onlyTextChanged(base, { ...base, separatedAt: '2026-01-01' })).toBe(false);
    expect(onlyTextChanged(base, base)).toBe(false);
  });

  it('the persisted slice stores what it is given and the selector reads it when registered', () => {
    const next = documentFiltersReducer(
      DEFAULT_DOCUMENT_FILTERS,
      documentFiltersChanged({ ...DEFAULT_DOCUMENT_FILTERS, pageSize: 25 }),
    );
    expect(next.pageSize).toBe(25);
    expect(selectDocumentFilters({ documentFilters: next })?.pageSize).toBe(25);
    expect(selectDocumentFilters({ auth: {} })).toBeUndefined();
  });
});

describe('document center columns', () => {
  it('given nothing saved, then the default layout is every known column with defaults shown', () => {
    const layout = mergeLayout(null);
    expect(layout).toEqual(defaultLayout());
    expect(layout.map((c) => c.key)).toEqual(COLUMNS.map((c) => c.key));
    expect(visibleColumns(layout).map((c) => c.key)).toEqual([
      'name',
      'legal_file_type',
      'raw_file_name',
      'adj_number',
      'claim_number',
      'applicant',
      'created_at',
    ]);
  });

  it('given a saved layout, then its order is kept, unknown keys dropped and new columns follow hidden', () => {
    const layout = mergeLayout([
      { key: 'claim_number', visible: true, width: 200 },
      { key: 'gone_column', visible: true, width: null },
      { key: 'name', visible: false, width: 5 },
      { key: 'claim_number', visible: false, width: null },
    ]);
    expect(layout.slice(0, 2)).toEqual([
      { key: 'claim_number', visible: true, width: 200 },
      // The name column cannot be hidden; an impossible width falls back to the default.
      { key: 'name', visible: true, width: null },
    ]);
    expect(layout).toHaveLength(COLUMNS.length);
    expect(layout.slice(2).every((column) => !column.visible)).toBe(true);
  });

  it('given a column moved up or down, then it swaps with its neighbour and stops at the ends', () => {
    const layout = defaultLayout();
    const down = moveColumn(layout, 0, 1);
    expect(down.slice(0, 2).map((c) => c.key)).toEqual(['legal_file_type', 'name']);
    expect(moveColumn(down, 1, -1)).toEqual(layout);
    expect(moveColumn(layout, 0, -1)).toEqual(layout);
    expect(moveColumn(layout, layout.length - 1, 1)).toEqual(layout);
  });

  it('given columns hidden or shown, then the name column stays and settings round-trip', () => {
    let layout = setColumnVisible(defaultLayout(), ALWAYS_VISIBLE, false);
    expect(layout.find((c) => c.key === 'name')?.visible).toBe(true);
    layout = setColumnVisible(layout, 'defendant', true);
    layout = setColumnVisible(layout, 'applicant', false);
    expect(mergeLayout(toSettings(layout))).toEqual(layout);
  });

  it('given any column, then its header sorts (status, synced and reviewed included)', () => {
    expect(COLUMNS.filter((column) => !isSortable(column.key)).map((c) => c.key)).toEqual([]);
  });
});

describe('content-search snippets', () => {
  it('given marks, then marked and plain pieces alternate', () => {
    expect(splitSnippet('left <mark>knee</mark> pain in the <mark>knee</mark>')).toEqual([
      { text: 'left ', marked: false },
      { text: 'knee', marked: true },
      { text: ' pain in the ', marked: false },
      { text: 'knee', marked: true },
    ]);
  });

  it('given the escaped document text, then escapes read as characters and stay text', () => {
    // The server escapes the text and adds only <mark>: "<b>" in a document arrives as "&lt;b&gt;".
    expect(
      splitSnippet(
        '&lt;script&gt;alert(1)&lt;/script&gt; <mark>R&amp;D</mark> &#39;y&#x27; &bogus;',
      ),
    ).toEqual([
      { text: '<script>alert(1)</script> ', marked: false },
      { text: 'R&D', marked: true },
      { text: " 'y' &bogus;", marked: false },
    ]);
    // A raw tag other than <mark> is never markup either.
    expect(splitSnippet('<b>x</b> <mark>y</mark>')).toEqual([
      { text: '<b>x</b> ', marked: false },
      { text: 'y', marked: true },
    ]);
  });

  it('given broken marks, line breaks or nothing, then it degrades to readable text', () => {
    expect(splitSnippet('a <mark>b\n\n c')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b c', marked: true },
    ]);
    expect(splitSnippet('a</mark> b')).toEqual([{ text: 'a b', marked: false }]);
    expect(splitSnippet('<mark></mark>')).toEqual([]);
    expect(splitSnippet(null)).toEqual([]);
  });
});

describe('snippet lead', () => {
  it('given a long text before the first match, then it is shortened from a word start', () => {
    const parts = splitSnippet(
      'PRIMARY TREATING PHYSICIAN PROGRESS REPORT. Diagnosis: Lumbar <mark>radiculopathy</mark> M54',
    );
    expect(leadToMatch(parts, 24)).toEqual([
      { text: '… Diagnosis: Lumbar ', marked: false },
      { text: 'radiculopathy', marked: true },
      { text: ' M54', marked: false },
    ]);
  });

  it('given a short lead, a match first or no match, then the parts stay as they are', () => {
    const short = splitSnippet('a <mark>b</mark>');
    expect(leadToMatch(short)).toEqual(short);
    const first = splitSnippet('<mark>b</mark> and a very long tail after the match');
    expect(leadToMatch(first, 5)).toEqual(first);
    const none = splitSnippet('no match at all in this rather long text here');
    expect(leadToMatch(none, 5)).toEqual(none);
  });
});

describe('file type select', () => {
  it('groups the company types by folder, folders and types by name', () => {
    const type = (id: string, name: string, folder: string) => ({
      id,
      name,
      legal_document_folder: { id: folder, name: folder, hex_code: '#000000' },
    });
    const groups = groupFileTypes([
      type('1', 'QME Report', 'Medical'),
      type('2', 'Answer', 'Pleadings'),
      type('3', 'AME Report', 'Medical'),
    ]);
    expect(groups.map((g) => [g.folder, g.types.map((t) => t.id)])).toEqual([
      ['Medical', ['3', '1']],
      ['Pleadings', ['2']],
    ]);
  });
});

describe('the compact filter bar', () => {
  it('counts the filters set inside "More filters", a range once', () => {
    expect(moreFiltersCount(DEFAULT_DOCUMENT_FILTERS)).toBe(0);
    expect(
      moreFiltersCount({
        ...DEFAULT_DOCUMENT_FILTERS,
        adjNumber: 'ADJ1',
        uploadedFrom: '2026-01-01',
        uploadedTo: '2026-01-02',
        // Inline filters are not counted.
        search: 'knee',
        processedFrom: '2026-01-01',
      }),
    ).toBe(2);
  });
});
