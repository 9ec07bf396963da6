/**
 * What a processed file is called and why it is an exception: the one naming rule, used when the
 * pipeline writes a document, when a re-split re-extracts one and when a person's edit changes
 * what the name is made of (type, applicant, dates). A title reads
 * "<Type> - <Applicant> - <date>", e.g. "QME Report - Maria Gonzalez - 03/15/2023", the date the
 * date of injury (else of incident) in the company's date_format; a missing part is left out, and
 * a document without a type is an "Unclassified document". Raw file names ("scanned_02") and page
 * numbers are not part of it: the document's pages and raw file are shown beside its name.
 */
import { formatDay, isCalendarDay } from '../../../shared/documents';
import type { PipelineDocument } from '../../pipeline/types';

/** Exceptions of spec section 3 (statusType no_file_type, multi_case; needs_case_number). */
export function exceptionReasons(
  document: Pick<PipelineDocument, 'fields' | 'match'>,
  typeId: string | null,
): string[] {
  const reasons: string[] = [];
  if (!typeId) reasons.push('no_file_type');
  if (document.match?.multiCase) reasons.push('multi_case');
  if (document.match ? document.match.needsCaseNumber : noNumbers(document))
    reasons.push('needs_case_number');
  return reasons;
}

function noNumbers(document: Pick<PipelineDocument, 'fields'>): boolean {
  const f = document.fields;
  return (
    f.adjNumbers.length + f.wcabNumbers.length + f.caseNumbers.length + f.claimNumbers.length === 0
  );
}

/** The type part of a document without a type. */
export const UNTYPED_TITLE = 'Unclassified document';
/** A name's longest length (what the lists and the change logs show in full). */
export const TITLE_MAX_LENGTH = 250;

/** What a title is made of: the type's name and the document's stored values. */
export interface TitleParts {
  typeName: string | null | undefined;
  applicant: string | null | undefined;
  /** YYYY-MM-DD */
  dateOfInjury: string | null | undefined;
  /** YYYY-MM-DD */
  dateOfIncident: string | null | undefined;
}

/** Lower-case words a person's name may hold ("Maria de la Cruz", "Ludwig van Beethoven"). */
const NAME_PARTICLES = new Set([
  'de',
  'del',
  'della',
  'da',
  'di',
  'du',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
  'y',
  'bin',
]);
const MAX_NAME_WORDS = 6;
const NAME_WORD = /^[\p{L}][\p{L}'’.-]*,?$/u;

/**
 * The applicant as a title shows it, or null when the value does not read as a person's name
 * (an instruction a form printed after "Employee:", an address, a number). An address after the
 * name ("Maria Lopez, 1820 E 4th Street") is cut off.
 */
export function titleApplicant(value: string | null | undefined): string | null {
  if (!value) return null;
  const name = value
    .replace(/\s+/g, ' ')
    .replace(/\s*[,;(]\s*(?=[^,;(]*\d).*$/, '')
    .replace(/[\s,;:.-]+$/, '')
    .trim();
  const words = name.split(' ');
  if (name === '' || words.length > MAX_NAME_WORDS) return null;
  const readsAsName = words.every(
    (word) =>
      NAME_WORD.test(word) && (/^\p{Lu}/u.test(word) || NAME_PARTICLES.has(word.toLowerCase())),
  );
  return readsAsName && /^\p{Lu}/u.test(name) ? asWritten(firstNameFirst(name)) : null;
}

/** "GONZALEZ, MARIA" as a caption prints it reads "MARIA GONZALEZ" in a title. */
function firstNameFirst(name: string): string {
  const parts = /^([^,]+),\s*([^,]+)$/.exec(name);
  return parts ? `${parts[2]} ${parts[1]}` : name;
}

/**
 * A name printed all in capitals reads as a person writes it ("MARIA DE LA CRUZ" -> "Maria de la
 * Cruz", "O'BRIEN" -> "O'Brien"), so one person's documents are named alike whichever form printed
 * it; a name with any lower-case letter is kept as printed.
 */
function asWritten(name: string): string {
  if (/\p{Ll}/u.test(name)) return name;
  const capitalized = name
    .toLowerCase()
    .replace(
      /(^|[\s'’-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
  return capitalized
    .split(' ')
    .map((word, i) => (i > 0 && NAME_PARTICLES.has(word.toLowerCase()) ? word.toLowerCase() : word))
    .join(' ');
}

/** The date a title shows: the date of injury, else of incident, in the company's format. */
function titleDate(parts: TitleParts, dateFormat: string): string | null {
  for (const day of [parts.dateOfInjury, parts.dateOfIncident])
    if (day && isCalendarDay(day.slice(0, 10))) return formatDay(day.slice(0, 10), dateFormat);
  return null;
}

/** The document's title by the rule above. */
export function documentTitle(parts: TitleParts, dateFormat: string): string {
  const type = parts.typeName?.replace(/\s+/g, ' ').trim() || UNTYPED_TITLE;
  const pieces = [type, titleApplicant(parts.applicant), titleDate(parts, dateFormat)];
  return pieces
    .filter((piece): piece is string => Boolean(piece))
    .join(' - ')
    .slice(0, TITLE_MAX_LENGTH);
}

/** The stored fields a title is made of: a change to one renames a document nobody named. */
export const TITLE_FIELDS = [
  'legal_file_type_id',
  'applicant',
  'date_of_injury',
  'date_of_incident',
] as const;
