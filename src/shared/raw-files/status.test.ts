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
    expect(bucketOf('Processed')).toBe('processed');
    expect(bucketOf('Separated')).toBe('processed');
    expect(bucketOf('uploading')).toBe('processed');
  });

  it('given a file stored but not yet split (Uploaded, Processing), then it is processing, not processed', () => {
    expect(bucketOf('Uploaded')).toBe('processing');
    expect(bucketOf('Processing')).toBe('processing');
  });

  it('given a new file, when it uploads and the pipeline splits it, then it moves uploading -> processing -> processed', () => {
    const added = addFile(EMPTY_COUNTS);
    expect(added).toEqual({ ...EMPTY_COUNTS, total: 1, uploading: 1 });
    const uploaded = applyStatusChange(added, 'Uploading', 'Uploaded');
    expect(uploaded).toEqual({ ...EMPTY_COUNTS, total: 1, processing: 1 });
    expect(applyStatusChange(uploaded, 'Uploaded', 'Processing')).toEqual(uploaded);
    expect(applyStatusChange(uploaded, 'Processing', 'Processed')).toEqual({
      ...EMPTY_COUNTS,
      total: 1,
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
    expect(removeFile(counts, 'Processed')).toEqual({ ...counts, total: 1, processed: 1 });
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
