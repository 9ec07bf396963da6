/**
 * Repairs for OCR confusions and text clean-up shared by the extractors. OCR often reads a digit
 * as a look-alike letter (0 as O, 1 as I/l/|, 5 as S, 8 as B, 2 as Z) and a letter as a digit, and
 * both PDF text layers and OCR produce odd whitespace. Repairs are only applied inside runs the
 * caller already expects to be digits (or letters), and callers cap how many repairs they accept.
 */

/** Letters (and symbols) OCR commonly produces in place of a digit, with the digit they stand for. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  I: '1',
  l: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};

/** Digits OCR commonly produces in place of a capital letter. */
const LETTER_LOOKALIKES: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '5': 'S',
  '8': 'B',
  '2': 'Z',
  '6': 'G',
};

/**
 * A regex character class (without brackets' meaning lost) for one digit-ish character: a real
 * digit or a look-alike. Use as `[${DIGITISH}]`.
 */
export const DIGITISH = '0-9OoQDIl|!SsBZz';

export interface DigitRepair {
  /** The repaired string, digits only. */
  digits: string;
  /** How many characters were look-alikes rather than real digits. */
  repaired: number;
}

/** Reads a run of digit-ish characters as digits; null when a character is not digit-ish. */
export function repairDigits(run: string): DigitRepair | null {
  let digits = '';
  let repaired = 0;
  for (const ch of run) {
    if (ch >= '0' && ch <= '9') {
      digits += ch;
      continue;
    }
    const mapped = DIGIT_LOOKALIKES[ch];
    if (mapped === undefined) return null;
    digits += mapped;
    repaired += 1;
  }
  return { digits, repaired };
}

/** Reads a run of capital-letter-ish characters as capital letters (0→O, 1→I, 5→S, 8→B...). */
export function repairLetters(run: string): string {
  let out = '';
  for (const ch of run) out += LETTER_LOOKALIKES[ch] ?? ch.toUpperCase();
  return out;
}

/**
 * A filled-in form box after its label, as a text layer draws the box's sides: "Claim No.: [ 123 ]",
 * "Employer: [Acme Inc.]", "Claim Number: | 05-1234 |". The sides and what is inside stay on the
 * line; an empty box ("[ ]", a tick box "[X]") has no value and is left alone.
 */
const FILLED_BOX = /(:[ \t]*)([[|])([ \t]*[^\s[\]|][^[\]|\n]*?[ \t]*)([\]|])/g;

/**
 * The same box as OCR reads its sides off a scan: the left side as "[" or "{", the right side as
 * "]", "}" or, after a space, a thin letter ("J", "j", "I", "l", "|"), sometimes with a speck after it
 * (the left one perhaps doubled, "[{"; "Claim No.: [ 2407VZ9477 }", "Claims Administrator: { Tamarack Specialty Insurance Co. J",
 * "Employer: [ Acme Inc. ] ;"), and the label's colon perhaps read as ";". A name's last initial
 * may take the "J" without a space ("[ OKONKWO, SOCORRO SJ": the initial S). Only a box that closes at the end of its line (or before a next
 * column's gap) is opened, so a bracket inside a sentence is left alone.
 */
const OCR_BOX =
  /([:;][ \t]*)([[{]{1,2})([ \t]*[^\s[\]{}|][^[\]{}|\n]*?)(?:[ \t]*[\]}]|[ \t]+[JjIl|][\]}]?|(?<=[ \t][A-Z])J)(?:[ \t]*[^\sA-Za-z0-9]{0,2})(?=[ \t]*$|[ \t]{3})/gm;

const isTick = (inside: string) => /^\s*[Xx]?\s*$/.test(inside);

/** Opens filled form boxes: their sides become spaces, so the value reads as a label's value. */
export function openFormBoxes(text: string): string {
  // OCR's sides first: a "J]" or "}" close must not be read as part of the value.
  return (
    text
      // Sides and specks become spaces: the line keeps its length, so columns stay in place.
      .replace(OCR_BOX, (all, label: string, _open: string, inside: string) => {
        if (isTick(inside)) return all;
        const value = ` ${inside.replace(/^([ \t]*)([.,'"`_~]*)/, (_, gap: string, speck: string) => gap + ' '.repeat(speck.length))}`;
        // A box right after it makes a ";" the label's colon, as OCR misread it.
        return `${label.replace(';', ':')}${value}`.padEnd(all.length, ' ');
      })
      .replace(FILLED_BOX, (all, label: string, open: string, inside: string, close: string) =>
        (open === '[') === (close === ']') && !isTick(inside) ? `${label} ${inside} ` : all,
      )
  );
}

/**
 * Cleans text for the extractors without moving characters across lines: Windows and old-Mac line
 * ends and form feeds (page breaks) become "\n", non-breaking and other odd spaces become plain
 * spaces, curly quotes become straight ones, dash variants in ranges become "-" and filled form
 * boxes are opened (`openFormBoxes`).
 */
export function cleanText(text: string): string {
  // Composed forms: an "N" and a combining tilde from a text layer read as one "Ñ".
  return openFormBoxes(text.normalize('NFC'))
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\v\u2028\u2029]/g, '\n')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u200b\ufeff]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\uff1a/g, ':');
}

/** Collapses runs of whitespace (line breaks included) to one space and trims. */
export function squashSpaces(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Escapes a literal for use inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Keeps the first appearance of each value, in order. */
export function dedupe(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    if (seen.has(v)) continue;
    seen.add(v);
    out.push(v);
  }
  return out;
}
