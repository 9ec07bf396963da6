/**
 * The company's column layout of the document center: loaded with columnConfiguration (the
 * defaults while it loads, when none is saved, or when it cannot be loaded) and saved with
 * saveColumnConfiguration. A save writes the answer into the Apollo cache, so every screen that
 * reads the configuration shows the new layout at once.
 */
import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { mergeLayout, toSettings, type ColumnState } from './columns';
import {
  DOCUMENT_CENTER_COLUMNS_QUERY,
  DOCUMENT_CENTER_TABLE,
  SAVE_DOCUMENT_CENTER_COLUMNS_MUTATION,
} from './operations';

export function useColumnLayout(companyId: string) {
  const variables = { company_id: companyId, table: DOCUMENT_CENTER_TABLE };
  const query = useQuery(DOCUMENT_CENTER_COLUMNS_QUERY, { variables, skip: !companyId });
  const [mutate, saveState] = useMutation(SAVE_DOCUMENT_CENTER_COLUMNS_MUTATION);
  const saved = query.data?.columnConfiguration?.columns;
  const layout = useMemo(() => mergeLayout(saved), [saved]);

  const save = async (next: readonly ColumnState[]) => {
    await mutate({
      variables: { ...variables, columns: toSettings(next) },
      update: (cache, result) => {
        const configuration = result.data?.saveColumnConfiguration;
        if (!configuration) return;
        cache.writeQuery({
          query: DOCUMENT_CENTER_COLUMNS_QUERY,
          variables,
          data: { columnConfiguration: configuration },
        });
      },
    });
  };

  return {
    layout,
    loading: query.loading && !query.data,
    loadError: query.error ?? null,
    save,
    saving: saveState.loading,
  };
}
