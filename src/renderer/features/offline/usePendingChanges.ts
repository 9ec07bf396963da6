/** The changes waiting in the desktop's outbox, by document, kept current (see pending.ts). */
import { useMemo } from 'react';
import { pendingByDocument, type PendingChange } from './pending';
import { useOutbox } from './useOutbox';

const NONE: ReadonlyMap<string, PendingChange> = new Map();

export function usePendingChanges(): ReadonlyMap<string, PendingChange> {
  const { items } = useOutbox(true);
  return useMemo(() => (items ? pendingByDocument(items) : NONE), [items]);
}
