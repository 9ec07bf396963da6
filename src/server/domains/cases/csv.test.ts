import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv';

const fields = (text: string) => parseCsv(text).map((record) => record.fields);

describe('parseCsv', () => {
  it('given plain rows with LF, then each line is a record of its comma-separated fields', () => {
    expect(fields('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('given CRLF, lone CR and no final line break, then the records are the same', () => {
    expect(fields('a,b\r\n1,2\r3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('given quoted values with commas, line breaks and doubled quotes, then they are kept whole', () => {
    const records = parseCsv('id,name\n1,"Smith, John ""Jack"""\n2,"line one\r\nline two"\n3,x\n');
    expect(records.map((r) => r.fields)).toEqual([
      ['id', 'name'],
      ['1', 'Smith, John "Jack"'],
      ['2', 'line one\r\nline two'],
      ['3', 'x'],
    ]);
    // Line numbers are physical lines: the record after the two-line value starts on line 5.
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 5]);
  });

  it('given a UTF-8 byte order mark, then the first header is read without it', () => {
    expect(fields('\uFEFFcase_number,name\nA-1,x')).toEqual([
      ['case_number', 'name'],
      ['A-1', 'x'],
    ]);
  });

  it('given blank and whitespace-only lines, then they are skipped but still counted as lines', () => {
    const records = parseCsv('h\n\n  \r\nv1\n\nv2\n\n');
    expect(records).toEqual([
      { line: 1, fields: ['h'] },
      { line: 4, fields: ['v1'] },
      { line: 6, fields: ['v2'] },
    ]);
  });

  it('given empty values, a trailing comma and a quoted empty line, then they stay as empty fields', () => {
    expect(fields('a,,c,\n""\n')).toEqual([['a', '', 'c', ''], ['']]);
  });

  it('given spaces around a quoted value, then the value is read without them', () => {
    expect(parseCsv('a, "b, c" ,d')).toEqual([{ line: 1, fields: ['a', 'b, c', 'd'] }]);
  });

  it('given a quote inside an unquoted value (opened or closed in the wrong place), then that field is marked', () => {
    expect(
      parseCsv('case_number,name\nADJ123",x\n"A-2",12" binder\nA-3,"ok ""quoted"""\n'),
    ).toEqual([
      { line: 1, fields: ['case_number', 'name'] },
      { line: 2, fields: ['ADJ123"', 'x'], strayQuotes: [0] },
      { line: 3, fields: ['A-2', '12" binder'], strayQuotes: [1] },
      { line: 4, fields: ['A-3', 'ok "quoted"'] },
    ]);
  });

  it('given an empty text, then there are no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF')).toEqual([]);
  });

  it('given a quoted value that never closes, then a CsvError names the line it starts on', () => {
    let error: unknown;
    try {
      parseCsv('a,b\n1,2\n3,"open\nstill open\n');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).line).toBe(3);
    expect((error as CsvError).message).toContain('line 3');
  });

  it('given text right after a closing quote, then a CsvError names that line', () => {
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/Line 2: a closing " must be followed/);
  });
});
