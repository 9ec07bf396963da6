/**
 * What a new page range does to the raw file's other documents, in words, for the confirmation
 * before a re-split, following the server's rule: growing takes pages from the neighbours on that
 * side (a neighbour left without pages is removed); shrinking gives the freed pages to the adjacent
 * neighbour on that side, or to a new document when there is none. Page numbers are the raw
 * file's (1-based, inclusive).
 */

export interface PageSpan {
  start: number;
  end: number;
}

export interface SiblingDocument extends PageSpan {
  id: string;
  name: string;
}

export function pagesText(span: PageSpan): string {
  return span.start === span.end ? `page ${span.start}` : `pages ${span.start}–${span.end}`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** The verb for one page or several: `verb(span, 'moves', 'move')`. */
const verb = (span: PageSpan, one: string, many: string) => (span.start === span.end ? one : many);

function overlap(a: PageSpan, b: PageSpan): PageSpan | null {
  const start = Math.max(a.start, b.start);
  const end = Math.min(a.end, b.end);
  return start <= end ? { start, end } : null;
}

/** Parts of `span` not covered by any of `covers`, in order. */
function uncovered(span: PageSpan, covers: readonly PageSpan[]): PageSpan[] {
  const out: PageSpan[] = [];
  let page = span.start;
  const sorted = [...covers].sort((a, b) => a.start - b.start);
  for (const cover of sorted) {
    if (cover.end < page || cover.start > span.end) continue;
    if (cover.start > page) out.push({ start: page, end: Math.min(cover.start - 1, span.end) });
    page = Math.max(page, cover.end + 1);
    if (page > span.end) break;
  }
  if (page <= span.end) out.push({ start: page, end: span.end });
  return out;
}

/** Sentences describing the effect of moving `current` to `next`; empty when nothing moves. */
export function describeResplit(
  current: PageSpan,
  next: PageSpan,
  siblings: readonly SiblingDocument[],
): string[] {
  if (current.start === next.start && current.end === next.end) return [];
  const others = siblings.filter((sibling) => sibling.end >= sibling.start);
  const lines: string[] = [];

  // Pages this document takes: in the new range, not in the old one.
  const gained: PageSpan[] = [];
  if (next.start < current.start)
    gained.push({ start: next.start, end: Math.min(next.end, current.start - 1) });
  if (next.end > current.end)
    gained.push({ start: Math.max(next.start, current.end + 1), end: next.end });
  const emptied = new Set<string>();
  for (const span of gained) {
    for (const sibling of others) {
      const shared = overlap(span, sibling);
      if (!shared) continue;
      lines.push(
        `${capital(pagesText(shared))} ${verb(shared, 'moves', 'move')} here from “${sibling.name}”.`,
      );
      if (shared.start <= sibling.start && shared.end >= sibling.end) emptied.add(sibling.name);
    }
    for (const free of uncovered(span, others))
      lines.push(
        `${capital(pagesText(free))}, in no document now, ${verb(free, 'joins', 'join')} this one.`,
      );
  }

  // Pages this document gives up: in the old range, not in the new one. The adjacent neighbour on
  // that side takes them; without one they become a new document.
  const before: PageSpan = { start: current.start, end: Math.min(current.end, next.start - 1) };
  const after: PageSpan = { start: Math.max(current.start, next.end + 1), end: current.end };
  if (before.start <= before.end) {
    const neighbour = others.find((sibling) => sibling.end === current.start - 1);
    lines.push(
      neighbour
        ? `${capital(pagesText(before))} ${verb(before, 'moves', 'move')} to “${neighbour.name}”.`
        : `${capital(pagesText(before))} ${verb(before, 'leaves', 'leave')} this document and ${verb(before, 'becomes', 'become')} a new document.`,
    );
  }
  if (after.start <= after.end) {
    const neighbour = others.find((sibling) => sibling.start === current.end + 1);
    lines.push(
      neighbour
        ? `${capital(pagesText(after))} ${verb(after, 'moves', 'move')} to “${neighbour.name}”.`
        : `${capital(pagesText(after))} ${verb(after, 'leaves', 'leave')} this document and ${verb(after, 'becomes', 'become')} a new document.`,
    );
  }
  for (const name of emptied) lines.push(`“${name}” is left without pages and is removed.`);
  return lines;
}
