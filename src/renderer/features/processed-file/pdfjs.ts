/**
 * pdf.js for the renderer: the normal (not legacy) build, its worker loaded from our own origin
 * (Vite emits the worker file and gives its URL), so the page's CSP (script-src 'self', which
 * worker-src falls back to) allows it. One worker serves every document; it is started as soon
 * as the details screen opens, while the document itself is still being fetched. This module is
 * loaded on demand (see loadPdfjs), so pdf.js is not part of the start-up bundle.
 */
import {
  getDocument,
  GlobalWorkerOptions,
  PDFWorker,
  type PDFDocumentLoadingTask,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfSource = { kind: 'url'; url: string } | { kind: 'bytes'; bytes: Uint8Array };

let worker: PDFWorker | null = null;

/**
 * The shared worker, started once. It belongs to us, not to a document: closing a document (its
 * loading task's destroy) leaves it running for the next one.
 */
export function warmUp(): PDFWorker {
  if (!worker || worker.destroyed) {
    GlobalWorkerOptions.workerSrc = workerUrl;
    worker = new PDFWorker();
  }
  return worker;
}

export function openPdf(source: PdfSource): PDFDocumentLoadingTask {
  const common = {
    worker: warmUp(),
    // No eval under our CSP: pdf.js then draws fonts without compiled glyph programs.
    isEvalSupported: false,
    // Our file route answers whole files; ranges would only cost an extra request.
    disableRange: true,
  };
  return source.kind === 'url'
    ? getDocument({ ...common, url: source.url })
    : // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
      getDocument({ ...common, data: source.bytes.slice() });
}
