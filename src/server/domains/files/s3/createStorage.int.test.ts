/**
 * S3 settings from the environment and config file (all or nothing, clear errors), and the storage
 * factory choosing local disk or the bucket from them.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { createS3Client } from './client';
import { createStorage } from './createStorage';
import { S3RVER_KEYS, startS3rver, type TestS3Server } from './s3rverHarness';

let dataDir: string;
let s3: TestS3Server;

const FULL_ENV = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'files',
  S3_ACCESS_KEY_ID: 'AKID',
  S3_SECRET_ACCESS_KEY: 'secret',
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lexdesk-s3-config-'));
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('S3 settings', () => {
  it('given no S3 variables, then s3 is absent', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
  });

  it('given the four required variables, then defaults fill region, prefix and path style', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ...FULL_ENV }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'files',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      prefix: '',
      forcePathStyle: true,
    });
  });

  it('given every variable, then each is read', () => {
    const s3Config = loadConfig({
      DATA_DIR: dataDir,
      ...FULL_ENV,
      S3_REGION: 'eu-west-3',
      S3_PREFIX: 'lexdesk/prod',
      S3_FORCE_PATH_STYLE: 'false',
    }).s3;
    expect(s3Config).toMatchObject({
      region: 'eu-west-3',
      prefix: 'lexdesk/prod',
      forcePathStyle: false,
    });
  });

  it('given only some variables, then a ConfigError names the missing ones', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'files', S3_REGION: 'us-west-2' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /S3 storage is only partly configured: missing endpoint \(S3_ENDPOINT\), accessKeyId \(S3_ACCESS_KEY_ID\), secretAccessKey \(S3_SECRET_ACCESS_KEY\)/,
    );
  });

  it('given a non-http endpoint, then a ConfigError explains it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...FULL_ENV, S3_ENDPOINT: 'ftp://x' })).toThrow(
      /s3\.endpoint: must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it('given the bucket in the config file and keys in the environment, then they merge', async () => {
    const file = join(dataDir, 'lexdesk.json');
    await writeFile(
      file,
      JSON.stringify({ s3: { endpoint: 'https://s3.example.test', bucket: 'from-file' } }),
    );
    const s3Config = loadConfig({
      DATA_DIR: dataDir,
      LEXDESK_CONFIG: file,
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(s3Config).toMatchObject({ bucket: 'from-file', accessKeyId: 'AKID' });
  });
});

describe('createStorage', () => {
  it('given no s3 settings, then files go to <dataDir>/files on local disk', async () => {
    const storage = createStorage({ dataDir, s3: undefined });
    await storage.put('company', 'key', Buffer.from('local'));
    expect(await readdir(join(dataDir, 'files', 'company'))).toEqual(['key']);
  });

  it('given s3 settings, then files go to the bucket under the prefix', async () => {
    const connection = { endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS };
    const storage = createStorage({
      dataDir,
      s3: { ...connection, bucket: s3.bucket, prefix: 'p', forcePathStyle: true },
    });
    await storage.put('company', 'remote', Buffer.from('remote'));
    const client = createS3Client(connection);
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'p/company/remote' }),
    );
    expect(head.ContentLength).toBe(6);
    client.destroy();
  });
});
