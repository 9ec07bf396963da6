/**
 * Result codes of file intake. Every code is a key of the shared catalogue (src/shared/errors.ts),
 * so the words a user sees live in one place.
 */
import { formatError } from '../../../shared/errors';

export type IntakeOnlyCode = 'FILE_NOT_FOUND' | 'FILE_UNREADABLE' | 'NOT_A_FILE' | 'FILE_CHANGED';
export type IntakeErrorCode =
  'FILE_EMPTY' | 'FILE_TOO_LARGE' | 'INVALID_FILE_TYPE' | IntakeOnlyCode;

export function intakeMessage(code: IntakeErrorCode): string {
  return formatError(code);
}

/** errno codes that usually pass: a lock held by another program, too many open files. */
const TRANSIENT_ERRNO = new Set(['EBUSY', 'EAGAIN', 'EMFILE', 'ENFILE']);

/** Maps an fs error to an intake code and whether trying again later may help. */
export function classifyFsError(error: unknown): { code: IntakeOnlyCode; retryable: boolean } {
  const errno = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  if (errno === 'ENOENT' || errno === 'ENOTDIR')
    return { code: 'FILE_NOT_FOUND', retryable: false };
  if (errno === 'EISDIR') return { code: 'NOT_A_FILE', retryable: false };
  return { code: 'FILE_UNREADABLE', retryable: errno !== undefined && TRANSIENT_ERRNO.has(errno) };
}
