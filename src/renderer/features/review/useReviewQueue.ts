/**
 * The review queue of one kind, online or from this computer's cache.
 *
 * Online, each page the server answers is handed to the desktop (review:cacheDocuments, marked as
 * members of this company's queue) so the reviewer can go on working without the server. When the
 * server cannot be reached, the desktop's cached queue (review:listCached) is shown instead, and
 * the list goes back online by itself when the desktop reports the server answers again
 * (review:changed). A desktop that cannot cache (an older build) never breaks the screen: those
 * failures are only logged.
 */
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../app/services';
import { REVIEW_PAGE_SIZE, REVIEW_QUEUE_QUERY, type ReviewQueueRow } from './operations';
import { inQueue, isOfflineError, oldestFirst, rowFromCache, type StatusType } from './queue';

export type QueueSource = 'server' | 'cache';

export interface ReviewQueueState {
  rows: readonly ReviewQueueRow[];
  total: number;
  source: QueueSource;
  /** No rows yet and still asking. */
  loading: boolean;
  /** A failure to show (null while the cached queue stands in for the server). */
  error: unknown;
  /** The cached queue could not be read either. */
  cacheUnavailable: boolean;
  refetch(): Promise<void>;
}

export function reviewQueueVariables(companyId: string, statusType: StatusType, page = 1) {
  return { company_id: companyId, statusType, page, page_size: REVIEW_PAGE_SIZE };
}

export function useReviewQueue(
  companyId: string,
  statusType: StatusType,
  page: number,
): ReviewQueueState {
  const { bridge } = useServices();
  const query = useQuery(REVIEW_QUEUE_QUERY, {
    variables: reviewQueueVariables(companyId, statusType, page),
    skip: !companyId,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const offline = isOfflineError(query.error);
  const [cached, setCached] = useState<ReviewQueueRow[] | null>(null);
  const [cacheUnavailable, setCacheUnavailable] = useState(false);

  // Online: keep what was loaded on this computer (failures never reach the screen).
  const items = query.data?.reviewQueue.items;
  useEffect(() => {
    if (!items || !companyId) return;
    bridge.review
      .cacheDocuments({ documents: items.slice(0, 500), queue: { companyId, statusType } })
      .catch((error: unknown) => console.warn('[review] could not cache the queue', error));
  }, [bridge, companyId, items, statusType]);

  // Offline: the cached queue of this kind.
  useEffect(() => {
    if (!offline || !companyId) {
      setCached(null);
      setCacheUnavailable(false);
      return undefined;
    }
    let live = true;
    bridge.review.listCached({ companyId, statusType }).then(
      ({ documents }) => {
        if (!live) return;
        const rows = documents
          .map(rowFromCache)
          .filter((row): row is ReviewQueueRow => row !== null)
          .filter((row) => inQueue(row, statusType));
        setCached(oldestFirst(rows));
        setCacheUnavailable(false);
      },
      (error: unknown) => {
        console.warn('[review] the cached queue is not available', error);
        if (live) setCacheUnavailable(true);
      },
    );
    return () => {
      live = false;
    };
  }, [bridge, companyId, offline, statusType]);

  // Back online (the desktop saw the server answer): ask the server again.
  const { refetch } = query;
  const offlineRef = useRef(offline);
  useEffect(() => {
    offlineRef.current = offline;
  }, [offline]);
  useEffect(
    () =>
      bridge.on('review:changed', (status) => {
        if (status.online && offlineRef.current) void refetch().catch(() => undefined);
      }),
    [bridge, refetch],
  );

  const again = useCallback(async () => {
    await refetch().catch(() => undefined);
  }, [refetch]);

  return useMemo<ReviewQueueState>(() => {
    if (offline && cached) {
      return {
        rows: cached,
        total: cached.length,
        source: 'cache',
        loading: false,
        error: null,
        cacheUnavailable: false,
        refetch: again,
      };
    }
    const data = query.data?.reviewQueue;
    return {
      rows: data?.items ?? [],
      total: data?.total ?? 0,
      source: 'server',
      loading: !data && (!query.error || (offline && !cacheUnavailable)),
      // While the cached queue is being read, offline is not yet an error to show.
      error: offline && !cacheUnavailable ? null : (query.error ?? null),
      cacheUnavailable,
      refetch: again,
    };
  }, [again, cacheUnavailable, cached, offline, query.data, query.error]);
}
