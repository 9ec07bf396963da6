/**
 * SHA-256 on a worker thread, so the thread that receives upload bytes only copies them and the
 * hashing runs on another core at the same time. One worker serves every running hash of the
 * process; each hash is a session keyed by a number. The worker's code is a string (eval), so the
 * bundled desktop server needs no extra file.
 *
 * Bytes travel through a ring of shared memory per session (borrowed from a small pool): the
 * receiving thread copies each chunk in and tells the worker which span to hash once a batch is
 * full, so an upload allocates nothing per chunk and the worker nothing at all (allocating a
 * copy per chunk kept both threads' garbage collectors busy). A chunk that does not fit goes as
 * a copy of its own, in order.
 *
 * Flow control: the worker acknowledges every ACK_BYTES it has hashed; a sender with more than
 * MAX_IN_FLIGHT bytes not yet acknowledged waits (`ready()`), so a slow hasher slows the upload
 * instead of piling bytes up. A span of the ring is written again only once the worker has
 * acknowledged it. A worker that fails ends every session with an error: the caller then hashes
 * from disk.
 */
import { Worker } from 'node:worker_threads';

const ACK_BYTES = 2 * 1024 * 1024;
const BATCH_BYTES = 1024 * 1024;
const RING_BYTES = 16 * 1024 * 1024;
const MAX_IN_FLIGHT = 8 * 1024 * 1024;
const POOLED_RINGS = 4;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sessions = new Map();
function session(id) {
  let found = sessions.get(id);
  if (!found) { found = { hash: createHash('sha256'), unacked: 0, ring: null }; sessions.set(id, found); }
  return found;
}
function hashed(id, found, bytes) {
  found.unacked += bytes;
  if (found.unacked >= ${ACK_BYTES}) {
    parentPort.postMessage({ op: 'ack', id, bytes: found.unacked });
    found.unacked = 0;
  }
}
parentPort.on('message', (message) => {
  const { op, id } = message;
  if (op === 'copy') {
    const found = session(id);
    const bytes = new Uint8Array(message.data);
    found.hash.update(bytes);
    hashed(id, found, bytes.length);
  } else if (op === 'span') {
    const found = session(id);
    if (message.ring) found.ring = new Uint8Array(message.ring);
    found.hash.update(found.ring.subarray(message.start, message.start + message.length));
    hashed(id, found, message.length);
  } else if (op === 'digest') {
    const found = session(id);
    sessions.delete(id);
    parentPort.postMessage({ op: 'digest', id, digest: found.hash.digest('hex'), bytes: found.unacked });
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
  /** Handed back to the pool when the worker has answered the digest (it reads it no more). */
  ring?: SharedArrayBuffer;
}

export interface ThreadHash {
  /** Copies `chunk` for the worker (the caller may reuse its buffer at once). */
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
const ringPool: SharedArrayBuffer[] = [];
let awaitedDigests = 0;

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
  awaitedDigests = 0;
  worker?.unref();
  worker = undefined;
}

function hashWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(WORKER_SOURCE, { eval: true });
  created.on('message', (reply: WorkerReply) => {
    if (reply.op === 'digest') {
      awaitedDigests = Math.max(0, awaitedDigests - 1);
      holdProcess();
    }
    const state = sessions.get(reply.id);
    if (!state) return;
    state.inFlight -= reply.bytes;
    if (reply.op === 'digest') {
      sessions.delete(reply.id);
      if (state.ring && ringPool.length < POOLED_RINGS) ringPool.push(state.ring);
      state.onDigest?.resolve(reply.digest ?? '');
    }
    if (state.inFlight <= MAX_IN_FLIGHT) release(state);
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

export function createThreadHash(): ThreadHash {
  const id = nextId;
  nextId += 1;
  const state: SessionState = { inFlight: 0, waiters: [] };
  sessions.set(id, state);
  const target = hashWorker();
  let ring: Uint8Array | undefined;
  let ringSent = false;
  /**
   * Where the next byte goes in the ring, and where the bytes not yet sent for hashing start;
   * the bytes the worker has not hashed end at writeAt and number at most inFlight + pending.
   */
  let writeAt = 0;
  let spanStart = 0;
  const pending = () => writeAt - spanStart;

  const sendSpan = (): void => {
    const length = pending();
    if (length === 0 || !ring) return;
    state.inFlight += length;
    target.postMessage({
      op: 'span',
      id,
      start: spanStart,
      length,
      ...(ringSent ? {} : { ring: state.ring }),
    });
    ringSent = true;
    spanStart = writeAt % RING_BYTES;
    writeAt = spanStart;
  };
  const sendCopy = (chunk: Uint8Array): void => {
    const copy = new ArrayBuffer(chunk.byteLength);
    new Uint8Array(copy).set(chunk);
    state.inFlight += chunk.byteLength;
    target.postMessage({ op: 'copy', id, data: copy }, [copy]);
  };

  return {
    update(chunk) {
      if (state.failed || chunk.byteLength === 0) return;
      if (state.inFlight + pending() + chunk.byteLength > RING_BYTES) {
        // No room without writing over bytes the worker has not hashed yet: send a copy.
        sendSpan();
        sendCopy(chunk);
        return;
      }
      if (!ring) {
        state.ring = ringPool.pop() ?? new SharedArrayBuffer(RING_BYTES);
        ring = new Uint8Array(state.ring);
      }
      // A span ends at the ring's end; the rest of the chunk goes on from its start.
      for (let from = 0; from < chunk.byteLength;) {
        const take = Math.min(chunk.byteLength - from, RING_BYTES - writeAt);
        ring.set(chunk.subarray(from, from + take), writeAt);
        writeAt += take;
        from += take;
        if (writeAt === RING_BYTES || pending() >= BATCH_BYTES) sendSpan();
      }
    },
    ready() {
      if (state.failed || state.inFlight <= MAX_IN_FLIGHT) return Promise.resolve();
      return new Promise((resolve) => state.waiters.push(resolve));
    },
    digest() {
      if (state.failed) return Promise.reject(state.failed);
      sendSpan();
      return new Promise((resolve, reject) => {
        state.onDigest = { resolve, reject };
        awaitedDigests += 1;
        holdProcess();
        target.postMessage({ op: 'digest', id });
      });
    },
    drop() {
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
