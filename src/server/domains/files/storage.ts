/**
 * Where uploaded bytes live. LocalDiskStorage keeps them under <DATA_DIR>/files/<company>/<key>,
 * folders 0700 and files 0600 (client documents: the owner only); an S3-compatible implementation
 * can replace it behind the same interface.
 */
import { createReadStream } from 'node:fs';
import { chmod, copyFile, link, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_FILE_MODE } from '../../../shared/files/modes';
import { mkdirPrivate } from '../../privateFiles';

export interface FileStorage {
  put(companyId: string, key: string, bytes: Uint8Array): Promise<void>;
  /** Stores the file at `sourcePath` (left in place) without reading it into memory. */
  putFile(companyId: string, key: string, sourcePath: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when missing. */
  open(companyId: string, key: string): Promise<Readable | undefined>;
  remove(companyId: string, key: string): Promise<void>;
  /**
   * A local file holding the stored bytes, for tools that need a path (the document pipeline);
   * `release` removes it when it was a temporary copy. Undefined when the key is missing.
   */
  localCopy(
    companyId: string,
    key: string,
  ): Promise<{ path: string; release(): Promise<void> } | undefined>;
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

export function createLocalDiskStorage(rootDir: string): FileStorage {
  function pathOf(companyId: string, key: string): string {
    if (!SAFE_SEGMENT.test(companyId) || !SAFE_SEGMENT.test(key))
      throw new Error('unsafe storage path segment');
    return join(rootDir, companyId, key);
  }

  return {
    async put(companyId, key, bytes) {
      const target = pathOf(companyId, key);
      await mkdirPrivate(join(rootDir, companyId));
      // Write then rename, so a crash never leaves a half-written file under its final name.
      const partial = `${target}.partial`;
      await writeFile(partial, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      await rename(partial, target);
    },
    async putFile(companyId, key, sourcePath) {
      const target = pathOf(companyId, key);
      await mkdirPrivate(join(rootDir, companyId));
      const partial = `${target}.partial`;
      // A hard link costs no copy when both live on one disk (uploads sit beside the files).
      await link(sourcePath, partial).catch(() => copyFile(sourcePath, partial));
      // Whatever mode the source had (a copy keeps it; a link shares it), the stored file is private.
      await chmod(partial, PRIVATE_FILE_MODE);
      await rename(partial, target);
    },
    async open(companyId, key) {
      const target = pathOf(companyId, key);
      try {
        await stat(target);
      } catch {
        return undefined;
      }
      return createReadStream(target);
    },
    async remove(companyId, key) {
      await rm(pathOf(companyId, key), { force: true });
    },
    async localCopy(companyId, key) {
      const target = pathOf(companyId, key);
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      return exists ? { path: target, release: () => Promise.resolve() } : undefined;
    },
  };
}
