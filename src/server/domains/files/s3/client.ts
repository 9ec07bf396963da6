/**
 * The AWS SDK's S3 client, set up for any S3-compatible service and for never reaching anything but
 * the configured endpoint: static credentials and an explicit region (no credential chain, no
 * instance metadata lookups), checksums only where S3 requires them (s3rver, MinIO and older
 * S3-compatibles reject the SDK's default CRC32 trailers), path-style URLs by default.
 */
import { S3Client } from '@aws-sdk/client-s3';

export interface S3ConnectionOptions {
  /** http(s)://host[:port] of the S3-compatible service. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true (default): http://endpoint/bucket/key; false: http://bucket.endpoint/key. */
  forcePathStyle?: boolean;
  /** A request whose socket stays idle this long fails (default 5 minutes). */
  socketTimeoutMs?: number;
  /** Tries per call on network errors, throttling and 5xx replies (default 3). */
  maxAttempts?: number;
}

export function createS3Client(options: S3ConnectionOptions): S3Client {
  const { protocol } = new URL(options.endpoint);
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new Error(`S3 endpoint must be an http(s) URL, got ${options.endpoint}`);
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle ?? true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Fixed, so AWS_DEFAULTS_MODE=auto in the environment cannot make the SDK ask instance metadata.
    defaultsMode: 'legacy',
    maxAttempts: Math.max(1, options.maxAttempts ?? 3),
    requestHandler: { socketTimeout: options.socketTimeoutMs ?? 5 * 60_000 },
  });
}
