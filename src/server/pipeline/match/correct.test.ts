import { describe, expect, it } from 'vitest';
import { NO_FIELDS, aCase } from './testing';
import type { ExtractedFields } from '../types';
import { clientReading, lookalikeReading, readThroughCase } from './correct';
import { matchCase } from './matchCase';
import { compareNumbers, lookalikeAgreement, numberReadings } from './tolerance';

describe('look-alike comparison', () => {
  it('takes each pair of the table, both ways', () => {
    // Case character, then what a scan printed instead.
    const pairs: Array<[string, string]> = [
      ['I', '1'],
      ['1', 'l'],
      ['J', '3'],
      ['3', 'J'],
      ['Z', '2'],
      ['2', 'Z'],
      ['O', '0'],
      ['0', 'O'],
      ['S', '5'],
      ['5', 'S'],
      ['B', '8'],
      ['8', 'B'],
      ['G', '6'],
      ['6', 'G'],
    ];
    for (const [want, got] of pairs) {
      expect(lookalikeAgreement(`74${got}0917`, `74${want}0917`, 1)).toEqual({
        kind: 'ocr',
        confusions: 1,
      });
    }
  });

  it('refuses other characters, other lengths, short numbers and too many swaps', () => {
    expect(lookalikeAgreement('7600XA3879', '7600IA3879', 3)).toBeNull();
    expect(lookalikeAgreement('76001A38790', '7600IA3879', 3)).toBeNull();
    expect(lookalikeAgreement('1A38', 'IA38', 3)).toBeNull();
    expect(lookalikeAgreement('1483323770', '1483JZ8770', 2)).toBeNull();
    expect(lookalikeAgreement('76001A3879', '7600IA3879', 0)).toBeNull();
    expect(lookalikeAgreement('7600-IA-3879', '7600IA3879', 0)).toEqual({ kind: 'exact' });
  });

  it('finds a case by the new pairs through the index readings', () => {
    expect(numberReadings('14833Z8770')).toContain('1483JZ8770');
    expect(numberReadings('R9209G757')).toContain('R92096757');
    expect(compareNumbers('14833Z8770', '1483JZ8770')).toEqual({ kind: 'ocr', confusions: 1 });
  });
});

describe('lookalikeReading', () => {
  it("reads a printed number as the case's, keeping the page's separators", () => {
    expect(lookalikeReading('76001A3879', ['ADJ1234567', '7600IA3879'])).toBe('7600IA3879');
    expect(lookalikeReading('2293-226627', ['2293ZZ6627'])).toBe('2293-ZZ6627');
  });

  it('leaves a number that already is one, fits none, or fits two', () => {
    expect(lookalikeReading('7600IA3879', ['7600IA3879'])).toBeNull();
    expect(lookalikeReading('7600XA3879', ['7600IA3879'])).toBeNull();
    // A case number of another length does not compete.
    expect(lookalikeReading('76001A3879', ['7600IA3879', '7600IA387'])).toBe('7600IA3879');
    expect(lookalikeReading('1000000000', ['I000000000', '100000000O'])).toBeNull();
  });
});

describe('claim numbers read through the case', () => {
  const theCase = aCase('c1', {
    eamsNumber: 'ADJ10234567',
    primaryNumber: '7600IA3879',
    clientName: 'Maria Gonzalez',
  });
  const other = aCase('c2', { eamsNumber: 'ADJ9876543', primaryNumber: '7600IA3870' });
  const cases = [theCase, other];
  const scanned: ExtractedFields = {
    ...NO_FIELDS,
    adjNumbers: ['ADJ10234567'],
    claimNumbers: ['76001A3879'],
    applicant: 'Maria Gonzalez',
  };

  it("reads an OCR claim number as the chosen case's and notes the reading", () => {
    const match = matchCase(scanned, cases);
    expect(match.caseId).toBe('c1');
    const out = readThroughCase(scanned, match, cases, true);
    expect(out.fields.claimNumbers).toEqual(['7600IA3879']);
    const reasons = out.match?.recommended.find((m) => m.caseId === 'c1')?.reasons ?? [];
    expect(reasons).toContain(
      'claim number OCR read as 76001A3879 taken as 7600IA3879 (look-alikes)',
    );
    // The other cases' reasons are untouched.
    const otherReasons = out.match?.recommended.find((m) => m.caseId === 'c2')?.reasons;
    expect(otherReasons ?? []).not.toContain(reasons.at(-1));
  });

  it('leaves a text layer alone', () => {
    const match = matchCase(scanned, cases);
    expect(readThroughCase(scanned, match, cases, false).fields.claimNumbers).toEqual([
      '76001A3879',
    ]);
  });

  it('needs a chosen case', () => {
    const match = { recommended: [], caseId: null, multiCase: false, needsCaseNumber: false };
    expect(readThroughCase(scanned, match, cases, true).fields.claimNumbers).toEqual([
      '76001A3879',
    ]);
  });

  it('never writes a number the page does not show: a real digit off stays as read', () => {
    const read = { ...scanned, claimNumbers: ['76004A3879', '76001A3879'] };
    const out = readThroughCase(read, matchCase(read, cases), cases, true);
    expect(out.fields.claimNumbers).toEqual(['76004A3879', '7600IA3879']);
  });

  it('merges a corrected number with the same number read cleanly elsewhere', () => {
    const read = { ...scanned, claimNumbers: ['7600IA3879', '76001A3879'] };
    const out = readThroughCase(read, matchCase(read, cases), cases, true);
    expect(out.fields.claimNumbers).toEqual(['7600IA3879']);
  });

  it('finds the case by a look-alike claim number alone and then reads it', () => {
    const read = { ...NO_FIELDS, claimNumbers: ['14833Z8770'] };
    const only = [aCase('c9', { primaryNumber: '1483JZ8770' }), other];
    const match = matchCase(read, only);
    expect(match.caseId).toBe('c9');
    expect(readThroughCase(read, match, only, true).fields.claimNumbers).toEqual(['1483JZ8770']);
  });
});

