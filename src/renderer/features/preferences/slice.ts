/** Appearance preferences of this device, persisted across restarts. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { z } from 'zod';

export const SettingsState = z.object({
  theme: z.enum(['light', 'dark']),
});
export type SettingsState = z.infer<typeof SettingsState>;

export const initialSettingsState: SettingsState = { theme: 'light' };

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    themeChosen: (state, action: PayloadAction<SettingsState['theme']>) => {
      state.theme = action.payload;
    },
  },
});

export const { themeChosen } = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
