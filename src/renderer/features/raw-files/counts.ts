/**
 * The status-bucket tags of the raw-files screen (spec section 4), on top of the shared bucket
 * logic (src/shared/raw-files/status.ts): labels, which statuses each bucket filters on, and the
 * counts after a soft delete (never below 0) before the server's fresh counts arrive.
 */
import {
  BUCKET_LABELS,
  FAILED_STATUSES,
  PROCESSING_STATUSES,
  RAW_FILE_STATUS,
  removeFile,
  type RawFileCounts,
  type StatusBucket,
} from '../../../shared/raw-files/status';

export interface BucketTag {
  bucket: StatusBucket;
  label: string;
  intent: 'none' | 'primary' | 'danger' | 'warning' | 'success';
  /** The status filter a click on the tag sets; null = cannot be expressed as statuses. */
  statuses: string[] | null;
}

export const BUCKET_TAGS: readonly BucketTag[] = [
  {
    bucket: 'uploading',
    label: BUCKET_LABELS.uploading,
    intent: 'primary',
    statuses: [RAW_FILE_STATUS.uploading],
  },
  {
    bucket: 'failed',
    label: BUCKET_LABELS.failed,
    intent: 'danger',
    statuses: [...FAILED_STATUSES],
  },
  {
    bucket: 'unaccessible',
    label: BUCKET_LABELS.unaccessible,
    intent: 'warning',
    statuses: [RAW_FILE_STATUS.unaccessible],
  },
  // Stored but not yet split: waiting for the pipeline or in its hands.
  {
    bucket: 'processing',
    label: BUCKET_LABELS.processing,
    intent: 'none',
    statuses: [...PROCESSING_STATUSES],
  },
  // "Processed" is every other status; the list filter takes exact statuses, so not this one.
  { bucket: 'processed', label: BUCKET_LABELS.processed, intent: 'success', statuses: null },
];

/** Counts once a file of `status` is soft-deleted. */
export function countsAfterDelete(counts: RawFileCounts, status: string): RawFileCounts {
  return removeFile(counts, status);
}

export function sameStatuses(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((status) => b.includes(status));
}
