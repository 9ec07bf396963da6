import { describe, expect, it } from 'vitest';
import { cleanText, dedupe, escapeRegExp, repairDigits, repairLetters, squashSpaces } from './ocr';

describe('repairDigits', () => {
  it.each([
    ['1234567', '1234567', 0],
    ['O812345', '0812345', 1],
    ['l23456|', '1234561', 2],
    ['S0B2Z00', '5082200', 3],
    ['oIsz', '0152', 4],
  ])('reads %s as %s with %i repairs', (run, digits, repaired) => {
    expect(repairDigits(run)).toEqual({ digits, repaired });
  });

  it.each(['12a4567', '12 4567', 'ADJ', '12.34'])('rejects %s', (run) => {
    expect(repairDigits(run)).toBeNull();
  });
});

describe('repairLetters', () => {
  it.each([
    ['LA0', 'LAO'],
    ['5F0', 'SFO'],
    ['1AO', 'IAO'],
    ['SBR', 'SBR'],
    ['vno', 'VNO'],
  ])('%s → %s', (run, letters) => {
    expect(repairLetters(run)).toBe(letters);
  });
});

describe('cleanText', () => {
  it('turns page breaks and Windows line ends into newlines', () => {
    expect(cleanText('a\r\nb\fc\rd')).toBe('a\nb\nc\nd');
  });
  it('turns odd spaces, curly quotes and dashes into plain ones', () => {
    expect(cleanText('A\u00a0B \u2019s \u201cq\u201d 1\u20132 3\u20144 \u200bx')).toBe(
      `A B 's "q" 1-2 3-4 x`,
    );
  });
});

describe('helpers', () => {
  it('squashes whitespace', () => {
    expect(squashSpaces('  Maria \n\t Gonzalez  ')).toBe('Maria Gonzalez');
  });
  it('escapes regex characters', () => {
    const re = new RegExp(escapeRegExp('Claim # (a.b)?'));
    expect(re.test('Claim # (a.b)?')).toBe(true);
    expect(re.test('Claim # (aXb)')).toBe(false);
  });
  it('dedupes keeping first appearance order', () => {
    expect(dedupe(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });
});
