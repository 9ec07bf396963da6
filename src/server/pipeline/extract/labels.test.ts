import { describe, expect, it } from 'vitest';
import { MAX_VALUE_LENGTH, cutAtNextField, firstLabelledValue, valueAfter } from './labels';

describe('cutAtNextField', () => {
  it.each([
    ['Maria Gonzalez', 'Maria Gonzalez'],
    ['  Maria   Gonzalez', 'Maria'],
    ['Maria Gonzalez     DOB: 01/01/1980', 'Maria Gonzalez'],
    ['Maria Gonzalez DOB: 01/01/1980', 'Maria Gonzalez'],
    ['Acme Inc. Claim No.: 123', 'Acme Inc.'],
    ['Acme Inc.\tPhone (800) 555-0100', 'Acme Inc.'],
    ['Zenith Insurance Company Adjuster: Jane Roe', 'Zenith Insurance Company'],
    ['Jane Roe Physician: Dr. Lee', 'Jane Roe'],
    ['ADJ1234567 ADJ7654321', 'ADJ1234567 ADJ7654321'],
  ])('%j → %j', (value, expected) => {
    expect(cutAtNextField(value)).toBe(expected);
  });

  it('bounds the length', () => {
    expect(cutAtNextField('x'.repeat(500))).toHaveLength(MAX_VALUE_LENGTH);
  });
});

describe('valueAfter', () => {
  it.each([
    ['Employer: Acme Inc.\nNext', 'Employer:', 'Acme Inc.'],
    ['Employer:\n   Acme Inc.\nNext', 'Employer:', 'Acme Inc.'],
    ['Employer:\nPhone: 555-0100', 'Employer:', ''],
    ['Employer:\n\nAcme', 'Employer:', ''],
    ['Employer', 'Employer', ''],
  ])('in %j after %j reads %j', (text, label, expected) => {
    expect(valueAfter(text, text.indexOf(label) + label.length)).toBe(expected);
  });
});

describe('firstLabelledValue', () => {
  it('skips rejected values and returns the first accepted one', () => {
    const text = 'Name: N/A\nName: Maria Gonzalez\nName: Someone Else';
    const value = firstLabelledValue(text, /Name:/g, (v) => (v === 'N/A' ? null : v));
    expect(value).toBe('Maria Gonzalez');
  });
  it('returns null when nothing matches', () => {
    expect(firstLabelledValue('nothing here', /Name:/g, (v) => v)).toBeNull();
  });
});

describe('cutAtNextField on forms', () => {
  it.each([
    [
      'Valley Memorial Hospital  14. DATE OF CURRENT INJURY: 11/28/2024',
      'Valley Memorial Hospital',
    ],
    ['SINGH, JUN 3. DOB: 11/11/2000', 'SINGH, JUN'],
    ['Precision Aerospace Components14. DATE OF CURRENT', 'Precision Aerospace Components'],
    ["Antonio Williams Today's Date: 11/02/2023", 'Antonio Williams'],
    ['BEATRIZ HERNANDEZ Location: SAN FRANCISCO', 'BEATRIZ HERNANDEZ'],
    ['ACME INC  CLAIM NO.: 123', 'ACME INC'],
    ['Karen M. Zamora : :', 'Karen M. Zamora : :'],
  ])('%j → %j', (value, expected) => {
    expect(cutAtNextField(value)).toBe(expected);
  });
});

describe('cutAtNextField on scanned forms', () => {
  it.each([
    // OCR reads the box rule between two boxes as specks glued to the next box number.
    [
      "Los 'Angeles Unified School District _-~-:14. DATE OF CURRENT INJURY: 10/26/2020",
      "Los 'Angeles Unified School District _-~-:",
    ],
    ["San Joaquin Farms LLC '14. DATE OF CURRENT INJURY: 3/20/2025", "San Joaquin Farms LLC '"],
    ['Acme Co. 14. DATE OF CURRENT INJURY: 1/2/2023', 'Acme Co.'],
    // The box number's period read as a comma.
    [
      'Pacific Coast Distribution LLC 14, DATE OF CURRENT INJURY: 02-28-2018',
      'Pacific Coast Distribution LLC',
    ],
    // The label itself damaged.
    [
      'Sacramento Regional Security pate oF current 1nsuRY: 06/10/2015',
      'Sacramento Regional Security',
    ],
  ])('%j → %j', (value, expected) => {
    expect(cutAtNextField(value)).toBe(expected);
  });

  it('strips a box number glued to the value on a numbered form row only', () => {
    const value = 'Sacramento Regional Securityis. pate oF current 1nsuRY: 06/10/2015';
    expect(cutAtNextField(value, true)).toBe('Sacramento Regional Security');
    expect(cutAtNextField(value, false)).toBe('Sacramento Regional Securityis.');
  });

  it.each([
    // Nothing is cut off a value that no next label follows, nor a company's "Co.".
    ['Acme Co.', 'Acme Co.'],
    ['Rand Oil.', 'Rand Oil.'],
    ['Acme Suite 14,', 'Acme Suite 14,'],
    ['Acme Co. DATE OF CURRENT INJURY: 1/2/2023', 'Acme Co.'],
  ])('keeps %j on a numbered row as %j', (value, expected) => {
    expect(cutAtNextField(value, true)).toBe(expected);
  });
});

describe('valueAfter on a numbered form row', () => {
  it.each([
    ['4. EMPLOYER: Acme Securityis. pate oF current 1nsuRY: 06/10/2015', 'Acme Security'],
    ["'4, EMPLOYER: Acme Securityl4. DATE OF CURRENT INJURY: 06/10/2015", 'Acme Security'],
    // Not a numbered row: a glued word end is kept.
    ['EMPLOYER: Acme Securityis. pate oF current 1nsuRY: 06/10/2015', 'Acme Securityis.'],
  ])('in %j reads %j', (text, expected) => {
    const end = text.indexOf('EMPLOYER:') + 'EMPLOYER:'.length;
    expect(valueAfter(text, end)).toBe(expected);
  });
});
