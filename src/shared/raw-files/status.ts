/**
 * Raw file status buckets (spec section 4). Pure, shared by the server (which counts with GROUP BY)
 * and the renderer (which moves live counters as statuses change).
 * - 'Uploading' -> uploading; 'Uploading Failed' and 'Uploading_Failed' -> failed;
 *   'UNACCESSIBLE' -> unaccessible; any other value -> processed;
 * - except the two statuses this product adds between an upload and its documents, 'Uploaded'
 *   (bytes stored, waiting for the pipeline) and 'Processing' (the pipeline works on it): they are
 *   the processing bucket, so "Processed" counts only files whose documents exist (issue 15).
 */
export const RAW_FILE_STATUS = {
  uploading: 'Uploading',
  /** The spelling this product writes; 'Uploading Failed' is read as the same bucket. */
  failed: 'Uploading_Failed',
  uploaded: 'Uploaded',
  processing: 'Processing',
  processed: 'Processed',
  unaccessible: 'UNACCESSIBLE',
} as const;

export const FAILED_STATUSES: readonly string[] = ['Uploading Failed', 'Uploading_Failed'];
/** Stored, not yet split into documents: waiting for the pipeline or in its hands. */
export const PROCESSING_STATUSES: readonly string[] = [
  RAW_FILE_STATUS.uploaded,
  RAW_FILE_STATUS.processing,
];

export type StatusBucket = 'uploading' | 'failed' | 'unaccessible' | 'processing' | 'processed';

export interface RawFileCounts {
  total: number;
  uploading: number;
  failed: number;
  unaccessible: number;
  processing: number;
  processed: number;
}

export const EMPTY_COUNTS: RawFileCounts = Object.freeze({
  total: 0,
  uploading: 0,
  failed: 0,
  unaccessible: 0,
  processing: 0,
  processed: 0,
});

/**
 * The words a person reads for a status (the stored values stay the spec's): the one home of
 * status labels, for tags, count chips and the status filter. An unknown status shows as stored.
 */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  [RAW_FILE_STATUS.unaccessible]: 'Unreadable file',
  [RAW_FILE_STATUS.failed]: 'Uploading Failed',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** The label of a bucket's chip and filter option. */
export const BUCKET_LABELS: Readonly<Record<StatusBucket, string>> = {
  uploading: 'Uploading',
  failed: statusLabel(RAW_FILE_STATUS.failed),
  unaccessible: statusLabel(RAW_FILE_STATUS.unaccessible),
  processing: 'Processing',
  processed: 'Processed',
};

export function bucketOf(status: string): StatusBucket {
  if (status === RAW_FILE_STATUS.uploading) return 'uploading';
  if (FAILED_STATUSES.includes(status)) return 'failed';
  if (status === RAW_FILE_STATUS.unaccessible) return 'unaccessible';
  if (PROCESSING_STATUSES.includes(status)) return 'processing';
  return 'processed';
}

const down = (n: number) => Math.max(0, n - 1);

/** A file moved from `from` to `to`: the old bucket loses one (never below 0), the new gains one. */
export function applyStatusChange(counts: RawFileCounts, from: string, to: string): RawFileCounts {
  const old = bucketOf(from);
  const next = bucketOf(to);
  if (old === next) return { ...counts };
  return { ...counts, [old]: down(counts[old]), [next]: counts[next] + 1 };
}

/** A new raw file (status Uploading, spec section 4). */
export function addFile(counts: RawFileCounts, status: string = RAW_FILE_STATUS.uploading) {
  const bucket = bucketOf(status);
  return { ...counts, total: counts.total + 1, [bucket]: counts[bucket] + 1 };
}

/** A soft-deleted raw file leaves the total and its bucket (never below 0). */
export function removeFile(counts: RawFileCounts, status: string): RawFileCounts {
  const bucket = bucketOf(status);
  return { ...counts, total: down(counts.total), [bucket]: down(counts[bucket]) };
}
