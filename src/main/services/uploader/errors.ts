/**
 * How the uploader sorts failures: transient ones (network, timeouts, 5xx, 408/429) are retried
 * by the queue with backoff; permanent ones (the server refused the file, the file is gone) are
 * shown to the user and never retried by themselves.
 */
import { ERRORS } from '../../../shared/errors';

export type UploadErrorKind = 'transient' | 'permanent' | 'expired' | 'conflict' | 'aborted';

export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    readonly kind: UploadErrorKind,
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Statuses that say "try again later" rather than "this request is wrong". */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429 || status === 401;
}

interface ErrorBody {
  code: string;
  message: string;
}

/** Reads `{ error: { code, message } }` from a response body; null when it is not that shape. */
export async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const json: unknown = await response.json();
    if (json && typeof json === 'object' && 'error' in json) {
      const error: unknown = json.error;
      if (
        error &&
        typeof error === 'object' &&
        'code' in error &&
        'message' in error &&
        typeof error.code === 'string' &&
        typeof error.message === 'string'
      ) {
        return { code: error.code, message: error.message };
      }
    }
  } catch {
    // not JSON
  }
  return null;
}

/** Turns a failed HTTP answer into an UploadError of the right kind. */
export async function errorFromResponse(
  response: Response,
  fallbackMessage: string,
): Promise<UploadError> {
  const body = await readErrorBody(response);
  const status = response.status;
  if (status === 401) {
    return new UploadError(
      'transient',
      'UNAUTHENTICATED',
      'Sign in again to continue uploading.',
      status,
    );
  }
  if (isTransientStatus(status)) {
    return new UploadError('transient', body?.code ?? `HTTP_${status}`, fallbackMessage, status);
  }
  return new UploadError(
    'permanent',
    body?.code ?? `HTTP_${status}`,
    body?.message ?? fallbackMessage,
    status,
  );
}

/** Network failures, timeouts and aborts from fetch, sorted. */
export function errorFromThrown(error: unknown, signal?: AbortSignal): UploadError {
  if (error instanceof UploadError) return error;
  if (signal?.aborted) return new UploadError('aborted', 'ABORTED', 'The upload was stopped.');
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') {
    return new UploadError('transient', 'TIMEOUT', 'The server did not answer in time.');
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new UploadError(
    'transient',
    'NETWORK',
    `${ERRORS.UPLOAD_FILE_FAILED}: the server could not be reached (${detail}).`,
  );
}
