// The foot of a scanned page read again when the first pass dropped its lone page counter.
import { describe, expect, it } from 'vitest';
import { footBand, footLines, inkExtent } from './footer';

const header =
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const page = '1\t1\t0\t0\t0\t0\t0\t0\t1700\t2200\t-1\t';
const word = (top: number, text: string, conf = 95) =>
  `5\t1\t1\t1\t1\t1\t100\t${top}\t80\t28\t${conf}\t${text}`;

describe('foot of a scanned page', () => {
  it('finds where the words end, specks and empty words aside', () => {
    const tsv = [
      header,
      page,
      word(100, 'Re:'),
      word(1790, 'pain'),
      word(2100, '.'),
      word(2150, '', -1),
    ];
    expect(inkExtent(tsv.join('\n'))).toEqual({ pageHeight: 2200, bottom: 1818 });
  });

  it('reads the foot again only when the first pass found nothing there', () => {
    // Text ends at 1818 of 2200: the foot from 86% of the page down is read again.
    expect(footBand({ pageHeight: 2200, bottom: 1818 })).toEqual([1892, 308]);
    // A short last page: still only the foot, not the empty half page.
    expect(footBand({ pageHeight: 2200, bottom: 900 })).toEqual([1892, 308]);
    // The counter was read ("Page 2 of 5" at the foot): nothing to do.
    expect(footBand({ pageHeight: 2200, bottom: 2150 })).toBeNull();
    expect(footBand({ pageHeight: 0, bottom: 0 })).toBeNull();
    // Text down to 93% of the page: the strip below it is still read.
    expect(footBand({ pageHeight: 2200, bottom: 2046 })).toEqual([2048, 152]);
  });

  it('keeps page counters and footer text, not scanner dust', () => {
    expect(footLines('. 2')).toEqual(['2']);
    expect(footLines("- 1 -\n\n' .")).toEqual(['1']);
    expect(footLines('Pg. 1/1')).toEqual(['Pg. 1/1']);
    expect(footLines('DWC Form RFA (Effective 02/2014)')).toEqual([
      'DWC Form RFA (Effective 02/2014)',
    ]);
    expect(footLines(". ' ,\n~ a")).toEqual([]);
    expect(footLines('a 1')).toEqual(['1']);
  });
});
