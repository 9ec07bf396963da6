/**
 * Whose cache and outbox these are: the user of the saved session token. Main asks the server
 * (`viewer { user { id } }`) once per token and remembers the last token's SHA-256 with its user
 * in the store, so an app restarted offline with a saved session still knows its user. The
 * token itself is never stored or logged.
 */
import { createHash } from 'node:crypto';
import type { Connectivity } from './connectivity';
import { ReviewStoreError } from './db';
import { fetchViewerId, type CallOptions, type Connection } from './serverClient';
import type { ReviewStore } from './store';

export interface User {
  userId: string;
  /** SHA-256 of the session token. */
  hash: string;
  /** Null while there is no server URL. */
  connection: Connection | null;
}

export interface Identity {
  current(): Promise<User | null>;
  /** The current user, or REVIEW_SIGNED_OUT. */
  require(): Promise<User>;
  /** The server said this session is over: send nothing with it until the next sign-in. */
  ended(user: User): void;
  isEnded(user: User): boolean;
  /** A token was saved or cleared. */
  reset(): void;
}

const SESSION_HASH = 'session_hash';
const SESSION_USER = 'session_user';

export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export function createIdentity(options: {
  store: ReviewStore;
  token: () => Promise<string | null>;
  serverUrl: () => string;
  connectivity: Connectivity;
  call: CallOptions;
  now: () => number;
  isClosed: () => boolean;
}): Identity {
  const { store, connectivity } = options;
  let tokenCache: { at: number; token: string | null } | null = null;
  let endedHash: string | null = null;
  const users = new Map<string, string>();
  const resolving = new Map<string, Promise<string | null>>();

  /** The token is read at most every few seconds (status is asked often). */
  const token = async (): Promise<string | null> => {
    if (!tokenCache || options.now() - tokenCache.at > 3_000) {
      tokenCache = { at: options.now(), token: await options.token() };
    }
    return tokenCache.token;
  };

  const savedUser = (hash: string): string | null =>
    store.getMeta(SESSION_HASH) === hash ? store.getMeta(SESSION_USER) : null;

  const resolveUser = (hash: string, connection: Connection): Promise<string | null> => {
    const known = users.get(hash) ?? savedUser(hash);
    if (known) {
      users.set(hash, known);
      return Promise.resolve(known);
    }
    if (hash === endedHash) return Promise.resolve(null);
    let pending = resolving.get(hash);
    if (!pending) {
      pending = fetchViewerId(connection, options.call).then((result) => {
        resolving.delete(hash);
        if (result.kind === 'unreachable') connectivity.failed();
        else connectivity.succeeded();
        if (result.kind === 'session') endedHash = hash;
        if (result.kind !== 'user') return null;
        users.set(hash, result.userId);
        if (!options.isClosed()) {
          store.setMeta(SESSION_HASH, hash);
          store.setMeta(SESSION_USER, result.userId);
        }
        return result.userId;
      });
      resolving.set(hash, pending);
    }
    return pending;
  };

  const current = async (): Promise<User | null> => {
    const value = await token();
    if (!value) return null;
    const hash = tokenHash(value);
    const serverUrl = options.serverUrl();
    if (!serverUrl) {
      const saved = savedUser(hash);
      return saved ? { userId: saved, hash, connection: null } : null;
    }
    const connection = { serverUrl, token: value };
    const userId = await resolveUser(hash, connection);
    return userId ? { userId, hash, connection } : null;
  };

  return {
    current,
    async require() {
      const user = await current();
      if (!user) {
        throw new ReviewStoreError(
          'REVIEW_SIGNED_OUT',
          'Sign in to LexDesk to review documents on this computer.',
        );
      }
      return user;
    },
    ended(user) {
      endedHash = user.hash;
    },
    isEnded: (user) => user.hash === endedHash,
    reset() {
      tokenCache = null;
      endedHash = null;
    },
  };
}
