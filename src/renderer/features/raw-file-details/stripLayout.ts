/**
 * The page strip of a raw file: its pages in order, grouped into the documents they were split
 * into, with the split boundaries between them. A cell stands for one page, or for several when
 * the file is very long (so the strip stays readable): every document keeps at least one cell.
 * Pages in no document form gaps; pages two documents claim are reported as overlaps. Pure.
 */

export interface StripInput {
  id: string;
  name: string;
  start: number;
  end: number;
}

export interface StripCell {
  start: number;
  end: number;
}

export type StripSegment<D extends StripInput> =
  | { kind: 'document'; document: D; start: number; end: number; cells: StripCell[] }
  | { kind: 'gap'; start: number; end: number; cells: StripCell[] };

export interface StripLayout<D extends StripInput> {
  pageCount: number;
  /** Pages per cell: 1, or more for very long files. */
  pagesPerCell: number;
  segments: Array<StripSegment<D>>;
  /** First pages of every segment after the first: where one part ends and the next begins. */
  boundaries: number[];
  /** Pages claimed by more than one document. */
  overlaps: StripCell[];
}

/** Above this many pages a cell stands for several pages. */
export const MAX_CELLS = 240;

function cellsOf(start: number, end: number, pagesPerCell: number): StripCell[] {
  const cells: StripCell[] = [];
  for (let page = start; page <= end; page += pagesPerCell)
    cells.push({ start: page, end: Math.min(end, page + pagesPerCell - 1) });
  return cells;
}

export function layoutStrip<D extends StripInput>(
  pageCount: number,
  documents: readonly D[],
  maxCells = MAX_CELLS,
): StripLayout<D> {
  const valid = documents
    .filter((doc) => Number.isInteger(doc.start) && Number.isInteger(doc.end) && doc.start >= 1)
    .filter((doc) => doc.end >= doc.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const pages = Math.max(
    Number.isInteger(pageCount) && pageCount > 0 ? pageCount : 0,
    ...valid.map((doc) => doc.end),
  );
  const pagesPerCell = pages <= maxCells ? 1 : Math.ceil(pages / maxCells);

  const segments: Array<StripSegment<D>> = [];
  const overlaps: StripCell[] = [];
  let next = 1;
  for (const doc of valid) {
    if (doc.start > next) {
      segments.push({
        kind: 'gap',
        start: next,
        end: doc.start - 1,
        cells: cellsOf(next, doc.start - 1, pagesPerCell),
      });
    }
    let start = doc.start;
    if (start < next) {
      // Pages an earlier document holds too: shown once (with the earlier one), reported.
      overlaps.push({ start, end: Math.min(doc.end, next - 1) });
      start = next;
    }
    if (start <= doc.end) {
      segments.push({
        kind: 'document',
        document: doc,
        start: doc.start,
        end: doc.end,
        cells: cellsOf(start, doc.end, pagesPerCell),
      });
      next = doc.end + 1;
    }
  }
  if (next <= pages)
    segments.push({
      kind: 'gap',
      start: next,
      end: pages,
      cells: cellsOf(next, pages, pagesPerCell),
    });

  return {
    pageCount: pages,
    pagesPerCell,
    segments,
    boundaries: segments.slice(1).map((segment) => segment.cells[0]?.start ?? segment.start),
    overlaps,
  };
}

/** One list of a raw file's documents from the two lists that hold them, without repeats. */
export function mergeDocuments<D extends { id: string; start_page_no: number }>(
  ...lists: ReadonlyArray<readonly D[]>
): D[] {
  const byId = new Map<string, D>();
  for (const list of lists) for (const doc of list) if (!byId.has(doc.id)) byId.set(doc.id, doc);
  return [...byId.values()].sort((a, b) => a.start_page_no - b.start_page_no);
}
