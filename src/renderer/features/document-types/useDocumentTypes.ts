/**
 * The company's document folders and types for the screen: loads them over REST with the session's
 * token, reloads on demand, and offers `save` which sends one type's changes and puts the answer
 * in place (a folder rename or colour reaches every type of that folder).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import {
  fetchFileTypes,
  updateFileType,
  type FileType,
  type FileTypeChanges,
  type FileTypeList,
} from './api';
import { withUpdatedType } from './listState';

export function useDocumentTypes(companyId: string) {
  const { info } = useServices();
  const token = useAppSelector((state) => state.auth.token);
  const [data, setData] = useState<FileTypeList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const run = useRef(0);

  const load = useCallback(async () => {
    if (!token || !companyId) return;
    const mine = (run.current += 1);
    setLoading(true);
    try {
      const next = await fetchFileTypes({ serverUrl: info.serverUrl, token }, companyId);
      if (mine === run.current) {
        setData(next);
        setError(null);
      }
    } catch (failure) {
      if (mine === run.current) setError(failure);
    } finally {
      if (mine === run.current) setLoading(false);
    }
  }, [companyId, info.serverUrl, token]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = useCallback(
    async (id: string, changes: FileTypeChanges): Promise<FileType> => {
      const updated = await updateFileType(
        { serverUrl: info.serverUrl, token: token ?? '' },
        id,
        changes,
      );
      setData((current) => (current ? withUpdatedType(current, updated) : current));
      return updated;
    },
    [info.serverUrl, token],
  );

  return { data, error, loading, reload: load, save };
}
