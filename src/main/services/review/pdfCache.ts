/**
 * The cached PDFs: one file per (user, document) in <data dir>/desktop/review-cache/pdf, named
 * by a hash (never by anything the renderer or the server chose, so no path can escape the
 * folder). Downloads go only to the LexDesk server's own origin, stream to a temporary file with
 * a size cap, must start like a PDF, and are renamed into place when complete.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PRIVATE_FILE_MODE } from '../../../shared/files/modes';
import { mkdirPrivate } from '../privateFiles';
import type { Connection } from './serverClient';

const NAME = /^[0-9a-f]{40}\.pdf$/;
const PDF_MAGIC = Buffer.from('%PDF-');

export type DownloadResult =
  { ok: true; bytes: number } | { ok: false; reachable: boolean; message: string };

export interface PdfCache {
  dir: string;
  fileNameFor(userId: string, documentId: string): string;
  download(
    url: string,
    connection: Connection,
    name: string,
    maxBytes: number,
    signal?: AbortSignal,
  ): Promise<DownloadResult>;
  read(name: string): Promise<Buffer | null>;
  remove(names: readonly string[]): Promise<void>;
  /** Deletes files the store does not refer to (a crash between commit and delete). */
  sweep(keep: ReadonlySet<string>): Promise<number>;
}

class TooLarge extends Error {}

/** The link, when it points at the server (relative links are resolved against it). */
export function serverLink(url: string, serverUrl: string): URL | null {
  try {
    const base = new URL(serverUrl);
    const link = new URL(url, `${base.origin}/`);
    return link.origin === base.origin ? link : null;
  } catch {
    return null;
  }
}

export function createPdfCache(options: { dir: string; fetch?: typeof fetch }): PdfCache {
  const dir = options.dir;
  const fetchImpl = options.fetch ?? fetch;
  const full = (name: string): string => {
    if (!NAME.test(name)) throw new Error(`Not a cache file name: ${name}`);
    return path.join(dir, name);
  };

  return {
    dir,
    fileNameFor: (userId, documentId) =>
      `${createHash('sha256').update(`${userId}\u0000${documentId}`).digest('hex').slice(0, 40)}.pdf`,

    async download(url, connection, name, maxBytes, signal) {
      const link = serverLink(url, connection.serverUrl);
      if (!link) {
        return {
          ok: false,
          reachable: true,
          message: 'The PDF link does not point at the server.',
        };
      }
      await mkdirPrivate(dir);
      const target = full(name);
      const temp = `${target}.part-${randomBytes(6).toString('hex')}`;
      let response: Response;
      try {
        response = await fetchImpl(link, {
          headers: { Authorization: `Bearer ${connection.token}` },
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(120_000)])
            : AbortSignal.timeout(120_000),
        });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          reachable: false,
          message: `The PDF could not be fetched (${detail}).`,
        };
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        return { ok: false, reachable: true, message: `The server answered ${response.status}.` };
      }
      const declared = Number(response.headers.get('content-length') ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body.cancel();
        return { ok: false, reachable: true, message: 'The PDF is larger than the cache.' };
      }
      let bytes = 0;
      let head = Buffer.alloc(0);
      try {
        const source = Readable.fromWeb(response.body as WebReadableStream);
        source.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (head.length < PDF_MAGIC.length) head = Buffer.concat([head, chunk]).subarray(0, 8);
          if (bytes > maxBytes) source.destroy(new TooLarge());
        });
        await pipeline(source, createWriteStream(temp, { mode: PRIVATE_FILE_MODE }));
        if (!head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
          await rm(temp, { force: true });
          return { ok: false, reachable: true, message: 'The server did not send a PDF.' };
        }
        await rename(temp, target);
        return { ok: true, bytes };
      } catch (error) {
        await rm(temp, { force: true });
        if (error instanceof TooLarge)
          return { ok: false, reachable: true, message: 'The PDF is larger than the cache.' };
        const detail = error instanceof Error ? error.message : String(error);
        return { ok: false, reachable: false, message: `The PDF download broke off (${detail}).` };
      }
    },

    async read(name) {
      try {
        return await readFile(full(name));
      } catch {
        return null;
      }
    },

    async remove(names) {
      await Promise.all(names.map((name) => rm(full(name), { force: true })));
    },

    async sweep(keep) {
      let entries: string[];
      try {
        entries = await readdir(dir);
      } catch {
        return 0;
      }
      const stray = entries.filter((entry) => !keep.has(entry));
      await Promise.all(stray.map((entry) => rm(path.join(dir, entry), { force: true })));
      return stray.length;
    },
  };
}
