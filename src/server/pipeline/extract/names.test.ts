import { describe, expect, it } from 'vitest';
import { firstParty, isPersonName, nameAtEnd, tidy } from './names';

describe('tidy', () => {
  it.each([
    ['  MARIA   GONZALEZ , ', 'MARIA GONZALEZ'],
    ['Acme Warehousing, Inc.,', 'Acme Warehousing, Inc.'],
    ['24 Hour Fitness;', '24 Hour Fitness'],
    // OCR specks and box rules around a value.
    ['.Sierra Framing & Drywall;', 'Sierra Framing & Drywall'],
    ["Los 'Angeles Unified School District _-~-:", "Los 'Angeles Unified School District"],
    ["San Joaquin Farms LLC '", 'San Joaquin Farms LLC'],
    ['| ACME INC. |', 'ACME INC.'],
    ["O'Brien Trucking", "O'Brien Trucking"],
  ])('%j → %j', (input, expected) => {
    expect(tidy(input)).toBe(expected);
  });

  it.each(['', '  ,; ', 'n/a', 'N/A', 'Unknown', 'see above.', '12345', 'x'.repeat(101)])(
    'rejects %j',
    (input) => {
      expect(tidy(input)).toBeNull();
    },
  );
});

describe('nameAtEnd', () => {
  it.each([
    ['Case No. ANTHONY DENNIS,', 'ANTHONY DENNIS'],
    ['4 Case No. ANTHONY DENNIS, 5', 'ANTHONY DENNIS'],
    ['MARIA GONZALEZ ,', 'MARIA GONZALEZ'],
    ['JOSE DE LA CRUZ,', 'JOSE DE LA CRUZ'],
    ['Juan de la Rosa,', 'Juan de la Rosa'],
    ["PETER O'NEIL, JR.,", "PETER O'NEIL, JR."],
    ['STATE OF CALIFORNIA', null],
    ['ADJ1234567', null],
    ['', null],
  ])('%j → %j', (segment, expected) => {
    expect(nameAtEnd(segment)).toBe(expected);
  });
});

describe('isPersonName', () => {
  it.each([
    ['Maria Gonzalez', true],
    ['MARIA L. GONZALEZ', true],
    ['Gonzalez Maria', true],
    ['Maria', false],
    ['Request for Authorization', false],
    ['Medical Records Subpoena', false],
    ['Acme Warehousing Inc.', false],
    ['Zenith Insurance Company', false],
    ['See Benson', true],
  ])('%j → %s', (s, expected) => {
    expect(isPersonName(s)).toBe(expected);
  });
});

describe('firstParty', () => {
  it.each([
    ['ACME WAREHOUSING INC.; ZENITH INSURANCE COMPANY,', 'ACME WAREHOUSING INC.'],
    ['ACME WAREHOUSING INC.,\nZENITH INSURANCE COMPANY,', 'ACME WAREHOUSING INC.'],
    [
      'STATE OF CALIFORNIA DEPARTMENT OF\nTRANSPORTATION, Legally Uninsured',
      'STATE OF CALIFORNIA DEPARTMENT OF TRANSPORTATION',
    ],
    ['Acme Inc., Employer, and Zenith, Insurance Carrier', 'Acme Inc.'],
    ['SUNRISE FARMS LLC, Permissibly Self-Insured', 'SUNRISE FARMS LLC'],
    ['CITY OF LONG BEACH, adjusted by TRISTAR', 'CITY OF LONG BEACH'],
    ['ACME INC. ADJ1234567 (Van Nuys District Office)', 'ACME INC.'],
    ['ACME INC. & ZENITH INSURANCE', 'ACME INC.'],
    ['Johnson & Johnson', 'Johnson & Johnson'],
    ['', null],
  ])('%j → %j', (block, expected) => {
    expect(firstParty(block)).toBe(expected);
  });
});

describe('firstParty and "&"', () => {
  it.each([
    ['DESERT SUN HOTELS & RESORTS', 'DESERT SUN HOTELS & RESORTS'],
    ['Sierra Framing & Drywall; State Compensation Insurance Fund', 'Sierra Framing & Drywall'],
    ['ACME INC. & ZENITH INSURANCE COMPANY', 'ACME INC.'],
  ])('%j → %j', (block, expected) => {
    expect(firstParty(block)).toBe(expected);
  });
});
