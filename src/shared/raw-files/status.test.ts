import { describe, expect, it } from 'vitest';
import {
  addFile,
  applyStatusChange,
  BUCKET_LABELS,
  bucketOf,
  EMPTY_COUNTS,
  RAW_FILE_STATUS,
  removeFile,
  statusLabel,
} from './status';

describe('raw file status buckets', () => {
  it('given the spec statuses, then each falls in its bucket and anything else is processed', () => {
    expect(bucketOf('Uploading')).toBe('uploading');
    expect(bucketOf('Uploading Failed')).toBe('failed');
    expect(bucketOf('Uploading_Failed')).toBe('failed');
    expect(bucketOf('UNACCESSIBLE')).toBe('unaccessible');
    expect(bucketOf('Uploaded')).toBe('processed');
    expect(bucketOf('Separated')).toBe('processed');
    expect(bucketOf('uploading')).toBe('processed');
  });

  it('given a new file, when it finishes uploading, then it moves from uploading to processed', () => {
    const added = addFile(EMPTY_COUNTS);
    expect(added).toEqual({ total: 1, uploading: 1, failed: 0, unaccessible: 0, processed: 0 });
    expect(applyStatusChange(added, 'Uploading', 'Uploaded')).toEqual({
      total: 1,
      uploading: 0,
      failed: 0,
      unaccessible: 0,
      processed: 1,
    });
  });

  it('given an empty bucket, when a file leaves it, then the count stays at 0', () => {
    const moved = applyStatusChange(EMPTY_COUNTS, 'Uploading', 'Uploading_Failed');
    expect(moved.uploading).toBe(0);
    expect(moved.failed).toBe(1);
    expect(removeFile(EMPTY_COUNTS, 'UNACCESSIBLE')).toEqual(EMPTY_COUNTS);
  });

  it('given two spellings of failed, when one changes to the other, then nothing moves', () => {
    const counts = { ...EMPTY_COUNTS, total: 1, failed: 1 };
    expect(applyStatusChange(counts, 'Uploading Failed', 'Uploading_Failed')).toEqual(counts);
  });

  it('given a processed file, when it is deleted, then total and processed drop by one', () => {
    const counts = { ...EMPTY_COUNTS, total: 2, processed: 2 };
    expect(removeFile(counts, 'Uploaded')).toEqual({ ...counts, total: 1, processed: 1 });
  });
});

describe('statusLabel', () => {
  it('shows the stored UNACCESSIBLE as "Unreadable file" and keeps the stored value', () => {
    expect(RAW_FILE_STATUS.unaccessible).toBe('UNACCESSIBLE');
    expect(statusLabel('UNACCESSIBLE')).toBe('Unreadable file');
    expect(BUCKET_LABELS.unaccessible).toBe('Unreadable file');
  });
  it('shows both failed spellings alike and any other status as stored', () => {
    expect(statusLabel('Uploading_Failed')).toBe('Uploading Failed');
    expect(statusLabel('Processed')).toBe('Processed');
  });
});
