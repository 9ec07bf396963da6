/**
 * Runs an upload through the tracker: it enters at 0, moves through the spec's progress steps and
 * leaves on completion or failure. Screens read the entry (by source) to draw progress.
 */
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { uploadFile, type UploadAccepted } from '../../app/upload';
import {
  uploadBySource,
  uploadProgressed,
  uploadRemoved,
  uploadStarted,
  type UploadEntry,
} from './slice';

let sequence = 0;

export function useTrackedUpload(source: string): {
  entry: UploadEntry | undefined;
  upload(request: {
    url: string;
    token: string;
    file: File;
    fallback: string;
  }): Promise<UploadAccepted>;
} {
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => uploadBySource(state.uploads, source));
  const upload = useCallback(
    async (request: { url: string; token: string; file: File; fallback: string }) => {
      sequence += 1;
      const id = `${source}-${Date.now()}-${sequence}`;
      dispatch(
        uploadStarted({
          id,
          fileName: request.file.name,
          source,
          timestamp: Date.now(),
          resumable: false,
        }),
      );
      try {
        return await uploadFile({
          ...request,
          onProgress: (progress) => dispatch(uploadProgressed({ id, progress })),
        });
      } finally {
        dispatch(uploadRemoved({ id }));
      }
    },
    [dispatch, source],
  );
  return { entry, upload };
}
