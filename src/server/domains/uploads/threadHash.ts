/**
 * SHA-256 on a worker thread, so the thread that receives upload bytes only copies them and the
 * hashing runs on another core at the same time. One worker serves every running hash of the
 * process; each hash is a session keyed by a number. The worker's code is a string (eval), so the
 * bundled desktop server needs no extra file.
 *
 * Flow control: the worker acknowledges every ACK_BYTES it has hashed; a sender with more than
 * MAX_IN_FLIGHT bytes not yet acknowledged waits (`ready()`), so a slow hasher slows the upload
 * instead of piling copies up in memory. A worker that fails ends every session with an error:
 * the caller then hashes from disk.
 */
import { Worker } from 'node:worker_threads';

const ACK_BYTES = 4 * 1024 * 1024;
const BATCH_BYTES = 1024 * 1024;
const MAX_IN_FLIGHT = 32 * 1024 * 1024;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sessions = new Map();
parentPort.on('message', (message) => {
  const { op, id } = message;
  if (op === 'update') {
    let session = sessions.get(id);
    if (!session) { session = { hash: createHash('sha256'), unacked: 0 }; sessions.set(id, session); }
    const bytes = new Uint8Array(message.data);
    session.hash.update(bytes);
    session.unacked += bytes.length;
    if (session.unacked >= ${ACK_BYTES}) {
      parentPort.postMessage({ op: 'ack', id, bytes: session.unacked });
      session.unacked = 0;
    }
  } else if (op === 'digest') {
    const session = sessions.get(id) ?? { hash: createHash('sha256'), unacked: 0 };
    sessions.delete(id);
    parentPort.postMessage({ op: 'digest', id, digest: session.hash.digest('hex'), bytes: session.unacked });
  } else if (op === 'drop') {
    sessions.delete(id);
  }
});
`;

interface WorkerReply {
  op: 'ack' | 'digest';
  id: number;
  bytes: number;
  digest?: string;
}

interface SessionState {
  inFlight: number;
  waiters: Array<() => void>;
  onDigest?: { resolve: (digest: string) => void; reject: (error: Error) => void };
  failed?: Error;
}

export interface ThreadHash {
  /** Hands a copy of `chunk` to the worker. */
  update(chunk: Uint8Array): void;
  /** Resolves when the worker is close enough behind to take more (flow control). */
  ready(): Promise<void>;
  /** The hex digest of everything updated; the session ends. */
  digest(): Promise<string>;
  /** Ends the session without a digest. */
  drop(): void;
}

let worker: Worker | undefined;
let nextId = 1;
const sessions = new Map<number, SessionState>();

function release(state: SessionState): void {
  const waiters = state.waiters.splice(0);
  for (const wake of waiters) wake();
}

function failAll(error: Error): void {
  for (const state of sessions.values()) {
    state.failed = error;
    state.onDigest?.reject(error);
    release(state);
  }
  sessions.clear();
  worker = undefined;
}

function hashWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(WORKER_SOURCE, { eval: true });
  // Idle, the worker must not keep the process alive.
  created.unref();
  created.on('message', (reply: WorkerReply) => {
    const state = sessions.get(reply.id);
    if (!state) return;
    state.inFlight -= reply.bytes;
    if (reply.op === 'digest') {
      sessions.delete(reply.id);
      state.onDigest?.resolve(reply.digest ?? '');
    }
    if (state.inFlight <= MAX_IN_FLIGHT) release(state);
  });
  created.on('error', (error) => failAll(error));
  created.on('exit', (code) => {
    if (worker === created) failAll(new Error(`the hash worker exited (${code})`));
  });
  worker = created;
  return created;
}

export function createThreadHash(): ThreadHash {
  const id = nextId;
  nextId += 1;
  const state: SessionState = { inFlight: 0, waiters: [] };
  sessions.set(id, state);
  const target = hashWorker();
  // Socket-sized chunks are gathered into one buffer per BATCH_BYTES, so the worker gets a few
  // hundred messages per GiB rather than tens of thousands (the copy is made once either way).
  let batch: Uint8Array | undefined;
  let filled = 0;
  const flush = (): void => {
    if (!batch || filled === 0) return;
    const data = filled === batch.byteLength ? batch.buffer : batch.buffer.slice(0, filled);
    state.inFlight += filled;
    target.postMessage({ op: 'update', id, data }, [data as ArrayBuffer]);
    batch = undefined;
    filled = 0;
  };
  return {
    update(chunk) {
      if (state.failed) return;
      let from = 0;
      while (from < chunk.byteLength) {
        batch ??= new Uint8Array(new ArrayBuffer(BATCH_BYTES));
        const take = Math.min(chunk.byteLength - from, batch.byteLength - filled);
        batch.set(chunk.subarray(from, from + take), filled);
        filled += take;
        from += take;
        if (filled === batch.byteLength) flush();
      }
    },
    ready() {
      if (state.failed || state.inFlight <= MAX_IN_FLIGHT) return Promise.resolve();
      return new Promise((resolve) => state.waiters.push(resolve));
    },
    digest() {
      if (state.failed) return Promise.reject(state.failed);
      flush();
      return new Promise((resolve, reject) => {
        state.onDigest = { resolve, reject };
        target.postMessage({ op: 'digest', id });
      });
    },
    drop() {
      batch = undefined;
      filled = 0;
      if (!sessions.delete(id)) return;
      release(state);
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
