import { describe, expect, it } from 'vitest';
import { EMPTY_COUNTS } from '../../../shared/raw-files/status';
import { DEFAULT_FILTERS, fetchRawFiles, listBody } from './api';
import { BUCKET_TAGS, countsAfterDelete } from './counts';
import { statusOptionOf } from './RawFileFilterBar';

describe('raw files screen logic', () => {
  it('given default filters, then only company, paging and newest-first sorting are sent', () => {
    expect(listBody(DEFAULT_FILTERS, 2, 'c', 'u', 'YYYY-MM-DD')).toEqual({
      companyIds: ['c'],
      page: 2,
      pageSize: 20,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
  });

  it('given every filter set, then each is sent in the server shape and bad numbers are left out', () => {
    const body = listBody(
      {
        ...DEFAULT_FILTERS,
        search: ' brief ',
        status: ['Uploading'],
        uploadedFrom: '2026-11-20',
        uploadedTo: '2026-11-20',
        minPages: '2',
        maxPages: 'x',
        onlyMine: true,
      },
      1,
      'c',
      'u',
      'YYYY-MM-DD',
    );
    expect(body).toMatchObject({
      searchQuery: 'brief',
      status: ['Uploading'],
      raw_file_uploaded_at_from: '2026-11-20',
      raw_file_uploaded_at_to: '2026-11-20',
      minPages: 2,
      userId: 'u',
    });
    expect(body).not.toHaveProperty('maxPages');
  });

  it('given a processed file is deleted, then total and processed drop and never go below 0', () => {
    const counts = { ...EMPTY_COUNTS, total: 1, processed: 1 };
    expect(countsAfterDelete(counts, 'Processed')).toEqual(EMPTY_COUNTS);
    const waiting = { ...EMPTY_COUNTS, total: 1, processing: 1 };
    expect(countsAfterDelete(waiting, 'Uploaded')).toEqual(EMPTY_COUNTS);
    expect(countsAfterDelete(EMPTY_COUNTS, 'Uploading_Failed')).toEqual(EMPTY_COUNTS);
  });

  it('given the failed bucket tag, then it filters on both spellings and the select shows it', () => {
    const failed = BUCKET_TAGS.find((tag) => tag.bucket === 'failed');
    expect(failed?.statuses).toEqual(['Uploading Failed', 'Uploading_Failed']);
    expect(statusOptionOf(['Uploading_Failed', 'Uploading Failed'])).toBe('failed');
  });

  it('given the server refuses the list, then its catalogue message is the error', async () => {
    const fetchFn = (async () =>
      new Response(
        JSON.stringify({
          error: { code: 'FETCH_RAW_FILES_FAILED', message: 'Failed to fetch raw files' },
        }),
        {
          status: 500,
        },
      )) as unknown as typeof fetch;
    await expect(fetchRawFiles({ serverUrl: 's', token: 't', body: {}, fetchFn })).rejects.toThrow(
      'Failed to fetch raw files',
    );
  });

  it('given an answer of the wrong shape, then it is refused as an invalid response structure', async () => {
    const fetchFn = (async () =>
      new Response(JSON.stringify({ data: { rows: [] } }))) as unknown as typeof fetch;
    await expect(fetchRawFiles({ serverUrl: 's', token: 't', body: {}, fetchFn })).rejects.toThrow(
      'Invalid response structure',
    );
  });
});
