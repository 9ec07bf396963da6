/**
 * OCR-tolerant text normalisation shared by the classifier and the splitter. Text and patterns go
 * through the same "skeleton" so that common OCR confusions (1/l/I/|, 0/O, rn/m, curly quotes,
 * broken or merged words) do not stop a title or keyword from matching: both sides are lowercased,
 * confusable characters are folded to one letter and punctuation becomes space. The "compact" form
 * also drops spaces, so "APPLI CATION" and "APPLICATION" are the same string.
 */
import { presentSet, trigramCodes } from './qgram';

/** Lowercase, fold OCR-confusable characters, punctuation to spaces, single spaces, trimmed. */
export function skeleton(s: string): string {
  return s
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/'/g, '')
    .replace(/[1|!i]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/5(?=[a-z])|(?<=[a-z])5/g, 's')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The skeleton without spaces. */
export function compact(s: string): string {
  return skeleton(s).replace(/ /g, '');
}

/** A page's text prepared for repeated matching: its lines, compact form and line positions. */
export interface PreparedText {
  /** Non-empty lines, in order, as printed. */
  lines: string[];
  /** Skeleton of the whole text with single spaces, padded with a space at each end. */
  spaced: string;
  /** Compact form of the whole text (all lines concatenated). */
  compact: string;
  /** For each character of `compact`, the index (into `lines`) of the line it came from. */
  lineOf: Int32Array;
  /** Compact length of each line. */
  lineLength: number[];
  /** Offset in `compact` where each line begins. */
  lineStart: number[];
  /** Which trigram codes occur in `compact` (1 = present), to skip patterns that cannot be there. */
  present: Uint8Array;
  /** Integer trigram codes of `compact` by start position (qgram.ts), for the counting filter. */
  codes: Int32Array;
  /**
   * Right-hand column fragments of consecutive lines joined into virtual lines (a pleading
   * caption prints its title in the right column, broken over several lines), with `origin`
   * giving each virtual line's first real line. Null when there are none.
   */
  column: { text: PreparedText; origin: number[] } | null;
}

/** "MARIA LOPEZ,   DECLARATION OF READINESS": the part after a wide gap, if any. */
const COLUMN = /^(?:.*?\S)\s{2,}(\S.*)$/;

function columnText(lines: string[]): { text: PreparedText; origin: number[] } | null {
  const virtual: string[] = [];
  const origin: number[] = [];
  let run: string[] = [];
  let runStart = 0;
  const flush = (): void => {
    if (run.length >= 2) {
      virtual.push(run.join(' '));
      origin.push(runStart);
    }
    run = [];
  };
  lines.forEach((line, i) => {
    const right = COLUMN.exec(line)?.[1];
    if (right) {
      if (run.length === 0) runStart = i;
      run.push(right);
    } else if (line.trim().length > 3) {
      flush();
    }
  });
  flush();
  return virtual.length > 0 ? { text: prepareLines(virtual, false), origin } : null;
}

export function prepareText(text: string, maxLines = Number.POSITIVE_INFINITY): PreparedText {
  const raw = text
    .split(/\r?\n|\f/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim().length > 0)
    .slice(0, maxLines);
  return prepareLines(raw, true);
}

/**
 * Skeletons of recently seen lines: the splitter prepares each page twice (whole and top) and the
 * classifier prepares a document's first page again, so the same lines come back; the skeleton's
 * chain of replacements is the costly part of preparing a text.
 */
const lineSkeletons = new Map<string, string>();
const LINE_CACHE_LIMIT = 50000;

export function lineSkeleton(line: string): string {
  let s = lineSkeletons.get(line);
  if (s === undefined) {
    s = skeleton(line);
    if (lineSkeletons.size >= LINE_CACHE_LIMIT) lineSkeletons.clear();
    lineSkeletons.set(line, s);
  }
  return s;
}

function prepareLines(raw: string[], withColumn: boolean): PreparedText {
  const lines = raw.map((l) => l.trim());
  const skeletons = lines.map(lineSkeleton);
  const parts: string[] = [];
  const lineLength: number[] = [];
  const lineStart: number[] = [];
  let offset = 0;
  for (const sk of skeletons) {
    const c = sk.replace(/ /g, '');
    lineStart.push(offset);
    offset += c.length;
    parts.push(c);
    lineLength.push(c.length);
  }
  const joined = parts.join('');
  const lineOf = new Int32Array(joined.length);
  lineLength.forEach((len, i) => lineOf.fill(i, lineStart[i] ?? 0, (lineStart[i] ?? 0) + len));
  const codes = trigramCodes(joined);
  return {
    lines,
    spaced: ` ${skeletons.join(' ')} `,
    compact: joined,
    lineOf,
    lineLength,
    lineStart,
    present: presentSet(codes),
    codes,
    column: withColumn ? columnText(raw) : null,
  };
}

/** Word tokens of a text's skeleton (for the learned model and similarity). */
export function tokens(text: string): string[] {
  return skeleton(text)
    .split(' ')
    .filter((t) => t.length > 1);
}
