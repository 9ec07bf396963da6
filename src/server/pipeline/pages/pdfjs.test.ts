import { describe, expect, it } from 'vitest';
import { multiply } from './pdfPages';
import { loadPdfjs, openPdf } from './pdfjs';
import { makeTextPdf } from './testing/fixtures';

describe('pdf.js, loaded on first use', () => {
  it('given source maps on, when pdf.js loads, then they are on again afterwards and PDFs open', async () => {
    const before = process.sourceMapsEnabled;
    process.setSourceMapsEnabled(true);
    try {
      const [pdfjs, again] = await Promise.all([loadPdfjs(), loadPdfjs()]);
      expect(again).toBe(pdfjs);
      expect(process.sourceMapsEnabled).toBe(true);
      const doc = await openPdf(await makeTextPdf([['One page']]), 'one.pdf');
      expect(doc.numPages).toBe(1);
      await doc.destroy();
    } finally {
      process.setSourceMapsEnabled(before);
    }
  });

  it('given matrices with rotation, scale and offset, then multiply agrees with pdf.js', async () => {
    const { Util } = await loadPdfjs();
    const cases: Array<[number[], number[]]> = [
      [
        [1, 0, 0, -1, 0, 792],
        [12, 0, 0, 12, 72, 700],
      ],
      [
        [0, 1, -1, 0, 612, 0],
        [0.5, 0.25, -0.25, 0.5, 10, -20],
      ],
      [
        [2, 3, 5, 7, 11, 13],
        [17, 19, 23, 29, 31, 37],
      ],
    ];
    for (const [outer, inner] of cases)
      expect(multiply(outer, inner)).toEqual(Util.transform(outer, inner));
  });
});
