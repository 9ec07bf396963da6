/**
 * S3 failures as one error type with the service's code and HTTP status, and messages that say
 * what to fix (credentials, bucket) instead of echoing raw XML. Also the tiny XML reading the
 * client needs (UploadId, Code, Message), kept to bounded reply bodies.
 */
import type { IncomingMessage } from 'node:http';

export class S3Error extends Error {
  constructor(
    message: string,
    /** S3's error code (NoSuchKey, InvalidAccessKeyId, ...) or NetworkError/BodyError/BadReply. */
    readonly code: string,
    /** HTTP status; 0 when no reply arrived. */
    readonly status: number,
  ) {
    super(message);
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

const MAX_REPLY_BYTES = 256 * 1024;

/** Reads a reply body of at most 256 KiB as text (error documents and XML results are small). */
export async function readSmallBody(reply: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of reply as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > MAX_REPLY_BYTES) {
      reply.destroy();
      break;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The text of the first <name>…</name> element, XML entities decoded; undefined when absent. */
export function xmlValue(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!match?.[1]) return undefined;
  return match[1]
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function codeForStatus(status: number): string {
  if (status === 404) return 'NotFound';
  if (status === 403) return 'AccessDenied';
  if (status === 400) return 'BadRequest';
  return `Http${status}`;
}

/** Turns a non-2xx reply into an S3Error, consuming its (small) body. */
export async function errorFromResponse(reply: IncomingMessage, what: string): Promise<S3Error> {
  const status = reply.statusCode ?? 0;
  const body = await readSmallBody(reply).catch(() => '');
  const code = xmlValue(body, 'Code') ?? codeForStatus(status);
  const detail = xmlValue(body, 'Message') ?? (reply.statusMessage || 'no details');
  if (CREDENTIAL_CODES.has(code) || status === 401)
    return new S3Error(
      `S3 rejected the credentials for ${what} (${code}: ${detail}). ` +
        'Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION, and that the key may use the bucket.',
      code,
      status,
    );
  if (code === 'NoSuchBucket')
    return new S3Error(
      `S3 bucket missing for ${what} (NoSuchBucket: ${detail}). Create it or fix S3_BUCKET.`,
      code,
      status,
    );
  return new S3Error(`S3 ${what} failed with ${status} ${code}: ${detail}`, code, status);
}
