/**
 * A paged REST list with the request states idle / loading / succeeded / failed (spec section 4)
 * and the section 9 defaults (page 1, limit 10). A failed load keeps the error for the screen,
 * which decides between a message and the 500 screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { WORKFLOW_PAGE_DEFAULTS } from '../../../shared/workflows';
import type { Pagination } from './api';

export type Paged<T> =
  | { status: 'idle' | 'loading'; items: T[]; pagination: Pagination | null }
  | { status: 'succeeded'; items: T[]; pagination: Pagination }
  | { status: 'failed'; items: T[]; pagination: Pagination | null; error: unknown };

export function usePaged<T>(
  fetchPage:
    ((page: number, limit: number) => Promise<{ items: T[]; pagination: Pagination }>) | null,
) {
  const [page, setPage] = useState<number>(WORKFLOW_PAGE_DEFAULTS.page);
  const [state, setState] = useState<Paged<T>>({ status: 'idle', items: [], pagination: null });
  const run = useRef(0);

  const load = useCallback(async () => {
    if (!fetchPage) return;
    const mine = (run.current += 1);
    setState((current) => ({ ...current, status: 'loading' }) as Paged<T>);
    try {
      const answer = await fetchPage(page, WORKFLOW_PAGE_DEFAULTS.limit);
      if (mine === run.current) setState({ status: 'succeeded', ...answer });
    } catch (error) {
      if (mine === run.current) setState((current) => ({ ...current, status: 'failed', error }));
    }
  }, [fetchPage, page]);

  useEffect(() => void load(), [load]);

  return {
    state,
    page,
    setPage,
    reload: load,
    setItems: (items: T[]) => setState((s) => ({ ...s, items })),
    /** Changes the shown items and pagination from their latest value (live updates). */
    updateShown: (
      change: (shown: { items: T[]; pagination: Pagination | null }) => {
        items: T[];
        pagination: Pagination | null;
      },
    ) => setState((s) => ({ ...s, ...change(s) }) as Paged<T>),
  };
}
