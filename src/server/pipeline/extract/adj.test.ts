import { describe, expect, it } from 'vitest';
import { findAdjNumbers, normaliseAdj } from './adj';

describe('findAdjNumbers', () => {
  it.each([
    ['Case No. ADJ1234567', ['ADJ1234567']],
    ['Case No. ADJ12345678', ['ADJ12345678']],
    ['EAMS No.: ADJ 12345678', ['ADJ12345678']],
    ['ADJ-1234567', ['ADJ1234567']],
    ['ADJ#1234567', ['ADJ1234567']],
    ['adj1234567 and Adj 7654321', ['ADJ1234567', 'ADJ7654321']],
    ['(ADJ1234567)', ['ADJ1234567']],
    ['Case Nos. ADJ1234567; ADJ7654321, ADJ11223344', ['ADJ1234567', 'ADJ7654321', 'ADJ11223344']],
    ['ADJ1234567 ... later again ADJ1234567', ['ADJ1234567']],
    ['No.:ADJ9346293 (Sacramento District Office)', ['ADJ9346293']],
    ['ADJ1234567.', ['ADJ1234567']],
    ['WCAB Case No. ADJ1234567\fPage 2 ADJ7654321', ['ADJ1234567', 'ADJ7654321']],
  ])('finds %j', (text, expected) => {
    expect(findAdjNumbers(text)).toEqual(expected);
  });

  it.each([
    ['ADJO812345', 'ADJ0812345'],
    ['ADJ l234567', 'ADJ1234567'],
    ['ADJ12S4567', 'ADJ1254567'],
    ['ADJ1234B67', 'ADJ1234867'],
    ['ADJ1Z34567', 'ADJ1234567'],
    ['ADJ|234567', 'ADJ1234567'],
    ['AD.J 1234567', 'ADJ1234567'],
    ['A.D.J. 1234567', 'ADJ1234567'],
    ['AD J1234567', 'ADJ1234567'],
    ['ADI1234567', 'ADJ1234567'],
    ['AD11234567', 'ADJ1234567'],
    ['ADl 12345678', 'ADJ12345678'],
    ['AOJ1234567', 'ADJ1234567'],
    ['A0J 12345678', 'ADJ12345678'],
    // A lower-case j, a J read as ")", a space OCR put inside the number.
    ['ADj19730123', 'ADJ19730123'],
    ['AD) 16697067', 'ADJ16697067'],
    ['ADJ1 1998272', 'ADJ11998272'],
    ['ADJ 1199 8272', 'ADJ11998272'],
    ['ADJ1:2820320', 'ADJ12820320'],
    ['ADJ128.20320', 'ADJ12820320'],
  ])('repairs OCR damage in %s', (text, expected) => {
    expect(findAdjNumbers(`Case No. ${text} Applicant`)).toEqual([expected]);
  });

  it.each([
    'ADJ123',
    'ADJ123456',
    'ADJUSTMENT 12345678',
    'ADJ123456789',
    'ADJUSTER 1234567',
    'Adjuster 1234567',
    'Adjusted 12345678',
    'XADJ1234567',
    'ADJ12345678901',
    // Damaged prefix plus damaged digits is not believable.
    'AOJ12345O7',
    'ADI12S4B67',
    // Mostly letters is a word, not a number.
    'ADJ SOBOZIO',
    'ADJ OOOSIS1',
    'AOj1234567',
    // "(AD)" is an abbreviation, not a damaged ADJ.
    '(AD) 1234567',
    // Split parts must make one 7-8 digit number, and what follows the space must be digits.
    'ADJ123 456',
    'ADJ1234 56789',
    'ADJ123 4S67',
    'ADJ12:34',
    'ADj12S4B67',
  ])('does not match %s', (text) => {
    expect(findAdjNumbers(`Re: ${text} for review`)).toEqual([]);
  });

  it('keeps a whole number and leaves the next number after a space alone', () => {
    expect(findAdjNumbers('ADJ1234567 1234567 pages')).toEqual(['ADJ1234567']);
    expect(findAdjNumbers('ADJ1234567 2 pages')).toEqual(['ADJ1234567']);
    expect(findAdjNumbers('ADJ1234567, 7654321')).toEqual(['ADJ1234567']);
    expect(findAdjNumbers('Case Nos. ADJ1234567,ADJ7654321')).toEqual(['ADJ1234567', 'ADJ7654321']);
  });

  it('drops letters glued from the next word', () => {
    expect(findAdjNumbers('ADJ1234567Sincerely')).toEqual(['ADJ1234567']);
  });

  it('returns nothing for text without numbers', () => {
    expect(findAdjNumbers('The adjuster adjusted the adjustment.')).toEqual([]);
  });
});

describe('normaliseAdj', () => {
  it.each([
    ['ADJ1234567', 'ADJ1234567'],
    ['adj 1234567', 'ADJ1234567'],
    ['ADJ-12345678', 'ADJ12345678'],
    [' ADJO812345 ', 'ADJ0812345'],
    ['ADJ1234567.', 'ADJ1234567'],
  ])('%j → %s', (input, expected) => {
    expect(normaliseAdj(input)).toBe(expected);
  });

  it.each(['', 'ADJ123', '1234567', 'ADJ1234567 ADJ7654321', 'see ADJ1234567', 'ADJ123456789'])(
    'rejects %j',
    (input) => {
      expect(normaliseAdj(input)).toBeNull();
    },
  );
});
