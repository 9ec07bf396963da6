/**
 * Where the renderer's session token lives between runs.
 *
 * The token is a secret: it is never written to disk in plain text.
 * - Desktop (Electron): `createEncryptedSessionStore` with an Encryptor backed by Electron's
 *   safeStorage (OS keychain / DPAPI / libsecret). When the OS offers no encryption the token is
 *   kept in memory for this run only and the user signs in again next time.
 * - Headless host (browser build, tests): `createMemorySessionStore`; the token lives as long as
 *   the host process, so a restart of the host means signing in again.
 */
import { rm } from 'node:fs/promises';
import { readFileIfExists, writeFileAtomic } from './atomicFile';

export interface SessionStore {
  load(): Promise<string | null>;
  save(token: string): Promise<void>;
  clear(): Promise<void>;
  /** Whether a saved token survives a restart (false: memory only). */
  isPersistent(): Promise<boolean>;
}

/** The seam to the platform's secret storage. */
export interface Encryptor {
  isAvailable(): Promise<boolean>;
  encrypt(plain: string): Promise<Buffer>;
  /** `stale`: the key was rotated; the value should be encrypted and stored again. */
  decrypt(cipher: Buffer): Promise<{ plain: string; stale: boolean }>;
}

export function createMemorySessionStore(): SessionStore {
  let token: string | null = null;
  return {
    isPersistent: () => Promise.resolve(false),
    load: () => Promise.resolve(token),
    save: (next) => {
      token = next;
      return Promise.resolve();
    },
    clear: () => {
      token = null;
      return Promise.resolve();
    },
  };
}

export interface EncryptedSessionStoreOptions {
  file: string;
  encryptor: Encryptor;
  /** Told about a token file that could not be decrypted (it is removed). */
  onUnreadable?: (reason: string) => void;
}

export function createEncryptedSessionStore(options: EncryptedSessionStoreOptions): SessionStore {
  const { file, encryptor } = options;
  // Used when the platform cannot encrypt: the token then never leaves memory.
  const memory = createMemorySessionStore();

  return {
    isPersistent: () => encryptor.isAvailable(),
    async load() {
      if (!(await encryptor.isAvailable())) return memory.load();
      const cipher = await readFileIfExists(file);
      if (cipher === null) return null;
      try {
        const { plain, stale } = await encryptor.decrypt(cipher);
        if (plain.length === 0) return null;
        if (stale) await writeFileAtomic(file, await encryptor.encrypt(plain));
        return plain;
      } catch (error) {
        options.onUnreadable?.(error instanceof Error ? error.message : String(error));
        await rm(file, { force: true });
        return null;
      }
    },
    async save(token) {
      if (!(await encryptor.isAvailable())) {
        await memory.save(token);
        return;
      }
      await writeFileAtomic(file, await encryptor.encrypt(token));
    },
    async clear() {
      await memory.clear();
      await rm(file, { force: true });
    },
  };
}
