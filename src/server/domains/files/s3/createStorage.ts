/**
 * Picks where uploaded files live: the S3-compatible bucket when `config.s3` is set, else local
 * disk under <dataDir>/files. Used by the server (app.ts) and the pipeline worker (worker.ts).
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../../config';
import { createLocalDiskStorage, type FileStorage } from '../storage';
import { createS3Client } from './client';
import { createS3Storage } from './storage';

export function createStorage(config: Pick<ServerConfig, 'dataDir' | 's3'>): FileStorage {
  if (!config.s3) return createLocalDiskStorage(join(config.dataDir, 'files'));
  const { prefix, bucket, ...connection } = config.s3;
  return createS3Storage({
    client: createS3Client(connection),
    bucket,
    prefix,
    // Temporary copies for the document pipeline: on the data disk, not a possibly small /tmp.
    tempDir: join(config.dataDir, 'tmp', 's3-copies'),
  });
}
