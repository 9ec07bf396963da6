/**
 * Turns any failure the renderer meets (GraphQL errors, HTTP errors, network failures, bridge
 * errors) into the text a user reads. Catalogue codes win: the message is the catalogue's wording,
 * so the screen says exactly what the spec says.
 */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { z } from 'zod';
import { formatError, isErrorCode, type ErrorCode } from '../../shared/errors';

export const NETWORK_UNREACHABLE =
  'Cannot reach the LexDesk server. Check your connection and try again.';

const ErrorBody = z.object({
  errors: z.array(
    z.object({
      message: z.string(),
      extensions: z.object({ code: z.unknown() }).partial().optional(),
    }),
  ),
});

export interface DescribedError {
  code: ErrorCode | null;
  message: string;
}

function fromCode(code: unknown, message: string | undefined): DescribedError | null {
  if (isErrorCode(code))
    return { code, message: message && message.length > 0 ? message : formatError(code) };
  return null;
}

function fromBodyText(bodyText: string): DescribedError | null {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(bodyText));
    const first = parsed.success ? parsed.data.errors[0] : undefined;
    return first ? fromCode(first.extensions?.code, first.message) : null;
  } catch {
    return null;
  }
}

/** Reads a catalogue code and message out of any thrown value; null when there is none. */
export function readErrorCode(error: unknown): DescribedError | null {
  if (CombinedGraphQLErrors.is(error)) {
    for (const item of error.errors) {
      const found = fromCode(item.extensions?.['code'], item.message);
      if (found) return found;
    }
    return null;
  }
  if (ServerError.is(error)) return fromBodyText(error.bodyText);
  if (error && typeof error === 'object' && 'code' in error) {
    const message =
      'message' in error && typeof error.message === 'string' ? error.message : undefined;
    return fromCode(error.code, message);
  }
  return null;
}

function isNetworkFailure(error: unknown): boolean {
  // fetch rejects with a TypeError when the server cannot be reached at all.
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * The message to show for `error`. `fallback` is the catalogue message of the operation that failed
 * (for example ERRORS.UPDATE_ABOUT_ME_FAILED); it is used when the error carries no code of its own.
 */
export function describeError(error: unknown, fallback: string): string {
  const coded = readErrorCode(error);
  if (coded) return coded.message;
  if (isNetworkFailure(error)) return NETWORK_UNREACHABLE;
  return fallback;
}

/**
 * Whether `error` says the thing asked for is not there (or not this company's, which the server
 * answers the same way; an id that is no id at all is refused as INVALID_INPUT): screens show
 * their friendly empty state for it instead of the bare message.
 */
export function isNotFoundError(error: unknown): boolean {
  const code = readErrorCode(error)?.code;
  return code === 'NOT_FOUND' || code === 'INVALID_INPUT';
}
