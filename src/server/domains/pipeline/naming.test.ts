import { describe, expect, it } from 'vitest';
import { documentTitle, titleApplicant, UNTYPED_TITLE, type TitleParts } from './naming';

const parts = (over: Partial<TitleParts>): TitleParts => ({
  typeName: 'QME Report',
  applicant: 'Maria Gonzalez',
  dateOfInjury: '2023-03-15',
  dateOfIncident: null,
  ...over,
});

describe('documentTitle', () => {
  it('names a document from its type, applicant and date of injury in the company format', () => {
    expect(documentTitle(parts({}), 'MM/DD/YYYY')).toBe('QME Report - Maria Gonzalez - 03/15/2023');
    expect(documentTitle(parts({}), 'D MMM YYYY')).toBe(
      'QME Report - Maria Gonzalez - 15 Mar 2023',
    );
  });

  it('takes the date of incident when there is no date of injury', () => {
    expect(
      documentTitle(parts({ dateOfInjury: null, dateOfIncident: '2024-01-02' }), 'YYYY-MM-DD'),
    ).toBe('QME Report - Maria Gonzalez - 2024-01-02');
  });

  it('leaves out missing parts', () => {
    expect(documentTitle(parts({ applicant: null }), 'MM/DD/YYYY')).toBe('QME Report - 03/15/2023');
    expect(documentTitle(parts({ dateOfInjury: null }), 'MM/DD/YYYY')).toBe(
      'QME Report - Maria Gonzalez',
    );
    expect(documentTitle(parts({ applicant: '  ', dateOfInjury: null }), 'MM/DD/YYYY')).toBe(
      'QME Report',
    );
  });

  it('calls a document without a type an unclassified document, never by its raw file', () => {
    // Today's pipeline named this "scanned_02 (p. 1)".
    expect(
      documentTitle(parts({ typeName: null, applicant: null, dateOfInjury: null }), 'MM/DD/YYYY'),
    ).toBe(UNTYPED_TITLE);
    expect(documentTitle(parts({ typeName: undefined }), 'MM/DD/YYYY')).toBe(
      `${UNTYPED_TITLE} - Maria Gonzalez - 03/15/2023`,
    );
  });

  it('does not take a form instruction read as the applicant into the title', () => {
    // Today's pipeline named this "DWC-1 Claim Form - Complete the (p. 6)".
    expect(
      documentTitle(
        parts({ typeName: 'DWC-1 Claim Form', applicant: 'Complete the', dateOfInjury: null }),
        'MM/DD/YYYY',
      ),
    ).toBe('DWC-1 Claim Form');
    expect(
      documentTitle(
        parts({
          typeName: 'DWC-1 Claim Form',
          applicant: 'Complete the "Employee" section and give the form to your',
        }),
        'MM/DD/YYYY',
      ),
    ).toBe('DWC-1 Claim Form - 03/15/2023');
  });

  it('skips a date that is not a calendar day and keeps within the name length', () => {
    expect(documentTitle(parts({ dateOfInjury: '2025-02-29' }), 'MM/DD/YYYY')).toBe(
      'QME Report - Maria Gonzalez',
    );
    expect(documentTitle(parts({ typeName: 'X'.repeat(400) }), 'MM/DD/YYYY')).toHaveLength(250);
  });
});

describe('titleApplicant', () => {
  it.each([
    ['Maria Gonzalez', 'Maria Gonzalez'],
    ['  MARIA   GONZALEZ ', 'Maria Gonzalez'],
    ['GONZALEZ, MARIA', 'Maria Gonzalez'],
    ['Medina, Arturo', 'Arturo Medina'],
    ['MEDINA, ARTURO J.', 'Arturo J Medina'],
    ['JOSE DE LA CRUZ', 'Jose de la Cruz'],
    ["SEAN O'BRIEN-SMITH", "Sean O'Brien-Smith"],
    ['McDonald, Ann', 'Ann McDonald'],
    ['Jose de la Cruz', 'Jose de la Cruz'],
    ["Sean O'Brien Jr.", "Sean O'Brien Jr"],
    ['Maria Lopez, 1820 E 4th Street, Los Angeles CA 90033', 'Maria Lopez'],
    ['Maria Lopez (DOB 01/02/1980)', 'Maria Lopez'],
  ])('keeps the name of %j', (value, expected) => {
    expect(titleApplicant(value)).toBe(expected);
  });

  it.each([
    'Complete the',
    'Complete the "Employee" section',
    'see attached',
    '12345',
    'A B C D E F G',
    '',
    null,
  ])('leaves out %j', (value) => {
    expect(titleApplicant(value)).toBeNull();
  });
});
