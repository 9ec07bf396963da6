import { describe, expect, it } from 'vitest';
import { findCaseNumbers, findClaimNumbers } from './claim';

describe('findClaimNumbers', () => {
  it.each([
    ['Claim No.: 05-123456-7', ['05-123456-7']],
    ['Claim No. ZEN0512345', ['ZEN0512345']],
    ['Claim Number: SC-1234567-A', ['SC-1234567-A']],
    ['Claim #: 123456789', ['123456789']],
    ['Claim # 123456789', ['123456789']],
    ['Carrier Claim No: 2023-WC-00451', ['2023-WC-00451']],
    ['Insurer claim no. 0000451234', ['0000451234']],
    ['CLAIM NO.: 05123456', ['05123456']],
    ['Claim: 7751234', ['7751234']],
    ['Claim Nos.: 123-45-678, 987-65-432', ['123-45-678', '987-65-432']],
    ['Claim No(s).: 111222333; 444555666 & 777888999', ['111222333', '444555666', '777888999']],
    ['Claim No.: 12345678.', ['12345678']],
    ['Claim No.:\n   WC-778812', ['WC-778812']],
    ['Claim\nNumber: WC-778812', ['WC-778812']],
    ['Employer: Acme   Claim No.: 778812   DOI: 01/02/2023', ['778812']],
    ['Claim No.: 778812 Date of Injury: 01/02/2023', ['778812']],
  ])('reads %j', (text, expected) => {
    expect(findClaimNumbers(text)).toEqual(expected);
  });

  it.each([
    ['C1aim No.: 778812', ['778812']],
    ['CIaim N0. 778812', ['778812']],
    ['Clairn Number: 778812', ['778812']],
    ['Cla im No: 778812', ['778812']],
    ['C|aim #: 778812', ['778812']],
  ])('reads an OCR-damaged label %j', (text, expected) => {
    expect(findClaimNumbers(text)).toEqual(expected);
  });

  it('keeps several claims in order without duplicates', () => {
    const text = 'Claim No.: AAA111\nsome text\nClaim Number: BBB222\nClaim No. AAA111';
    expect(findClaimNumbers(text)).toEqual(['AAA111', 'BBB222']);
  });

  it.each([
    'Claim No.: ADJ1234567',
    'Claim No.: ADJ 12345678',
    'Claim No.: Pending',
    'Claim No.: N/A',
    'Claim Number:          Date of Injury: 01/02/2023',
    'Claim No.: 01/02/2023',
    'Claimant: Maria Gonzalez 12345',
    'The claim was denied on 01/02/2023.',
    'Claim No.: 12',
    'Claim No.: ABCDEFGHIJ1234567890ABCDEFGH',
  ])('finds nothing in %j', (text) => {
    expect(findClaimNumbers(text)).toEqual([]);
  });

  it('skips an ADJ number but keeps the claim number after it', () => {
    expect(findClaimNumbers('Claim Nos.: ADJ1234567, 778812')).toEqual(['778812']);
  });
});

describe('findCaseNumbers', () => {
  it.each([
    ['Case No.: BC123456', ['BC123456']],
    ['Case Number: 19STCV12345', ['19STCV12345']],
    ['Superior Court Case No. 30-2019-01234567-CU-PA-CJC', ['30-2019-01234567-CU-PA-CJC']],
    ['Case #: CIVDS1234567', ['CIVDS1234567']],
    ['CASE NO. RIC1234567', ['RIC1234567']],
    ['Case Nos.: BC123456, BC654321', ['BC123456', 'BC654321']],
    ['Cas3 N0.: BC123456', ['BC123456']],
    ['Case No.:\n  BC123456', ['BC123456']],
  ])('reads %j', (text, expected) => {
    expect(findCaseNumbers(text)).toEqual(expected);
  });

  it.each([
    'Case No. ADJ1234567',
    'Case Nos. ADJ1234567; ADJ7654321',
    'Case No.: LAO 0812345',
    'Case No. ANTHONY DENNIS, Applicant,',
    'In this case no doctor was seen.',
    'Case Number:       Claim No.: 778812',
  ])('finds nothing in %j', (text) => {
    expect(findCaseNumbers(text)).toEqual([]);
  });

  it('keeps a court number listed after an ADJ number', () => {
    expect(findCaseNumbers('Case Nos.: ADJ1234567; BC123456')).toEqual(['BC123456']);
  });
});

describe('findClaimNumbers where a text layer dropped a column gap', () => {
  it('reads a label run into the left column', () => {
    expect(
      findClaimNumbers(
        'Claims Administrator: Employers Compensation Insurance CompanyClaim No.: EIG2009529645',
      ),
    ).toEqual(['EIG2009529645']);
  });
  it('does not read "claim" inside a lower-case word', () => {
    expect(findClaimNumbers('the reclaim no. 12345 process')).toEqual([]);
  });
});
