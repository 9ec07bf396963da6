/**
 * AWS Signature Version 4 for S3 requests, written against the published algorithm so LexDesk needs
 * no AWS SDK: canonical request → string to sign → HMAC chain signing key → Authorization header.
 * Pure functions over strings; the HTTP client (client.ts) decides what to sign.
 */
import { createHash, createHmac } from 'node:crypto';

/** The hash S3 expects in x-amz-content-sha256 when the body is not hashed up front. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** SHA-256 of the empty string: the payload hash of GET, HEAD and DELETE requests. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigningInput {
  method: string;
  /** The request path, already URI-encoded (S3 paths are not normalized or double-encoded). */
  path: string;
  /** Decoded query parameters; encoded and sorted here. */
  query?: ReadonlyArray<readonly [string, string]>;
  /** Headers to sign (host included); names are case-insensitive. */
  headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body, or UNSIGNED_PAYLOAD. */
  payloadHash: string;
  credentials: Credentials;
  region: string;
  service: string;
  date: Date;
}

export interface Signed {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  signedHeaders: string;
  /** The value for the Authorization header. */
  authorization: string;
  /** The value for the x-amz-date header (must be among the sent headers). */
  amzDate: string;
}

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Uint8Array, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** 20150830T123600Z: ISO 8601 basic format in UTC, no milliseconds. */
export function amzDateOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * RFC 3986 encoding as S3 asks: unreserved characters kept, everything else as %XX (upper hex)
 * of its UTF-8 bytes; '/' is kept when encoding an object key path.
 */
export function uriEncode(text: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Query string in canonical form: each name and value encoded, sorted by name then value. */
export function canonicalQuery(query: ReadonlyArray<readonly [string, string]> = []): string {
  return query
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function canonicalHeaders(headers: Readonly<Record<string, string>>): {
  block: string;
  signed: string;
} {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    block: entries.map(([name, value]) => `${name}:${value}\n`).join(''),
    signed: entries.map(([name]) => name).join(';'),
  };
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"). */
export function signingKey(
  secretAccessKey: string,
  dateStamp: string,
  region: string,
  service: string,
): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, dateStamp);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

/** Signs one request; the caller sends `x-amz-date: amzDate` and `authorization`. */
export function signRequest(input: SigningInput): Signed {
  const amzDate = amzDateOf(input.date);
  const dateStamp = amzDate.slice(0, 8);
  const headers = { ...input.headers, 'x-amz-date': amzDate };
  const { block, signed } = canonicalHeaders(headers);
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.path,
    canonicalQuery(input.query),
    block,
    signed,
    input.payloadHash,
  ].join('\n');
  const scope = `${dateStamp}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = signingKey(input.credentials.secretAccessKey, dateStamp, input.region, input.service);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  const authorization =
    `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signed}, Signature=${signature}`;
  return {
    canonicalRequest,
    stringToSign,
    signature,
    signedHeaders: signed,
    authorization,
    amzDate,
  };
}
