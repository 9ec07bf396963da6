import { describe, expect, it } from 'vitest';
import type { UploadTrackerRow } from '../../../shared/ipc/contract';
import { failedViews, formatBytes, progressValue, queueRowView, trackerViews } from './trackerRows';

function row(patch: Partial<UploadTrackerRow> = {}): UploadTrackerRow {
  return {
    id: 'a',
    fileName: 'brief.pdf',
    progress: 0,
    status: 'queued',
    source: 'drop',
    timestamp: 1,
    size: 2 * 1024 * 1024,
    bytesSent: 0,
    error: null,
    nextAttemptAt: null,
    ...patch,
  };
}

describe('tracker rows', () => {
  it('given the spec steps, then the bar shows them and bytes fill the span from 30 to 70', () => {
    expect(progressValue(0, 0, 100)).toBe(0);
    expect(progressValue(10, 0, 100)).toBe(0.1);
    expect(progressValue(30, 50, 100)).toBeCloseTo(0.5);
    expect(progressValue(30, 100, 100)).toBeCloseTo(0.7);
    expect(progressValue(70, 100, 100)).toBe(0.7);
    expect(progressValue(100, 100, 100)).toBe(1);
  });

  it('given an upload sending bytes, then the stage names bytes sent of the size', () => {
    const view = queueRowView(
      row({ status: 'uploading', progress: 30, bytesSent: 1024 * 1024 }),
      0,
    );
    expect(view.stage).toBe('Sending 1.0 MB of 2.0 MB');
    expect(view.sizeText).toBe('2.0 MB');
    expect(view.canCancel).toBe(true);
    expect(view.canRetry).toBe(false);
  });

  it('given a permanent failure, then it shows the reason and offers no retry', () => {
    const view = queueRowView(
      row({
        status: 'failed',
        error: {
          code: 'INVALID_FILE_TYPE',
          message: 'Invalid file type or format',
          permanent: true,
        },
      }),
      0,
    );
    expect(view).toMatchObject({
      stage: 'Failed',
      error: 'Invalid file type or format',
      intent: 'danger',
      canRetry: false,
      canCancel: false,
    });
  });

  it('given a transient failure waiting to retry, then it counts down and offers retry now', () => {
    const view = queueRowView(row({ status: 'waiting_retry', nextAttemptAt: 10_500 }), 5_000);
    expect(view.stage).toBe('Retrying in 6 s');
    expect(view.canRetry).toBe(true);
  });

  it('given queue rows and page uploads, then all are tracker rows, oldest queue rows first', () => {
    const views = trackerViews(
      [row({ id: 'late', timestamp: 5 }), row({ id: 'early', timestamp: 2 })],
      [
        {
          id: 'icon',
          fileName: 'i.png',
          progress: 30,
          status: 'uploading',
          source: 'company-icon',
          timestamp: 1,
          resumable: false,
        },
      ],
      0,
    );
    expect(views.map((v) => v.id)).toEqual(['early', 'late', 'icon']);
    expect(views[2]?.kind).toBe('page');
  });

  it('given a failed row among rows in progress, then it is not a tracker row but a failed-list entry with its reason', () => {
    const failed = row({
      id: 'f',
      status: 'failed',
      timestamp: 5,
      error: { code: 'NETWORK', message: 'The server could not be reached.', permanent: false },
    });
    const refused = row({
      id: 'r',
      status: 'failed',
      timestamp: 9,
      error: { code: 'INVALID_FILE_TYPE', message: 'Invalid file type or format', permanent: true },
    });
    const views = trackerViews([row({ id: 'q' }), failed, refused], [], 0);
    expect(views.map((view) => view.id)).toEqual(['q']);
    expect(failedViews([row({ id: 'q' }), failed, refused])).toEqual([
      {
        id: 'r',
        fileName: 'brief.pdf',
        sizeText: '2.0 MB',
        reason: 'Invalid file type or format',
        canRetry: false,
      },
      {
        id: 'f',
        fileName: 'brief.pdf',
        sizeText: '2.0 MB',
        reason: 'The server could not be reached.',
        canRetry: true,
      },
    ]);
  });

  it('given sizes, then they read in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(null)).toBe('');
  });
});
