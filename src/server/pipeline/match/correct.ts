/**
 * After a scanned document is matched to a case, what OCR damaged is read through the case file,
 * as a paralegal reading the page beside it would.
 *
 * Claim numbers: a claim number read from it that differs from
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
import { spelling } from '../extract/consensus';
import { editDistance } from '../extract/fuzzy';
import type { CaseCandidate, ExtractedFields, MatchResult } from '../types';
import { caseNumbers } from './matchCase';
import { lookalikeAgreement, normaliseNumber, personPart } from './tolerance';

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

/** A name's words with where they stand: letters (any script), apostrophes and inner hyphens. */
const NAME_WORD = /\p{L}[\p{L}'-]*\p{L}|\p{L}/gu;

/** Edits a damaged word of the case's may show: one per four letters, at least one. */
const allowedEdits = (word: string) => Math.max(1, Math.floor(word.length / 4));
/** Words shorter than this must be the case's exactly: "Kim" and "Kin" are two people. */
const MIN_DAMAGED_LENGTH = 5;

/**
 * Whether `word` is the case's `known` word with each "ñ" read as OCR reads it ("fi", "h" or "n":
 * "Pefia" for "Peña", "Nufiez" for "Núñez"), and nothing else changed: a reading of the tilde,
 * not another name, so short words count too.
 */
function tildeReading(word: string, known: string): boolean {
  if (!/ñ/i.test(known)) return false;
  const parts = known.split(/ñ/i).map((part) => (part === '' ? '' : spelling(part)));
  return new RegExp(`^${parts.join('(?:FI|H|N)')}$`).test(spelling(word));
}

/**
 * The applicant's name with each word OCR damaged read as the case's client's word it stands for
 * ("Villasefior, Yesenia" for a case of Yesenia Villaseñor is "Villaseñor, Yesenia"), or null:
 * nothing damaged, a word that is none of the client's, a word that could be two of them, or no
 * word printed exactly as the case has it (then it may be another person). The reading's order,
 * punctuation and initials stay; an all-capitals reading stays in capitals.
 */
export function clientReading(printed: string, client: string): string | null {
  const known = [...client.matchAll(NAME_WORD)].map((m) => m[0]);
  const used = new Set<number>();
  const words = [...printed.matchAll(NAME_WORD)];
  const exact = words.map((m) => {
    const at = known.findIndex((k, j) => !used.has(j) && spelling(k) === spelling(m[0]));
    if (at >= 0) used.add(at);
    return at;
  });
  if (!exact.some((at) => at >= 0)) return null;
  const replace = new Map<number, string>();
  for (const [index, m] of words.entries()) {
    const word = m[0];
    if ((exact[index] ?? -1) >= 0 || word.length === 1) continue;
    const fits = known
      .map((k, j) => ({ k, j }))
      .filter(
        ({ k, j }) =>
          !used.has(j) &&
          (tildeReading(word, k) ||
            (k.length >= MIN_DAMAGED_LENGTH &&
              editDistance(spelling(word), spelling(k), allowedEdits(k)) <= allowedEdits(k))),
      );
    if (fits.length !== 1 || !fits[0]) return null;
    used.add(fits[0].j);
    const capitals = word === word.toUpperCase();
    replace.set(m.index ?? 0, capitals ? fits[0].k.toUpperCase() : fits[0].k);
  }
  if (replace.size === 0) return null;
  let out = '';
  let from = 0;
  for (const m of words) {
    const at = m.index ?? 0;
    const wanted = replace.get(at);
    if (wanted === undefined) continue;
    out += printed.slice(from, at) + wanted;
    from = at + m[0].length;
  }
  return out + printed.slice(from);
}

export interface Corrected {
  fields: ExtractedFields;
  match: MatchResult | null;
}

/** The fields read through the case; a person's fields are never among them. */
export type CorrectedField = 'claimNumbers' | 'applicant';

/** The claim numbers read through the case's numbers, and what was read how. */
function claimsThroughCase(printed: readonly string[], known: readonly string[]) {
  const notes: string[] = [];
  const claimNumbers: string[] = [];
  for (const number of printed) {
    const reading = lookalikeReading(number, known);
    if (reading !== null)
      notes.push(`claim number OCR read as ${number} taken as ${reading} (look-alikes)`);
    const value = reading ?? number;
    if (!claimNumbers.some((v) => normaliseNumber(v) === normaliseNumber(value)))
      claimNumbers.push(value);
  }
  return { claimNumbers, notes };
}

/**
 * A scanned document's claim numbers and applicant read through the chosen case (see the module
 * comment). `ocr` says whether any of the document's pages came from OCR; `personal` names the
 * fields a person set, which stay as they are.
 */
export function readThroughCase(
  fields: ExtractedFields,
  match: MatchResult | null,
  candidates: readonly CaseCandidate[],
  ocr: boolean,
  personal: readonly CorrectedField[] = [],
): Corrected {
  const chosen = match?.caseId ?? null;
  const candidate = chosen ? candidates.find((c) => c.caseId === chosen) : undefined;
  if (!ocr || !match || !candidate) return { fields, match };
  const notes: string[] = [];
  let next = fields;
  if (!personal.includes('claimNumbers') && fields.claimNumbers.length > 0) {
    const read = claimsThroughCase(fields.claimNumbers, caseNumbers(candidate));
    if (read.notes.length > 0) {
      next = { ...next, claimNumbers: read.claimNumbers };
      notes.push(...read.notes);
    }
  }
  const client = candidate.clientName ?? (candidate.name ? personPart(candidate.name) : null);
  if (!personal.includes('applicant') && fields.applicant && client) {
    const reading = clientReading(fields.applicant, client);
    if (reading !== null) {
      next = { ...next, applicant: reading };
      notes.push(
        `applicant OCR read as ${fields.applicant} taken as ${reading} (the case's client)`,
      );
    }
  }
  if (notes.length === 0) return { fields, match };
  return {
    fields: next,
    match: {
      ...match,
      recommended: match.recommended.map((m) =>
        m.caseId === chosen ? { ...m, reasons: [...m.reasons, ...notes] } : m,
      ),
    },
  };
}
