/**
 * Geometry of the PDF viewer: pages stacked vertically with a gap, each sized from its own
 * viewport. From the scroll position it tells which pages are on screen (only those are drawn
 * into canvases) and which page the reader is on. Pure: sizes in CSS pixels.
 */

export interface PageSize {
  width: number;
  height: number;
}

export const PAGE_GAP = 12;
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 3;

export interface Layout {
  tops: number[];
  heights: number[];
  widths: number[];
  total: number;
}

export function layoutPages(sizes: readonly PageSize[], scale: number, gap = PAGE_GAP): Layout {
  const tops: number[] = [];
  const heights: number[] = [];
  const widths: number[] = [];
  let top = gap;
  for (const size of sizes) {
    tops.push(top);
    const height = Math.round(size.height * scale);
    heights.push(height);
    widths.push(Math.round(size.width * scale));
    top += height + gap;
  }
  return { tops, heights, widths, total: top };
}

/**
 * Pages (1-based, inclusive) that intersect the viewport widened by `margin` pixels on both sides;
 * null when there are no pages.
 */
export function visiblePages(
  layout: Layout,
  scrollTop: number,
  viewportHeight: number,
  margin = 0,
): { first: number; last: number } | null {
  const count = layout.tops.length;
  if (count === 0) return null;
  const from = scrollTop - margin;
  const to = scrollTop + viewportHeight + margin;
  let first = 0;
  while (first < count - 1 && (layout.tops[first] ?? 0) + (layout.heights[first] ?? 0) < from)
    first += 1;
  let last = first;
  while (last < count - 1 && (layout.tops[last + 1] ?? 0) <= to) last += 1;
  return { first: first + 1, last: last + 1 };
}

/** The page being read: the one under a line a third of the way down the viewport. */
export function currentPage(layout: Layout, scrollTop: number, viewportHeight: number): number {
  const count = layout.tops.length;
  if (count === 0) return 0;
  const line = scrollTop + viewportHeight / 3;
  let page = 1;
  for (let index = 0; index < count; index += 1) {
    if ((layout.tops[index] ?? 0) <= line) page = index + 1;
    else break;
  }
  return page;
}

/** The scale at which the widest page fills the available width. */
export function fitWidthScale(sizes: readonly PageSize[], availableWidth: number): number {
  const widest = sizes.reduce((max, size) => Math.max(max, size.width), 0);
  if (widest <= 0 || availableWidth <= 0) return 1;
  return clampZoom(availableWidth / widest);
}

export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** The next zoom step up or down from `scale`. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > scale + 0.001) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.001) ?? MIN_ZOOM;
}
