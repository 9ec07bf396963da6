/**
 * Stage 1 for PDFs: the text layer of each page, rebuilt into lines; pages with too little text
 * (scans) are rendered and OCRed. Pages are visited one at a time and released, and at most a few
 * OCR jobs are in flight, so a 500-page file keeps memory bounded. Pages are reported in order.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageText } from '../types';
import { PipelineInputError, throwIfAborted } from './errors';
import { countLetters, runsToLines, type TextRun } from './lines';
import type { OcrEngine } from './ocr/types';
import { loadPdfjs, openPdf } from './pdfjs';
import { renderPageToPng } from './render';

/** A page whose text layer has fewer letters than this is treated as a scan, if it paints an image. */
export const MIN_TEXT_LAYER_LETTERS = 20;
/** Ask pdf.js to drop its caches (fonts, images) every this many pages. */
const CLEANUP_EVERY = 50;

export interface PdfPagesOptions {
  ocr: OcrEngine;
  /**
   * The file's bytes again, for rendering pages to OCR: the text layer is read from a document
   * opened for text only (see openPdf), and the first page that needs OCR opens a second one
   * from these bytes. Without it, one document serves both (and loads every font).
   */
  reload?: () => Promise<Uint8Array>;
  signal?: AbortSignal;
  maxOcrPixels?: number;
  ocrDpi?: number;
  onPage?: (page: PageText) => void;
}

function isTextItem(item: unknown): item is { str: string; transform: number[]; width: number } {
  const candidate = item as { str?: unknown; transform?: unknown } | null;
  return typeof candidate?.str === 'string' && Array.isArray(candidate.transform);
}

/** `outer` applied after `inner`: the product of two PDF matrices [a b c d e f]. */
export function multiply(outer: readonly number[], inner: readonly number[]): number[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = outer;
  const [p = 0, q = 0, r = 0, s = 0, t = 0, u = 0] = inner;
  return [
    a * p + c * q,
    b * p + d * q,
    a * r + c * s,
    b * r + d * s,
    a * t + c * u + e,
    b * t + d * u + f,
  ];
}

/** Text direction in quarter turns (0..3) of a run whose viewport-space matrix starts a, b. */
function quarterTurns(a: number, b: number): number {
  return ((Math.round(Math.atan2(b, a) / (Math.PI / 2)) % 4) + 4) % 4;
}

/**
 * The page's text layer as lines. Runs are placed in the reading frame of the page's main text
 * direction, so a page whose text runs sideways (a /Rotate without rotated content) still reads
 * line by line; runs in another direction (a vertical stamp) follow as lines of their own.
 */
export async function pageTextLayer(page: PDFPageProxy): Promise<string> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: Array<{ run: TextRun; turns: number }> = [];
  const weight = [0, 0, 0, 0];
  for (const item of content.items) {
    if (!isTextItem(item) || item.str.length === 0) continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = multiply(viewport.transform, item.transform);
    const turns = quarterTurns(a, b);
    weight[turns] = (weight[turns] ?? 0) + item.str.length;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
    runs.push({ run: { text: item.str, x, y, width: item.width, size }, turns });
  }
  const main = weight.indexOf(Math.max(...weight));
  // Rotate positions so the main direction reads left to right, top to bottom.
  const cos = Math.round(Math.cos((main * Math.PI) / 2));
  const sin = Math.round(Math.sin((main * Math.PI) / 2));
  const aligned = runs
    .filter((r) => r.turns === main)
    .map(({ run }) => ({ ...run, x: run.x * cos + run.y * sin, y: run.y * cos - run.x * sin }));
  const others = runs.filter((r) => r.turns !== main).map(({ run }) => run.text.trim());
  return [...runsToLines(aligned), ...others.filter(Boolean)].join('\n');
}

/**
 * Whether the page paints any image. Asked only of a page with a little text (an exhibit cover,
 * a signature page): without an image, what it shows is its text layer, and rendering it for OCR
 * (about a second) reads nothing more. pdf.js decodes a page's images to list its operators, so a
 * scan without any text layer is not asked: it goes straight to OCR.
 */
async function paintsImages(page: PDFPageProxy): Promise<boolean> {
  const { OPS } = await loadPdfjs();
  const imageOps = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
  ]);
  const { fnArray } = await page.getOperatorList();
  return fnArray.some((op) => imageOps.has(op));
}

/** The document pages are rendered from: the text document itself, or one opened on demand. */
type RenderDoc = () => Promise<PDFDocumentProxy>;

async function readPage(
  doc: PDFDocumentProxy,
  renderDoc: RenderDoc,
  pageNo: number,
  options: PdfPagesOptions,
): Promise<{ pending: Promise<PageText> }> {
  let page: PDFPageProxy;
  let text: string;
  try {
    page = await doc.getPage(pageNo);
    text = await pageTextLayer(page);
  } catch (error) {
    throw new PipelineInputError('corrupt', `page ${pageNo} cannot be read`, { cause: error });
  }
  try {
    const letters = countLetters(text);
    if (letters >= MIN_TEXT_LAYER_LETTERS || (letters > 0 && !(await paintsImages(page)))) {
      return { pending: Promise.resolve({ page: pageNo, text, source: 'text-layer' }) };
    }
    let rendered: { png: Buffer; dpi: number };
    try {
      const from = await renderDoc();
      const target = from === doc ? page : await from.getPage(pageNo);
      try {
        rendered = await renderPageToPng(from, target, {
          dpi: options.ocrDpi,
          maxPixels: options.maxOcrPixels,
        });
      } finally {
        if (target !== page) target.cleanup();
      }
    } catch {
      // An unrenderable page keeps what little text it had rather than failing the file.
      return {
        pending: Promise.resolve({ page: pageNo, text, source: text ? 'text-layer' : 'none' }),
      };
    }
    const pending = options.ocr
      .recognize(rendered.png, { dpi: rendered.dpi, signal: options.signal })
      .then((result): PageText => ({
        page: pageNo,
        text: result.text,
        source: 'ocr',
        ocrConfidence: result.confidence,
      }));
    return { pending };
  } finally {
    page.cleanup();
  }
}

export async function readPdfPages(
  data: Uint8Array,
  name: string,
  options: PdfPagesOptions,
): Promise<PageText[]> {
  const doc = await openPdf(data, name, { textOnly: options.reload !== undefined });
  let forRender: Promise<PDFDocumentProxy> | undefined;
  const reload = options.reload;
  const renderDoc: RenderDoc = () => {
    forRender ??= reload ? reload().then((bytes) => openPdf(bytes, name)) : Promise.resolve(doc);
    return forRender;
  };
  const pages: PageText[] = [];
  const inFlight: Array<Promise<PageText>> = [];
  const window = Math.max(1, options.ocr.concurrency) + 1;
  const emitOldest = async () => {
    const next = inFlight.shift();
    if (!next) return;
    const page = await next;
    pages.push(page);
    options.onPage?.(page);
  };
  try {
    for (let pageNo = 1; pageNo <= doc.numPages; pageNo += 1) {
      throwIfAborted(options.signal);
      const { pending } = await readPage(doc, renderDoc, pageNo, options);
      pending.catch(() => undefined); // awaited in order below; avoid an unhandled rejection
      inFlight.push(pending);
      while (inFlight.length >= window) await emitOldest();
      if (pageNo % CLEANUP_EVERY === 0) await doc.cleanup();
    }
    while (inFlight.length > 0) await emitOldest();
    return pages;
  } finally {
    await Promise.allSettled(inFlight);
    await doc.destroy();
    const second = forRender ? await forRender.catch(() => null) : null;
    if (second && second !== doc) await second.destroy();
  }
}
