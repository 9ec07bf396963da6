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
