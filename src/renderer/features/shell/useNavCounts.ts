/**
 * The counts beside the side navigation's entries: documents waiting in "Needs review" and unread
 * notifications. No polling: the unread count is the bell's (live over the notification
 * subscription); the review count shares the review queue's query (so marking a document reviewed
 * there updates it at once) and is asked again when the person moves to another screen, when a
 * notification arrives (processing finished) and when the window comes back into view.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useViewer } from '../auth/useViewer';
import { UNREAD_COUNT_QUERY } from '../notifications/operations';
import { REVIEW_QUEUE_COUNTS_QUERY } from '../review/operations';
import { NOTIFICATIONS_PATH, REVIEW_PATH } from './landing';

/** Count per navigation path; an entry without a count (or at 0) shows none. */
export type NavCounts = Partial<Record<string, number>>;

export function useNavCounts(): NavCounts {
  const viewer = useViewer();
  // Review counts belong to the legal product only.
  const companyId = viewer?.company.is_legal ? viewer.company.id : '';
  const { pathname } = useLocation();
  const unread = useQuery(UNREAD_COUNT_QUERY).data?.unreadNotificationCount;
  const review = useQuery(REVIEW_QUEUE_COUNTS_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
  });
  const refetch = useRef(review.refetch);
  refetch.current = review.refetch;

  useEffect(() => {
    if (companyId) void refetch.current().catch(() => undefined);
  }, [companyId, pathname, unread]);

  useEffect(() => {
    if (!companyId) return undefined;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch.current().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [companyId]);

  return {
    [REVIEW_PATH]: review.data?.reviewCounts.all,
    [NOTIFICATIONS_PATH]: unread,
  };
}
