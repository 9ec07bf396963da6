/**
 * The document center's list state as a Redux slice, persisted with redux-persist like the
 * raw-file filters (registered in src/renderer/app/store.ts as `documentFilters`, with
 * `DocumentFilters` as the schema a restored copy must satisfy). Without the store entry
 * `useDocumentFilters` keeps the state in the component, so the screen works either way.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { DEFAULT_DOCUMENT_FILTERS, restoreDocumentFilters, type DocumentFilters } from './filters';

export const DOCUMENT_FILTERS_KEY = 'documentFilters';

const slice = createSlice({
  name: DOCUMENT_FILTERS_KEY,
  initialState: DEFAULT_DOCUMENT_FILTERS,
  reducers: {
    documentFiltersChanged: (_state, action: PayloadAction<DocumentFilters>) =>
      restoreDocumentFilters(action.payload),
  },
});

export const { documentFiltersChanged } = slice.actions;
export const documentFiltersReducer = slice.reducer;

/** The slice's state when the store has it, else undefined. */
export function selectDocumentFilters(state: unknown): DocumentFilters | undefined {
  if (!state || typeof state !== 'object' || !(DOCUMENT_FILTERS_KEY in state)) return undefined;
  return restoreDocumentFilters((state as Record<string, unknown>)[DOCUMENT_FILTERS_KEY]);
}

export function useDocumentFilters(): [DocumentFilters, (next: DocumentFilters) => void] {
  const stored = useSelector(selectDocumentFilters, sameFilters);
  const dispatch = useDispatch();
  const [local, setLocal] = useState<DocumentFilters>(DEFAULT_DOCUMENT_FILTERS);
  const set = useCallback(
    (next: DocumentFilters) => {
      setLocal(next);
      dispatch(documentFiltersChanged(next));
    },
    [dispatch],
  );
  return [stored ?? local, set];
}

function sameFilters(a: DocumentFilters | undefined, b: DocumentFilters | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
