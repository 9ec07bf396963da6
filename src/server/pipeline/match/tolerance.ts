/**
 * OCR-tolerant comparison of a document's numbers and applicant name with a case's. Scans damage
 * both: a claim number "RI-4379507" comes back "Rl-4379507", a name "Silvia S. Guzman" comes back
 * "SilviaS. Guzman" or "MINH VARGAS z". A case's own values (typed into the CRM) are the reference:
 * a document character may stand for the case's character only when it is a known OCR look-alike
 * of it (O for 0 where the case has a digit, 5 for S where it has a letter...), never another digit
 * or letter, so a number one real digit off never agrees. Damaged agreement is reported as such so
 * the matcher can score it below an exact one.
 */

/**
 * OCR look-alikes of each character a case number may hold: what a scan may print instead. The
 * pairs: 0/O (and Q, D, o), 1/I (and l, i, |, !), 2/Z, 3/J, 5/S, 6/G, 8/B.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  '0': 'OoQD',
  '1': 'Iil|!',
  '2': 'Zz',
  '3': 'J',
  '5': 'Ss',
  '6': 'G',
  '8': 'B',
  O: '0',
  I: '1l|!',
  J: '3',
  S: '5',
  G: '6',
  B: '8',
  Z: '2',
};

/** Numbers shorter than this (letters and digits) must agree exactly. */
const MIN_TOLERANT_LENGTH = 6;
/** At most this many look-alike characters in one number, and one per this many characters. */
const MAX_CONFUSIONS = 2;
const CHARACTERS_PER_CONFUSION = 5;

/** Look-alike characters a number of this length may hold: one per five, at most two. */
function allowedConfusions(length: number): number {
  return Math.min(MAX_CONFUSIONS, Math.max(1, Math.floor(length / CHARACTERS_PER_CONFUSION)));
}

export type Agreement = { kind: 'exact' } | { kind: 'ocr'; confusions: number };

