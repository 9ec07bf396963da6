/**
 * Opens PDFs with pdf.js in Node: the worker runs in-process (no worker file fetched), and the
 * standard fonts, CMaps, ICC profiles and wasm decoders come from the pdfjs-dist package folder.
 * pdf.js errors become PipelineInputErrors (encrypted, corrupt, empty).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// Before pdf.js: keeps the engine's JSON and push that pdf.js's polyfills replace (see there).
import { restoreNativeBuiltins } from './nativeBuiltins';
import {
  getDocument,
  InvalidPDFException,
  PasswordResponses,
  type PDFDocumentProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PipelineInputError } from './errors';

restoreNativeBuiltins();

let workerReady: Promise<void> | undefined;

/** Registers pdf.js's worker code on globalThis so its "fake worker" runs in this thread. */
function ensureWorker(): Promise<void> {
  workerReady ??= import('pdfjs-dist/legacy/build/pdf.worker.mjs').then((worker) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    restoreNativeBuiltins();
  });
  return workerReady;
}

function packageFolder(sub: string): string {
  const require = createRequire(import.meta.url);
  return `${join(dirname(require.resolve('pdfjs-dist/package.json')), sub)}/`;
}

function isPasswordError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'PasswordException') return true;
  const code = (error as { code?: unknown }).code;
  return code === PasswordResponses.NEED_PASSWORD || code === PasswordResponses.INCORRECT_PASSWORD;
}

/** Opens a PDF; `data` is handed to pdf.js (its buffer is detached afterwards). */
export async function openPdf(data: Uint8Array, name = 'file'): Promise<PDFDocumentProxy> {
  await ensureWorker();
  const task = getDocument({
    data,
    standardFontDataUrl: packageFolder('standard_fonts'),
    cMapUrl: packageFolder('cmaps'),
    cMapPacked: true,
    iccUrl: packageFolder('iccs'),
    wasmUrl: packageFolder('wasm'),
    isEvalSupported: false,
    // Skip absurdly large images (100 MP is a 600 dpi tabloid scan) rather than exhaust memory.
    maxImageSize: 100_000_000,
    useSystemFonts: false,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (isPasswordError(error)) {
      throw new PipelineInputError('encrypted', `${name} is password-protected`, { cause: error });
    }
    const reason = error instanceof InvalidPDFException ? 'is not a valid PDF' : 'cannot be read';
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw new PipelineInputError('corrupt', `${name} ${reason}${detail}`, { cause: error });
  }
  if (doc.numPages === 0) {
    await doc.destroy();
    throw new PipelineInputError('empty', `${name} has no pages`);
  }
  return doc;
}
