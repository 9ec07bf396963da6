/**
 * The one home of what PostgreSQL can store, for every input (REST bodies, query strings, path
 * params, multipart names, GraphQL arguments): text without U+0000 and without lone surrogates,
 * integers within 32 bits where the column is `integer`, ids that are UUIDs. Every input schema
 * builds on these helpers; `unsafeTextIssue` walks a whole value so a transport can refuse it at
 * its boundary (server/errors.ts parseInput, http/inputGuard.ts, graphql/inputGuard.ts).
 */
import { z } from 'zod';

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

export const NUL_MESSAGE = 'Must not contain NUL characters.';
export const SURROGATE_MESSAGE = 'Must be valid Unicode text (it contains a lone surrogate).';
export const UUID_MESSAGE = 'Must be a valid id (a UUID).';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why PostgreSQL cannot store `value` as text or JSON, or undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return undefined;
}

/** Ids are UUIDs; anything else cannot name a row (and must not reach SQL as a cast error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export interface TextIssue {
  /** Dotted path of the field (array indexes as numbers), '' for the value itself. */
  path: string;
  message: string;
}

const MAX_WALK_DEPTH = 64;

/**
 * The first string (value or object key) anywhere in `value` that PostgreSQL cannot store, with
 * its path; undefined when there is none. Walks at most 64 levels deep (JSON bodies and GraphQL
 * variables are bounded far below that by their parsers' limits; deeper parts are left to the
 * schemas, which use `text()` too).
 */
export function unsafeTextIssue(
  value: unknown,
  path: readonly (string | number)[] = [],
): TextIssue | undefined {
  const at = (key?: string | number) => [...path, ...(key === undefined ? [] : [key])].join('.');
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: at(), message } : undefined;
  }
  if (typeof value !== 'object' || value === null || path.length >= MAX_WALK_DEPTH)
    return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const issue = unsafeTextIssue(value[i], [...path, i]);
      if (issue) return issue;
    }
    return undefined;
  }
  if (value instanceof Date || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: at(), message: `A field name: ${keyProblem}` };
    const issue = unsafeTextIssue(item, [...path, key]);
    if (issue) return issue;
  }
  return undefined;
}

/** A string PostgreSQL can store; chain .trim() / .min() / .max() as with z.string(). */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).superRefine((value, ctx) => {
    const message = textProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** An id (a UUID, any version; what PostgreSQL's uuid type accepts in its usual form). */
export const uuid = (message: string = UUID_MESSAGE) => z.string().regex(UUID, message);

/** A whole number for an `integer` column (or anything compared with one): 32 bits at most. */
export const int32 = (min = 0, max = INT32_MAX) => {
  if (min < INT32_MIN || max > INT32_MAX) throw new RangeError('int32 bounds exceed 32 bits');
  return z.number().int().min(min).max(max);
};