describe("the applicant read through the case's client", () => {
  it("reads damaged words as the client's, keeping order, punctuation and capitals", () => {
    expect(clientReading('Villasefior, Yesenia', 'Yesenia Villaseñor')).toBe('Villaseñor, Yesenia');
    expect(clientReading('VILLASEHOR, GUADALUPE C.', 'Guadalupe C. Villaseñor')).toBe(
      'VILLASEÑOR, GUADALUPE C.',
    );
    expect(clientReading('Arredendo, Ngozi R.', 'Ngozi R. Arredondo')).toBe('Arredondo, Ngozi R.');
    expect(clientReading('MbekKi, Priya', 'Priya Mbeki')).toBe('Mbeki, Priya');
  });

  it('given an "ñ" OCR read as "fi" or "h", then short and long words are the client’s; other letters are not', () => {
    expect(clientReading('Guadalupe L. Pefia', 'Guadalupe L. Peña')).toBe('Guadalupe L. Peña');
    expect(clientReading('Nufiez, Patricia K.', 'Patricia K. Núñez')).toBe('Núñez, Patricia K.');
    expect(clientReading('PEHA, ANA', 'Ana Peña')).toBe('PEÑA, ANA');
    expect(clientReading('Perla, Ana', 'Ana Peña')).toBeNull();
  });

  it('leaves a name alone when nothing is damaged, another person, or no word is exact', () => {
    expect(clientReading('Villaseñor, Yesenia', 'Yesenia Villaseñor')).toBeNull();
    // Short words must agree exactly ("Kim" is not "Kin").
    expect(clientReading('Kin, Soo', 'Soo Kim')).toBeNull();
    // A word far from every word of the client's: someone else.
    expect(clientReading('Gonzalez, Roberto', 'Maria Gonzalez')).toBeNull();
    // Both words damaged: nothing to say it is the same person.
    expect(clientReading('Villasefior, Yesenla', 'Yesenia Villaseñor')).toBeNull();
    // A word that could be either of two of the client's words.
    expect(clientReading('Marta Marthx', 'Marta Marthe Martha')).toBeNull();
  });

  const theCase = aCase('c1', { eamsNumber: 'ADJ10234567', clientName: 'Yesenia Villaseñor' });
  const scanned: ExtractedFields = {
    ...NO_FIELDS,
    adjNumbers: ['ADJ10234567'],
    applicant: 'Villasefior, Yesenia',
  };

  it("reads a scanned applicant through the chosen case, with a note, and never a person's", () => {
    const match = matchCase(scanned, [theCase]);
    expect(match.caseId).toBe('c1');
    const out = readThroughCase(scanned, match, [theCase], true);
    expect(out.fields.applicant).toBe('Villaseñor, Yesenia');
    expect(out.match?.recommended[0]?.reasons).toContain(
      "applicant OCR read as Villasefior, Yesenia taken as Villaseñor, Yesenia (the case's client)",
    );
    expect(readThroughCase(scanned, match, [theCase], false).fields.applicant).toBe(
      'Villasefior, Yesenia',
    );
    expect(readThroughCase(scanned, match, [theCase], true, ['applicant']).fields.applicant).toBe(
      'Villasefior, Yesenia',
    );
  });

  it('uses the person in the case name when the case has no client name', () => {
    const named = aCase('c1', {
      eamsNumber: 'ADJ10234567',
      name: 'Villaseñor, Yesenia v. Acme Inc.',
    });
    const out = readThroughCase(scanned, matchCase(scanned, [named]), [named], true);
    expect(out.fields.applicant).toBe('Villaseñor, Yesenia');
  });
});
