/** What the fuzz engine's parts hand each other: a case to send, and what came back. */
import type { Fixtures, Role } from './fixtures';
import type { Sweep } from './mutate';
import type { Rng } from './prng';

export interface WireRequest {
  method: string;
  /** Path and query string, already encoded as a raw client would send them. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzCase {
  /** The endpoint: `Root.field` or `METHOD /route/:param`. */
  target: string;
  /** How the request was broken (leaf, missing, extra, bad-json, aliases...). */
  mutation: string;
  /** The kind of malformed value sent (nul, int32-overflow...), or '-' for none. */
  kind: string;
  /** Which argument, field or header was broken. */
  where: string;
  role: Role;
  /** The Authorization header sent instead of the role's bearer token, when the case breaks it. */
  authorization?: string;
  /** Ask for a session of its own: the request ends the session it runs in. */
  disposableSession?: boolean;
  request: WireRequest;
}

/** One endpoint the fuzzer can aim at. */
export interface Target {
  name: string;
  /** A case; with `sweep`, that sweep's value in every leaf of its kind instead of a random break. */
  generate(rng: Rng, fixtures: Fixtures, sweep?: Sweep): FuzzCase;
}

export interface WireReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first 64 KB of the body. */
  body: string;
  ms: number;
}

export interface LogLine {
  level: number;
  msg: string;
  /** The logged error's message, when the line carries one. */
  err?: string;
}
