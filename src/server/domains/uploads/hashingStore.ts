/**
 * A tus FileStore that hashes the bytes as they are written, so the final PATCH does not read a
 * large upload again to check its SHA-256. The running hash is kept per upload between PATCHes
 * while each PATCH starts exactly where the last one ended; anything else (a failed write, a
 * restart of the server, a PATCH at an unexpected offset) drops it and finish.ts hashes the file
 * from disk instead, so the digest is never wrong, only sometimes slower. The hashing itself runs
 * on a worker thread (threadHash.ts), beside the thread that receives and writes the bytes.
 */
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, isPathInsideDirectory } from '@tus/utils';
import { createThreadHash, type ThreadHash } from './threadHash';

/** Bytes the file stream may hold before it pushes back (and so the largest single writev). */
const WRITE_BATCH = 4 * 1024 * 1024;

interface RunningHash {
  hash: ThreadHash;
  /** Bytes hashed so far, which is the upload's offset when the state is valid. */
  offset: number;
}

export class HashingFileStore extends FileStore {
  private readonly running = new Map<string, RunningHash>();

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const previous = this.running.get(id);
    this.running.delete(id);
    const state: RunningHash | undefined =
      offset === 0
        ? { hash: createThreadHash(), offset: 0 }
        : previous?.offset === offset
          ? previous
          : undefined;
    if (previous && previous !== state) previous.hash.drop();

    const path = resolve(this.directory, id);
    if (!isPathInsideDirectory(this.directory, path)) throw ERRORS.FILE_NOT_FOUND;
    let received = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (!state) return callback(null, chunk);
        state.hash.update(chunk);
        void state.hash.ready().then(() => callback(null, chunk));
      },
    });
    // A large buffer lets the file stream gather many socket-sized chunks into one writev.
    const sink = createWriteStream(path, {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BATCH,
    });
    try {
      await pipeline(readable, counting, sink);
    } catch {
      state?.hash.drop();
      throw ERRORS.FILE_WRITE_ERROR;
    }
    const end = offset + received;
    if (state) this.running.set(id, { hash: state.hash, offset: end });
    return end;
  }

  /**
   * The SHA-256 of the whole upload when every byte passed through this store, else undefined
   * (also when the hash worker failed: the caller then reads the file).
   */
  async takeDigest(id: string, size: number): Promise<string | undefined> {
    const state = this.running.get(id);
    this.running.delete(id);
    if (!state) return undefined;
    if (state.offset !== size) {
      state.hash.drop();
      return undefined;
    }
    return state.hash.digest().catch(() => undefined);
  }

  override async remove(id: string): Promise<void> {
    this.running.get(id)?.hash.drop();
    this.running.delete(id);
    await super.remove(id);
  }

  /** Uploads with a running hash (for tests and leak checks). */
  get runningCount(): number {
    return this.running.size;
  }
}
