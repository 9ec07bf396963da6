/**
 * Who refetches when the company's raw files or documents change: the Apollo queries named in
 * LIVE_QUERIES (when a screen has them open) and the listeners registered here (screens that
 * fetch over REST, like the raw-files list). useCompanyFilesFeed decides when (coalesced).
 */
import type { ApolloClient } from '@apollo/client';
import type { DocumentNode } from 'graphql';
import { DOCUMENT_CENTER_COUNTS_QUERY, DOCUMENT_CENTER_FILES_QUERY } from '../documents/operations';
import { RAW_FILE_DOCUMENTS_QUERY, RAW_FILE_PAGE_QUERY } from '../raw-file-details/operations';
import { RAW_FILE_DETAILS_QUERY } from '../raw-files/operations';
import { REVIEW_QUEUE_COUNTS_QUERY } from '../review/operations';

/** Queries that show raw files or documents, by operation name. */
const LIVE_QUERIES: readonly DocumentNode[] = [
  RAW_FILE_DETAILS_QUERY,
  RAW_FILE_PAGE_QUERY,
  RAW_FILE_DOCUMENTS_QUERY,
  DOCUMENT_CENTER_FILES_QUERY,
  DOCUMENT_CENTER_COUNTS_QUERY,
  REVIEW_QUEUE_COUNTS_QUERY,
];

export function operationName(document: DocumentNode): string | null {
  for (const definition of document.definitions)
    if (definition.kind === 'OperationDefinition') return definition.name?.value ?? null;
  return null;
}

export const LIVE_QUERY_NAMES: ReadonlySet<string> = new Set(
  LIVE_QUERIES.map(operationName).filter((name): name is string => name !== null),
);

type Listener = () => Promise<unknown> | void;
const listeners = new Set<Listener>();

/** Runs `listener` after the company's files changed (coalesced); returns the unsubscribe function. */
export function onCompanyFilesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Refetches every open live query and tells every listener; settles when all are done. */
export async function refetchLiveViews(client: Pick<ApolloClient, 'getObservableQueries'>) {
  const refetches: Array<Promise<unknown> | void> = [];
  for (const query of client.getObservableQueries('active'))
    if (query.queryName && LIVE_QUERY_NAMES.has(query.queryName)) refetches.push(query.refetch());
  for (const listener of listeners) refetches.push(listener());
  await Promise.allSettled(refetches);
}
