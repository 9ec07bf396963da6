/**
 * Reading a case CSV (spec section 5): the header row names the columns (LegalCaseInput field
 * names, case-insensitive, or a common alias such as "Case Number", "Client", "DOI", "EAMS",
 * "WCAB"); columns with other names are ignored. Rows without a case_number are skipped, later
 * rows repeating a case_number are dropped (the first wins), and each remaining row is checked on
 * its own: a bad row is reported with its line and never stops the others. Pure: no database.
 */
import {
  CASE_DATE_FIELDS,
  CASE_FIELDS,
  spreadsheetDate,
  textLimit,
  type CaseChanges,
  type CaseField,
} from './input';
import { parseCsv, type CsvRecord } from './csv';
import { NUL_MESSAGE, textProblem } from '../../../shared/schemas/input';

/** Rows per chunk; each chunk is written in one transaction (spec sections 5 and 9). */
export const IMPORT_CHUNK_SIZE = 500;

/** A CSV that cannot be imported at all (no header, no case_number column...). */
export class CaseCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaseCsvError';
  }
}

/** Header names (lower case, letters and digits only) and the field each one fills. */
const ALIASES: Record<string, CaseField> = {
  casenumber: 'case_number',
  caseno: 'case_number',
  casenum: 'case_number',
  case: 'case_number',
  matternumber: 'case_number',
  name: 'name',
  casename: 'name',
  casetitle: 'name',
  clientname: 'client_name',
  client: 'client_name',
  applicant: 'client_name',
  applicantname: 'client_name',
  eamsnumber: 'eams_number',
  eams: 'eams_number',
  eamsno: 'eams_number',
  adjnumber: 'eams_number',
  adj: 'eams_number',
  wcabnumber: 'wcab_number',
  wcab: 'wcab_number',
  wcabno: 'wcab_number',
  primarynumber: 'primary_number',
  primary: 'primary_number',
  alternatenumber: 'alternate_number',
  alternate: 'alternate_number',
  altnumber: 'alternate_number',
  legalcasestatus: 'legal_case_status',
  casestatus: 'legal_case_status',
  status: 'legal_case_status',
  legalcasetype: 'legal_case_type',
  casetype: 'legal_case_type',
  type: 'legal_case_type',
  dateofincident: 'date_of_incident',
  incidentdate: 'date_of_incident',
  dateofinjury: 'date_of_injury',
  injurydate: 'date_of_injury',
  doi: 'date_of_injury',
};

const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The field a header names, or undefined for a column to ignore. */
export function fieldOfHeader(name: string): CaseField | undefined {
  return ALIASES[headerKey(name)];
}

export interface CsvCaseRow {
  line: number;
  /** The row's cells of the known columns, trimmed ('' = empty cell). */
  cells: Partial<Record<CaseField, string>>;
  /** Set when the row has more non-empty cells than the header has columns. */
  tooManyFields?: { got: number; expected: number };
  /** Known columns whose unquoted cell holds a quote that opens or closes nothing (csv.ts). */
  strayQuotes?: CaseField[];
}

export interface CaseCsv {
  /** The fields the file has columns for (an import changes only these). */
  columns: CaseField[];
  rows: CsvCaseRow[];
}

