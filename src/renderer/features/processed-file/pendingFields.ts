/**
 * The fields of the open document whose shown value waits in the desktop's outbox (not on the
 * server yet); the details screen marks them "waiting to sync". Provided by the page.
 */
import { createContext, useContext } from 'react';

export const PendingFieldsContext = createContext<ReadonlySet<string>>(new Set());

export function usePendingFields(): ReadonlySet<string> {
  return useContext(PendingFieldsContext);
}

export const WAITING_TO_SYNC = 'waiting to sync';
