/**
 * List filters the user set, persisted so a list looks the same after a restart. Today: the search
 * text of the company's user list. Later screens (documents, raw files) add their filters here.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { z } from 'zod';

export const FILTER_TEXT_MAX = 200;

export const FiltersState = z.object({
  users: z.object({ search: z.string().max(FILTER_TEXT_MAX) }),
});
export type FiltersState = z.infer<typeof FiltersState>;

export const initialFiltersState: FiltersState = {
  users: { search: '' },
};

const filtersSlice = createSlice({
  name: 'filters',
  initialState: initialFiltersState,
  reducers: {
    usersSearchChanged: (state, action: PayloadAction<string>) => {
      state.users.search = action.payload.slice(0, FILTER_TEXT_MAX);
    },
  },
});

export const { usersSearchChanged } = filtersSlice.actions;
export const filtersReducer = filtersSlice.reducer;