/** Parses the text and maps its columns; throws CsvError or CaseCsvError for an unusable file. */
export function readCaseCsv(text: string): CaseCsv {
  const records: CsvRecord[] = parseCsv(text);
  const header = records[0];
  if (!header)
    throw new CaseCsvError('The CSV is empty: it needs a header row naming its columns.');
  const positions = new Map<CaseField, number>();
  header.fields.forEach((name, index) => {
    const field = fieldOfHeader(name);
    if (!field) return;
    const earlier = positions.get(field);
    if (earlier !== undefined)
      throw new CaseCsvError(
        `The columns "${header.fields[earlier]!.trim()}" and "${name.trim()}" both give ${field}; keep one of them.`,
      );
    positions.set(field, index);
  });
  if (!positions.has('case_number'))
    throw new CaseCsvError(
      `The CSV needs a case_number column (a header named "case_number" or "Case Number"); the header on line ${header.line} has: ${header.fields
        .map((f) => `"${f.trim()}"`)
        .join(', ')}.`,
    );
  const width = header.fields.length;
  const rows = records.slice(1).map((record): CsvCaseRow => {
    const cells: CsvCaseRow['cells'] = {};
    for (const [field, index] of positions) cells[field] = (record.fields[index] ?? '').trim();
    const extra = record.fields.slice(width).some((value) => value.trim() !== '');
    const stray = [...positions]
      .filter(([, index]) => record.strayQuotes?.includes(index))
      .map(([field]) => field);
    return {
      line: record.line,
      cells,
      ...(extra ? { tooManyFields: { got: record.fields.length, expected: width } } : {}),
      ...(stray.length > 0 ? { strayQuotes: stray } : {}),
    };
  });
  return { columns: CASE_FIELDS.filter((field) => positions.has(field)), rows };
}

export interface ImportPlan {
  /** Rows with a case_number, first occurrence of each, in file order. */
  rows: CsvCaseRow[];
  skipped: number;
  duplicates: number;
}

/** Skips rows without a case_number and drops later rows repeating one (spec section 5). */
export function planImport(rows: readonly CsvCaseRow[]): ImportPlan {
  const seen = new Set<string>();
  const kept: CsvCaseRow[] = [];
  let skipped = 0;
  let duplicates = 0;
  for (const row of rows) {
    const number = row.cells.case_number ?? '';
    if (number === '') skipped += 1;
    else if (seen.has(number)) duplicates += 1;
    else {
      seen.add(number);
      kept.push(row);
    }
  }
  return { rows: kept, skipped, duplicates };
}

export type CheckedRow =
  | { ok: true; line: number; values: CaseChanges & { case_number: string } }
  | { ok: false; line: number; message: string };

const DATE_FIELDS: ReadonlySet<CaseField> = new Set(CASE_DATE_FIELDS);

/**
 * One row's values for the columns the file has: text trimmed (an empty cell clears the field),
 * dates YYYY-MM-DD or M/D/YYYY. Every problem of the row is named in one message.
 */
export function checkRow(row: CsvCaseRow, columns: readonly CaseField[]): CheckedRow {
  const problems: string[] = [];
  if (row.tooManyFields)
    problems.push(
      `the row has ${row.tooManyFields.got} values but the header has ${row.tooManyFields.expected} columns (is a value with a comma missing its quotes?)`,
    );
  for (const field of row.strayQuotes ?? [])
    problems.push(
      `${field} ${row.cells[field] ?? ''} has a quote (") that is never closed: put a value holding quotes inside quotes and double each quote in it, as in "12"" binder"`,
    );
  const values: Record<string, string | null> = {};
  for (const field of columns) {
    if (row.strayQuotes?.includes(field)) continue;
    const cell = row.cells[field] ?? '';
    const textIssue = textProblem(cell);
    if (textIssue) {
      problems.push(
        textIssue === NUL_MESSAGE
          ? `${field} contains a NUL character`
          : `${field} contains a lone surrogate (not valid Unicode text)`,
      );
      continue;
    }
    if (cell.length > textLimit(field)) {
      problems.push(`${field} is longer than ${textLimit(field)} characters`);
      continue;
    }
    if (DATE_FIELDS.has(field) && cell !== '') {
      const date = spreadsheetDate(cell);
      if (!date) problems.push(`${field} "${cell}" is not a date (use YYYY-MM-DD or M/D/YYYY)`);
      values[field] = date;
      continue;
    }
    values[field] = cell === '' ? null : cell;
  }
  if (problems.length > 0) return { ok: false, line: row.line, message: `${problems.join('; ')}.` };
  return {
    ok: true,
    line: row.line,
    values: values as CaseChanges & { case_number: string },
  };
}

/** Splits the planned rows into chunks of IMPORT_CHUNK_SIZE. */
export function chunksOf<T>(items: readonly T[], size = IMPORT_CHUNK_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
