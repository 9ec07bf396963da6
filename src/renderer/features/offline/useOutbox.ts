/**
 * The desktop's outbox while the dialog is open: loaded at once and again after every
 * 'review:changed' (one reload in flight at a time, one more if changes came in meanwhile).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutboxItem } from '../../../shared/ipc/review';
import { useServices } from '../../app/services';

export function useOutbox(active: boolean): {
  items: OutboxItem[] | null;
  error: unknown;
  reload(): Promise<void>;
} {
  const { bridge } = useServices();
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const state = useRef({ inFlight: false, again: false, disposed: false });

  const reload = useCallback(async (): Promise<void> => {
    const flags = state.current;
    if (flags.inFlight) {
      flags.again = true;
      return;
    }
    flags.inFlight = true;
    try {
      do {
        flags.again = false;
        const answer = await bridge.review.outbox({});
        if (!flags.disposed) {
          setItems(answer.items);
          setError(null);
        }
      } while (flags.again && !flags.disposed);
    } catch (failure) {
      if (!flags.disposed) setError(failure);
    } finally {
      flags.inFlight = false;
    }
  }, [bridge]);

  useEffect(() => {
    if (!active) return;
    const flags = state.current;
    flags.disposed = false;
    void reload();
    const off = bridge.on('review:changed', () => void reload());
    return () => {
      flags.disposed = true;
      off();
    };
  }, [active, bridge, reload]);

  return { items, error, reload };
}
