/**
 * Mounted once in the app shell: follows companyFilesChanged for the viewer's company and, for each
 * burst of events, refetches the open raw-file and document views once (coalesce.ts). The server
 * sends `subscribed` each time the subscription is in place, also after the socket reconnects
 * (graphql-ws subscribes again), so the views catch up once on what they missed meanwhile.
 */
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { createCoalescer, type Coalescer } from './coalesce';
import { refetchLiveViews } from './filesChanged';
import { COMPANY_FILES_CHANGED_SUBSCRIPTION } from './operations';

/** How long a burst of events may take to be folded into one refetch. */
export const LIVE_WINDOW_MS = 250;

export function useCompanyFilesFeed(companyId: string | null): void {
  const client = useApolloClient();
  const coalescer = useRef<Coalescer | null>(null);
  useEffect(() => {
    const created = createCoalescer(() => refetchLiveViews(client), { windowMs: LIVE_WINDOW_MS });
    coalescer.current = created;
    return () => {
      created.dispose();
      if (coalescer.current === created) coalescer.current = null;
    };
  }, [client]);

  useSubscription(COMPANY_FILES_CHANGED_SUBSCRIPTION, {
    variables: { company_id: companyId },
    skip: !companyId,
    onData: ({ data }) => {
      if (data.data?.companyFilesChanged) coalescer.current?.trigger();
    },
  });
}
