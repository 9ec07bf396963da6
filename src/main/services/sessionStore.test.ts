import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createEncryptedSessionStore,
  createMemorySessionStore,
  type Encryptor,
} from './sessionStore';

const TOKEN = 'session-token-0123456789abcdef';

/** A reversible stand-in for safeStorage: XOR with a key, prefixed so a bad file is detectable. */
function fakeEncryptor(available = true, version = 'ENC1'): Encryptor {
  return {
    isAvailable: () => Promise.resolve(available),
    encrypt: (plain) =>
      Promise.resolve(
        Buffer.concat([Buffer.from(version), Buffer.from(plain).map((byte) => byte ^ 0x5a)]),
      ),
    decrypt: (cipher) => {
      const header = cipher.subarray(0, 4).toString();
      if (!/^ENC\d$/.test(header)) return Promise.reject(new Error('bad header'));
      const plain = Buffer.from(cipher.subarray(4).map((byte) => byte ^ 0x5a)).toString();
      return Promise.resolve({ plain, stale: header !== version });
    },
  };
}

let file: string;
beforeEach(async () => {
  file = path.join(
    await mkdtemp(path.join(tmpdir(), 'lexdesk-session-')),
    'desktop',
    'session.bin',
  );
});

describe('session stores', () => {
  it('given the memory store, when a token is saved and cleared, then it is kept only in memory', async () => {
    const store = createMemorySessionStore();
    expect(await store.isPersistent()).toBe(false);
    await store.save(TOKEN);
    expect(await store.load()).toBe(TOKEN);
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('given encryption, when a token is saved, then the file holds ciphertext and a new store reads it back', async () => {
    await createEncryptedSessionStore({ file, encryptor: fakeEncryptor() }).save(TOKEN);
    expect((await readFile(file)).toString()).not.toContain(TOKEN);
    expect(await createEncryptedSessionStore({ file, encryptor: fakeEncryptor() }).load()).toBe(
      TOKEN,
    );
  });

  it('given no encryption on this system, when a token is saved, then nothing is written and it lives in memory', async () => {
    const store = createEncryptedSessionStore({ file, encryptor: fakeEncryptor(false) });
    expect(await store.isPersistent()).toBe(false);
    await store.save(TOKEN);
    expect(existsSync(file)).toBe(false);
    expect(await store.load()).toBe(TOKEN);
  });

  it('given an unreadable token file, when loaded, then it reports, removes the file and returns null', async () => {
    const reasons: string[] = [];
    const store = createEncryptedSessionStore({
      file,
      encryptor: fakeEncryptor(),
      onUnreadable: (r) => reasons.push(r),
    });
    await store.save(TOKEN);
    await writeFile(file, 'garbage');
    expect(await store.load()).toBeNull();
    expect(reasons).toEqual(['bad header']);
    expect(existsSync(file)).toBe(false);
  });

  it('given a token encrypted with a rotated key, when loaded, then it is re-encrypted with the current key', async () => {
    await createEncryptedSessionStore({ file, encryptor: fakeEncryptor(true, 'ENC1') }).save(TOKEN);
    expect(
      await createEncryptedSessionStore({ file, encryptor: fakeEncryptor(true, 'ENC2') }).load(),
    ).toBe(TOKEN);
    expect((await readFile(file)).subarray(0, 4).toString()).toBe('ENC2');
  });

  it('given a saved token, when cleared, then the file is gone', async () => {
    const store = createEncryptedSessionStore({ file, encryptor: fakeEncryptor() });
    await store.save(TOKEN);
    await store.clear();
    expect(existsSync(file)).toBe(false);
    expect(await store.load()).toBeNull();
  });
});
