/**
 * How the Cases screens write a case's values: days (YYYY-MM-DD, no time zone) in the company's
 * date format without shifting them across midnight, and a dash for what is not known.
 */
import { formatDate } from '../../app/format';

export const NOT_SET = '—';

/** A YYYY-MM-DD day in the company's format; other text is shown as given. */
export function formatDay(value: string | null, dateFormat: string): string {
  if (!value) return NOT_SET;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), dateFormat);
}

export function orDash(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : NOT_SET;
}

export const plural = (count: number, word: string, words = `${word}s`) =>
  `${count} ${count === 1 ? word : words}`;
