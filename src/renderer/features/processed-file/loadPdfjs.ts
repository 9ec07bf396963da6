/**
 * pdf.js on demand: the module (and its worker) load the first time a document is opened, in
 * parallel with fetching the document, instead of with the app at start-up.
 */
import type * as Pdfjs from './pdfjs';

export type { PdfSource } from './pdfjs';

let loading: Promise<typeof Pdfjs> | null = null;

export function loadPdfjs(): Promise<typeof Pdfjs> {
  loading ??= import('./pdfjs').then((module) => {
    module.warmUp();
    return module;
  });
  // A failed load (e.g. the app was updated meanwhile) may be retried on the next document.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
