/**
 * The desktop upload queue as the tracker shows it (spec sections 3 and 4). Rows come from the
 * bridge (`uploads:list`, reloaded on every 'uploads:changed'); byte progress arrives between
 * reloads as 'uploads:progress'. Completed and failed uploads leave the tracker; the failed ones
 * of the signed-in user (`uploads:failed`) are kept apart, with their reasons, until retried or
 * dismissed. Not persisted: the main process owns the queue and is asked again at start-up.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IpcEventPayload, UploadTrackerRow } from '../../../shared/ipc/contract';

export interface UploadQueueState {
  /** Uploads in progress (the tracker). */
  rows: UploadTrackerRow[];
  /** The signed-in user's failed uploads, with their reasons (never counted as in progress). */
  failed: UploadTrackerRow[];
  loaded: boolean;
}

export const initialUploadQueueState: UploadQueueState = { rows: [], failed: [], loaded: false };

type Progress = IpcEventPayload<'uploads:progress'>;

const uploadQueueSlice = createSlice({
  name: 'uploadQueue',
  initialState: initialUploadQueueState,
  reducers: {
    /** A fresh list from the queue replaces the rows; live progress already seen is kept. */
    queueListed: (
      state,
      action: PayloadAction<{ uploads: UploadTrackerRow[]; failed: UploadTrackerRow[] }>,
    ) => {
      const previous = new Map(state.rows.map((row) => [row.id, row]));
      // Failed uploads are not in progress, whatever a caller hands in as the tracker.
      const inProgress = action.payload.uploads.filter((row) => row.status !== 'failed');
      state.failed = action.payload.failed.filter((row) => row.status === 'failed');
      state.rows = inProgress.map((row) => {
        const seen = previous.get(row.id);
        if (!seen || seen.status !== 'uploading' || row.status !== 'uploading') return row;
        return {
          ...row,
          progress: Math.max(row.progress, seen.progress),
          bytesSent: Math.max(row.bytesSent, seen.bytesSent),
        };
      });
      state.loaded = true;
    },
    /** Step or byte progress of one upload; never moves backwards; unknown ids are ignored. */
    queueProgressed: (state, action: PayloadAction<Progress>) => {
      const row = state.rows.find((entry) => entry.id === action.payload.id);
      if (!row) return;
      row.status = 'uploading';
      row.progress = Math.max(row.progress, action.payload.progress);
      row.bytesSent = Math.max(row.bytesSent, action.payload.bytesSent);
      if (row.size === null) row.size = action.payload.size;
    },
  },
});

export const { queueListed, queueProgressed } = uploadQueueSlice.actions;
export const uploadQueueReducer = uploadQueueSlice.reducer;
