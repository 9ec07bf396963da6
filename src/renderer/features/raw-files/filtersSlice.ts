/**
 * The raw-file list's filters as a Redux slice, to be persisted with redux-persist like the other
 * list filters. Registering it is the store's business (src/renderer/app/store.ts): add
 * `rawFileFilters: rawFileFiltersReducer` to the reducers and
 * `rawFileFilters: { schema: RawFileFilters, fallback: DEFAULT_FILTERS }` to PERSISTED. Until then
 * `useRawFileFilters` keeps the filters in component state, so the screen works either way.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { DEFAULT_FILTERS, restoreFilters, type RawFileFilters } from './filters';

export const RAW_FILE_FILTERS_KEY = 'rawFileFilters';

const slice = createSlice({
  name: RAW_FILE_FILTERS_KEY,
  initialState: DEFAULT_FILTERS,
  reducers: {
    rawFileFiltersChanged: (_state, action: PayloadAction<RawFileFilters>) =>
      restoreFilters(action.payload),
    rawFileFiltersCleared: () => DEFAULT_FILTERS,
  },
});

export const { rawFileFiltersChanged, rawFileFiltersCleared } = slice.actions;
export const rawFileFiltersReducer = slice.reducer;

/** The slice's state when the store has it, else undefined. */
export function selectRawFileFilters(state: unknown): RawFileFilters | undefined {
  if (!state || typeof state !== 'object' || !(RAW_FILE_FILTERS_KEY in state)) return undefined;
  return restoreFilters((state as Record<string, unknown>)[RAW_FILE_FILTERS_KEY]);
}

/** The filters and their setter: the persisted slice when registered, component state otherwise. */
export function useRawFileFilters(): [RawFileFilters, (next: RawFileFilters) => void] {
  const stored = useSelector(selectRawFileFilters, sameFilters);
  const dispatch = useDispatch();
  const [local, setLocal] = useState<RawFileFilters>(DEFAULT_FILTERS);
  const set = useCallback(
    (next: RawFileFilters) => {
      setLocal(next);
      dispatch(rawFileFiltersChanged(next));
    },
    [dispatch],
  );
  return [stored ?? local, set];
}

function sameFilters(a: RawFileFilters | undefined, b: RawFileFilters | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
