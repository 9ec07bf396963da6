import { describe, expect, it } from 'vitest';
import { syncSummary } from './syncSummary';

const base = { received: 600, created: 499, updated: 1, skipped: 1, duplicates: 0, chunks: 1 };

describe('syncSummary', () => {
  it('given a finished sync, then it gives the counts', () => {
    expect(syncSummary(base)).toBe('499 new, 1 updated, 1 without a case number');
  });

  it('given a sync that failed partway, then it gives the failure and what was written before it', () => {
    expect(syncSummary({ ...base, error: 'fake fault 503' })).toBe(
      'fake fault 503 (stopped after 499 new, 1 updated, 1 without a case number)',
    );
  });
});
