import { describe, expect, it } from 'vitest';
import { editDistance, fuzzyInjuryLabels, letterForm, wordLike } from './fuzzy';

describe('editDistance', () => {
  it.each([
    ['DATE', 'DATE', 0],
    ['PATE', 'DATE', 1],
    ['INSURY', 'INJURY', 1],
    ['INJURIES', 'INJURY', 3],
    ['', 'OF', 2],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 5)).toBe(d);
  });

  it('gives up past the bound', () => {
    expect(editDistance('SURGERY', 'INJURY', 1)).toBe(2);
  });

  /** The whole table, no band: what the banded search must agree with. */
  function fullDistance(a: string, b: string): number {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i += 1) {
      const next = [i];
      for (let j = 1; j <= b.length; j += 1)
        next.push(
          Math.min(
            (row[j] ?? 0) + 1,
            (next[j - 1] ?? 0) + 1,
            (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
          ),
        );
      row = next;
    }
    return row[b.length] ?? 0;
  }

  it('given many random pairs and bounds, then it agrees with the whole table up to the bound', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const word = () =>
      Array.from({ length: Math.floor(next() * 12) }, () => 'ABCD &'[Math.floor(next() * 6)]).join(
        '',
      );
    for (let n = 0; n < 3000; n += 1) {
      const [a, b, max] = [word(), word(), Math.floor(next() * 5)];
      expect(editDistance(a, b, max)).toBe(Math.min(fullDistance(a, b), max + 1));
    }
  });
});

describe('letterForm', () => {
  it.each([
    ['1nsuRY', 'INSURY'],
    ['0f', 'OF'],
    ['Decernber', 'DECEMBER'],
  ])('%s → %s', (word, form) => {
    expect(letterForm(word)).toBe(form);
  });
});

describe('wordLike', () => {
  it.each([
    ['pate', 'DATE'],
    ['1nsuRY:', 'INJURY'],
    ['lnjury', 'INJURY'],
    ['oF', 'OF'],
    ['0f', 'OF'],
  ])('reads %j as %s', (word, target) => {
    expect(wordLike(word, target)).toBe(true);
  });

  it.each([
    ['ot', 'OF'],
    ['Inquiry', 'INJURY'],
    ['Surgery', 'INJURY'],
    ['if', 'OF'],
  ])('does not read %j as %s', (word, target) => {
    expect(wordLike(word, target)).toBe(false);
  });
});

describe('fuzzyInjuryLabels', () => {
  const labelled = (text: string) => fuzzyInjuryLabels(text).map((h) => text.slice(h.index, h.end));

  it.each([
    ['4. EMPLOYER: Acme is. pate oF current 1nsuRY: 06/10/2015', 'pate oF current 1nsuRY'],
    ['Date 0f lnjury: 03/15/2023', 'Date 0f lnjury'],
    ['Dale of Injury:\n03/15/2023', 'Dale of Injury'],
    ['DATE OF INJURY\n03/15/2023', 'DATE OF INJURY'],
    ['Dates of Injuries: 03/15/2023', 'Dates of Injuries'],
  ])('finds the label in %j', (text, label) => {
    expect(labelled(text)).toEqual([label]);
  });

  it.each([
    // Prose, not a form's label: no colon, not at the end of its line.
    'the rate of injury rose in 2023',
    'The date of injury 03/15/2023 is disputed',
    // Too damaged, or another word.
    'pate oF currant 1nsuRY: 06/10/2015',
    'Date of Inquiry: 03/15/2023',
    'Date of Surgery: 03/15/2023',
    'Date of Birth: 01/01/1980',
  ])('finds no label in %j', (text) => {
    expect(fuzzyInjuryLabels(text)).toEqual([]);
  });
});
