/**
 * Reads a PDF back with pdf.js (legacy build, in-process worker) for the corpus tests: the text of
 * each page's text layer, and how many images each page paints. Kept separate from the pipeline's
 * own reader so the generator is checked independently of the code it is meant to evaluate.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

let worker: Promise<void> | undefined;

function folder(sub: string): string {
  const require = createRequire(import.meta.url);
  return `${join(dirname(require.resolve('pdfjs-dist/package.json')), sub)}/`;
}

export interface PdfPageInfo {
  text: string;
  images: number;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPageInfo[]> {
  worker ??= import('pdfjs-dist/legacy/build/pdf.worker.mjs').then((w) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = w;
  });
  await worker;
  const task = getDocument({
    data: bytes.slice(),
    standardFontDataUrl: folder('standard_fonts'),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const out: PdfPageInfo[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('');
      const ops = await page.getOperatorList();
      const images = ops.fnArray.filter(
        (fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject,
      ).length;
      out.push({ text, images });
    }
    return out;
  } finally {
    await task.destroy();
  }
}
