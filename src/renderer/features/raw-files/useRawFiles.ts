/**
 * One page of raw files with the counts by status bucket. Refetches when the filters or the page
 * change, (coalesced) whenever the desktop upload queue changes, so the counts move as uploads
 * register, finish or fail, and whenever the server says the company's files changed (the live
 * feed, features/live-files), so rows and counts follow the pipeline without a reload. A soft
 * delete adjusts the counts at once with the shared bucket logic.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RawFileCounts } from '../../../shared/raw-files/status';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { onCompanyFilesChanged } from '../live-files/filesChanged';
import { onUploadQueueChanged } from '../uploads/useUploadQueueFeed';
import { fetchRawFiles, listBody, type RawFileFilters, type RawFileList } from './api';
import { countsAfterDelete } from './counts';
import { rawFileFilterProblems } from './filters';
import { hasProblems } from '../../../shared/filters/rules';

const REFRESH_DELAY_MS = 400;

export function useRawFiles(
  filters: RawFileFilters,
  page: number,
  companyId: string,
  userId: string,
  format: string,
) {
  const { info } = useServices();
  const token = useAppSelector((state) => state.auth.token);
  const [data, setData] = useState<RawFileList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const run = useRef(0);

  const load = useCallback(async () => {
    // A wrong filter is shown next to its field by the page; nothing is asked meanwhile.
    if (!token || !companyId || hasProblems(rawFileFilterProblems(filters, format))) return;
    const mine = (run.current += 1);
    setLoading(true);
    try {
      const next = await fetchRawFiles({
        serverUrl: info.serverUrl,
        token,
        body: listBody(filters, page, companyId, userId, format),
      });
      if (mine === run.current) {
        setData(next);
        setError(null);
      }
    } catch (failure) {
      if (mine === run.current) setError(failure);
    } finally {
      if (mine === run.current) setLoading(false);
    }
  }, [companyId, filters, format, info.serverUrl, page, token, userId]);

  useEffect(() => {
    void load();
  }, [load]);

  // Subscribed once: re-subscribing whenever `load` changes would cancel a pending refresh (a
  // re-render right after a queue change did, and the counts then missed the finished upload).
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = onUploadQueueChanged(() => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void loadRef.current(), REFRESH_DELAY_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);
  useEffect(() => onCompanyFilesChanged(() => loadRef.current()), []);

  const removed = useCallback((id: string, status: string) => {
    setData((current) => {
      if (!current) return current;
      const counts: RawFileCounts = countsAfterDelete(current.counts, status);
      return {
        rawFiles: current.rawFiles.filter((row) => row.id !== id),
        total: Math.max(0, current.total - 1),
        counts,
      };
    });
  }, []);

  return { data, error, loading, reload: load, removed };
}
