/**
 * The Redux store. Slices: auth (never persisted), settings, filters and the upload tracker
 * (persisted with redux-persist, each checked with its zod schema when read back, so a corrupt or
 * outdated entry falls back to the defaults instead of breaking the app).
 *
 * Two resets, as spec section 4 asks:
 * - `resetClientState` clears everything except authentication;
 * - `signedOut` clears authentication and, with it, everything else.
 */
import {
  combineReducers,
  configureStore,
  createAction,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Persistor,
  type Storage,
} from 'redux-persist';
import type { z } from 'zod';
import { authReducer, signedOut } from '../features/auth/slice';
import { filtersReducer, FiltersState, initialFiltersState } from '../features/preferences/filters';
import {
  initialSettingsState,
  settingsReducer,
  SettingsState,
} from '../features/preferences/slice';
import { DEFAULT_FILTERS, RawFileFilters } from '../features/raw-files/filters';
import { rawFileFiltersReducer } from '../features/raw-files/filtersSlice';
import { DEFAULT_DOCUMENT_FILTERS, DocumentFilters } from '../features/documents/filters';
import { documentFiltersReducer } from '../features/documents/filtersSlice';
import { caseListFiltersReducer } from '../features/cases/filtersSlice';
import { CaseListFilters, DEFAULT_CASE_FILTERS } from '../features/cases/listState';
import { uploadQueueReducer } from '../features/uploads/queueSlice';
import { initialUploadsState, uploadsReducer, UploadsState } from '../features/uploads/slice';
import { workspaceReducer } from '../features/shell/workspaceSlice';

export const resetClientState = createAction('app/resetClientState');

const appReducer = combineReducers({
  auth: authReducer,
  settings: settingsReducer,
  filters: filtersReducer,
  uploads: uploadsReducer,
  rawFileFilters: rawFileFiltersReducer,
  documentFilters: documentFiltersReducer,
  caseListFilters: caseListFiltersReducer,
  /** The desktop queue's rows (not persisted: the main process owns the queue). */
  uploadQueue: uploadQueueReducer,
  /** The company in view of a provider admin or manager (not persisted). */
  workspace: workspaceReducer,
});
export type AppState = ReturnType<typeof appReducer>;

export const rootReducer: Reducer<AppState> = (
  state: AppState | undefined,
  action: UnknownAction,
) => {
  if (resetClientState.match(action))
    return appReducer(state ? { auth: state.auth } : undefined, action);
  if (signedOut.match(action)) return appReducer(undefined, action);
  return appReducer(state, action);
};

/** Persisted slices and the schema each must satisfy when restored. */
const PERSISTED = {
  settings: { schema: SettingsState, fallback: initialSettingsState },
  filters: { schema: FiltersState, fallback: initialFiltersState },
  uploads: { schema: UploadsState, fallback: initialUploadsState },
  rawFileFilters: { schema: RawFileFilters, fallback: DEFAULT_FILTERS },
  documentFilters: { schema: DocumentFilters, fallback: DEFAULT_DOCUMENT_FILTERS },
  caseListFilters: { schema: CaseListFilters, fallback: DEFAULT_CASE_FILTERS },
} as const satisfies Record<string, { schema: z.ZodType; fallback: unknown }>;
export const PERSISTED_KEYS = Object.keys(PERSISTED) as Array<keyof typeof PERSISTED>;

const validateOnRestore = createTransform<unknown, unknown>(
  (inbound) => inbound,
  (outbound, key) => {
    const entry = PERSISTED[key as keyof typeof PERSISTED];
    const parsed = entry.schema.safeParse(outbound);
    return parsed.success ? parsed.data : entry.fallback;
  },
  { whitelist: PERSISTED_KEYS },
);

/**
 * Restores only the persisted slices. (redux-persist's whitelist governs writing; without this,
 * anything found in storage, an `auth` entry included, would be merged back in.)
 */
function restorePersistedOnly(inbound: unknown, _original: AppState, reduced: AppState): AppState {
  if (!inbound || typeof inbound !== 'object') return reduced;
  const next = { ...reduced };
  for (const key of PERSISTED_KEYS) {
    if (key in inbound) Object.assign(next, { [key]: (inbound as Record<string, unknown>)[key] });
  }
  return next;
}

export function createAppStore(storage: Storage) {
  const persisted = persistReducer<AppState>(
    {
      key: 'lexdesk',
      version: 1,
      storage,
      whitelist: PERSISTED_KEYS,
      transforms: [validateOnRestore],
      stateReconciler: restorePersistedOnly,
    },
    rootReducer,
  );
  const store = configureStore({
    reducer: persisted,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  const persistor: Persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
