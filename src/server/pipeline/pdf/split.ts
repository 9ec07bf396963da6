/**
 * Stage 6's file writer: one file per document found in a raw file. A PDF is loaded once and each
 * page range copied into its own PDF (one copyPages call per range, so pages of a document share
 * fonts and images; encrypted PDFs that open without a password go through pdf.js); an image becomes a one-page PDF; other files are copied as they are. Files
 * are written one at a time (temp file, then rename) and their paths returned in range order.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { FILE_TYPES, sniffFileType } from '../../../shared/files/fileTypes';
import { PipelineInputError } from '../pages/errors';
import { openPdf } from '../pages/pdfjs';
import type { InputKind } from '../types';
import { copyFileAtomic, writeFileAtomic } from './atomic';

export interface PageRange {
  startPage: number;
  endPage: number;
}

/** A letter page's long side in points: larger images are shrunk to it. */
const MAX_IMAGE_SIDE_PT = 792;

function outputName(index: number, count: number, extension: string): string {
  const digits = Math.max(3, String(count).length);
  return `document-${String(index + 1).padStart(digits, '0')}${extension}`;
}

/** The source loaded with pdf-lib, or 'encrypted' when pdf-lib cannot decrypt it. */
async function loadSourcePdf(path: string): Promise<PDFDocument | 'encrypted'> {
  try {
    return await PDFDocument.load(await readFile(path), {
      ignoreEncryption: false,
      updateMetadata: false,
    });
  } catch (error) {
    // pdf-lib is compiled to ES5, where `instanceof` fails for Error subclasses: check the text.
    const encrypted =
      error instanceof EncryptedPDFError ||
      (error instanceof Error && /is encrypted/.test(error.message));
    if (encrypted) return 'encrypted';
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw new PipelineInputError('corrupt', `the PDF cannot be split${detail}`, { cause: error });
  }
}

function checkRanges(ranges: readonly PageRange[], pageCount: number): void {
  for (const { startPage, endPage } of ranges) {
    const valid =
      Number.isInteger(startPage) &&
      Number.isInteger(endPage) &&
      startPage >= 1 &&
      startPage <= endPage &&
      endPage <= pageCount;
    if (!valid) throw new RangeError(`page range ${startPage}-${endPage} is not in 1-${pageCount}`);
  }
}

async function writePdfRanges(
  path: string,
  ranges: readonly PageRange[],
  outDir: string,
): Promise<string[]> {
  const source = await loadSourcePdf(path);
  if (source === 'encrypted') return writeEncryptedPdfRanges(path, ranges, outDir);
  checkRanges(ranges, source.getPageCount());
  const written: string[] = [];
  for (const [index, range] of ranges.entries()) {
    const out = await PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: range.endPage - range.startPage + 1 }, (_, i) => {
      return range.startPage - 1 + i;
    });
    for (const page of await out.copyPages(source, indices)) out.addPage(page);
    const target = join(outDir, outputName(index, ranges.length, '.pdf'));
    await writeFileAtomic(target, await out.save({ useObjectStreams: true }));
    written.push(target);
  }
  return written;
}

/**
 * pdf-lib cannot decrypt. A PDF that opens without a password (owner password only) is split by
 * pdf.js instead, whose outputs keep the source's encryption and open the same way; a PDF that
 * needs a password to open is refused by openPdf.
 */
async function writeEncryptedPdfRanges(
  path: string,
  ranges: readonly PageRange[],
  outDir: string,
): Promise<string[]> {
  const doc = await openPdf(new Uint8Array(await readFile(path)), basename(path));
  try {
    checkRanges(ranges, doc.numPages);
    const written: string[] = [];
    for (const [index, range] of ranges.entries()) {
      const includePages = [[range.startPage - 1, range.endPage - 1]];
      const bytes = await doc.extractPages([{ document: null, includePages }]);
      const target = join(outDir, outputName(index, ranges.length, '.pdf'));
      await writeFileAtomic(target, bytes);
      written.push(target);
    }
    return written;
  } finally {
    await doc.destroy();
  }
}

/** A one-page PDF showing a PNG or JPEG, at 72 dpi unless that is larger than a letter page. */
export async function imageToPdf(image: Uint8Array): Promise<Uint8Array> {
  const type = sniffFileType(image);
  const doc = await PDFDocument.create({ updateMetadata: false });
  let embedded;
  try {
    if (type === 'png') embedded = await doc.embedPng(image);
    else if (type === 'jpeg') embedded = await doc.embedJpg(image);
    else throw new Error(`not a PNG or JPEG (${type ?? 'unknown'})`);
  } catch (error) {
    throw new PipelineInputError('corrupt', 'the image cannot be put into a PDF', {
      cause: error,
    });
  }
  const scale = Math.min(1, MAX_IMAGE_SIDE_PT / Math.max(embedded.width, embedded.height));
  const width = embedded.width * scale;
  const height = embedded.height * scale;
  doc.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
  return doc.save();
}

async function originalExtension(path: string): Promise<string> {
  const own = extname(path);
  if (own) return own.toLowerCase();
  const head = (await readFile(path)).subarray(0, 64 * 1024);
  const type = sniffFileType(head);
  return type ? `.${FILE_TYPES[type].extensions[0]}` : '';
}

export async function writeDocumentPdfs(
  source: { path: string; kind: InputKind },
  ranges: Array<{ startPage: number; endPage: number }>,
  outDir: string,
): Promise<string[]> {
  if (ranges.length === 0) return [];
  if (source.kind === 'pdf') return writePdfRanges(source.path, ranges, outDir);
  checkRanges(ranges, Math.max(...ranges.map((range) => range.endPage)));
  const written: string[] = [];
  if (source.kind === 'image') {
    const pdf = await imageToPdf(await readFile(source.path));
    for (const index of ranges.keys()) {
      const target = join(outDir, outputName(index, ranges.length, '.pdf'));
      await writeFileAtomic(target, pdf);
      written.push(target);
    }
    return written;
  }
  // Word files, spreadsheets, media: not split; each document is the original file.
  const extension = await originalExtension(source.path);
  for (const index of ranges.keys()) {
    const target = join(outDir, outputName(index, ranges.length, extension));
    await copyFileAtomic(source.path, target);
    written.push(target);
  }
  return written;
}
