/**
 * A small RFC 4180 CSV reader (no dependency): comma-separated fields, fields in double quotes may
 * hold commas, line breaks and doubled quotes (""), records end with CRLF, LF or CR. A leading
 * UTF-8 byte order mark is dropped and blank lines are skipped. Each record keeps the physical line
 * it starts on (1-based, counting the lines a quoted value spans), so errors can name it.
 *
 * Tolerated beyond the RFC, because spreadsheets write them: spaces before an opening quote or
 * after a closing one. Refused: a quoted value that never closes, and anything but a comma or the
 * line's end after a closing quote (`"a"b`), both with the line named. A quote inside an unquoted
 * value (`ADJ123"` or `12" binder`) is a quote opened or closed in the wrong place: the field is
 * read as written and its index is kept in `strayQuotes`, so the caller can refuse that row alone.
 */

export interface CsvRecord {
  /** The physical line (1-based) the record starts on. */
  line: number;
  fields: string[];
  /** Indexes of unquoted fields holding a quote (a quote that opens or closes nothing). */
  strayQuotes?: number[];
}

export class CsvError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.name = 'CsvError';
    this.line = line;
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;
const BOM = 0xfeff;

const isBlank = (c: number) => c === SPACE || c === TAB;

export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === BOM ? input.slice(1) : input;
  const n = text.length;
  const records: CsvRecord[] = [];
  let i = 0;
  let line = 1;

  /** After spaces or tabs from `from`, the index of an opening quote, or -1. */
  const quoteAfterBlanks = (from: number): number => {
    let j = from;
    while (j < n && isBlank(text.charCodeAt(j))) j += 1;
    return j < n && text.charCodeAt(j) === QUOTE ? j : -1;
  };

  while (i < n) {
    const recordLine = line;
    const fields: string[] = [];
    const strayQuotes: number[] = [];
    let quotedAny = false;
    for (;;) {
      const quoteAt = quoteAfterBlanks(i);
      if (quoteAt >= 0) {
        quotedAny = true;
        const startLine = line;
        i = quoteAt + 1;
        let value = '';
        let from = i;
        for (;;) {
          if (i >= n)
            throw new CsvError(
              `The quoted value that starts on line ${startLine} is never closed (a closing " is missing).`,
              startLine,
            );
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            if (text.charCodeAt(i + 1) === QUOTE) {
              value += text.slice(from, i + 1);
              i += 2;
              from = i;
              continue;
            }
            value += text.slice(from, i);
            i += 1;
            break;
          }
          if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line += 1;
          i += 1;
        }
        while (i < n && isBlank(text.charCodeAt(i))) i += 1;
        const next = text.charCodeAt(i);
        if (i < n && next !== COMMA && next !== CR && next !== LF)
          throw new CsvError(
            `Line ${line}: a closing " must be followed by a comma or the end of the line (write a quote inside a quoted value as "").`,
            line,
          );
        fields.push(value);
      } else {
        const start = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === CR || c === LF) break;
          i += 1;
        }
        const value = text.slice(start, i);
        if (value.includes('"')) strayQuotes.push(fields.length);
        fields.push(value);
      }
      if (i < n && text.charCodeAt(i) === COMMA) {
        i += 1;
        continue;
      }
      break;
    }
    if (i < n) {
      // The record's line break: CRLF, LF or CR.
      if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) i += 2;
      else i += 1;
      line += 1;
    }
    if (!quotedAny && fields.length === 1 && fields[0]!.trim() === '') continue;
    records.push({ line: recordLine, fields, ...(strayQuotes.length > 0 ? { strayQuotes } : {}) });
  }
  return records;
}
