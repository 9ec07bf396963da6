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

function joinRuns(runs: TextRun[]): string {
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
      if (gap > size * COLUMN_GAP) text = text.replace(/\s+$/, '') + '   ';
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
  return lines.map((line) => joinRuns(line.runs)).filter((line) => line.trim().length > 0);
}

/** Letters in a text (any script), the measure of whether a text layer is usable. */
export function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}
