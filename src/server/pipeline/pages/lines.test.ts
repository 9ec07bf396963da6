// Rebuilding lines from positioned PDF text runs.
import { describe, expect, it } from 'vitest';
import { countLetters, runsToLines, type TextRun } from './lines';

const run = (text: string, x: number, y: number, size = 10): TextRun => ({
  text,
  x,
  y,
  size,
  width: text.length * size * 0.5,
});

describe('runsToLines', () => {
  it('orders lines top to bottom and runs left to right, whatever the input order', () => {
    const lines = runsToLines([
      run('second', 10, 40),
      run('line', 48, 40),
      run('first', 10, 20),
      run('line', 40, 20.8), // a slightly different baseline is still the same line
    ]);
    expect(lines).toEqual(['first line', 'second line']);
  });

  it('adds no space inside a word split into runs, and several across a column gap', () => {
    const lines = runsToLines([
      run('ADJ', 10, 20),
      run('1234567', 25, 20), // starts where "ADJ" ends (3 * 5 = 15)
      run('Claim No. 05-1', 200, 20),
    ]);
    expect(lines).toEqual(['ADJ1234567   Claim No. 05-1']);
  });

  it('keeps a space pdf.js reported even where the gap is narrow, and widens column gaps', () => {
    const lines = runsToLines([
      run('Case', 10, 20),
      run(' ', 30, 20, 0),
      run('No.', 31, 20),
      run(' ', 46, 20, 0),
      run('ADJ1', 200, 20),
    ]);
    expect(lines).toEqual(['Case No.   ADJ1']);
  });

  it('drops text drawn twice for fake bold, and empty lines', () => {
    expect(runsToLines([run('BOLD', 10, 20), run('BOLD', 10.3, 20), run('  ', 10, 60)])).toEqual([
      'BOLD',
    ]);
  });
});

describe('countLetters', () => {
  it('counts letters of any script, not digits or punctuation', () => {
    expect(countLetters('Año 2024: été — 12/3')).toBe(6);
  });
});

describe('runsToLines on two columns', () => {
  it('keeps a right column apart where the left column’s text runs up to it', () => {
    // A caption: the title column starts at x = 300 on every line; on the third line the left
    // column's party list is long enough to end right where the title begins.
    const lines = runsToLines([
      run('ROSA DIAZ,', 10, 20),
      run('Case No. ADJ1', 300, 20),
      run('Applicant,', 10, 40),
      run('PETITION FOR', 300, 40),
      run('ACME PACKING LLC; MESA INDEMNITY INSURANCE COMPANY; NORTH', 10, 60),
      run('PENALTIES', 300, 60),
    ]);
    expect(lines[2]).toBe('ACME PACKING LLC; MESA INDEMNITY INSURANCE COMPANY; NORTH   PENALTIES');
  });

  it('leaves a word split into runs alone when no column edge is near', () => {
    const lines = runsToLines([run('ADJ', 10, 20), run('1234567', 25, 20), run('Case', 10, 40)]);
    expect(lines).toEqual(['ADJ1234567', 'Case']);
  });
});
