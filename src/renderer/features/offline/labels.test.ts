import { describe, expect, it } from 'vitest';
import type { OutboxItem, ReviewStatus } from '../../../shared/ipc/review';
import {
  bannerView,
  cacheUsageText,
  formatFieldValue,
  formatValue,
  itemStateText,
  itemSummary,
  OFFLINE_TEXT,
} from './labels';

const status = (patch: Partial<ReviewStatus>): ReviewStatus => ({
  online: true,
  lastContactAt: null,
  pending: 0,
  conflicts: 0,
  failed: 0,
  cachedDocuments: 0,
  cacheBytes: 0,
  signedIn: true,
  ...patch,
});

describe('the offline banner', () => {
  it('given the server answers and nothing waits, when shown, then there is no banner', () => {
    expect(bannerView(status({}))).toBeNull();
  });

  it('given the server cannot be reached with three changes waiting, when shown, then it says so plainly with the count', () => {
    expect(bannerView(status({ online: false, pending: 3 }))).toEqual({
      tone: 'offline',
      message: `${OFFLINE_TEXT} 3 waiting.`,
      canOpen: true,
    });
    expect(bannerView(status({ online: false }))?.message).toBe(OFFLINE_TEXT);
  });

  it('given decisions are needed, when shown, then they are counted in words', () => {
    expect(bannerView(status({ conflicts: 1 }))?.message).toBe('1 change needs your decision');
    expect(bannerView(status({ conflicts: 2, pending: 1 }))).toMatchObject({
      tone: 'decision',
      message: '2 changes need your decision',
    });
  });

  it('given refused changes or a send in progress, when shown, then each has its own words', () => {
    expect(bannerView(status({ failed: 1 }))?.message).toBe('1 change could not be sent');
    expect(bannerView(status({ pending: 2 }))?.message).toBe('Sending 2 changes to the server…');
    expect(bannerView(status({ pending: 1, signedIn: false }))?.message).toBe(
      '1 change waits until you sign in again.',
    );
  });
});

describe('outbox words', () => {
  it('given values of every shape, when formatted, then they read plainly and ids become names', () => {
    expect(formatValue(null)).toBe('(empty)');
    expect(formatValue([])).toBe('(empty)');
    expect(formatValue(['ADJ1', 'ADJ2'])).toBe('ADJ1, ADJ2');
    expect(formatValue('t1', new Map([['t1', 'Medical report']]))).toBe('Medical report');
    expect(formatValue(3)).toBe('3');
  });

  it('given items, when summarised, then the fields and the state are named', () => {
    const item: OutboxItem = {
      id: 'o1',
      documentId: 'd1',
      companyId: 'c1',
      documentName: 'Letter',
      kind: 'update',
      changes: { applicant: 'Bob', adj_number: ['A'] },
      base: {},
      state: 'failed',
      conflicts: [],
      attempts: 1,
      lastError: 'Use a real date written YYYY-MM-DD',
      createdAt: 0,
    };
    expect(itemSummary(item)).toBe('Edit: Applicant, ADJ numbers');
    expect(itemSummary({ ...item, kind: 'markReviewed', changes: {} })).toBe('Mark as reviewed');
    expect(itemStateText(item)).toBe(
      'The server refused this change: Use a real date written YYYY-MM-DD',
    );
  });
});

describe('conflict values', () => {
  it('given a date field, when shown, then the day is written in the company date format', () => {
    expect(formatFieldValue('date_of_injury', '2024-03-09', 'DD.MM.YYYY')).toBe('09.03.2024');
    expect(formatFieldValue('date_of_injury', '2024-03-09', 'MMM D, YYYY')).toBe('Mar 9, 2024');
  });

  it('given other values, when shown, then names, empties and text read as before', () => {
    const names = new Map([['t1', 'Medical report']]);
    expect(formatFieldValue('legal_file_type_id', 't1', 'DD.MM.YYYY', names)).toBe(
      'Medical report',
    );
    expect(formatFieldValue('date_of_injury', null, 'DD.MM.YYYY')).toBe('(empty)');
    expect(formatFieldValue('applicant', 'Ana Ruiz', 'DD.MM.YYYY')).toBe('Ana Ruiz');
  });
});

describe('the offline cache setting', () => {
  it('given a cache in use, when described, then documents and megabytes against the limit are named', () => {
    expect(
      cacheUsageText(
        status({
          cachedDocuments: 12,
          cacheBytes: 3.25 * 1024 * 1024,
          cacheLimitBytes: 500 * 1024 * 1024,
        }),
      ),
    ).toBe(
      '12 documents (3.3 MB of 500 MB) kept for review without a connection. The least recently used go first when it is full.',
    );
    expect(cacheUsageText(status({ cachedDocuments: 1, cacheBytes: 5_000 }))).toMatch(
      /^1 document \(5 KB\)/,
    );
  });
});
