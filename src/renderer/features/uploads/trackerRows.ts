/**
 * What one tracker row shows: name, size, stage and a progress value (0..1) that follows the spec's
 * steps (10 registered, 30 sending, 70 sent, 100 done) and, while the bytes go out, the byte count
 * between 30 and 70. Pure, so it is unit-tested.
 */
import type { UploadTrackerRow } from '../../../shared/ipc/contract';
import type { UploadEntry } from './slice';

export type TrackerIntent = 'none' | 'primary' | 'warning' | 'danger';

export interface TrackerView {
  id: string;
  fileName: string;
  sizeText: string;
  stage: string;
  /** 0..1 for the progress bar. */
  value: number;
  intent: TrackerIntent;
  /** The bar animates while work is under way. */
  animate: boolean;
  error: string | null;
  canCancel: boolean;
  canRetry: boolean;
  /** A desktop-queue row (cancel/retry/remove through the bridge) or one this page performs. */
  kind: 'queue' | 'page';
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** The spec step plus byte progress: between 30 and 70 the bar follows the bytes sent. */
export function progressValue(progress: number, bytesSent: number, size: number | null): number {
  let percent = progress;
  if (progress >= 30 && progress < 70 && size && size > 0) {
    const fraction = Math.min(1, Math.max(0, bytesSent / size));
    percent = Math.max(progress, 30 + fraction * 40);
  }
  return Math.min(100, Math.max(0, percent)) / 100;
}

function stageOf(row: UploadTrackerRow, now: number): string {
  switch (row.status) {
    case 'queued':
      return 'Waiting to upload';
    case 'failed':
      return 'Failed';
    case 'waiting_retry': {
      if (row.nextAttemptAt === null) return 'Will retry';
      const seconds = Math.max(0, Math.ceil((row.nextAttemptAt - now) / 1000));
      return seconds > 0 ? `Retrying in ${seconds} s` : 'Retrying';
    }
    case 'uploading':
      if (row.progress >= 70) return 'Checking on the server';
      if (row.progress >= 30 && row.size) {
        return `Sending ${formatBytes(row.bytesSent)} of ${formatBytes(row.size)}`;
      }
      if (row.progress >= 10) return 'Registered';
      return 'Preparing';
  }
}

export function queueRowView(row: UploadTrackerRow, now: number): TrackerView {
  const failed = row.status === 'failed';
  return {
    id: row.id,
    fileName: row.fileName,
    sizeText: formatBytes(row.size),
    stage: stageOf(row, now),
    value: progressValue(row.progress, row.bytesSent, row.size),
    intent: failed ? 'danger' : row.status === 'waiting_retry' ? 'warning' : 'primary',
    animate: row.status === 'uploading',
    error: row.error?.message ?? null,
    canCancel: row.status !== 'failed',
    // A permanent failure (bad type, file gone) would fail the same way again.
    canRetry: (failed && !row.error?.permanent) || row.status === 'waiting_retry',
    kind: 'queue',
  };
}

/** Uploads the page performs itself (company icon, avatar): progress steps only. */
export function pageEntryView(entry: UploadEntry): TrackerView {
  return {
    id: entry.id,
    fileName: entry.fileName,
    sizeText: '',
    stage: entry.progress >= 70 ? 'Checking on the server' : 'Sending',
    value: entry.progress / 100,
    intent: 'primary',
    animate: true,
    error: null,
    canCancel: false,
    canRetry: false,
    kind: 'page',
  };
}

/** All tracker rows (in progress, never failed), oldest first; the active count is their number. */
export function trackerViews(
  rows: readonly UploadTrackerRow[],
  entries: readonly UploadEntry[],
  now: number,
): TrackerView[] {
  const queue = rows
    .filter((row) => row.status !== 'failed')
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((r) => queueRowView(r, now));
  return [...queue, ...entries.map(pageEntryView)];
}

/** One row of the user's failed list: what failed, why, and whether trying again can help. */
export interface FailedView {
  id: string;
  fileName: string;
  sizeText: string;
  reason: string;
  /** A permanent failure (bad type, file gone) would fail the same way again. */
  canRetry: boolean;
}

export const UNKNOWN_FAILURE = 'The upload failed.';

/** The failed list, newest first (failed uploads are never tracker rows). */
export function failedViews(rows: readonly UploadTrackerRow[]): FailedView[] {
  return rows
    .filter((row) => row.status === 'failed')
    .sort((a, b) => b.timestamp - a.timestamp)
    .map((row) => ({
      id: row.id,
      fileName: row.fileName,
      sizeText: formatBytes(row.size),
      reason: row.error?.message ?? UNKNOWN_FAILURE,
      canRetry: !row.error?.permanent,
    }));
}
