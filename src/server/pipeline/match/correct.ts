/**
 * After a scanned document is matched to a case: a claim number read from it that differs from
 * one of the matched case's numbers only by OCR look-alike characters (./tolerance's table: 0/O,
 * 1/I/l, 2/Z, 3/J, 5/S, 6/G, 8/B) is taken as the case's number, as a paralegal reading the page
 * beside the case file would. "76001A3879" on a scan of a case whose claim is 7600IA3879 becomes
 * "7600IA3879".
 *
 * Only for documents whose text came from OCR (a text layer prints what the author typed), only
 * for a case the matcher chose alone (caseId), and only when exactly one of that case's numbers
 * fits. The document's own separators and every character that is not a look-alike swap are
 * kept, so a number the page does not show is never written. The reading is recorded in the
 * chosen case's match reasons (stored with the processed file's recommended cases).
 */
import type { CaseCandidate, ExtractedFields, MatchResult } from '../types';
import { caseNumbers } from './matchCase';
import { lookalikeAgreement, normaliseNumber } from './tolerance';

/** At most one character in this many may be a look-alike swap (and never fewer than two). */
const CHARACTERS_PER_SWAP = 3;
const MIN_SWAPS = 2;

function allowedSwaps(length: number): number {
  return Math.max(MIN_SWAPS, Math.floor(length / CHARACTERS_PER_SWAP));
}

/** The printed number with its letters and digits replaced by the case's, separators kept. */
function respell(printed: string, known: string): string {
  const reference = normaliseNumber(known);
  let index = 0;
  let out = '';
  for (const c of printed) {
    if (/[A-Za-z0-9|!]/.test(c)) {
      const want = reference[index] ?? c;
      index += 1;
      out += c.toUpperCase() === want ? c : want;
    } else out += c;
  }
  return out;
}

/**
 * The case number a printed claim number stands for through look-alikes alone, or null: none of
 * the case's numbers, or more than one, fits; or it already is one of them.
 */
export function lookalikeReading(printed: string, known: readonly string[]): string | null {
  const normalised = normaliseNumber(printed);
  if (known.some((number) => normaliseNumber(number) === normalised)) return null;
  const fits = [
    ...new Set(
      known
        .filter((number) => {
          const agreement = lookalikeAgreement(
            printed,
            number,
            allowedSwaps(normaliseNumber(number).length),
          );
          return agreement?.kind === 'ocr';
        })
        .map(normaliseNumber),
    ),
  ];
  if (fits.length !== 1 || fits[0] === undefined) return null;
  return respell(printed, fits[0]);
}

export interface Corrected {
  fields: ExtractedFields;
  match: MatchResult | null;
}

/**
 * A document's claim numbers read through the chosen case's numbers (see the module comment).
 * `ocr` says whether any of the document's pages came from OCR.
 */
export function correctClaimNumbers(
  fields: ExtractedFields,
  match: MatchResult | null,
  candidates: readonly CaseCandidate[],
  ocr: boolean,
): Corrected {
  const chosen = match?.caseId ?? null;
  const candidate = chosen ? candidates.find((c) => c.caseId === chosen) : undefined;
  if (!ocr || !match || !candidate || fields.claimNumbers.length === 0) return { fields, match };
  const known = caseNumbers(candidate);
  const notes: string[] = [];
  const claimNumbers: string[] = [];
  for (const printed of fields.claimNumbers) {
    const reading = lookalikeReading(printed, known);
    if (reading !== null)
      notes.push(`claim number OCR read as ${printed} taken as ${reading} (look-alikes)`);
    const value = reading ?? printed;
    if (!claimNumbers.some((v) => normaliseNumber(v) === normaliseNumber(value)))
      claimNumbers.push(value);
  }
  if (notes.length === 0) return { fields, match };
  return {
    fields: { ...fields, claimNumbers },
    match: {
      ...match,
      recommended: match.recommended.map((m) =>
        m.caseId === chosen ? { ...m, reasons: [...m.reasons, ...notes] } : m,
      ),
    },
  };
}
