/**
 * What the details screen reads beside the document itself (none of it while offline): the
 * company's document types, the document's history (with the admin change log for managers),
 * and its raw file's page count and the other documents cut from it (for re-split checks).
 */
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import {
  DOCUMENT_RAW_FILE_QUERY,
  DOCUMENT_TYPE_CHOICES_QUERY,
  PROCESSED_FILE_HISTORY_QUERY,
  SIBLINGS_PAGE_SIZE,
  type ProcessedFileDetails,
} from './operations';
import type { SiblingDocument } from './resplit';

export function useDocumentContext(
  doc: ProcessedFileDetails,
  options: { offline: boolean; managedCompanyIds: readonly string[] },
) {
  const { offline } = options;
  const types = useQuery(DOCUMENT_TYPE_CHOICES_QUERY, {
    variables: { company_id: doc.company_id },
    skip: offline,
  });
  const typeList = useMemo(() => types.data?.legalFileTypes ?? [], [types.data]);
  const history = useQuery(PROCESSED_FILE_HISTORY_QUERY, {
    variables: { id: doc.id, withAdminLogs: options.managedCompanyIds.includes(doc.company_id) },
    skip: offline,
    fetchPolicy: 'cache-and-network',
  });
  const rawContext = useQuery(DOCUMENT_RAW_FILE_QUERY, {
    variables: {
      raw_file_id: doc.legal_raw_file_id,
      company_id: doc.company_id,
      page_size: SIBLINGS_PAGE_SIZE,
    },
    skip: offline,
    errorPolicy: 'all',
    fetchPolicy: 'cache-and-network',
  });
  const rawFilePages = rawContext.data?.rawFile?.no_of_pages ?? null;
  const siblings = useMemo<SiblingDocument[]>(() => {
    const data = rawContext.data;
    if (!data) return [];
    const seen = new Map<string, SiblingDocument>();
    for (const item of [...(data.processedFiles?.items ?? []), ...(data.reviewQueue?.items ?? [])])
      if (item.id !== doc.id)
        seen.set(item.id, {
          id: item.id,
          name: item.name,
          start: item.start_page_no,
          end: item.end_page_no,
        });
    return [...seen.values()].sort((a, b) => a.start - b.start);
  }, [rawContext.data, doc.id]);

  const { refetch: refetchHistory } = history;
  const { refetch: refetchRaw } = rawContext;
  /** After a write: the history and the raw file's documents again (failures stay quiet). */
  const refresh = useMemo(
    () => ({
      history: () => void refetchHistory().catch(() => undefined),
      all: () => {
        void refetchHistory().catch(() => undefined);
        void refetchRaw().catch(() => undefined);
      },
    }),
    [refetchHistory, refetchRaw],
  );

  return { typeList, history, rawFilePages, siblings, refresh };
}
