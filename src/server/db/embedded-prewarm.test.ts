import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { autoprewarmFlags } from './embedded-prewarm';

let root: string | undefined;

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** A PostgreSQL install folder (bin, lib/postgresql) with these library files. */
async function install(libraries: string[]): Promise<string> {
  root = await mkdtemp(path.join(tmpdir(), 'lexdesk-prewarm-'));
  await mkdir(path.join(root, 'bin'));
  await mkdir(path.join(root, 'lib', 'postgresql'), { recursive: true });
  for (const file of libraries) await writeFile(path.join(root, 'lib', 'postgresql', file), '');
  return path.join(root, 'bin');
}

describe('autoprewarmFlags', () => {
  it('given a PostgreSQL with pg_prewarm, then it is preloaded with autoprewarm on', async () => {
    expect(autoprewarmFlags(await install(['pg_prewarm.so']))).toEqual([
      '-c',
      'shared_preload_libraries=pg_prewarm',
      '-c',
      'pg_prewarm.autoprewarm=on',
    ]);
  });

  it('given a PostgreSQL without it, or no known install folder, then no flag (PostgreSQL would not start)', async () => {
    expect(autoprewarmFlags(await install(['plpgsql.so']))).toEqual([]);
    expect(autoprewarmFlags(undefined)).toEqual([]);
  });
});
