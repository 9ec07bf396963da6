/**
 * Rebuilds lines of text, in reading order, from the positioned text runs of a PDF text layer.
 * Runs are grouped by baseline (top to bottom), sorted left to right, and joined with a space
 * where the gap between them is wider than a sliver of the font size. The splitter and the field
 * extractors look at lines, so this matters more than exact spacing.
 */

/** One text run in page (viewport) space: y grows downwards, `y` is the baseline. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  /** Font size, roughly the line height. */
  size: number;
}

interface Line {
  y: number;
  size: number;
  runs: TextRun[];
}

/** A gap wider than this fraction of the font size is a space. */
const SPACE_GAP = 0.15;
/** A gap wider than this many font sizes is a column gap: several spaces keep fields apart. */
const COLUMN_GAP = 2.5;

function isDuplicate(a: TextRun, b: TextRun): boolean {
  // Fake bold: the same run drawn twice, a fraction of a point apart.
  return a.text === b.text && Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1;
}

/** How near (in points) a run must start to a column's edge to be in that column. */
const COLUMN_EDGE = 1;
/** How many lines above and below a line with a clear column gap its column edge holds. */
const COLUMN_REACH = 6;

/**
 * Runs that start a right-hand column: a run starting at the left edge of a column that other
 * lines nearby show with a clear gap before it. In a two-column caption the left column's text
 * may run up to the right column (a shrunk line, a long party name); the shared edge tells the
 * columns apart where the gap alone would join "REPUBLIC" and "ANSWER" into one word.
 */
function columnStarts(lines: TextRun[][]): Set<TextRun> {
  const edges: Array<{ x: number; line: number }> = [];
  lines.forEach((runs, index) => {
    for (let i = 1; i < runs.length; i += 1) {
      const run = runs[i];
      const previous = runs[i - 1];
      if (!run || !previous) continue;
      const gap = run.x - (previous.x + previous.width);
      if (gap > Math.max(1, Math.min(previous.size, run.size)) * COLUMN_GAP)
        edges.push({ x: run.x, line: index });
    }
  });
  const starts = new Set<TextRun>();
  if (edges.length === 0) return starts;
  lines.forEach((runs, index) => {
    for (const run of runs.slice(1)) {
      const edge = edges.some(
        (e) =>
          e.line !== index &&
          Math.abs(e.line - index) <= COLUMN_REACH &&
          Math.abs(e.x - run.x) <= COLUMN_EDGE,
      );
      if (edge) starts.add(run);
    }
  });
  return starts;
}

/** A line's runs left to right, without whitespace runs and fake-bold duplicates. */
function visibleRuns(runs: TextRun[]): TextRun[] {
  const kept: TextRun[] = [];
  for (const run of [...runs].sort((a, b) => a.x - b.x)) {
    if (run.text.trim() === '') continue;
    const previous = kept[kept.length - 1];
    if (previous && isDuplicate(previous, run)) continue;
    kept.push(run);
  }
  return kept;
}

function joinRuns(runs: TextRun[], columns: ReadonlySet<TextRun>): string {
  const sorted = [...runs].sort((a, b) => a.x - b.x);
  let text = '';
  let previous: TextRun | undefined;
  // pdf.js reports gaps as whitespace runs; geometry decides how wide, the run that it is a space.
  let spaceSeen = false;
  for (const run of sorted) {
    if (run.text.trim() === '') {
      spaceSeen = true;
      continue;
    }
    if (previous && isDuplicate(previous, run)) continue;
    if (previous) {
      const gap = run.x - (previous.x + previous.width);
      const size = Math.max(1, Math.min(previous.size, run.size));
      const spaced = /\s$/.test(text) || /^\s/.test(run.text);
      if (gap > size * COLUMN_GAP || columns.has(run)) text = text.replace(/\s+$/, '') + '   ';
      else if (!spaced && (spaceSeen || gap > size * SPACE_GAP)) text += ' ';
    }
    text += run.text;
    previous = run;
    spaceSeen = false;
  }
  return text.replace(/\s+$/, '');
}

export function runsToLines(runs: readonly TextRun[]): string[] {
  const usable = runs.filter((run) => run.text.length > 0 && Number.isFinite(run.y));
  usable.sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: Line[] = [];
  for (const run of usable) {
    const tolerance = Math.max(1, 0.5 * run.size);
    // Recent lines only: a run belongs to a line near its baseline.
    let target: Line | undefined;
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 3; i -= 1) {
      const line = lines[i];
      if (line && Math.abs(line.y - run.y) <= Math.max(tolerance, 0.5 * line.size)) {
        target = line;
        break;
      }
    }
    if (target) {
      target.runs.push(run);
      target.size = Math.max(target.size, run.size);
    } else {
      lines.push({ y: run.y, size: run.size, runs: [run] });
    }
  }
  const columns = columnStarts(lines.map((line) => visibleRuns(line.runs)));
  return lines.map((line) => joinRuns(line.runs, columns)).filter((line) => line.trim().length > 0);
}

/** Letters in a text (any script), the measure of whether a text layer is usable. */
export function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}
