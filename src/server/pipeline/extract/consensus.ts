/**
 * One raw file's documents read each other's party names. A mail batch, a fax or an EAMS filing
 * names the same employer and carriers on page after page; a scan damages each printing its own
 * way ("HARBOR GATE LOGISTICS, LEG", "INSURANCE GOo.", "MISSION OAKS UNIFIED SCHOOL DISTRIC",
 * a word lost, a name cut at the line's end). A defendant read from an OCR page is taken as
 * another spelling of the file when that spelling is a few characters away (or the reading is its
 * first words, at least two) and more of the file's documents print it than print the reading,
 * or a text layer prints it, or as many print it and only it ends as a firm's name does.
 * Exactly one such spelling must stand out. A reading in capitals takes it in capitals; one in
 * small letters takes it as the file prints it in small letters, where it does.
 *
 * Never across what a page plainly says: a text layer's reading is never changed, a spelling
 * printed by fewer documents never wins, and names far apart (other words, another firm) are
 * never joined.
 */
import type { ExtractedFields } from '../types';
import { editDistance } from './fuzzy';
import { endsLikeEntity } from './names';

/** One document of the file: its fields and whether any of its pages came from OCR. */
export interface FileDocument {
  fields: ExtractedFields;
  ocr: boolean;
}

/** Characters one edit may cost, per character of the file's spelling (and never fewer than 2). */
const EDITS_PER_CHARACTER = 0.2;
const MIN_EDITS = 2;

/** A name as compared: capitals without accents, letters, digits and "&" in single-spaced words. */
export function spelling(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9&]+/g, ' ')
    .trim();
}

interface Printed {
  /** Documents printing this spelling. */
  documents: number;
  /** A text layer prints it. */
  text: boolean;
  /** How the file first prints it (a text layer's printing first). */
  name: string;
  /** How the file first prints it in small letters too, when it does. */
  mixed: string | null;
}

const inCapitals = (name: string) => {
  const letters = name.replace(/[^\p{L}]/gu, '');
  return letters !== '' && letters === letters.toUpperCase();
};

function printedSpellings(documents: readonly FileDocument[]): Map<string, Printed> {
  const printed = new Map<string, Printed>();
  for (const doc of documents) {
    const own = new Set(doc.fields.defendants.map(spelling).filter(Boolean));
    for (const name of doc.fields.defendants) {
      const key = spelling(name);
      if (!own.delete(key)) continue;
      const mixed = inCapitals(name) ? null : name;
      const seen = printed.get(key);
      if (!seen) printed.set(key, { documents: 1, text: !doc.ocr, name, mixed });
      else {
        seen.documents += 1;
        if (!doc.ocr && !seen.text) Object.assign(seen, { text: true, name });
        if (mixed !== null && (seen.mixed === null || !doc.ocr)) seen.mixed = mixed;
      }
    }
  }
  return printed;
}

/** Whether `reading` may stand for `known`: a few edits away, or its first two or more words. */
function near(reading: string, known: string): boolean {
  if (known.startsWith(`${reading} `) && reading.split(' ').length >= 2) return true;
  const allowed = Math.max(MIN_EDITS, Math.floor(known.length * EDITS_PER_CHARACTER));
  return editDistance(reading, known, allowed) <= allowed;
}

/** The file's spelling in the reading's capitals: all capitals, or as the file prints it in small letters. */
function inCapitalsOf(reading: string, seen: Printed): string {
  if (inCapitals(reading)) return seen.name.toUpperCase();
  return seen.mixed ?? seen.name;
}

/** The file's spelling a damaged OCR reading stands for, or null (see the module comment). */
function agreedName(reading: string, printed: ReadonlyMap<string, Printed>): string | null {
  const key = spelling(reading);
  const own = printed.get(key);
  if (key === '' || own?.text) return null;
  const mine = own?.documents ?? 0;
  // As many documents print both: the one ending as a firm's name does wins ("DISTRIC").
  const endsWell = endsLikeEntity(key);
  const better = [...printed.entries()].filter(
    ([other, seen]) =>
      other !== key &&
      (seen.text ||
        seen.documents > mine ||
        (seen.documents === mine && !endsWell && endsLikeEntity(other))) &&
      near(key, other),
  );
  if (better.length === 0) return null;
  const most = Math.max(...better.map(([, seen]) => seen.documents + (seen.text ? 1 : 0)));
  const best = better.filter(([, seen]) => seen.documents + (seen.text ? 1 : 0) === most);
  if (best.length !== 1 || !best[0]) return null;
  return inCapitalsOf(reading, best[0][1]);
}

/**
 * The documents' fields with each OCR document's defendants read through the file's spellings;
 * documents without OCR pages, or whose readings need nothing, are returned as they are.
 */
export function agreeOnParties(documents: readonly FileDocument[]): ExtractedFields[] {
  if (!documents.some((doc) => doc.ocr)) return documents.map((doc) => doc.fields);
  const printed = printedSpellings(documents);
  // A file repeats its readings; each is compared with the file's spellings once.
  const read = new Map<string, string | null>();
  const agreedOnce = (name: string) => {
    if (!read.has(name)) read.set(name, agreedName(name, printed));
    return read.get(name) ?? null;
  };
  return documents.map(({ fields, ocr }) => {
    if (!ocr || fields.defendants.length === 0) return fields;
    const agreed = fields.defendants.map((name) => agreedOnce(name) ?? name);
    if (agreed.every((name, index) => name === fields.defendants[index])) return fields;
    const defendants: string[] = [];
    for (const name of agreed)
      if (!defendants.some((have) => spelling(have) === spelling(name))) defendants.push(name);
    const defendant =
      fields.defendant === null ? null : (agreedOnce(fields.defendant) ?? fields.defendant);
    return { ...fields, defendants, defendant };
  });
}
