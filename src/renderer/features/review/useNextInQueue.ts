/**
 * "Next in queue" for the document details screen: reviewers work through the queue one document
 * after another. Opened from the queue, the details address carries `?queue=<statusType>`
 * (`queueFromSearch(location.search)` reads it). The hook answers which document follows.
 *
 *   const next = useNextInQueue(queueFromSearch(location.search));
 *   const id = await next(currentId);  // the next document's id, or null when none is left
 *   if (id) navigate(reviewDocumentPath(id, statusType));
 *
 * How: the order the reviewer saw (the queue's first page as the Apollo cache holds it) and the
 * queue as the server lists it now (re-queried, so a document just marked reviewed is gone) go
 * through `pickNext`. Offline, the desktop's cached queue stands in for the server.
 */
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useServices } from '../../app/services';
import { useViewer } from '../auth/useViewer';
import { REVIEW_QUEUE_QUERY } from './operations';
import {
  inQueue,
  isOfflineError,
  oldestFirst,
  pickNext,
  rowFromCache,
  type StatusType,
} from './queue';
import { reviewQueueVariables } from './useReviewQueue';

export type NextInQueue = (currentId: string) => Promise<string | null>;

export function useNextInQueue(statusType: StatusType | null): NextInQueue {
  const client = useApolloClient();
  const { bridge } = useServices();
  const companyId = useViewer()?.company.id ?? '';
  return useCallback(
    async (currentId: string) => {
      if (!statusType || !companyId) return null;
      const variables = reviewQueueVariables(companyId, statusType);
      const previous =
        client
          .readQuery({ query: REVIEW_QUEUE_QUERY, variables })
          ?.reviewQueue.items.map((row) => row.id) ?? [];
      let fresh: string[];
      try {
        const { data } = await client.query({
          query: REVIEW_QUEUE_QUERY,
          variables,
          fetchPolicy: 'network-only',
        });
        fresh = data?.reviewQueue.items.map((row) => row.id) ?? [];
      } catch (error) {
        if (!isOfflineError(error)) throw error;
        const { documents } = await bridge.review.listCached({ companyId, statusType });
        fresh = oldestFirst(
          documents
            .map(rowFromCache)
            .filter((row) => row !== null)
            .filter((row) => inQueue(row, statusType)),
        ).map((row) => row.id);
      }
      return pickNext(previous, fresh, currentId);
    },
    [bridge, client, companyId, statusType],
  );
}
