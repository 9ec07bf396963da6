/**
 * Keeps the tracker in step with the desktop queue: loads `uploads:list` (in progress) and
 * `uploads:failed` (the signed-in user's failures) once, again after every
 * 'uploads:changed' (coalesced: one reload in flight at a time, one more if changes came in
 * meanwhile) and merges 'uploads:progress' between reloads. Listeners passed in `onChanged` hear
 * about every change (the raw-files screen refetches its counts then).
 */
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { queueListed, queueProgressed } from './queueSlice';

type ChangeListener = () => void;
const changeListeners = new Set<ChangeListener>();

/** Runs `listener` after each queue change; returns the unsubscribe function. */
export function onUploadQueueChanged(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

export function useUploadQueueFeed(): void {
  const { bridge } = useServices();
  const dispatch = useAppDispatch();
  const loaded = useAppSelector((state) => state.uploadQueue.loaded);
  const reloadRef = useRef<() => Promise<void>>(async () => undefined);

  // "Reset local data" empties the tracker's copy; the queue itself still holds the uploads.
  useEffect(() => {
    if (!loaded) void reloadRef.current();
  }, [loaded]);

  useEffect(() => {
    let disposed = false;
    let inFlight = false;
    let again = false;
    const reload = async (): Promise<void> => {
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      try {
        do {
          again = false;
          const [{ uploads }, failed] = await Promise.all([
            bridge.uploads.list({}),
            bridge.uploads.failed({}),
          ]);
          if (!disposed) dispatch(queueListed({ uploads, failed: failed.uploads }));
        } while (again && !disposed);
      } catch (error) {
        console.warn('[uploads] could not read the upload queue', error);
      } finally {
        inFlight = false;
      }
    };
    reloadRef.current = reload;
    const offChanged = bridge.on('uploads:changed', () => {
      void reload();
      for (const listener of changeListeners) listener();
    });
    const offProgress = bridge.on('uploads:progress', (payload) => {
      dispatch(queueProgressed(payload));
    });
    void reload();
    return () => {
      disposed = true;
      offChanged();
      offProgress();
    };
  }, [bridge, dispatch]);
}
