import { describe, expect, it } from 'vitest';
import { CsvError } from './csv';
import {
  CaseCsvError,
  checkRow,
  chunksOf,
  fieldOfHeader,
  planImport,
  readCaseCsv,
} from './csvImport';
import { DAY_MESSAGE } from '../../../shared/documents';
import { createCaseSchema, isoDate, spreadsheetDate, updateCaseSchema } from './input';

describe('case CSV columns', () => {
  it('given field names in any case or common aliases, then each maps to its field', () => {
    expect(fieldOfHeader('CASE_NUMBER')).toBe('case_number');
    expect(fieldOfHeader('Case Number')).toBe('case_number');
    expect(fieldOfHeader('Case #')).toBe('case_number');
    expect(fieldOfHeader('Client')).toBe('client_name');
    expect(fieldOfHeader('DOI')).toBe('date_of_injury');
    expect(fieldOfHeader('Date of Injury')).toBe('date_of_injury');
    expect(fieldOfHeader('EAMS')).toBe('eams_number');
    expect(fieldOfHeader('WCAB No.')).toBe('wcab_number');
    expect(fieldOfHeader('Favourite colour')).toBeUndefined();
  });

  it('given a header with known and unknown columns, then only the known ones are read', () => {
    const csv = readCaseCsv('Case Number,Notes,Client\n A-1 ,ignore me, Ann Lee \n');
    expect(csv.columns).toEqual(['case_number', 'client_name']);
    expect(csv.rows).toEqual([{ line: 2, cells: { case_number: 'A-1', client_name: 'Ann Lee' } }]);
  });

  it('given no header, no case_number column or two columns for one field, then it cannot be imported', () => {
    expect(() => readCaseCsv('')).toThrow(CaseCsvError);
    expect(() => readCaseCsv('\n\n')).toThrow(/needs a header row/);
    expect(() => readCaseCsv('name,client\nx,y')).toThrow(/needs a case_number column/);
    expect(() => readCaseCsv('case_number,Case Number\n1,2')).toThrow(/both give case_number/);
    expect(() => readCaseCsv('case_number\n"A-1')).toThrow(CsvError);
  });

  it('given a case number with an unclosed quote, then that row alone is a problem naming the line and the quote', () => {
    const csv = readCaseCsv('case_number,name,Notes\nADJ123",Ann\nB-2,Bo\nC-3,Cy,12" ignored\n');
    const checked = planImport(csv.rows).rows.map((row) => checkRow(row, csv.columns));
    expect(checked).toEqual([
      {
        ok: false,
        line: 2,
        message:
          'case_number ADJ123" has a quote (") that is never closed: put a value holding quotes inside quotes and double each quote in it, as in "12"" binder".',
      },
      { ok: true, line: 3, values: { case_number: 'B-2', name: 'Bo' } },
      // A column the import ignores is not checked.
      { ok: true, line: 4, values: { case_number: 'C-3', name: 'Cy' } },
    ]);
  });

  it('given rows without numbers and repeated numbers, then they are skipped and dropped, first wins', () => {
    const csv = readCaseCsv('case_number,name\nA,first\n,none\nB,b\nA,second\n  ,blank\n');
    const plan = planImport(csv.rows);
    expect(plan.skipped).toBe(2);
    expect(plan.duplicates).toBe(1);
    expect(plan.rows.map((row) => [row.cells.case_number, row.cells.name])).toEqual([
      ['A', 'first'],
      ['B', 'b'],
    ]);
  });

  it('given a row, then empty cells clear, dates are YYYY-MM-DD or M/D/YYYY, and bad values are named', () => {
    const csv = readCaseCsv(
      'case_number,name,date_of_injury,DOI of incident\nA,,3/7/2021\nB,x,2021-02-30\nC,y,,extra,more\n',
    );
    // "DOI of incident" is not a known header, so the file has three columns.
    expect(csv.columns).toEqual(['case_number', 'name', 'date_of_injury']);
    const [a, b, c] = csv.rows.map((row) => checkRow(row, csv.columns));
    expect(a).toEqual({
      ok: true,
      line: 2,
      values: { case_number: 'A', name: null, date_of_injury: '2021-03-07' },
    });
    expect(b).toEqual({
      ok: false,
      line: 3,
      message: 'date_of_injury "2021-02-30" is not a date (use YYYY-MM-DD or M/D/YYYY).',
    });
    expect(c?.ok).toBe(false);
    expect(c?.ok === false && c.message).toMatch(/5 values but the header has 4 columns/);
  });

  it('given 1,234 rows, then they make three chunks of at most 500', () => {
    expect(chunksOf(Array.from({ length: 1234 }, (_, i) => i)).map((c) => c.length)).toEqual([
      500, 500, 234,
    ]);
    expect(chunksOf([])).toEqual([]);
  });
});

describe('case input', () => {
  it('given dates, then only real YYYY-MM-DD days pass (and M/D/YYYY in spreadsheets)', () => {
    expect(isoDate('2024-02-29')).toBe('2024-02-29');
    expect(isoDate('2023-02-29')).toBeNull();
    expect(isoDate('2023-13-01')).toBeNull();
    expect(isoDate('03/07/2021')).toBeNull();
    expect(spreadsheetDate('03/07/2021')).toBe('2021-03-07');
    expect(spreadsheetDate('31/12/2021')).toBeNull();
    // The shared year range (1900-2099) holds for both writings.
    expect(isoDate('1899-12-31')).toBeNull();
    expect(spreadsheetDate('12/31/2100')).toBeNull();
    expect(spreadsheetDate('1/1/1900')).toBe('1900-01-01');
  });

  it('given a new case, then the number is required and trimmed and other fields default to empty', () => {
    const parsed = createCaseSchema.safeParse({ case_number: '  WC-1 ', name: '' });
    expect(parsed.success && parsed.data).toMatchObject({
      case_number: 'WC-1',
      name: null,
      date_of_injury: null,
    });
    const missing = createCaseSchema.safeParse({ case_number: '   ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('A case number is required.');
    const badDate = createCaseSchema.safeParse({ case_number: 'x', date_of_injury: '2021-2-3' });
    expect(badDate.error?.issues[0]).toMatchObject({
      path: ['date_of_injury'],
      message: DAY_MESSAGE,
    });
  });

  it('given an update, then only given fields change and the number cannot be cleared', () => {
    const parsed = updateCaseSchema.safeParse({ name: ' New ', client_name: null });
    expect(parsed.success && parsed.data).toEqual({ name: 'New', client_name: null });
    expect(updateCaseSchema.safeParse({ case_number: '' }).success).toBe(false);
    expect(updateCaseSchema.safeParse({ case_number: null }).success).toBe(false);
  });
});
