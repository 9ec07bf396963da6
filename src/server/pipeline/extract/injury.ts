/**
 * Date of injury and date of incident, found by their labels. A date of injury is one day or a
 * cumulative-trauma (CT) period: "DOI: 03/15/2023", "Date of Injury: CT 01/01/2019 - 03/15/2023",
 * "D/O/I: CT: 01/01/2019 to 03/15/2023", "01/01/2019 - 03/15/2023 (CT)", "Cumulative trauma
 * through 3/15/2023". A labelled range counts as CT even unmarked (a period of injury is CT by
 * definition). "CT through <date>" has no known start: it gives {start: <date>, no end, CT}.
 * Without any label, a CT-marked period anywhere in the text is used.
 */
import type { InjuryDate } from '../types';
import { DATE_PATTERN, parseDate, repairDateText } from './dates';
import { fuzzyInjuryLabels } from './fuzzy';
import { cleanText } from './ocr';

const DOI_LABELS: RegExp[] = [
  // "Date of Injury", "Date(s) of injury", a CMS-1500's "DATE OF CURRENT INJURY" or "DATE OF
  // CURRENT ILLNESS, INJURY", "Alleged".
  /(?<![A-Za-z])Da[t1l]e(?:s|\(s\))?\s+[o0]f[\s-]+(?:(?:Current(?:\s+Illness,?(?:\s+or)?)?|Alleged|Claimed|Reported)\s+)?(?:[I1l|]njur(?:y|ies)|Inj\.)(?:\s*\(s\))?/gi,
  /(?<![A-Za-z])Injury\s+Date(?:\(s\)|s)?/gi,
  // "DOI", "D.O.I.", "D/O/I", "D/I"; OCR reads the I as l, 1 or | ("D/l", "DOl", "D0l").
  /(?<![A-Za-z0-9])(?:D[O0][Il|]|D\.\s?[O0]\.\s?[I1l|]\.?|D\s?\/\s?[O0]\s?\/\s?[I1l|]|D\s?\/\s?[I1l|])(?:\(s\)|s)?(?![A-Za-z0-9/])/g,
];

/**
 * Prose that states the injury: "while employed as a roofer on 11-06-2012", "sustained injury
 * arising out of and in the course of employment to the back on May 8, 2025", "was injured on".
 * The date is the first one after "on" (or "during the period") in the same sentence.
 */
const INJURY_PROSE =
  /\b(?:while\s+employed|sustained\s+(?:an?\s+)?(?:industrial\s+|specific\s+|cumulative\s+)?injur(?:y|ies)|(?:was|were)\s+injured)\b/gi;
