import { describe, expect, it } from 'vitest';
import { fromCaption, leftColumn } from './caption';

describe('leftColumn', () => {
  it('keeps each line’s first column and drops right-column-only lines', () => {
    const text = [
      'MARIA GONZALEZ,                         Case No. ADJ12345678',
      '                                        ADJ7654321',
      '            Applicant,',
    ].join('\n');
    expect(leftColumn(text).split('\n')).toEqual(['MARIA GONZALEZ,', 'Applicant,']);
  });

  it('drops pleading numbers, also one set apart from the name like a column', () => {
    expect(leftColumn('3 MARIA GONZALEZ,')).toBe('MARIA GONZALEZ,');
    expect(leftColumn('7   DESHAWN A. MCALLISTER,        Case No.: ADJ17654321')).toBe(
      'DESHAWN A. MCALLISTER,',
    );
  });

  it('splits at a two-space gap, as a text layer or a form prints a right column', () => {
    expect(leftColumn('DAVID LE,  Case No. (New Case)\n     VS.  DECLARATION OF SERVICE')).toBe(
      'DAVID LE,\nVS.',
    );
  });

  it('keeps a name whose last word sits after a wide gap', () => {
    expect(leftColumn('Maria   Gonzalez,')).toBe('Maria Gonzalez,');
  });
});

describe('fromCaption', () => {
  it.each([
    ['MARIA GONZALEZ, Applicant, vs. ACME INC., Defendants.', 'MARIA GONZALEZ', 'ACME INC.'],
    ['MARIA GONZALEZ,\nApplicant,\n-vs-\nACME INC.,\nDefendant.', 'MARIA GONZALEZ', 'ACME INC.'],
    ['MARIA GONZALEZ,\nApplicant,\nversus\nACME INC.\nRespondent.', 'MARIA GONZALEZ', 'ACME INC.'],
    ['MARIA GONZALEZ\nvs.\nACME INC.\n\nORDER', 'MARIA GONZALEZ', 'ACME INC.'],
    ['MARIA GONZALEZ VS. ACME INC.', 'MARIA GONZALEZ', 'ACME INC.'],
    // OCR doubles the stroke of "v." and leaves a speck before the defendant.
    [
      'PATRICIA SALAZAR, Case No. ADJ8755142\nApplicant,\nVv.\nPREMIER JANITORIAL SERVICES;\nAthens Administrators,\nDefendants.',
      'PATRICIA SALAZAR',
      'PREMIER JANITORIAL SERVICES',
    ],
    [
      'FRANCISCO CRUZ, CASE NO. ADJ16697067\nApplicant, :\nVv.\n.Sierra Framing & Drywall;\nREPUBLIC INDEMNITY COMPANY OF AMERICA,\nDefendants.',
      'FRANCISCO CRUZ',
      'Sierra Framing & Drywall',
    ],
    ['MARIA GONZALEZ\nVv.\nACME INC.\n\nORDER', 'MARIA GONZALEZ', 'ACME INC.'],
    // A column rule read as a dash after "Applicant,".
    [
      'MIGUEL IBARRA, CASE NO. ADJ19874290\nApplicant, - ;\nv.\nWESTSIDE AUTO BODY;\nICW GROUP,\nDefendants.',
      'MIGUEL IBARRA',
      'WESTSIDE AUTO BODY',
    ],
  ])('reads %j', (text, applicant, defendant) => {
    expect(fromCaption(text)).toMatchObject({ applicant, defendant });
  });

  it.each([
    'The Applicant testified vs. the record.',
    'Applicant was seen today.',
    'EXHIBIT LIST\nvs.\nNOTHING',
    'Smith v. Jones (2001) 12 Cal.4th 1',
    'EXHIBIT LIST\nVv.\nNOTHING',
    '',
  ])('finds no caption in %j', (text) => {
    expect(fromCaption(text)).toBeNull();
  });
});
