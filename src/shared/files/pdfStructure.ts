/**
 * Does a file that starts like a PDF also end like one? Every PDF ends with its cross-reference
 * pointer and end marker: `startxref <offset> %%EOF` (with a classic xref table, an xref stream or
 * a linearized file alike; an incremental update appends another such end). Readers tolerate
 * bytes after the last `%%EOF` (Acrobat looks in the last 1024 bytes, and scanners and mail
 * gateways do append padding), so this does too. Older writers end with `trailer << ... >> %%EOF`
 * and no startxref, which readers rebuild; that is accepted as well. Only the end is read, so a
 * large file costs one small positioned read. The full parse is the pipeline's (pdf.js): a PDF
 * damaged inside still arrives and is marked UNACCESSIBLE there.
 */
import { ascii, indexOf } from './bytes';

/** How many of a file's last bytes the check needs (the marker window plus the trailer). */
export const TAIL_BYTES = 4096;
/** Bytes allowed after the last `%%EOF` and its end of line. */
const EOF_WINDOW = 1024;
const EOL = 2;
const EOF = ascii('%%EOF');
const ENDINGS = [ascii('startxref'), ascii('trailer')];

function lastIndexOf(bytes: Uint8Array, needle: readonly number[], from: number): number {
  let found = -1;
  for (let at = indexOf(bytes, needle, from); at >= 0; at = indexOf(bytes, needle, at + 1))
    found = at;
  return found;
}

/** `tail`: the file's last TAIL_BYTES bytes (or the whole file when it is smaller). */
export function hasPdfTrailer(tail: Uint8Array): boolean {
  const eof = lastIndexOf(tail, EOF, Math.max(0, tail.length - EOF_WINDOW - EOL - EOF.length));
  if (eof < 0) return false;
  return ENDINGS.some((keyword) => indexOf(tail, keyword, 0, eof) >= 0);
}
