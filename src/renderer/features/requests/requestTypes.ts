/**
 * The request type list, kept 3600 seconds on the client (spec section 9): the first screen that
 * needs it asks the server, later ones read Apollo's cache until the hour is up.
 */
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { CACHE_SECONDS } from '../../../shared/constants';
import { REQUEST_TYPES_QUERY } from './operations';

/** Whether a list fetched at `fetchedAt` (ms) is too old at `now` (ms). */
export function isStale(
  fetchedAt: number | null,
  now: number,
  seconds: number = CACHE_SECONDS.requestTypes,
): boolean {
  return fetchedAt === null || now - fetchedAt >= seconds * 1000;
}

let fetchedAt: number | null = null;

export function useRequestTypes() {
  const [policy] = useState<'network-only' | 'cache-first'>(() =>
    isStale(fetchedAt, Date.now()) ? 'network-only' : 'cache-first',
  );
  const result = useQuery(REQUEST_TYPES_QUERY, { fetchPolicy: policy });
  const arrived = policy === 'network-only' && result.data !== undefined && !result.loading;
  useEffect(() => {
    if (arrived) fetchedAt = Date.now();
  }, [arrived]);
  return { types: result.data?.requestTypes ?? [], loading: result.loading, error: result.error };
}
