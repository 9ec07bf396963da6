/** Server-side helpers around the shared AppError: zod validation and failure wrapping. */
import type { z } from 'zod';
import { AppError, type ErrorCode } from '../shared/errors';
import { isStatementTimeout } from './db/statementTimeout';

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

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
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
    throw new AppError(code, 500);
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot name a row (and must not reach SQL as a cast error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