/** Upper case, letters and digits only: "adj 1023-4567" and "ADJ10234567" compare equal. */
export function normaliseNumber(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * How a number found in a document agrees with one a case carries: exactly (once both are
 * normalised, so spacing, hyphens and case do not matter), through OCR look-alikes alone (same
 * length, each differing character a look-alike of the case's, at most two and one per five
 * characters, only in numbers of six or more characters), or not at all (null).
 */
export function compareNumbers(found: string, known: string): Agreement | null {
  const reference = normaliseNumber(known);
  if (reference.length === 0) return null;
  if (normaliseNumber(found) === reference) return { kind: 'exact' };
  return lookalikeAgreement(found, known, allowedConfusions(reference.length));
}

/**
 * Whether a number printed in a document is a case's number with at most `allowed` characters
 * read as their OCR look-alikes (same length once spacing and punctuation are dropped, every
 * differing character a look-alike of the case's). Numbers under six characters never agree
 * this way.
 */
export function lookalikeAgreement(
  found: string,
  known: string,
  allowed: number,
): Agreement | null {
  const reference = normaliseNumber(known);
  // Keep "|" and "!": OCR prints them for 1 and I, and dropping them would shift the rest.
  const printed = found.replace(/[^A-Za-z0-9|!]/g, '');
  if (printed.length !== reference.length || reference.length < MIN_TOLERANT_LENGTH) return null;
  let confusions = 0;
  for (let index = 0; index < reference.length; index += 1) {
    const want = reference[index] ?? '';
    const got = printed[index] ?? '';
    if (got.toUpperCase() === want) continue;
    if (!(LOOKALIKES[want] ?? '').includes(got)) return null;
    confusions += 1;
    if (confusions > allowed) return null;
  }
  return confusions === 0 ? { kind: 'exact' } : { kind: 'ocr', confusions };
}

/** For each character a scan may print, the case characters it may stand for (LOOKALIKES reversed). */
const READS_AS: Readonly<Record<string, string>> = Object.entries(LOOKALIKES).reduce<
  Record<string, string>
>((reads, [want, printed]) => {
  for (const got of printed) reads[got] = (reads[got] ?? '') + want;
  return reads;
}, {});

/** More readings than this and only single look-alikes are tried (a number full of O and 1). */
const MAX_READINGS = 400;

/**
 * Every normalised case number `compareNumbers` would accept for a number printed in a document:
 * the number itself and its readings with up to the allowed look-alikes put back. Used to find
 * candidate cases by an index lookup before they are compared: each reading agrees with the
 * printed number by the same rules, and (below MAX_READINGS) every number that agrees is one.
 */
export function numberReadings(found: string): string[] {
  const exact = normaliseNumber(found);
  const readings = new Set(exact.length > 0 ? [exact] : []);
  const printed = found.replace(/[^A-Za-z0-9|!]/g, '');
  if (printed.length < MIN_TOLERANT_LENGTH) return [...readings];
  const allowed = allowedConfusions(printed.length);
  // The plain reading of each character (upper case), and what else it may stand for.
  const base = [...printed].map((c) => c.toUpperCase());
  const options = [...printed].map((c) =>
    [...(READS_AS[c] ?? '')].filter((w) => w !== c.toUpperCase()),
  );
  const positions = options.flatMap((alternatives, index) =>
    alternatives.length > 0 ? [index] : [],
  );
  // A "|" or "!" has no plain reading: it must be read as one of its look-alikes.
  const forced = base.flatMap((c, index) => (/[A-Z0-9]/.test(c) ? [] : [index]));
  if (forced.length > allowed) return [...readings];
  const spell = (choices: Map<number, string>) =>
    base.map((c, index) => choices.get(index) ?? c).join('');
  const results: string[] = [];
  const visit = (from: number, choices: Map<number, string>, left: number): void => {
    if (results.length > MAX_READINGS) return;
    if (forced.every((index) => choices.has(index))) results.push(spell(choices));
    if (left === 0) return;
    for (let k = from; k < positions.length; k += 1) {
      const index = positions[k] ?? 0;
      for (const want of options[index] ?? []) {
        choices.set(index, want);
        visit(k + 1, choices, left - 1);
        choices.delete(index);
      }
    }
  };
  visit(0, new Map(), allowed);
  if (results.length > MAX_READINGS && allowed > 1) {
    results.length = 0;
    visit(0, new Map(), 1);
  }
  for (const reading of results) if (/^[A-Z0-9]+$/.test(reading)) readings.add(reading);
  return [...readings].slice(0, MAX_READINGS + 1);
}

/** A person's name as lower-case word tokens, accents removed, initials glued to a word split off. */
function words(value: string): string[] {
  return (
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // "SilviaS. Guzman": an initial OCR glued to the end of a mixed-case word.
      .replace(/([a-z]{2})([A-Z])(?=\.|\s|,|$)/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean)
  );
}

/** Lower-case name tokens without punctuation or one-letter initials. */
export function nameTokens(value: string): string[] {
  return words(value).filter((token) => token.length > 1);
}

/** The person in a case name "Maria Gonzalez v. Acme Corp." (the whole name when no "v."). */
export function personPart(caseName: string): string {
  return caseName.split(/\s+vs?\.?\s+/i)[0] ?? caseName;
}

/** Levenshtein distance, but only whether it is 0, 1 or more (returns 2 for "more"). */
function editDistanceUpToOne(a: string, b: string): 0 | 1 | 2 {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 1) return 2;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA.length === restB.length) return restA.slice(1) === restB.slice(1) ? 1 : 2;
  if (restA.length > restB.length) return restA.slice(1) === restB ? 1 : 2;
  return restB.slice(1) === restA ? 1 : 2;
}

/** Weight of a token pair: 1 exact, lower for an initial glued on or one OCR edit, 0 otherwise. */
const GLUED_INITIAL = 0.9;
const ONE_EDIT = 0.7;
/** Tokens shorter than this must agree exactly: "Kim"/"Kin" and "Mara"/"Maria" are other people. */
const MIN_FUZZY_LENGTH = 5;
/** Surname particles: "De La Cruz" shares no more with "De La Rosa" than "Cruz" does. */
const PARTICLES: ReadonlySet<string> = new Set([
  'da',
  'das',
  'de',
  'del',
  'della',
  'der',
  'di',
  'dos',
  'du',
  'la',
  'las',
  'los',
  'van',
  'von',
]);

