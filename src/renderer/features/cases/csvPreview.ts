/**
 * A CSV file read for the import dialog's preview only (the server parses it for real): the
 * header's columns and which case fields they fill, the first rows with their line numbers, and
 * what the import rule will do with each shown row (spec section 5: rows without a case number
 * are skipped, a later row with the same case number is dropped, the first wins). RFC 4180
 * quoting, CRLF or LF, a leading byte-order mark and blank lines are handled.
 */
import { CASE_FIELDS, type CaseField } from './caseForm';

export const PREVIEW_ROWS = 5;

/** Spec section 9: cases are processed in chunks of 500. */
export const IMPORT_CHUNK_SIZE = 500;

export interface CsvRecord {
  /** 1-based line of the record's start in the file (the header is line 1). */
  line: number;
  cells: string[];
}

/** Splits CSV text into records of cells. Blank lines are left out. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let touched = false;

  const endRecord = () => {
    cells.push(cell);
    if (touched) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    touched = false;
  };

  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      touched = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
      touched = true;
    }
  }
  endRecord();
  return records;
}

/**
 * Header names the import recognises besides the field names, compared in lower case with letters
 * and digits only. Mirrors the server's list (src/server/domains/cases/csvImport.ts) for the
 * preview; the server's reading is what counts.
 */
const ALIASES: Record<string, CaseField> = {
  caseno: 'case_number',
  casenum: 'case_number',
  case: 'case_number',
  matternumber: 'case_number',
  casename: 'name',
  casetitle: 'name',
  client: 'client_name',
  applicant: 'client_name',
  applicantname: 'client_name',
  eams: 'eams_number',
  eamsno: 'eams_number',
  adjnumber: 'eams_number',
  adj: 'eams_number',
  wcab: 'wcab_number',
  wcabno: 'wcab_number',
  primary: 'primary_number',
  alternate: 'alternate_number',
  altnumber: 'alternate_number',
  casestatus: 'legal_case_status',
  status: 'legal_case_status',
  casetype: 'legal_case_type',
  type: 'legal_case_type',
  incidentdate: 'date_of_incident',
  injurydate: 'date_of_injury',
  doi: 'date_of_injury',
};

/** A header cell as the import compares it: lower case, letters and digits only. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface PreviewColumn {
  header: string;
  /** The case field the column fills, or null when it is not a case field. */
  field: CaseField | null;
}

export type PreviewRowNote =
  { kind: 'ok' } | { kind: 'no_case_number' } | { kind: 'duplicate'; firstLine: number };

export interface PreviewRow {
  line: number;
  cells: string[];
  note: PreviewRowNote;
}

export interface CsvPreview {
  columns: PreviewColumn[];
  hasCaseNumber: boolean;
  /** Data rows in the file (header excluded). */
  rowCount: number;
  /** Data rows without a case number (the import skips them). */
  withoutCaseNumber: number;
  /** Data rows repeating an earlier row's case number (the import drops them). */
  repeated: number;
  /** The first rows, to show. */
  rows: PreviewRow[];
}

function fieldOf(header: string): CaseField | null {
  const key = headerKey(header);
  return CASE_FIELDS.find((field) => headerKey(field) === key) ?? ALIASES[key] ?? null;
}

export function previewCsv(text: string, shown = PREVIEW_ROWS): CsvPreview {
  const [head, ...data] = parseCsv(text);
  const columns = (head?.cells ?? []).map((header) => ({ header, field: fieldOf(header) }));
  const numberAt = columns.findIndex((column) => column.field === 'case_number');
  const firstSeen = new Map<string, number>();
  const rows: PreviewRow[] = data.map((record) => {
    const number = numberAt >= 0 ? (record.cells[numberAt] ?? '').trim() : '';
    let note: PreviewRowNote = { kind: 'ok' };
    if (number === '') note = { kind: 'no_case_number' };
    else {
      const first = firstSeen.get(number);
      if (first === undefined) firstSeen.set(number, record.line);
      else note = { kind: 'duplicate', firstLine: first };
    }
    return { line: record.line, cells: record.cells, note };
  });
  return {
    columns,
    hasCaseNumber: numberAt >= 0,
    rowCount: data.length,
    withoutCaseNumber: rows.filter((row) => row.note.kind === 'no_case_number').length,
    repeated: rows.filter((row) => row.note.kind === 'duplicate').length,
    rows: rows.slice(0, shown),
  };
}
