/**
 * The session token's Encryptor backed by Electron safeStorage (Keychain, DPAPI, libsecret or
 * KWallet). On Linux without a keyring Electron falls back to a hard-coded key ("basic_text"),
 * which is plain text in disguise: we treat that as "not available", so the token stays in memory.
 */
import { safeStorage } from 'electron';
import type { Encryptor } from '../services/sessionStore';

export const safeStorageEncryptor: Encryptor = {
  async isAvailable() {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
    return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
  },
  encrypt: (plain) => safeStorage.encryptStringAsync(plain),
  async decrypt(cipher) {
    const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(cipher);
    return { plain: result, stale: shouldReEncrypt };
  },
};
