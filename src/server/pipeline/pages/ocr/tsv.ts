/**
 * Tesseract's TSV output turned into plain text and a mean word confidence. The CLI prints one
 * row per layout element; word rows (level 5) carry the text and a 0..100 confidence.
 */
import type { OcrResult } from './types';

export function parseTesseractTsv(tsv: string): OcrResult {
  const paragraphs: string[][] = [];
  let lineWords: string[] = [];
  let lineKey = '';
  let paragraphKey = '';
  let confidenceSum = 0;
  let words = 0;
  const flushLine = () => {
    if (lineWords.length > 0) paragraphs[paragraphs.length - 1]?.push(lineWords.join(' '));
    lineWords = [];
  };
  for (const row of tsv.split(/\r?\n/)) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\t').trim();
    const confidence = Number(cells[10]);
    if (!text || !Number.isFinite(confidence) || confidence < 0) continue;
    const [, page, block, paragraph, line] = cells;
    const nextParagraph = `${page}/${block}/${paragraph}`;
    const nextLine = `${nextParagraph}/${line}`;
    if (nextLine !== lineKey) {
      flushLine();
      if (nextParagraph !== paragraphKey) paragraphs.push([]);
      lineKey = nextLine;
      paragraphKey = nextParagraph;
    }
    lineWords.push(text);
    confidenceSum += confidence;
    words += 1;
  }
  flushLine();
  const text = paragraphs
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
  return { text, confidence: words > 0 ? confidenceSum / words / 100 : 0 };
}
