import type { ApolloClient, ObservableQuery } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { LIVE_QUERY_NAMES, onCompanyFilesChanged, refetchLiveViews } from './filesChanged';

/** A client whose open queries are these names; records which were refetched. */
function clientWith(names: Array<string | undefined>) {
  const refetched: string[] = [];
  const queries = names.map((name) => ({
    queryName: name,
    refetch: () => {
      refetched.push(name ?? '(anonymous)');
      return Promise.resolve();
    },
  }));
  const client = {
    getObservableQueries: () => new Set(queries as unknown as Array<ObservableQuery<unknown>>),
  } as Pick<ApolloClient, 'getObservableQueries'>;
  return { client, refetched };
}

describe('refetchLiveViews', () => {
  it('given the open queries, then only those that show raw files or documents are refetched', async () => {
    const { client, refetched } = clientWith([
      'RawFileDetails',
      'DocumentCenterFiles',
      'DocumentCenterCounts',
      'Notifications',
      'Viewer',
      undefined,
    ]);
    await refetchLiveViews(client);
    expect(refetched).toEqual(['RawFileDetails', 'DocumentCenterFiles', 'DocumentCenterCounts']);
  });

  it('given listeners, then each is told once and it settles after them, even when one fails', async () => {
    const heard: string[] = [];
    const offA = onCompanyFilesChanged(() => {
      heard.push('list');
      return Promise.reject(new Error('offline'));
    });
    const offB = onCompanyFilesChanged(() => {
      heard.push('chips');
    });
    await refetchLiveViews(clientWith([]).client);
    offA();
    offB();
    await refetchLiveViews(clientWith([]).client);
    expect(heard).toEqual(['list', 'chips']);
  });

  it('names every live query by its operation', () => {
    expect([...LIVE_QUERY_NAMES].sort()).toEqual([
      'DocumentCenterCounts',
      'DocumentCenterFiles',
      'RawFileDetails',
      'RawFileDetailsPage',
      'RawFileDocuments',
      'ReviewQueueCounts',
    ]);
  });
});
