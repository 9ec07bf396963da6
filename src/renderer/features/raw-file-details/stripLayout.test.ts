import { describe, expect, it } from 'vitest';
import { layoutStrip, mergeDocuments } from './stripLayout';

const doc = (id: string, start: number, end: number) => ({ id, name: id, start, end });

describe('raw file page strip', () => {
  it('given a six-page bundle split in three, then one cell per page, three documents and two boundaries', () => {
    const layout = layoutStrip(6, [doc('pos', 6, 6), doc('pr2', 1, 2), doc('qme', 3, 5)]);
    expect(layout.pagesPerCell).toBe(1);
    expect(layout.segments.map((s) => [s.kind, s.start, s.end, s.cells.length])).toEqual([
      ['document', 1, 2, 2],
      ['document', 3, 5, 3],
      ['document', 6, 6, 1],
    ]);
    expect(layout.segments.map((s) => (s.kind === 'document' ? s.document.id : null))).toEqual([
      'pr2',
      'qme',
      'pos',
    ]);
    expect(layout.boundaries).toEqual([3, 6]);
    expect(layout.overlaps).toEqual([]);
  });

  it('given pages no document holds, then they show as gaps between and after the documents', () => {
    const layout = layoutStrip(8, [doc('a', 1, 2), doc('b', 5, 6)]);
    expect(layout.segments.map((s) => [s.kind, s.start, s.end])).toEqual([
      ['document', 1, 2],
      ['gap', 3, 4],
      ['document', 5, 6],
      ['gap', 7, 8],
    ]);
    expect(layout.boundaries).toEqual([3, 5, 7]);
  });

  it('given a very long file, then a cell stands for several pages and a short document keeps one cell', () => {
    const layout = layoutStrip(1000, [doc('one-page', 1, 1), doc('rest', 2, 1000)], 200);
    expect(layout.pagesPerCell).toBe(5);
    expect(layout.segments[0]?.cells).toEqual([{ start: 1, end: 1 }]);
    expect(layout.segments[1]?.cells).toHaveLength(200);
    expect(layout.segments[1]?.cells.at(-1)).toEqual({ start: 997, end: 1000 });
  });

  it('given two documents claiming the same pages, then the pages show once and are reported', () => {
    const layout = layoutStrip(5, [doc('a', 1, 3), doc('b', 3, 5)]);
    expect(layout.overlaps).toEqual([{ start: 3, end: 3 }]);
    expect(layout.segments[1]?.cells.map((c) => c.start)).toEqual([4, 5]);
    expect(layout.boundaries).toEqual([4]);
  });

  it('given documents beyond the recorded page count or with bad ranges, then the strip grows and skips the bad ones', () => {
    const layout = layoutStrip(0, [doc('a', 1, 2), doc('bad', 4, 3)]);
    expect(layout.pageCount).toBe(2);
    expect(layout.segments).toHaveLength(1);
  });

  it('given the document center and review queue lists, then each document appears once, in page order', () => {
    const a = { id: 'a', start_page_no: 3 };
    const b = { id: 'b', start_page_no: 1 };
    expect(mergeDocuments([a], [b, a]).map((d) => d.id)).toEqual(['b', 'a']);
  });
});
