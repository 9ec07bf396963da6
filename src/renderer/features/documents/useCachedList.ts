/**
 * The document center offline (issue 15, item 9): every list the server gave is kept on this
 * computer (the desktop's offline review store, per user, company, filters and page); while the
 * server cannot be reached the kept list is shown read-only with the time it was loaded, instead
 * of an error. A kept list is checked against the query again when read back.
 */
import type { ResultOf, VariablesOf } from 'gql.tada';
import { useEffect, useState } from 'react';
import { checkResult } from '../../../shared/graphql/check';
import { useServices } from '../../app/services';
import { isUnreachable } from '../processed-file/offline';
import { DOCUMENT_CENTER_FILES_QUERY } from './operations';

type ListResult = ResultOf<typeof DOCUMENT_CENTER_FILES_QUERY>;
type ListVariables = VariablesOf<typeof DOCUMENT_CENTER_FILES_QUERY>;

export type CachedListState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'kept'; list: ListResult; cachedAt: number }
  | { kind: 'missing' };

/** The key a list is kept under: its filters and page (the company is kept apart). */
export function listKey(variables: ListVariables): string {
  return JSON.stringify(variables);
}

/** A kept list read back, or null when it no longer fits the query. */
export function readKeptList(value: unknown, variables: ListVariables): ListResult | null {
  if (value === null || value === undefined) return null;
  const problems = checkResult(DOCUMENT_CENTER_FILES_QUERY, value, variables);
  if (problems.length > 0) {
    console.warn('[documents] the list kept on this computer is out of date', problems);
    return null;
  }
  return value as ListResult;
}

export function useCachedList(options: {
  companyId: string;
  variables: ListVariables;
  data: ListResult | undefined;
  loading: boolean;
  error: unknown;
}): { unreachable: boolean; state: CachedListState } {
  const { bridge } = useServices();
  const { companyId, variables, data, loading, error } = options;
  const unreachable = isUnreachable(error);
  const key = listKey(variables);
  const [state, setState] = useState<CachedListState>({ kind: 'none' });

  // A list the server just gave: keep it for the next time the server cannot be reached.
  const fresh = !!companyId && !!data && !loading && !error;
  useEffect(() => {
    if (!fresh || !data) return;
    bridge.review.cacheList({ companyId, key, list: data }).catch((failure: unknown) => {
      console.warn('[documents] the list could not be kept on this computer', failure);
    });
  }, [bridge, companyId, key, data, fresh]);

  useEffect(() => {
    if (!unreachable || !companyId) {
      setState({ kind: 'none' });
      return undefined;
    }
    let live = true;
    setState({ kind: 'loading' });
    bridge.review
      .cachedList({ companyId, key })
      .then((kept) => {
        const list = readKeptList(kept.list, JSON.parse(key) as ListVariables);
        if (!live) return;
        setState(
          list && kept.cachedAt !== null
            ? { kind: 'kept', list, cachedAt: kept.cachedAt }
            : { kind: 'missing' },
        );
      })
      .catch(() => {
        if (live) setState({ kind: 'missing' });
      });
    return () => {
      live = false;
    };
  }, [bridge, companyId, key, unreachable]);

  return { unreachable, state };
}
