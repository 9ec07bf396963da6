/**
 * A tus FileStore that hashes the bytes as they are written, so the final PATCH does not read a
 * large upload again to check its SHA-256. The running hash is kept per upload between PATCHes
 * while each PATCH starts exactly where the last one ended; anything else (a failed write, a
 * restart of the server, a PATCH at an unexpected offset) drops it and finish.ts hashes the file
 * from disk instead, so the digest is never wrong, only sometimes slower. The hashing itself runs
 * on a worker thread (threadHash.ts), beside the thread that receives and writes the bytes.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { createThreadHash, type ThreadHash } from './threadHash';

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
    if (!state) return super.write(readable, id, offset);

    let hashed = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        state.hash.update(chunk);
        hashed += chunk.length;
        void state.hash.ready().then(() => callback(null, chunk));
      },
    });
    // Errors of the request stream destroy `hashing`, which fails the store's own pipeline.
    const source = pipeline(readable, hashing, () => undefined);
    const end = await super.write(source as unknown as Readable, id, offset).catch((error) => {
      state.hash.drop();
      throw error;
    });
    if (end === offset + hashed) this.running.set(id, { hash: state.hash, offset: end });
    else state.hash.drop();
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
