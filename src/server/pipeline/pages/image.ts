/**
 * Stage 1 for PNG and JPEG: the picture, flattened on white and shrunk to the OCR pixel budget,
 * is OCRed as one page. Also the text of an SVG's <text> elements (SVGs are not OCRed).
 */
import type { PageText } from '../types';
import { PipelineInputError } from './errors';
import { checkJpeg, checkPng } from './imageCheck';
import type { OcrEngine } from './ocr/types';
import { DEFAULT_MAX_OCR_PIXELS } from './render';

/** A PNG of the image, white behind transparency, at most `maxPixels` pixels. */
export async function imageToOcrPng(data: Buffer, maxPixels = DEFAULT_MAX_OCR_PIXELS) {
  // The native decoder must never see a damaged file: it can take the whole process down.
  if (!checkPng(data) && !checkJpeg(data)) throw new Error('not a whole PNG or JPEG image');
  // The native canvas is loaded with the first image, not at start (text PDFs never need it).
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(data);
  const scale = Math.min(1, Math.sqrt(maxPixels / Math.max(1, image.width * image.height)));
  const width = Math.max(1, Math.floor(image.width * scale));
  const height = Math.max(1, Math.floor(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return canvas.encode('png');
}

export async function readImagePage(
  data: Buffer,
  name: string,
  options: { ocr: OcrEngine; signal?: AbortSignal; maxOcrPixels?: number },
): Promise<PageText> {
  let png: Buffer;
  try {
    png = await imageToOcrPng(data, options.maxOcrPixels);
  } catch (error) {
    throw new PipelineInputError('corrupt', `${name} is not a readable image`, { cause: error });
  }
  const result = await options.ocr.recognize(png, { signal: options.signal });
  return { page: 1, text: result.text, source: 'ocr', ocrConfidence: result.confidence };
}

/** The text of an SVG's <text> elements, one per line. */
export function svgText(svg: string): string {
  const lines: string[] = [];
  for (const match of svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/gi)) {
    const inner = (match[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
    if (inner) lines.push(inner);
  }
  return lines.join('\n');
}
