/**
 * The watched folders of this device, through the bridge: loaded once, replaced by every
 * 'watch:changed' event (another window, the tray, or this screen's own add/remove).
 */
import { useCallback, useEffect, useState } from 'react';
import type { WatchedFolderConfig } from '../../../shared/ipc/contract';
import { useServices } from '../../app/services';
import { describeWatchError, WATCH_MESSAGES } from './labels';

export interface WatchedFoldersState {
  folders: WatchedFolderConfig[] | null;
  loadError: string | null;
  reload(): void;
  add(folder: WatchedFolderConfig): Promise<void>;
  remove(path: string): Promise<void>;
}

export function useWatchedFolders(): WatchedFoldersState {
  const { bridge } = useServices();
  const [folders, setFolders] = useState<WatchedFolderConfig[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    bridge.watch
      .list({})
      .then((answer) => {
        if (!live) return;
        setFolders(answer.folders);
        setLoadError(null);
      })
      .catch((error: unknown) => {
        if (live) setLoadError(describeWatchError(error, WATCH_MESSAGES.LOAD_FAILED));
      });
    const stop = bridge.on('watch:changed', (answer) => {
      setFolders(answer.folders);
      setLoadError(null);
    });
    return () => {
      live = false;
      stop();
    };
  }, [bridge, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  const add = useCallback(
    async (folder: WatchedFolderConfig) => {
      setFolders((await bridge.watch.add(folder)).folders);
    },
    [bridge],
  );

  const remove = useCallback(
    async (path: string) => {
      setFolders((await bridge.watch.remove({ path })).folders);
    },
    [bridge],
  );

  return { folders, loadError, reload, add, remove };
}
