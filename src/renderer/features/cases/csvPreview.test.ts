import { describe, expect, it } from 'vitest';
import { checkCsvText, MAX_IMPORT_REQUEST_BYTES } from './csvFile';
import { parseCsv, previewCsv } from './csvPreview';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';

describe('CSV parsing for the preview', () => {
  it('given quoted cells with commas, doubled quotes and a line break, when parsed, then cells and start lines are right', () => {
    const text =
      '\uFEFFcase_number,name\r\nA1,"Smith, John"\r\n\r\nA2,"He said ""hi""\nthen left"\nA3,';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['case_number', 'name'] },
      { line: 2, cells: ['A1', 'Smith, John'] },
      { line: 4, cells: ['A2', 'He said "hi"\nthen left'] },
      { line: 6, cells: ['A3', ''] },
    ]);
  });

  it('given an empty text, when parsed, then there are no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n\n')).toEqual([]);
  });
});

describe('CSV preview', () => {
  const text = [
    'Case Number,Client,DOI,favourite_colour',
    'ADJ1,First,2024-01-05,blue',
    ',No number,2024-01-06,red',
    'ADJ2,Second,2024-13-40,green',
    ' ADJ1 ,Again,2024-01-07,blue',
    'ADJ3,Third,,',
    'ADJ4,Fourth,,',
  ].join('\n');

  it('given a header, when previewed, then columns are matched to case fields and others are marked', () => {
    const preview = previewCsv(text);
    expect(preview.columns).toEqual([
      { header: 'Case Number', field: 'case_number' },
      { header: 'Client', field: 'client_name' },
      { header: 'DOI', field: 'date_of_injury' },
      { header: 'favourite_colour', field: null },
    ]);
    expect(preview.hasCaseNumber).toBe(true);
  });

  it('given rows without a number and a repeated number, when previewed, then the rule notes them and counts the whole file', () => {
    const preview = previewCsv(text);
    expect(preview.rowCount).toBe(6);
    expect(preview.withoutCaseNumber).toBe(1);
    expect(preview.repeated).toBe(1);
    expect(preview.rows.map((row) => [row.line, row.note])).toEqual([
      [2, { kind: 'ok' }],
      [3, { kind: 'no_case_number' }],
      [4, { kind: 'ok' }],
      [5, { kind: 'duplicate', firstLine: 2 }],
      [6, { kind: 'ok' }],
    ]);
  });

  it('given no case_number column, when previewed, then every row is without a number', () => {
    const preview = previewCsv('name,client_name\nA,B\nC,D');
    expect(preview.columns.map((column) => column.field)).toEqual(['name', 'client_name']);
    expect(preview.hasCaseNumber).toBe(false);
    expect(preview.withoutCaseNumber).toBe(2);
  });
});

describe('the picked file', () => {
  it('given a file that is not .csv, an empty one or one too big for a request, then each is refused with its message', () => {
    expect(checkCsvText('cases.xlsx', 'case_number\nA1')).toEqual({
      ok: false,
      message: ERRORS.INVALID_FILE_TYPE,
    });
    expect(checkCsvText('cases.csv', '\uFEFF \n')).toEqual({
      ok: false,
      message: PRODUCT_ERRORS.FILE_EMPTY,
    });
    const big = `case_number\n${'A'.repeat(MAX_IMPORT_REQUEST_BYTES)}`;
    expect(checkCsvText('cases.csv', big)).toEqual({
      ok: false,
      message: PRODUCT_ERRORS.FILE_TOO_LARGE,
    });
  });

  it('given a small .CSV file, then its text is kept', () => {
    expect(checkCsvText('Cases.CSV', 'case_number\nA1')).toEqual({
      ok: true,
      text: 'case_number\nA1',
    });
  });
});
