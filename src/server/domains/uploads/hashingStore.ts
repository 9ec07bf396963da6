/**
 * A tus FileStore that hashes each upload while it is written, so the final PATCH does not read a
 * large upload again to check its SHA-256. A worker thread hashes the file behind the writer
 * (threadHash.ts): this store tells it how far the file is written and never waits for it. The
 * running hash is kept per upload between PATCHes while each PATCH starts exactly where the last
 * one ended; anything else (a failed write, a restart of the server, a PATCH at an unexpected
 * offset) drops it and finish.ts hashes the file from disk instead, so the digest is never wrong,
 * only sometimes slower.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { ERRORS, isPathInsideDirectory, type Upload } from '@tus/utils';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../../shared/files/modes';
import { createFileHash, type FileHash } from './threadHash';

/** tus's JSON metadata beside each upload (name, raw file id), written owner-only. */
class PrivateConfigstore extends FileConfigstore {
  override async set(key: string, value: Upload): Promise<void> {
    const path = resolve(this.directory, `${key}.json`);
    if (!isPathInsideDirectory(this.directory, path)) throw ERRORS.FILE_NOT_FOUND;
    await writeFile(path, JSON.stringify(value), { mode: PRIVATE_FILE_MODE });
  }
}

/**
 * Bytes the file stream may hold before it pushes back (and so the largest single writev). Large
 * enough that one writev carries many socket-sized chunks; small enough that they are still in
 * the CPU's caches when the writev copies them into the page cache. Measured on the 2-core
 * bench machine (1 GiB, server CPU per upload): 4 MiB made the thread-pool writes about three
 * times as costly as 1 or 2 MiB (the time went to the kernel's copy into the page cache), and
 * the upload about 0.5 s slower; 2 MiB was the fastest; 256-512 KiB cost main-thread time.
 */
const WRITE_BATCH = 2 * 1024 * 1024;
/** How many newly written bytes make the hasher be told to go on. */
const HASH_STEP = 1024 * 1024;

/** What the fast PATCH path (patch.ts) adds to a write; tus's own calls pass neither. */
export interface WriteOptions {
  /** Most bytes this write takes: one more fails it with tus's 413 (ERR_SIZE_EXCEEDED). */
  limit?: number;
  /** Aborted: stop reading, and end the write with what was received (a lock release, a client gone). */
  stop?: AbortSignal;
}

interface RunningHash {
  hash: FileHash;
  /** Bytes hashed so far, which is the upload's offset when the state is valid. */
  offset: number;
}

export class HashingFileStore extends FileStore {
  private readonly running = new Map<string, RunningHash>();

  /** The staging folder and every upload and metadata file in it are owner-only. */
  constructor(options: { directory: string; expirationPeriodInMilliseconds?: number }) {
    // Before FileStore's own (asynchronous, mode 0777) mkdir, which then finds it there.
    mkdirSync(options.directory, { recursive: true, mode: PRIVATE_DIR_MODE });
    super({ ...options, configstore: new PrivateConfigstore(options.directory) });
  }

  override async create(upload: Upload): Promise<Upload> {
    // FileStore truncates the data file with writeFile, which keeps the mode of an existing file.
    const path = resolve(this.directory, upload.id);
    if (!isPathInsideDirectory(this.directory, path)) throw ERRORS.FILE_NOT_FOUND;
    await writeFile(path, '', { mode: PRIVATE_FILE_MODE });
    return super.create(upload);
  }

  /**
   * Writes `readable` at `offset`. A failed write never destroys `readable` (the request: its
   * socket must still carry the answer); it is only unpiped.
   */
  override async write(
    readable: Readable,
    id: string,
    offset: number,
    { limit = Infinity, stop }: WriteOptions = {},
  ): Promise<number> {
    const previous = this.running.get(id);
    this.running.delete(id);
    const path = resolve(this.directory, id);
    if (!isPathInsideDirectory(this.directory, path)) {
      previous?.hash.drop();
      throw ERRORS.FILE_NOT_FOUND;
    }
    const state: RunningHash | undefined =
      offset === 0
        ? { hash: createFileHash(path), offset: 0 }
        : previous?.offset === offset
          ? previous
          : undefined;
    if (previous && previous !== state) previous.hash.drop();

    const sink = createWriteStream(path, {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BATCH,
    });
    let received = 0;
    let tooLong = false;
    let hashingFrom = offset;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (received + chunk.length > limit) {
          tooLong = true;
          return callback(new Error('the body is longer than the upload'));
        }
        received += chunk.length;
        // What the file stream has finished writing may be hashed now.
        const written = offset + sink.bytesWritten;
        if (state && written - hashingFrom >= HASH_STEP) {
          hashingFrom = written;
          state.hash.hashTo(written);
        }
        callback(null, chunk);
      },
    });
    // pipe, not pipeline: a failure unpipes the source instead of destroying it.
    let stopped = false;
    const endEarly = () => {
      stopped = true;
      readable.unpipe(counting);
      if (!counting.writableEnded) counting.end();
    };
    const unwatch = finished(readable, { writable: false }, (error) => {
      if (error && !stopped) counting.destroy(error);
    });
    readable.pipe(counting);
    if (stop?.aborted) endEarly();
    else stop?.addEventListener('abort', endEarly, { once: true });
    try {
      await pipeline(counting, sink);
    } catch {
      readable.unpipe(counting);
      state?.hash.drop();
      throw tooLong ? ERRORS.ERR_SIZE_EXCEEDED : ERRORS.FILE_WRITE_ERROR;
    } finally {
      unwatch();
      stop?.removeEventListener('abort', endEarly);
    }
    const end = offset + received;
    if (state) {
      state.hash.hashTo(end);
      this.running.set(id, { hash: state.hash, offset: end });
    }
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
    return state.hash.digest(size).catch(() => undefined);
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
