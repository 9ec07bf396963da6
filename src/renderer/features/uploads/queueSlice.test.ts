import { describe, expect, it } from 'vitest';
import type { UploadTrackerRow } from '../../../shared/ipc/contract';
import {
  initialUploadQueueState,
  queueListed,
  queueProgressed,
  uploadQueueReducer,
  type UploadQueueState,
} from './queueSlice';

function row(id: string, patch: Partial<UploadTrackerRow> = {}): UploadTrackerRow {
  return {
    id,
    fileName: `${id}.pdf`,
    progress: 0,
    status: 'queued',
    source: 'drop',
    timestamp: 1,
    size: 1000,
    bytesSent: 0,
    error: null,
    nextAttemptAt: null,
    ...patch,
  };
}

function run(...actions: Parameters<typeof uploadQueueReducer>[1][]): UploadQueueState {
  return actions.reduce(uploadQueueReducer, initialUploadQueueState);
}

describe('the desktop upload queue in the tracker', () => {
  it('given a list from the queue, then the tracker holds exactly its rows', () => {
    const state = run(queueListed({ uploads: [row('a'), row('b')], failed: [] }));
    expect(state.loaded).toBe(true);
    expect(state.rows.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('given byte progress, then the row is uploading and never moves backwards', () => {
    const state = run(
      queueListed({ uploads: [row('a')], failed: [] }),
      queueProgressed({ id: 'a', progress: 30, bytesSent: 600, size: 1000 }),
      queueProgressed({ id: 'a', progress: 30, bytesSent: 200, size: 1000 }),
    );
    expect(state.rows[0]).toMatchObject({ status: 'uploading', progress: 30, bytesSent: 600 });
  });

  it('given progress for an upload the tracker does not hold, then nothing is added', () => {
    const state = run(
      queueListed({ uploads: [], failed: [] }),
      queueProgressed({ id: 'x', progress: 10, bytesSent: 0, size: 5 }),
    );
    expect(state.rows).toEqual([]);
  });

  it('given a completed upload, when the queue lists without it, then it leaves the tracker', () => {
    const state = run(
      queueListed({ uploads: [row('a'), row('b')], failed: [] }),
      queueListed({ uploads: [row('b')], failed: [] }),
    );
    expect(state.rows.map((r) => r.id)).toEqual(['b']);
  });

  it('given live progress ahead of a reload, then the reload keeps the further progress', () => {
    const state = run(
      queueListed({ uploads: [row('a', { status: 'uploading', progress: 30 })], failed: [] }),
      queueProgressed({ id: 'a', progress: 30, bytesSent: 900, size: 1000 }),
      queueListed({
        uploads: [row('a', { status: 'uploading', progress: 30, bytesSent: 100 })],
        failed: [],
      }),
    );
    expect(state.rows[0]?.bytesSent).toBe(900);
  });

  it('given a row that failed after uploading, when reloaded, then it leaves the tracker for the failed list', () => {
    const failed = row('a', {
      status: 'failed',
      progress: 0,
      bytesSent: 0,
      error: { code: 'NETWORK', message: 'The server could not be reached.', permanent: false },
    });
    const state = run(
      queueListed({
        uploads: [row('a', { status: 'uploading', progress: 30, bytesSent: 500 })],
        failed: [],
      }),
      queueListed({ uploads: [failed], failed: [failed] }),
    );
    expect(state.rows).toEqual([]);
    expect(state.failed).toEqual([failed]);
  });
});
