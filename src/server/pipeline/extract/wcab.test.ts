import { describe, expect, it } from 'vitest';
import { WCAB_OFFICE_CODES, findWcabNumbers, normaliseWcab } from './wcab';

describe('findWcabNumbers', () => {
  it.each([
    ['Case No. LAO 0812345', ['LAO 0812345']],
    ['WCAB No.: VNO0512345', ['VNO 0512345']],
    ['SFO-0123456', ['SFO 0123456']],
    ['Case Nos. SDO 0345678, SBR 0332101', ['SDO 0345678', 'SBR 0332101']],
    ['OAK 0999999 / OAK 0999999', ['OAK 0999999']],
    ['(AHM 0123456)', ['AHM 0123456']],
    ['ADJ1234567 (formerly LBO 0345678)', ['LBO 0345678']],
  ])('finds %j', (text, expected) => {
    expect(findWcabNumbers(text)).toEqual(expected);
  });

  it.each([
    ['LA0 0812345', 'LAO 0812345'],
    ['LAO O812345', 'LAO 0812345'],
    ['5FO 0l23456', 'SFO 0123456'],
    ['VNO 05I2345', 'VNO 0512345'],
  ])('repairs OCR damage in %s', (text, expected) => {
    expect(findWcabNumbers(`Case No. ${text}`)).toEqual([expected]);
  });

  it.each([
    'ABC 1234567',
    'LAO 123456',
    'LAO 12345678',
    'lao 0812345',
    'XLAO 0812345',
    'LAO 0812345A',
    'LAO OSIS4B7',
    'SACRAMENTO 1234567',
    'Phone 1234567',
  ])('does not match %s', (text) => {
    expect(findWcabNumbers(text)).toEqual([]);
  });

  it('knows the district office codes', () => {
    for (const code of ['LAO', 'VNO', 'SFO', 'OAK', 'SDO', 'SBR', 'SJO', 'SRO', 'STK', 'FRE']) {
      expect(WCAB_OFFICE_CODES.has(code)).toBe(true);
    }
    expect(WCAB_OFFICE_CODES.has('ADJ')).toBe(false);
  });
});

describe('normaliseWcab', () => {
  it.each([
    ['LAO 0812345', 'LAO 0812345'],
    ['lao0812345', 'LAO 0812345'],
    ['LAO-0812345', 'LAO 0812345'],
    ['  sfo 0l23456. ', 'SFO 0123456'],
    ['LA0 O812345', 'LAO 0812345'],
  ])('%j → %s', (input, expected) => {
    expect(normaliseWcab(input)).toBe(expected);
  });

  it.each(['', 'ABC 1234567', 'LAO 123456', 'LAO 0812345 VNO 0512345', 'ADJ1234567'])(
    'rejects %j',
    (input) => {
      expect(normaliseWcab(input)).toBeNull();
    },
  );
});

describe('Marina del Rey and Santa Ana office codes', () => {
  it.each([
    ['Case No.: ADJ1314824 (MDR 0755100)', ['MDR 0755100']],
    ['WCAB No.: ADJ6162440 (MDR0789537)', ['MDR 0789537']],
    ['SAA 0412345', ['SAA 0412345']],
  ])('%j', (text, expected) => {
    expect(findWcabNumbers(text)).toEqual(expected);
  });
});
