/**
 * Authentication state (spec section 4): loading, authenticated or failed. "failed" means there is
 * no usable session: the app shows the first-run screen when the server still needs setting up,
 * otherwise sign-in (with `notice` explaining why, e.g. an expired session). Never persisted by
 * the store: the token lives in the desktop's safe storage and is loaded through the bridge.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ViewerData } from './operations';

export type AuthStatus = 'loading' | 'authenticated' | 'failed';

export interface AuthState {
  status: AuthStatus;
  token: string | null;
  viewer: ViewerData | null;
  needsSetup: boolean;
  notice: string | null;
}

export const initialAuthState: AuthState = {
  status: 'loading',
  token: null,
  viewer: null,
  needsSetup: false,
  notice: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    startupBegan: () => initialAuthState,
    signedIn: (_state, action: PayloadAction<{ token: string; viewer: ViewerData }>) => ({
      status: 'authenticated',
      token: action.payload.token,
      viewer: action.payload.viewer,
      needsSetup: false,
      notice: null,
    }),
    /** Start-up found no usable session. */
    sessionMissing: (
      _state,
      action: PayloadAction<{ needsSetup: boolean; notice?: string | null }>,
    ) => ({
      ...initialAuthState,
      status: 'failed',
      needsSetup: action.payload.needsSetup,
      notice: action.payload.notice ?? null,
    }),
    /** Sign-out clears authentication (the root reducer also resets the rest of the state). */
    signedOut: (_state, action: PayloadAction<{ notice?: string | null } | undefined>) => ({
      ...initialAuthState,
      status: 'failed',
      notice: action.payload?.notice ?? null,
    }),
    viewerChanged: (state, action: PayloadAction<ViewerData>) => {
      if (state.status === 'authenticated') state.viewer = action.payload;
    },
  },
});

export const { startupBegan, signedIn, sessionMissing, signedOut, viewerChanged } =
  authSlice.actions;
export const authReducer = authSlice.reducer;
