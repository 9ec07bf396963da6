/**
 * Stage 1 "Pages": a raw file in, its pages' text out (PagesResult). PDFs use their text layer
 * and OCR for scanned pages; images are OCRed; Word files give their text, split at recorded page
 * breaks; everything else is one page (CSV with its text). Unreadable files throw
 * PipelineInputError with a code. See ./README.md for the parts.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { PageText, PagesResult } from '../types';
import { detectInput } from './detect';
import { readDocPages } from './doc';
import { readDocxPages } from './docx';
import { throwIfAborted } from './errors';
import { readImagePage, svgText } from './image';
import type { OcrEngine } from './ocr/types';
import { readPdfPages } from './pdfPages';

export { PipelineInputError, type PipelineInputErrorCode } from './errors';
export { createLazyOcrEngine, createOcrEngine } from './ocr';
export type { CreateOcrEngineOptions, OcrEngine, OcrResult } from './ocr/types';
export { detectInput, type DetectedInput } from './detect';
export { DEFAULT_MAX_OCR_PIXELS, DEFAULT_OCR_DPI } from './render';

export interface ReadPagesOptions {
  ocr: OcrEngine;
  /**
   * The file's name as its owner knows it, for messages ("scan.pdf is not a valid PDF"); default
   * the path's last part. A stored file's path ends in its storage key, which no one should read.
   */
  name?: string;
  signal?: AbortSignal;
  /** Largest image (width x height) rendered or passed to OCR; default 2550 x 3300. */
  maxOcrPixels?: number;
  /** Resolution scanned PDF pages are rendered at for OCR (capped by maxOcrPixels); default 200. */
  ocrDpi?: number;
  /** Called once per page, in page order, as soon as the page's text is known. */
  onPage?: (page: PageText) => void;
}

/** CSV text kept for search; longer files are cut (the splitter has nothing to find in them). */
const MAX_CSV_CHARS = 2 * 1024 * 1024;

async function readByType(
  path: string,
  type: string,
  options: ReadPagesOptions,
): Promise<PageText[]> {
  const name = options.name ?? basename(path);
  switch (type) {
    case 'pdf':
      return readPdfPages(new Uint8Array(await readFile(path)), name, {
        ...options,
        reload: async () => new Uint8Array(await readFile(path)),
      });
    case 'png':
    case 'jpeg':
      return [await readImagePage(await readFile(path), name, options)];
    case 'docx':
      return readDocxPages(await readFile(path), name);
    case 'doc':
      return readDocPages(path);
    case 'svg': {
      const text = svgText(await readFile(path, 'utf8'));
      return [{ page: 1, text, source: text ? 'text-layer' : 'none' }];
    }
    case 'csv': {
      const text = (await readFile(path, 'utf8')).slice(0, MAX_CSV_CHARS);
      return [{ page: 1, text, source: 'text-layer' }];
    }
    default:
      return [{ page: 1, text: '', source: 'none' }];
  }
}

export async function readPages(path: string, options: ReadPagesOptions): Promise<PagesResult> {
  const started = performance.now();
  throwIfAborted(options.signal);
  const input = await detectInput(path);
  const pages = await readByType(path, input.type, options);
  // The PDF reader reports pages as it goes; the others finish all at once.
  if (input.type !== 'pdf') for (const page of pages) options.onPage?.(page);
  throwIfAborted(options.signal);
  return { kind: input.kind, pages, ms: Math.round(performance.now() - started) };
}
