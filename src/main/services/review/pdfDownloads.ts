/**
 * Fetches the PDFs of cached documents in the background, two at a time (documents the user
 * opened go before review-queue members), and keeps the cache within its size limit, least
 * recently used first (files are removed after the store's commit).
 */
import type { Connectivity } from './connectivity';
import type { Identity } from './identity';
import type { PdfCache } from './pdfCache';
import type { PdfWanted, ReviewStore } from './store';

const DOWNLOADERS = 2;

export interface PdfDownloads {
  /** Queue these; `first` puts them before what waits (documents the user opened). */
  want(entries: PdfWanted[], first: boolean): void;
  enforceLimit(): Promise<void>;
}

export function createPdfDownloads(options: {
  store: ReviewStore;
  pdfs: PdfCache;
  identity: Identity;
  connectivity: Connectivity;
  cacheLimitBytes: () => Promise<number>;
  signal: AbortSignal;
  log: (line: string) => void;
  emit: () => void;
  track: <T>(work: Promise<T>) => Promise<T>;
  isClosed: () => boolean;
}): PdfDownloads {
  const { store, pdfs, identity, connectivity, log, emit } = options;
  const queue: PdfWanted[] = [];
  let running = 0;
  const key = (entry: PdfWanted): string => `${entry.userId}\u0000${entry.documentId}`;

  const enforceLimit = async (): Promise<void> => {
    const limit = await options.cacheLimitBytes();
    if (options.isClosed()) return;
    const files = store.evict(limit);
    if (files.length > 0) {
      await pdfs.remove(files);
      emit();
    }
  };

  const downloadNext = async (): Promise<void> => {
    for (;;) {
      const wanted = queue.shift();
      if (!wanted || options.isClosed()) return;
      // Only with the session of the user who cached it.
      const user = await identity.current();
      if (user?.userId !== wanted.userId || !user.connection) continue;
      const limit = await options.cacheLimitBytes();
      const name = pdfs.fileNameFor(wanted.userId, wanted.documentId);
      const result = await pdfs.download(wanted.url, user.connection, name, limit, options.signal);
      if (options.isClosed()) return;
      if (!result.ok) {
        if (!result.reachable) connectivity.failed();
        else
          log(
            `Offline review: the PDF of document ${wanted.documentId} was not cached: ${result.message}`,
          );
        continue;
      }
      connectivity.succeeded();
      if (!store.setPdf(wanted.userId, wanted.documentId, name, result.bytes, wanted.source)) {
        await pdfs.remove([name]);
      }
      await enforceLimit();
      emit();
    }
  };

  const start = (): void => {
    while (running < DOWNLOADERS && queue.length > 0) {
      running += 1;
      void options.track(
        downloadNext()
          .catch((error: unknown) => log(`Offline review: PDF download failed: ${String(error)}`))
          .finally(() => {
            running -= 1;
          }),
      );
    }
  };

  return {
    want(entries, first) {
      const keys = new Set(entries.map(key));
      const rest = queue.filter((entry) => !keys.has(key(entry)));
      queue.length = 0;
      queue.push(...(first ? [...entries, ...rest] : [...rest, ...entries]));
      start();
    },
    enforceLimit,
  };
}