const ON_DATE = new RegExp(
  String.raw`\b(?:on(?:\s+or\s+about)?|during\s+the\s+period(?:\s+of|\s+from)?|from)\s+(?=(?:CT:?\s+|cumulative\s+trauma\s+)?(?:${DATE_PATTERN}))`,
  'i',
);
/** A sentence's end: a full stop before a capital or digit, not after "Inc." or an initial. */
const SENTENCE_END =
  /(?<!\b(?:Inc|Corp|Co|Ltd|Jr|Sr|St|No|Dr|Mr|Ms|Mrs|[A-Z]))[.;]\s+(?=[A-Z0-9[(])|\n\s*\n/;

const INCIDENT_LABELS: RegExp[] = [
  /(?<![A-Za-z])Da[t1l]e\s+[o0]f\s+[I1l|]ncident/gi,
  /(?<![A-Za-z])[I1l|]ncident\s+Date/gi,
];

/** Other labels that end a labelled value's window (a form's next field). */
const NEXT_FIELD =
  /\b(?:DOB|D\.O\.B|Date\s+of\s+(?!Injury|Incident)|Birth|SSN|Social|Claim|Case|Employer|Applicant|Patient|Incident|Body|Occupation|Carrier|Insurer|Adjuster|Phone|Fax|WCAB|ADJ)/i;

const CT_MARK = String.raw`(?:(?<![A-Za-z])C\.?[ ]?T\.?(?![A-Za-z])|[Cc]umulative(?:\s+[Tt]rauma)?|CUMULATIVE(?:\s+TRAUMA)?|[Cc]ontinuous\s+[Tt]rauma)`;
/** "to" / "through" as OCR prints them too ("t0", "tbrough", "througb"). */
const JOIN_WORD = String.raw`(?:t[o0]|t[hb]r[o0]ug[hb]|thru|until)(?![A-Za-z])`;
/**
 * What joins a period's two dates: a dash (OCR: "~", doubled), a word, or both, as OCR glues a
 * dash to the word ("2016-to February 7, 2022", "to - 03/15/2023").
 */
// A speck OCR read after the first date ("8/22/2017. through", "01/22/2023: through") is no end.
const RANGE_JOIN = String.raw`[.:,;]?\s*(?:[-~]+\s*(?:${JOIN_WORD})?|${JOIN_WORD}\s*[-~]*)\s*`;
const THROUGH = String.raw`\s*(?:${JOIN_WORD}|ending|ended|[-~]+)\s*`;

const RANGE_OPEN_END = new RegExp(`(?:${DATE_PATTERN})${RANGE_JOIN}$`, 'i');
const RANGE_OPEN_START = new RegExp(`^${RANGE_JOIN}(?:${DATE_PATTERN})`, 'i');
const RANGE_RE = new RegExp(`(${DATE_PATTERN})${RANGE_JOIN}(${DATE_PATTERN})`, 'i');
const FIRST_DATE_RE = new RegExp(`(?<![A-Za-z0-9])${DATE_PATTERN}(?![0-9])`, 'i');
const CT_RE = new RegExp(CT_MARK);
const CT_THROUGH_RE = new RegExp(`${CT_MARK}[\\s:,]*${THROUGH}(${DATE_PATTERN})`);

/** Words in lower case after a label, not those a date may follow ("on or about", "from"). */
const PROSE_GOES_ON = /^(?!(?:on|from|between|during|through|of|is|was|approx)\b)[a-z]{2,}\s+[a-z]/;

/** Text after a label that belongs to it: this line, or the next when this one has no date. */
function windowAfter(text: string, from: number): string {
  const lines = text
    .slice(from, from + 200)
    .replace(/^[\s:#.)-]+/, '')
    .split('\n');
  const first = lines[0] ?? '';
  // The words "date of injury" inside a sentence ("records from five years prior to the date of
  // injury to the present.") label nothing: prose goes on in lower case, with no date.
  if (!FIRST_DATE_RE.test(first) && PROSE_GOES_ON.test(first) && !CT_RE.test(first)) return '';
  // The next line belongs too when this one has no date, or breaks a period after "to" / "-".
  const wraps =
    !FIRST_DATE_RE.test(first) ||
    RANGE_OPEN_END.test(first) ||
    RANGE_OPEN_START.test(lines[1] ?? '');
  let win = wraps && lines[1] ? `${first} ${lines[1]}` : first;
  const stop = NEXT_FIELD.exec(win);
  if (stop) win = win.slice(0, stop.index);
  return win.slice(0, 120);
}

/** Whether a CT marker goes with the single date at [from, to) of a window. */
function ctAround(win: string, from: number, to: number): boolean {
  const after = (win.slice(to).split(/;|\sand\s|,/)[0] ?? '').split(FIRST_DATE_RE)[0] ?? '';
  return CT_RE.test(win.slice(0, from)) || CT_RE.test(after);
}

/**
 * Reads a date of injury out of a label's window. The earliest statement wins: a period, a "CT
 * through <date>", or a single date (CT when a CT marker goes with it).
 */
export function parseInjuryWindow(win: string, now: Date = new Date()): InjuryDate | null {
  const first = FIRST_DATE_RE.exec(win);
  if (!first) return null;
  const range = RANGE_RE.exec(win);
  if (range && range.index <= first.index) {
    const start = parseDate(range[1] ?? '', now);
    const end = parseDate(range[2] ?? '', now);
    if (start && end && start <= end) return { start, end, cumulativeTrauma: true };
  }
  const through = CT_THROUGH_RE.exec(win);
  if (through && through.index < first.index) {
    const end = parseDate(through[1] ?? '', now);
    if (end) return { start: end, cumulativeTrauma: true };
  }
  const start = parseDate(first[0], now);
  if (!start) return null;
  const cumulativeTrauma = ctAround(win, first.index, first.index + first[0].length);
  return { start, cumulativeTrauma };
}

function labelHits(
  text: string,
  labels: RegExp[],
  extra: Array<{ index: number; end: number }> = [],
): number[] {
  const ends: Array<{ index: number; end: number }> = [...extra];
  for (const re of labels) {
    for (const m of text.matchAll(re)) {
      const index = m.index ?? 0;
      ends.push({ index, end: index + m[0].length });
    }
  }
  const sorted = ends.sort((a, b) => a.index - b.index || a.end - b.end).map((h) => h.end);
  return sorted.filter((end, i) => sorted.indexOf(end) === i);
}

/** A CT period stated without a label: "CT 01/01/2019 - 03/15/2023", "... (CT)", "CT through x". */
function findUnlabelledCt(text: string, now: Date): InjuryDate | null {
  const before = new RegExp(
    `${CT_MARK}[\\s:,]*(?:from\\s+|of\\s+|period\\s+)?(${DATE_PATTERN})${RANGE_JOIN}(${DATE_PATTERN})`,
  );
  const after = new RegExp(
    `(${DATE_PATTERN})${RANGE_JOIN}(${DATE_PATTERN})\\s*[(\\[]?\\s*${CT_MARK}`,
  );
  // An application's cumulative-trauma wording: "during the period from X through Y".
  const period = new RegExp(
    `(?<![A-Za-z])(?:during\\s+the\\s+)?period\\s+(?:of\\s+(?:injury\\s+)?|from\\s+)+(${DATE_PATTERN})${RANGE_JOIN}(${DATE_PATTERN})`,
    'i',
  );
  for (const re of [before, after, period]) {
    const m = re.exec(text);
    if (!m) continue;
    const start = parseDate(m[1] ?? '', now);
    const end = parseDate(m[2] ?? '', now);
    if (start && end && start <= end) return { start, end, cumulativeTrauma: true };
  }
  const through = CT_THROUGH_RE.exec(text);
  const end = through ? parseDate(through[1] ?? '', now) : null;
  return end ? { start: end, cumulativeTrauma: true } : null;
}

/**
 * Prose as OCR leaves it, tidied so a sentence reads on: specks of dirt read as a lone "." or ","
 * opening a line (". December 17, 2018."), and blank lines OCR puts inside a paragraph after a
 * word a sentence cannot end on ("left shoulder on\n\nDecember 17, 2018").
 */
function tidyProse(text: string): string {
  return text
    .replace(/^[ \t]*[.,;:'"`~_|-]{1,2}[ \t]+(?=\S)/gm, '')
    .replace(
      /\b(on|or\s+about|from|of|to|through|during|between|and|the|at|by|in)[ \t]*\n(?:[ \t]*\n)+/gi,
      '$1\n',
    );
}

/** The date of injury stated in a sentence ("while employed ... on <date>"), if any. */
export function findInjuryInProse(text: string, now: Date = new Date()): InjuryDate | null {
  const prose = tidyProse(text);
  for (const m of prose.matchAll(INJURY_PROSE)) {
    const from = (m.index ?? 0) + m[0].length;
    let sentence = prose.slice(from, from + 500);
    const end = SENTENCE_END.exec(sentence);
    if (end) sentence = sentence.slice(0, end.index);
    // A date may break over a line ("December 26,\n2016").
    sentence = sentence.replace(/\s+/g, ' ');
    const on = ON_DATE.exec(sentence);
    if (!on) continue;
    const found = parseInjuryWindow(sentence.slice(on.index + on[0].length), now);
    if (found) return found;
  }
  return null;
}

/**
 * The document's date of injury: the first labelled one that parses, else one stated in prose,
 * else an unlabelled CT period.
 */
export function findDateOfInjury(text: string, now: Date = new Date()): InjuryDate | null {
  const clean = repairDateText(cleanText(text), now);
  for (const end of labelHits(clean, DOI_LABELS, fuzzyInjuryLabels(clean))) {
    const found = parseInjuryWindow(windowAfter(clean, end), now);
    if (found) return found;
  }
  return findInjuryInProse(clean, now) ?? findUnlabelledCt(clean, now);
}

/** The document's date of incident (ISO), from a "Date of Incident" / "Incident Date" label. */
export function findDateOfIncident(text: string, now: Date = new Date()): string | null {
  const clean = repairDateText(cleanText(text), now);
  for (const end of labelHits(clean, INCIDENT_LABELS)) {
    const first = FIRST_DATE_RE.exec(windowAfter(clean, end));
    const date = first ? parseDate(first[0], now) : null;
    if (date) return date;
  }
  return null;
}