function tokenWeight(a: string, b: string, initials: ReadonlySet<string>): number {
  if (a === b) return 1;
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  if (long.length === short.length + 1 && long.startsWith(short) && short.length >= 3) {
    // "silvias" for "silvia s." (in capitals the split by case cannot happen).
    if (initials.has(long.slice(-1))) return GLUED_INITIAL;
  }
  if (short.length < MIN_FUZZY_LENGTH) return 0;
  // Maria/Mario, Daniel/Daniela: a name's last vowel makes another name, not an OCR slip.
  const ending = long.length === short.length ? short.slice(-1) : '';
  const stem = long.length === short.length ? short.slice(0, -1) : short;
  if (long.startsWith(stem) && /^[aeiou]?$/.test(ending) && /[aeiou]$/.test(long)) return 0;
  // "rn" read for "m" is one OCR slip but two edits.
  if (long.replace(/rn/g, 'm') === short.replace(/rn/g, 'm')) return ONE_EDIT;
  return editDistanceUpToOne(long, short) === 1 ? ONE_EDIT : 0;
}

export interface NameAgreement {
  /** 0..1: agreeing tokens (damaged ones weigh less) over the shorter name. */
  score: number;
  /** Every agreeing token agreed exactly. */
  exact: boolean;
}

/**
 * How well a name found in a document agrees with a case's, order, case, punctuation and accents
 * aside. Tokens are paired exactly first, then by an initial glued on or one OCR edit (tokens of
 * five letters or more). Initials and unpaired two-letter OCR specks ("MINH VARGAS z", "WALKER,
 * JAMES So") do not count against a name, but a two-letter surname ("Li") counts; surname
 * particles ("de", "la") never count. When both names have two words or more, sharing only one (a
 * given name, or a surname) is not agreement.
 */
export function compareNames(found: string, known: string): NameAgreement {
  const left = words(found);
  const right = words(known);
  const initials = new Set([...left, ...right].filter((token) => token.length === 1));
  const significant = (token: string) => token.length > 1 && !PARTICLES.has(token);
  const a = [...new Set(left.filter(significant))];
  const b = [...new Set(right.filter(significant))];
  if (a.length === 0 || b.length === 0) return { score: 0, exact: false };
  const pairedA = new Set<number>();
  const pairedB = new Set<number>();
  let weight = 0;
  let exact = true;
  a.forEach((token, i) => {
    const j = b.findIndex((other, k) => !pairedB.has(k) && other === token);
    if (j < 0) return;
    pairedA.add(i);
    pairedB.add(j);
    weight += 1;
  });
  a.forEach((token, i) => {
    if (pairedA.has(i)) return;
    let best = 0;
    let bestJ = -1;
    b.forEach((other, k) => {
      if (pairedB.has(k)) return;
      const w = tokenWeight(token, other, initials);
      if (w > best) {
        best = w;
        bestJ = k;
      }
    });
    if (bestJ < 0) return;
    pairedA.add(i);
    pairedB.add(bestJ);
    weight += best;
    exact = false;
  });
  const paired = pairedA.size;
  if (paired === 0) return { score: 0, exact: false };
  // An unpaired two-letter token is an OCR speck ("So"), unless the other name has a token left
  // that it could have been ("Mei Lu" and "Mei Li" are two people).
  const leftA = a.length > pairedA.size;
  const leftB = b.length > pairedB.size;
  const sizeA = a.filter((token, i) => pairedA.has(i) || token.length > 2 || leftB).length;
  const sizeB = b.filter((token, k) => pairedB.has(k) || token.length > 2 || leftA).length;
  const shorter = Math.min(sizeA, sizeB);
  const score = shorter >= 2 && paired < 2 ? weight / (2 * shorter) : weight / shorter;
  return { score: Math.min(1, Number(score.toFixed(3))), exact };
}
