/**
 * S3 failures as one error type with the service's code and HTTP status, and messages that say
 * what to fix (credentials, bucket) instead of the SDK's bare exception names. Every call of the
 * S3 storage goes through `s3Call`, so callers only ever see S3Error.
 */
import { S3ServiceException } from '@aws-sdk/client-s3';

export class S3Error extends Error {
  constructor(
    message: string,
    /** S3's error code (NoSuchKey, InvalidAccessKeyId, ...), or NetworkError when no reply came. */
    readonly code: string,
    /** HTTP status; 0 when no reply arrived. */
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'S3Error';
  }
}

const CREDENTIAL_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
  'AuthorizationHeaderMalformed',
]);

/** A reply without an error body comes out of the SDK as 'Unknown' (or its status): name it by status. */
function codeForStatus(code: string, status: number): string {
  if (code !== String(status) && code !== 'Unknown' && code !== 'UnknownError') return code;
  if (status === 404) return 'NotFound';
  if (status === 403) return 'AccessDenied';
  if (status === 400) return 'BadRequest';
  return `Http${status}`;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message || error.name : String(error);

/** Turns whatever the SDK threw for `what` (e.g. "PUT bucket/key") into an S3Error. */
export function toS3Error(error: unknown, what: string): S3Error {
  if (error instanceof S3Error) return error;
  if (!(error instanceof S3ServiceException) || !error.$metadata.httpStatusCode)
    return new S3Error(`S3 ${what} failed: ${messageOf(error)}`, 'NetworkError', 0, {
      cause: error,
    });
  const status = error.$metadata.httpStatusCode;
  const code = codeForStatus(error.name, status);
  const detail = error.message && error.message !== error.name ? error.message : 'no details';
  if (CREDENTIAL_CODES.has(code) || status === 401)
    return new S3Error(
      `S3 rejected the credentials for ${what} (${code}: ${detail}). ` +
        'Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION, and that the key may use the bucket.',
      code,
      status,
      { cause: error },
    );
  if (code === 'NoSuchBucket')
    return new S3Error(
      `S3 bucket missing for ${what} (NoSuchBucket: ${detail}). Create it or fix S3_BUCKET.`,
      code,
      status,
      { cause: error },
    );
  return new S3Error(`S3 ${what} failed with ${status} ${code}: ${detail}`, code, status, {
    cause: error,
  });
}

/** 404 for the key itself; a missing bucket (NoSuchBucket) stays an error. */
export const isMissingKey = (error: S3Error): boolean =>
  error.status === 404 && error.code !== 'NoSuchBucket';

/** Runs one S3 call, reporting any failure as an S3Error about `what`. */
export async function s3Call<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toS3Error(error, what);
  }
}
