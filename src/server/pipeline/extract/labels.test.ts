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
