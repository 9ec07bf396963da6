/**
 * Tesseract's TSV output turned into plain text and a mean word confidence. The CLI prints one
 * row per layout element; word rows (level 5) carry the text, the word's box and a 0..100
 * confidence.
 *
 * Words on a line are joined by one space, except across a column gap, which gets three spaces as
 * the text layer's lines do (pages/lines.ts): a gap wider than a few line heights, or a word that
 * starts at the left edge of a column that nearby lines show with such a gap. OCR would otherwise
 * fold a two-column pleading caption ("Harborline   APPLICANT'S DEPOSITION") into one run of
 * words, and the right-hand column (a caption's title) could no longer be read apart.
 */
import type { OcrResult } from './types';

interface Word {
  text: string;
  top: number;
  left: number;
  width: number;
  height: number;
}

interface Line {
  block: string;
  paragraph: string;
  words: Word[];
}

/** A gap wider than this many line heights (the tallest word box) is a column gap. */
const COLUMN_GAP = 2.5;
/** How near (in line heights) a word must start to a column's edge to be in that column. */
const COLUMN_EDGE = 0.4;
/**
 * How many lines above and below a line with a clear column gap its column edge holds (within the
 * same layout block: the caption's edge says nothing about the prose below it).
 */
const COLUMN_REACH = 6;

/** A word with a letter or digit in it, not a speck. */
const INKY = /[A-Za-z0-9]/;

function lineHeight(line: Line): number {
  return Math.max(1, ...line.words.map((w) => w.height));
}

/** For each line, the indexes of words that open a right-hand column. */
function columnStarts(lines: Line[]): Array<Set<number>> {
  const edges: Array<{ x: number; line: number; block: string }> = [];
  const wide: Array<Set<number>> = lines.map(() => new Set());
  lines.forEach((line, index) => {
    const size = lineHeight(line);
    line.words.forEach((word, i) => {
      const previous = line.words[i - 1];
      // Specks read as punctuation (":", "..") neither open a column nor mark its edge.
      if (!previous || !INKY.test(word.text)) return;
      if (word.left - (previous.left + previous.width) > size * COLUMN_GAP) {
        edges.push({ x: word.left, line: index, block: line.block });
        wide[index]?.add(i);
      }
    });
  });
  if (edges.length === 0) return wide;
  lines.forEach((line, index) => {
    const tolerance = lineHeight(line) * COLUMN_EDGE;
    line.words.forEach((word, i) => {
      if (i === 0 || !INKY.test(word.text)) return;
      const edge = edges.some(
        (e) =>
          e.line !== index &&
          e.block === line.block &&
          Math.abs(e.line - index) <= COLUMN_REACH &&
          Math.abs(e.x - word.left) <= tolerance,
      );
      if (edge) wide[index]?.add(i);
    });
  });
  return wide;
}

/**
 * Tesseract orders blocks by its own layout analysis, so a page's footer ("Pg. 1/1" under a
 * table) can come out before the table's right-hand column. A block lying wholly below every other
 * block is the page's foot and is moved to the end, where a footer is read.
 */
function footersLast(lines: Line[]): void {
  const extent = new Map<string, { top: number; bottom: number }>();
  for (const line of lines) {
    for (const w of line.words) {
      const e = extent.get(line.block) ?? { top: Infinity, bottom: -Infinity };
      e.top = Math.min(e.top, w.top);
      e.bottom = Math.max(e.bottom, w.top + w.height);
      extent.set(line.block, e);
    }
  }
  if (extent.size < 2) return;
  const feet = [...extent].filter(([block, e]) =>
    [...extent].every(([other, o]) => other === block || o.bottom <= e.top),
  );
  const foot = feet[0]?.[0];
  if (feet.length !== 1 || foot === undefined) return;
  const moved = lines.filter((l) => l.block === foot);
  if (lines[lines.length - 1]?.block === foot) return;
  const kept = lines.filter((l) => l.block !== foot);
  lines.splice(0, lines.length, ...kept, ...moved);
}

export function parseTesseractTsv(tsv: string): OcrResult {
  const lines: Line[] = [];
  let lineKey = '';
  let confidenceSum = 0;
  let words = 0;
  for (const row of tsv.split(/\r?\n/)) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\t').trim();
    const confidence = Number(cells[10]);
    if (!text || !Number.isFinite(confidence) || confidence < 0) continue;
    const [, page, block, paragraph, line] = cells;
    const paragraphKey = `${page}/${block}/${paragraph}`;
    const nextLine = `${paragraphKey}/${line}`;
    if (nextLine !== lineKey) {
      lines.push({ block: `${page}/${block}`, paragraph: paragraphKey, words: [] });
      lineKey = nextLine;
    }
    const number = (cell: string | undefined) => {
      const value = Number(cell);
      return Number.isFinite(value) ? value : 0;
    };
    lines[lines.length - 1]?.words.push({
      text,
      top: number(cells[7]),
      left: number(cells[6]),
      width: number(cells[8]),
      height: number(cells[9]),
    });
    confidenceSum += confidence;
    words += 1;
  }
  footersLast(lines);
  const wide = columnStarts(lines);
  let out = '';
  lines.forEach((line, index) => {
    const joined = line.words
      .map((w, i) => (i === 0 ? w.text : wide[index]?.has(i) ? `   ${w.text}` : ` ${w.text}`))
      .join('');
    const previous = lines[index - 1];
    if (previous) out += previous.paragraph === line.paragraph ? '\n' : '\n\n';
    out += joined;
  });
  return { text: out, confidence: words > 0 ? confidenceSum / words / 100 : 0 };
}
