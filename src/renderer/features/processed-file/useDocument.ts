/**
 * The document of the details screen: from the server when it answers (then handed to the
 * desktop's review cache, failures ignored), else the desktop's cached copy with its cached PDF,
 * marked as offline. When the desktop reports the server is back, the server's copy is fetched.
 */
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../app/services';
import { withPending } from '../offline/pending';
import { usePendingChanges } from '../offline/usePendingChanges';
import { base64ToBytes, isUnreachable, readCachedDocument } from './offline';
import { PROCESSED_FILE_QUERY, type ProcessedFileDetails } from './operations';
import type { PdfSource } from './loadPdfjs';
import type { EditableField } from '../../../shared/documents';

const NO_FIELDS: readonly EditableField[] = [];

export type OfflineState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; doc: ProcessedFileDetails; pdf: Uint8Array | null }
  | { kind: 'missing' }
  | { kind: 'failed'; error: unknown };

export function useDocument(id: string) {
  const { bridge } = useServices();
  const query = useQuery(PROCESSED_FILE_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const { data, error, refetch } = query;
  const online = data?.processedFile ?? null;
  const unreachable = isUnreachable(error);
  const [offline, setOffline] = useState<OfflineState>({ kind: 'none' });

  // Keep what the server gave in the desktop's cache, for review without a connection.
  useEffect(() => {
    if (!online) return;
    bridge.review.cacheDocuments({ documents: [online] }).catch((failure: unknown) => {
      console.warn('[review] the document could not be cached on this computer', failure);
    });
  }, [bridge, online]);

  // The server cannot be reached: read the cached copy and its PDF.
  useEffect(() => {
    if (!unreachable) {
      setOffline({ kind: 'none' });
      return undefined;
    }
    let live = true;
    setOffline({ kind: 'loading' });
    void (async () => {
      try {
        const cached = await bridge.review.getCached({ id });
        const doc = readCachedDocument(cached.document);
        if (!doc) {
          if (live) setOffline({ kind: 'missing' });
          return;
        }
        const pdf = cached.hasPdf
          ? await bridge.review.getPdf({ id }).then(
              (answer) => (answer.base64 ? base64ToBytes(answer.base64) : null),
              () => null,
            )
          : null;
        if (live) setOffline({ kind: 'ready', doc, pdf });
      } catch (failure) {
        if (live) setOffline({ kind: 'failed', error: failure });
      }
    })();
    return () => {
      live = false;
    };
  }, [bridge, id, unreachable]);

  // Back online (the desktop noticed), and again whenever the outbox has sent something (the
  // first refetch can come before the desktop has sent the changes made offline).
  const lastPending = useRef<number | null>(null);
  useEffect(
    () =>
      bridge.on('review:changed', (status) => {
        const before = lastPending.current;
        lastPending.current = status.pending;
        if (!status.online) return;
        if (unreachable || (before !== null && status.pending < before))
          void refetch().catch(() => undefined);
      }),
    [bridge, refetch, unreachable],
  );

  // A change still in the desktop's outbox shows in place of the server's (older) value.
  const pending = usePendingChanges().get(id);
  const pendingKey = pending ? JSON.stringify(pending.changes) : '';
  const [localCopy, setLocalCopy] = useState<ProcessedFileDetails | null>(null);
  useEffect(() => {
    setLocalCopy(null);
    if (!pendingKey) return undefined;
    let live = true;
    bridge.review
      .getCached({ id })
      .then((cached) => {
        if (live) setLocalCopy(readCachedDocument(cached.document));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [bridge, id, pendingKey]);

  const usingOffline = unreachable && offline.kind === 'ready';
  const shown = usingOffline && offline.kind === 'ready' ? offline.doc : online;
  const doc = useMemo(
    () => (shown ? withPending(shown, pending, localCopy) : shown),
    [shown, pending, localCopy],
  );
  const offlinePdf = offline.kind === 'ready' ? offline.pdf : null;
  const url = doc?.url ?? '';
  const pdfSource = useMemo<PdfSource | null>(() => {
    if (usingOffline) return offlinePdf ? { kind: 'bytes', bytes: offlinePdf } : null;
    return url ? { kind: 'url', url } : null;
  }, [usingOffline, offlinePdf, url]);

  const reload = useCallback(async () => {
    await refetch().catch(() => undefined);
  }, [refetch]);

  return {
    doc,
    pdfSource,
    /** Shown from the desktop's cache because the server cannot be reached. */
    offline: usingOffline,
    /** The server cannot be reached (whether or not a cached copy exists). */
    unreachable,
    /** Fields whose shown value waits in the desktop's outbox (not on the server yet). */
    pendingFields: pending?.fields ?? NO_FIELDS,
    offlineState: offline,
    loading: query.loading && !data,
    error: unreachable ? null : error,
    notFound: !!data && data.processedFile === null,
    reload,
  };
}
