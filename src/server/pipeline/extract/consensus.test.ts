import { describe, expect, it } from 'vitest';
import { NO_FIELDS } from '../match/testing';
import type { ExtractedFields } from '../types';
import { agreeOnParties, spelling } from './consensus';

const doc = (defendants: string[], ocr = true) => ({
  fields: { ...NO_FIELDS, defendants, defendant: defendants[0] ?? null } as ExtractedFields,
  ocr,
});

const parties = (docs: ReturnType<typeof doc>[]) =>
  agreeOnParties(docs).map((fields) => fields.defendants);

describe('party names read through the file', () => {
  it('reads a damaged scan as the spelling more documents print, in its own capitals', () => {
    const read = parties([
      doc(['HARBOR GATE LOGISTICS, LEG', 'WESTBROOK MUTUAL INSURANCE NEMPANY']),
      doc(['Harbor Gate Logistics, LLC', 'Westbrook Mutual Insurance Company']),
      doc(['Harbor Gate Logistics, LLC', 'Westbrook Mutual Insurance Company']),
    ]);
    expect(read[0]).toEqual(['HARBOR GATE LOGISTICS, LLC', 'WESTBROOK MUTUAL INSURANCE COMPANY']);
    expect(read[1]).toEqual(['Harbor Gate Logistics, LLC', 'Westbrook Mutual Insurance Company']);
  });

  it('gives a reading in small letters the spelling as the file prints it in small letters', () => {
    const read = parties([
      doc(['Zenith Insurance Cornpany']),
      doc(['ZENITH INSURANCE COMPANY']),
      doc(['ZENITH INSURANCE COMPANY']),
      doc(['Zenith Insurance Company']),
    ]);
    expect(read[0]).toEqual(['Zenith Insurance Company']);
    const capsOnly = parties([
      doc(['Zenith Insurance Cornpany']),
      doc(['ZENITH INSURANCE COMPANY']),
    ]);
    expect(capsOnly[0]).toEqual(['ZENITH INSURANCE COMPANY']);
  });

  it("sets the employer (defendant) as the list's first", () => {
    const [first] = agreeOnParties([
      doc(['Mission Oaks Unified School Distric']),
      doc(['Mission Oaks Unified School District'], false),
    ]);
    expect(first?.defendant).toBe('Mission Oaks Unified School District');
    expect(first?.defendants).toEqual(['Mission Oaks Unified School District']);
  });

  it('takes a text layer over any number of scans, and never changes a text layer', () => {
    const read = parties([
      doc(['Golden Bear Casualty Insurance GOo.']),
      doc(['Golden Bear Casualty Insurance GOo.']),
      doc(['Golden Bear Casualty Insurance Co.'], false),
    ]);
    expect(read).toEqual([
      ['Golden Bear Casualty Insurance Co.'],
      ['Golden Bear Casualty Insurance Co.'],
      ['Golden Bear Casualty Insurance Co.'],
    ]);
  });

  it("completes a name cut at the line's end to the one it begins", () => {
    const read = parties([
      doc(['County of San Benito', 'Golden Bear']),
      doc(['County of San Benito', 'Golden Bear Casualty Insurance Co.']),
      doc(['Golden Bear Casualty Insurance Co.']),
    ]);
    expect(read[0]).toEqual(['County of San Benito', 'Golden Bear Casualty Insurance Co.']);
  });

  it('breaks a tie for the spelling that ends as a firm name does', () => {
    const read = parties([
      doc(['MISSION OAKS UNIFIED SCHOOL DISTRIC']),
      doc(['Mission Oaks Unified School District']),
    ]);
    expect(read).toEqual([
      ['MISSION OAKS UNIFIED SCHOOL DISTRICT'],
      ['Mission Oaks Unified School District'],
    ]);
  });

  it('leaves other firms, one-word beginnings, ties and fewer printings alone', () => {
    const apart = [
      doc(['Zenith Insurance Company']),
      doc(['Zenith National Insurance Company']),
      doc(['Zenith National Insurance Company']),
    ];
    expect(parties(apart)[0]).toEqual(['Zenith Insurance Company']);
    const oneWord = [doc(['Golden']), doc(['Golden Bear Co.']), doc(['Golden Bear Co.'])];
    expect(parties(oneWord)[0]).toEqual(['Golden']);
    const tie = [doc(['Acme Foods Inc.']), doc(['Acme Goods Inc.'])];
    expect(parties(tie)).toEqual([['Acme Foods Inc.'], ['Acme Goods Inc.']]);
    const two = [doc(['Sierra Fund']), doc(['Sierra Fund']), doc(['Sierra Fond', 'Sierra Fund'])];
    expect(parties(two)[0]).toEqual(['Sierra Fund']);
  });

  it('changes nothing in a file without OCR, or when two spellings stand out equally', () => {
    const text = [doc(['Acme Packing Go.'], false), doc(['Acme Packing Co.'], false)];
    expect(parties(text)).toEqual([['Acme Packing Go.'], ['Acme Packing Co.']]);
    const even = [
      doc(['Acme Packing Cox']),
      ...[1, 2].map(() => doc(['Acme Packing Co.'])),
      ...[1, 2].map(() => doc(['Acme Packing Cos'])),
    ];
    expect(parties(even)[0]).toEqual(['Acme Packing Cox']);
  });

  it('drops a second reading that became a name already listed', () => {
    const read = parties([
      doc(['Pacific Indemnity Underwriters', 'Pacific Indemnity Underwriter5']),
      doc(['Pacific Indemnity Underwriters']),
    ]);
    expect(read[0]).toEqual(['Pacific Indemnity Underwriters']);
  });

  it('compares names in capitals without accents and punctuation', () => {
    expect(spelling('Peña & Sons, Inc.')).toBe('PENA & SONS INC');
  });
});
