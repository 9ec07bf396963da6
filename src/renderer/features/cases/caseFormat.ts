/**
 * How the Cases screens write a case's values: a dash for what is not known (days are written by
 * src/shared/documents formatDay, in the company's date format without a time-zone shift).
 */

export const NOT_SET = '—';

export function orDash(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : NOT_SET;
}

export const plural = (count: number, word: string, words = `${word}s`) =>
  `${count} ${count === 1 ? word : words}`;
