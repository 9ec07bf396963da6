/**
 * Renders one PDF page to a PNG for OCR, at a target resolution capped by a pixel budget so a
 * poster-sized page cannot exhaust memory. Uses pdf.js's own canvas factory (its @napi-rs/canvas)
 * so every canvas pdf.js touches comes from the same native module.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** 300 dpi US letter. */
export const DEFAULT_MAX_OCR_PIXELS = 2550 * 3300;
export const DEFAULT_OCR_DPI = 200;

interface NodeCanvas {
  encode(format: 'png'): Promise<Buffer>;
}
interface CanvasAndContext {
  canvas: NodeCanvas;
  context: CanvasRenderingContext2D;
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

function isCanvasFactory(value: unknown): value is CanvasFactory {
  const candidate = value as Partial<CanvasFactory> | null;
  return typeof candidate?.create === 'function' && typeof candidate.destroy === 'function';
}

/** The scale (1 = 72 dpi) for a page of `width` x `height` points. */
export function renderScale(width: number, height: number, dpi: number, maxPixels: number): number {
  const wanted = dpi / 72;
  const area = width * height;
  if (area <= 0) return wanted;
  return Math.min(wanted, Math.sqrt(maxPixels / area));
}

export async function renderPageToPng(
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  options: { dpi?: number; maxPixels?: number } = {},
): Promise<{ png: Buffer; dpi: number }> {
  const factory: unknown = doc.canvasFactory;
  if (!isCanvasFactory(factory)) throw new Error('pdf.js has no canvas factory here');
  const base = page.getViewport({ scale: 1 });
  const scale = renderScale(
    base.width,
    base.height,
    options.dpi ?? DEFAULT_OCR_DPI,
    options.maxPixels ?? DEFAULT_MAX_OCR_PIXELS,
  );
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const target = factory.create(width, height);
  try {
    await page.render({
      canvas: null,
      canvasContext: target.context,
      viewport,
      background: 'white',
    }).promise;
    return { png: await target.canvas.encode('png'), dpi: scale * 72 };
  } finally {
    factory.destroy(target);
  }
}
