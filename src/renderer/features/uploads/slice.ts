/**
 * The client-side upload tracker (spec sections 3 and 4): id, fileName, progress, status, source,
 * timestamp. An upload starts at 0 progress and reports 10, 30, 70 and 100 percent; it leaves the
 * tracker on completion, failure or manual removal, so the tracker never keeps a finished upload
 * and the active count is simply the number of entries.
 *
 * The tracker is persisted. Uploads the page itself performs cannot survive a restart, so they are
 * marked `resumable: false` and dropped when the persisted state is restored (`uploadsRestored`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { z } from 'zod';
import type { UPLOAD_PROGRESS_STEPS } from '../../../shared/constants';

export const UploadEntry = z.object({
  id: z.string(),
  fileName: z.string(),
  progress: z.number().min(0).max(100),
  status: z.enum(['pending', 'uploading']),
  source: z.string(),
  timestamp: z.number(),
  resumable: z.boolean(),
});
export type UploadEntry = z.infer<typeof UploadEntry>;

export const UploadsState = z.object({ items: z.array(UploadEntry) });
export type UploadsState = z.infer<typeof UploadsState>;

export const initialUploadsState: UploadsState = { items: [] };

export type UploadProgressStep = (typeof UPLOAD_PROGRESS_STEPS)[number];

const uploadsSlice = createSlice({
  name: 'uploads',
  initialState: initialUploadsState,
  reducers: {
    uploadStarted: (
      state,
      action: PayloadAction<
        Pick<UploadEntry, 'id' | 'fileName' | 'source' | 'timestamp' | 'resumable'>
      >,
    ) => {
      if (state.items.some((item) => item.id === action.payload.id)) return;
      state.items.push({ ...action.payload, progress: 0, status: 'pending' });
    },
    uploadProgressed: (
      state,
      action: PayloadAction<{ id: string; progress: UploadProgressStep }>,
    ) => {
      const item = state.items.find((entry) => entry.id === action.payload.id);
      // Progress only moves forward: a late, smaller report never undoes a larger one.
      if (item && action.payload.progress > item.progress) {
        item.progress = action.payload.progress;
        item.status = 'uploading';
      }
    },
    /** Completion, failure and manual removal all take the upload out of the tracker. */
    uploadRemoved: (state, action: PayloadAction<{ id: string }>) => {
      state.items = state.items.filter((item) => item.id !== action.payload.id);
    },
    uploadsRestored: (state) => {
      state.items = state.items.filter((item) => item.resumable);
    },
  },
});

export const { uploadStarted, uploadProgressed, uploadRemoved, uploadsRestored } =
  uploadsSlice.actions;
export const uploadsReducer = uploadsSlice.reducer;

export function activeUploadCount(state: UploadsState): number {
  return state.items.length;
}

export function uploadBySource(state: UploadsState, source: string): UploadEntry | undefined {
  return state.items.find((item) => item.source === source);
}
