/** The case list's filters as a Redux slice, persisted with redux-persist (src/renderer/app/store.ts). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { DEFAULT_CASE_FILTERS, restoreCaseFilters, type CaseListFilters } from './listState';

export const CASE_LIST_FILTERS_KEY = 'caseListFilters';

const slice = createSlice({
  name: CASE_LIST_FILTERS_KEY,
  initialState: DEFAULT_CASE_FILTERS,
  reducers: {
    caseListFiltersChanged: (_state, action: PayloadAction<CaseListFilters>) =>
      restoreCaseFilters(action.payload),
  },
});

export const { caseListFiltersChanged } = slice.actions;
export const caseListFiltersReducer = slice.reducer;

export function selectCaseListFilters(state: {
  caseListFilters: CaseListFilters;
}): CaseListFilters {
  return state.caseListFilters;
}

/** The persisted filters and their setter. */
export function useCaseListFilters(): [CaseListFilters, (next: CaseListFilters) => void] {
  const filters = useSelector(selectCaseListFilters);
  const dispatch = useDispatch();
  const set = useCallback(
    (next: CaseListFilters) => dispatch(caseListFiltersChanged(next)),
    [dispatch],
  );
  return [filters, set];
}
