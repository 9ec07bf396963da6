/**
 * Opens PDFs with pdf.js in Node: the worker runs in-process (no worker file fetched), and the
 * standard fonts, CMaps, ICC profiles and wasm decoders come from the pdfjs-dist package folder.
 * pdf.js errors become PipelineInputErrors (encrypted, corrupt, empty).
 *
 * pdf.js is loaded on the first PDF, not at start, so a process that runs no pipeline job never
 * holds it (the server's heap after start went from 103 to 42 MB). It is loaded with Node's source maps off: under tsx (which turns them on) Node would
 * otherwise decode pdf.js's own maps and keep them, about 55 MB of heap for minified library
 * code whose frames we never read.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// Before pdf.js: keeps the engine's JSON and push that pdf.js's polyfills replace (see there).
import { restoreNativeBuiltins } from './nativeBuiltins';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PipelineInputError } from './errors';

type Pdfjs = typeof PdfjsModule;

let loaded: Promise<Pdfjs> | undefined;

/** Imports `load()` with Node's source maps off (the process-wide switch is put back after). */
async function withoutSourceMaps<T>(load: () => Promise<T>): Promise<T> {
  const wasOn = process.sourceMapsEnabled;
  if (wasOn) process.setSourceMapsEnabled(false);
  try {
    return await load();
  } finally {
    if (wasOn) process.setSourceMapsEnabled(true);
  }
}

/**
 * pdf.js, loaded once, with its worker code registered on globalThis so its "fake worker" runs
 * in this thread.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loaded ??= withoutSourceMaps(async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker =
      await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return pdfjs;
  }).finally(restoreNativeBuiltins);
  return loaded;
}

function packageFolder(sub: string): string {
  const require = createRequire(import.meta.url);
  return `${join(dirname(require.resolve('pdfjs-dist/package.json')), sub)}/`;
}

function isPasswordError(pdfjs: Pdfjs, error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'PasswordException') return true;
  const code = (error as { code?: unknown }).code;
  const { NEED_PASSWORD, INCORRECT_PASSWORD } = pdfjs.PasswordResponses;
  return code === NEED_PASSWORD || code === INCORRECT_PASSWORD;
}

export interface OpenPdfOptions {
  /**
   * Only the text layer will be read, nothing rendered: the 14 standard fonts a PDF names without
   * embedding them are not loaded and converted (their built-in metrics give the same text and
   * widths), which saved about a fifth of reading a 50-page text PDF in a fresh process. Such a
   * document cannot render those fonts in Node (pdf.js has no system fonts here), so a page to OCR
   * is rendered from a document opened without this.
   */
  textOnly?: boolean;
}

/** Opens a PDF; `data` is handed to pdf.js (its buffer is detached afterwards). */
export async function openPdf(
  data: Uint8Array,
  name = 'file',
  options: OpenPdfOptions = {},
): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data,
    standardFontDataUrl: packageFolder('standard_fonts'),
    cMapUrl: packageFolder('cmaps'),
    cMapPacked: true,
    iccUrl: packageFolder('iccs'),
    wasmUrl: packageFolder('wasm'),
    isEvalSupported: false,
    // Skip absurdly large images (100 MP is a 600 dpi tabloid scan) rather than exhaust memory.
    maxImageSize: 100_000_000,
    useSystemFonts: options.textOnly === true,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (isPasswordError(pdfjs, error)) {
      throw new PipelineInputError('encrypted', `${name} is password-protected`, { cause: error });
    }
    const reason =
      error instanceof pdfjs.InvalidPDFException ? 'is not a valid PDF' : 'cannot be read';
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw new PipelineInputError('corrupt', `${name} ${reason}${detail}`, { cause: error });
  }
  if (doc.numPages === 0) {
    await doc.destroy();
    throw new PipelineInputError('empty', `${name} has no pages`);
  }
  return doc;
}
