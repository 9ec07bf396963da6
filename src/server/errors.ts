/** Server-side helpers around the shared AppError: zod validation and failure wrapping. */
import type { z } from 'zod';
import { AppError, type ErrorCode } from '../shared/errors';
import { unsafeTextIssue } from '../shared/schemas/input';
import { isStatementTimeout } from './db/statementTimeout';
import { databaseErrorOf } from './logSafe';

export { isUuid } from '../shared/schemas/input';

export interface FieldIssue {
  path: string;
  message: string;
}

/** Bad input: the catalogue's INVALID_INPUT message plus the field problems for forms. */
export class ValidationError extends AppError {
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[]) {
    super('INVALID_INPUT', 400);
    this.issues = issues;
  }
}

/**
 * Validates `value` against `schema`. First, any string (or key) anywhere in it that PostgreSQL
 * cannot store (U+0000, a lone surrogate) is refused with its path, whatever the schema says;
 * `textCheckedLater` names top-level fields left to their own per-row checks (the CSV import).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  options: { textCheckedLater?: readonly string[] } = {},
): z.output<S> {
  const unsafe = unsafeTextIssue(withoutFields(value, options.textCheckedLater));
  if (unsafe) throw new ValidationError([unsafe]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
}

function withoutFields(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !fields.includes(key)));
}

/**
 * The AppError a failure that is not a fault answers as: a read stopped by the read timeout
 * (db/connection.ts readScope) is QUERY_TIMEOUT, a 400 that says to narrow the request.
 */
export function expectedFailure(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (isStatementTimeout(error)) return new AppError('QUERY_TIMEOUT', 400);
  return undefined;
}

/**
 * Runs `work`; an unexpected failure (not an AppError, not a read timeout) is reported through
 * `onUnexpected` and replaced by the catalogue's message for this operation (e.g. 'Failed to fetch
 * Company').
 */
export async function failAs<T>(
  code: ErrorCode,
  work: () => Promise<T>,
  onUnexpected: (error: unknown) => void,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const expected = expectedFailure(error);
    if (expected) throw expected;
    onUnexpected(error);
    throw inputErrorOf(error) ?? new AppError(code, 500);
  }
}

/**
 * SQLSTATEs a value the caller sent can cause (a text that is not a uuid, a number out of an
 * integer's range, bytes PostgreSQL cannot store). Validation at the boundary should refuse such
 * input first; this is the safety net, so a gap answers 400 and is still logged (sanitized).
 */
export const INPUT_SQLSTATES: ReadonlySet<string> = new Set(['22P02', '22003', '22021', '22P05']);

/** A 400 for a database error caused by the caller's values, or undefined for any other error. */
export function inputErrorOf(error: unknown): ValidationError | undefined {
  const database = databaseErrorOf(error);
  if (!database || !INPUT_SQLSTATES.has(database.code)) return undefined;
  return new ValidationError([
    {
      path: database.column ?? '',
      message: 'A value sent cannot be stored (wrong kind of value, out of range or invalid text).',
    },
  ]);
}

export const notFound = () => new AppError('NOT_FOUND', 404);
