// Parsing the tesseract program's TSV output.
import { describe, expect, it } from 'vitest';
import { parseTesseractTsv } from './tsv';

const header =
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const word = (block: number, par: number, line: number, n: number, conf: number, text: string) =>
  `5\t1\t${block}\t${par}\t${line}\t${n}\t0\t0\t10\t10\t${conf}\t${text}`;

describe('parseTesseractTsv', () => {
  it('rebuilds lines and paragraphs and averages word confidences', () => {
    const tsv = [
      header,
      '1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t',
      word(1, 1, 1, 1, 90, 'APPLICATION'),
      word(1, 1, 1, 2, 80, 'FOR'),
      word(1, 1, 2, 1, 70, 'ADJUDICATION'),
      '4\t1\t2\t1\t1\t0\t0\t0\t10\t10\t-1\t',
      word(2, 1, 1, 1, 60, 'Case'),
      word(2, 1, 1, 2, -1, ''),
    ].join('\n');
    const result = parseTesseractTsv(tsv);
    expect(result.text).toBe('APPLICATION FOR\nADJUDICATION\n\nCase');
    expect(result.confidence).toBeCloseTo(0.75, 5);
  });

  it('gives empty text and zero confidence when nothing was found', () => {
    expect(parseTesseractTsv(header)).toEqual({ text: '', confidence: 0 });
  });
});

describe('parseTesseractTsv column gaps', () => {
  // A word box: left, top, width, height (pixels), on line `line` of block `block`.
  const box = (block: number, line: number, left: number, width: number, text: string) =>
    `5\t1\t${block}\t1\t${line}\t1\t${left}\t${line * 40}\t${width}\t30\t95\t${text}`;

  it('keeps a two-column caption apart with three spaces, as the text layer does', () => {
    const tsv = [
      header,
      box(1, 1, 100, 150, 'Maria'),
      box(1, 1, 270, 100, 'Lopez,'),
      box(1, 1, 900, 80, 'Case'),
      box(1, 1, 1000, 50, 'No.'),
      // The left column runs up to the right one: only the shared edge tells them apart.
      box(1, 2, 100, 500, 'Harborline'),
      box(1, 2, 620, 260, 'Insurance'),
      box(1, 2, 905, 200, 'ANSWER'),
      // A speck far out neither opens a column nor marks an edge; another block keeps its own.
      box(1, 3, 100, 60, 'vs.'),
      box(1, 3, 600, 4, ';'),
      box(2, 1, 100, 790, 'Prose'),
      box(2, 1, 902, 100, 'aligned'),
    ].join('\n');
    expect(parseTesseractTsv(tsv).text).toBe(
      'Maria Lopez,   Case No.\nHarborline Insurance   ANSWER\nvs. ;\n\nProse aligned',
    );
  });
});

describe('parseTesseractTsv footer order', () => {
  const at = (block: number, line: number, top: number, text: string) =>
    `5\t1\t${block}\t1\t${line}\t1\t100\t${top}\t60\t24\t95\t${text}`;

  it("puts a block below everything else last: the page's foot, read after a table", () => {
    const tsv = [
      header,
      at(1, 1, 200, 'DOS'),
      at(1, 2, 240, '07/27/2025'),
      at(2, 1, 1992, 'Pg. 1/1'),
      at(3, 1, 200, 'CHARGE'),
      at(3, 2, 240, '$373.00'),
    ].join('\n');
    expect(parseTesseractTsv(tsv).text.split('\n').filter(Boolean)).toEqual([
      'DOS',
      '07/27/2025',
      'CHARGE',
      '$373.00',
      'Pg. 1/1',
    ]);
  });

  it('leaves blocks side by side in their order', () => {
    const tsv = [header, at(1, 1, 200, 'left'), at(2, 1, 210, 'right')].join('\n');
    expect(parseTesseractTsv(tsv).text).toBe('left\n\nright');
  });
});
