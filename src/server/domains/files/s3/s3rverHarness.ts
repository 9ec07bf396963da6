/**
 * Test support: a real S3-compatible server (the s3rver devDependency) on a free port with its
 * own temp directory and one bucket, for the S3 storage tests here and in tests/integration.
 * s3rver ships no types, so it is loaded through require and given the small shape used here.
 * Note: s3rver checks the access key id but not SigV4 signatures (the AWS SDK signs; its own tests
 * cover SigV4).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

/** The account s3rver accepts. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps its objects on disk (for checking what was stored). */
  directory: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'lexdesk-test'): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'lexdesk-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
