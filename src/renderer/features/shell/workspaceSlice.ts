/**
 * The company in view for the provider's internal admins and assigned managers (the company
 * switcher). Null is the person's own company. Not persisted: each start opens the own company;
 * sign-out and the client-state reset clear it with the rest.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface WorkspaceState {
  activeCompanyId: string | null;
}

const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: { activeCompanyId: null } as WorkspaceState,
  reducers: {
    activeCompanyChosen: (state, action: PayloadAction<string | null>) => {
      state.activeCompanyId = action.payload;
    },
  },
});

export const { activeCompanyChosen } = workspaceSlice.actions;
export const workspaceReducer = workspaceSlice.reducer;
