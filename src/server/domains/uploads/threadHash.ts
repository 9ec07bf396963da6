/**
 * SHA-256 of an upload's file on a worker thread, hashing behind the writer: the thread that
 * receives the bytes only writes them to the file and says how far the file is written
 * (`hashTo`); the worker reads that part back (from the page cache, where it was just written)
 * and hashes it. So the receiving thread neither copies bytes for the hasher nor ever waits for
 * it, and memory does not grow with a slow hasher: the file is the buffer. The digest is of the
 * bytes as stored, which is what the check at the end is about.
 *
 * One worker serves every running hash of the process; each hash is a session keyed by a number.
 * The worker's code is a string (eval), so the bundled desktop server needs no extra file. A
 * worker that fails, or a file it cannot read as far as told, refuses the digest: the caller
 * then hashes the file itself.
 */
import { Worker } from 'node:worker_threads';

/** How much the worker reads at a time. */
const READ_BYTES = 1024 * 1024;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const sessions = new Map();
const buffer = Buffer.allocUnsafe(${READ_BYTES});
function advance(found, end) {
  if (found.failed || end <= found.at) return;
  const fd = openSync(found.path, 'r');
  try {
    while (found.at < end) {
      const got = readSync(fd, buffer, 0, Math.min(buffer.length, end - found.at), found.at);
      if (got === 0) throw new Error('the file ends before byte ' + end);
      found.hash.update(buffer.subarray(0, got));
      found.at += got;
    }
  } finally {
    closeSync(fd);
  }
}
parentPort.on('message', (message) => {
  const { op, id } = message;
  if (op === 'open') {
    sessions.set(id, { path: message.path, hash: createHash('sha256'), at: 0, failed: null });
    return;
  }
  const found = sessions.get(id);
  if (!found) return;
  if (op === 'drop') {
    sessions.delete(id);
    return;
  }
  try {
    advance(found, message.end);
  } catch (error) {
    found.failed = error instanceof Error ? error.message : String(error);
  }
  if (op === 'digest') {
    sessions.delete(id);
    parentPort.postMessage(
      found.failed
        ? { op: 'failed', id, message: found.failed }
        : { op: 'digest', id, digest: found.hash.digest('hex') },
    );
  }
});
`;

interface WorkerReply {
  op: 'digest' | 'failed';
  id: number;
  digest?: string;
  message?: string;
}

interface SessionState {
  onDigest?: { resolve: (digest: string) => void; reject: (error: Error) => void };
  failed?: Error;
}

export interface FileHash {
  /** The file's bytes before `end` are written: the worker hashes up to there, in order. */
  hashTo(end: number): void;
  /** Hashes the file up to `size` and answers its hex digest; the session ends. */
  digest(size: number): Promise<string>;
  /** Ends the session without a digest. */
  drop(): void;
}

let worker: Worker | undefined;
let nextId = 1;
const sessions = new Map<number, SessionState>();
let awaitedDigests = 0;

function failAll(error: Error): void {
  for (const state of sessions.values()) {
    state.failed = error;
    state.onDigest?.reject(error);
  }
  sessions.clear();
  awaitedDigests = 0;
  worker?.unref();
  worker = undefined;
}

function hashWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(WORKER_SOURCE, { eval: true });
  created.on('message', (reply: WorkerReply) => {
    awaitedDigests = Math.max(0, awaitedDigests - 1);
    holdProcess();
    const state = sessions.get(reply.id);
    if (!state) return;
    sessions.delete(reply.id);
    if (reply.op === 'digest') state.onDigest?.resolve(reply.digest ?? '');
    else state.onDigest?.reject(new Error(reply.message ?? 'the hash worker failed'));
  });
  created.on('error', (error) => failAll(error));
  created.on('exit', (code) => {
    if (worker === created) failAll(new Error(`the hash worker exited (${code})`));
  });
  worker = created;
  // After the listeners: adding a 'message' listener refs the worker again.
  holdProcess();
  return created;
}

/**
 * The worker keeps the process alive only while a digest is awaited: idle, or holding the running
 * hash of an upload between two PATCHes, it must not stop the process from exiting.
 */
function holdProcess(): void {
  if (awaitedDigests > 0) worker?.ref();
  else worker?.unref();
}

/** A running hash of the file at `path` (absolute), which is written from its start. */
export function createFileHash(path: string): FileHash {
  const id = nextId;
  nextId += 1;
  const state: SessionState = {};
  sessions.set(id, state);
  const target = hashWorker();
  target.postMessage({ op: 'open', id, path });
  let told = 0;
  return {
    hashTo(end) {
      if (state.failed || !sessions.has(id) || end <= told) return;
      told = end;
      target.postMessage({ op: 'to', id, end });
    },
    digest(size) {
      if (state.failed) return Promise.reject(state.failed);
      if (!sessions.has(id)) return Promise.reject(new Error('the hash session has ended'));
      return new Promise((resolve, reject) => {
        state.onDigest = { resolve, reject };
        awaitedDigests += 1;
        holdProcess();
        target.postMessage({ op: 'digest', id, end: size });
      });
    },
    drop() {
      if (!sessions.delete(id)) return;
      target.postMessage({ op: 'drop', id });
    },
  };
}

/** Stops the shared worker (tests; a server shutdown does not need it: the worker is unref'd). */
export async function stopHashWorker(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await current.terminate();
  failAll(new Error('the hash worker was stopped'));
}
