import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  INT32_MAX,
  int32,
  isUuid,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  text,
  textProblem,
  unsafeTextIssue,
  uuid,
} from './input';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('textProblem', () => {
  it('given U+0000 or a lone surrogate, then names the problem; ordinary text and pairs pass', () => {
    expect(textProblem('a\u0000b')).toBe(NUL_MESSAGE);
    expect(textProblem('\ud800')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('x\udc00')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('\udc00\ud800')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('😀 Smith v. Acme, \u00e9')).toBeUndefined();
    expect(textProblem('')).toBeUndefined();
  });
});

describe('text()', () => {
  it('given text PostgreSQL cannot store, then refuses it; otherwise behaves as z.string()', () => {
    const name = text().trim().min(1).max(5);
    expect(name.parse('  ab ')).toBe('ab');
    expect(messages(name, 'a\u0000')).toEqual([NUL_MESSAGE]);
    expect(messages(name, '\ud800')).toEqual([SURROGATE_MESSAGE]);
    expect(messages(name, 'abcdefg')).toHaveLength(1);
    expect(name.safeParse(3).success).toBe(false);
    expect(messages(text({ error: 'Must be text.' }), 3)).toEqual(['Must be text.']);
  });
});

describe('int32()', () => {
  it('given 2^31, then refuses it; the largest integer and the bounds given pass', () => {
    expect(int32().safeParse(2_147_483_648).success).toBe(false);
    expect(int32().safeParse(Number.MAX_SAFE_INTEGER).success).toBe(false);
    expect(int32().parse(INT32_MAX)).toBe(INT32_MAX);
    expect(int32().safeParse(-1).success).toBe(false);
    expect(int32(1, 10).safeParse(11).success).toBe(false);
    expect(int32().safeParse(1.5).success).toBe(false);
    expect(() => int32(0, INT32_MAX + 1)).toThrow(RangeError);
  });
});

describe('uuid()', () => {
  it('given anything but a UUID, then refuses it with the message given', () => {
    expect(uuid().parse('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBeTruthy();
    expect(uuid().safeParse('00000000-0000-0000-0000-000000000000').success).toBe(true);
    expect(messages(uuid('Choose a company.'), 'not-a-uuid')).toEqual(['Choose a company.']);
    expect(uuid().safeParse('0f8fad5b-d9cb-469f-a165-70867728950e\u0000').success).toBe(false);
    expect(isUuid('0f8fad5bd9cb469fa16570867728950e')).toBe(false);
  });
});

describe('unsafeTextIssue', () => {
  it('given nested bad text or a bad key, then names its path; good values give nothing', () => {
    expect(unsafeTextIssue({ files: [{ name: 'a.pdf' }, { name: 'b\u0000.pdf' }] })).toEqual({
      path: 'files.1.name',
      message: NUL_MESSAGE,
    });
    expect(unsafeTextIssue({ meta: { 'k\ud800': 1 } })?.path).toBe('meta');
    expect(unsafeTextIssue('\ud800', ['search'])).toEqual({
      path: 'search',
      message: SURROGATE_MESSAGE,
    });
    expect(
      unsafeTextIssue({ a: [1, true, null, new Date(0), 'ok'], b: { c: 'fine' } }),
    ).toBeUndefined();
  });
});
