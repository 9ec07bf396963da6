/**
 * The filters the list is fetched with. Typing in a text filter waits for a short pause before
 * it is applied (one request per pause, not per key); a tab, a select, a switch, sorting or the
 * page size applies at once.
 */
import { useEffect, useState } from 'react';
import type { DocumentFilters } from './filters';

export const TYPING_PAUSE_MS = 300;

const TEXT_KEYS = [
  'fileName',
  'adjNumber',
  'claimNumber',
  'rawFileName',
  'search',
] as const satisfies ReadonlyArray<keyof DocumentFilters>;

/** Whether moving from `applied` to `next` changes only typed text (and so should wait). */
export function onlyTextChanged(applied: DocumentFilters, next: DocumentFilters): boolean {
  const keys = Object.keys(next) as Array<keyof DocumentFilters>;
  const changed = keys.filter((key) => applied[key] !== next[key]);
  return (
    changed.length > 0 && changed.every((key) => (TEXT_KEYS as ReadonlyArray<string>).includes(key))
  );
}

export function useAppliedFilters(filters: DocumentFilters): DocumentFilters {
  const [applied, setApplied] = useState(filters);
  useEffect(() => {
    if (JSON.stringify(applied) === JSON.stringify(filters)) return undefined;
    if (!onlyTextChanged(applied, filters)) {
      setApplied(filters);
      return undefined;
    }
    const timer = setTimeout(() => setApplied(filters), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [applied, filters]);
  return applied;
}
