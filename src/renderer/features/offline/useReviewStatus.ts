/**
 * The desktop's offline review status (online, changes waiting, decisions needed), loaded once
 * and kept current from 'review:changed'. Null until known, and when this desktop has no
 * offline review (its store could not open): then the banner shows nothing.
 */
import { useEffect, useState } from 'react';
import type { ReviewStatus } from '../../../shared/ipc/review';
import { useServices } from '../../app/services';

export function useReviewStatus(): ReviewStatus | null {
  const { bridge } = useServices();
  const [status, setStatus] = useState<ReviewStatus | null>(null);
  useEffect(() => {
    let disposed = false;
    const off = bridge.on('review:changed', (next) => {
      if (!disposed) setStatus(next);
    });
    bridge.review
      .status({})
      .then((next) => {
        if (!disposed) setStatus((current) => current ?? next);
      })
      .catch((error: unknown) => console.warn('[offline] review status unavailable', error));
    return () => {
      disposed = true;
      off();
    };
  }, [bridge]);
  return status;
}
