/**
 * Secrets at rest under keys from the server's settings, with rotation. Each stored value names the
 * key that sealed it (`k1:<keyId>:<iv>:<tag>:<data>`, AES-256-GCM, base64), so a ring can hold the
 * current key first and older ones after it: new values are sealed with the current key, old ones
 * still open, and `needsRotation` says which to seal again (the CRM credentials are re-sealed at
 * start, domains/crm/credentials.ts). `purpose` separates the keys derived for different uses.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface RingKey {
  /** A short name stored beside each value (letters, digits, - and _). */
  id: string;
  /** The secret (any text; 32 random bytes base64 is the documented form). */
  secret: string;
}

export interface KeyRing {
  /** The id of the key new values are sealed with. */
  currentKeyId: string;
  seal(plain: string): string;
  open(stored: string): string;
  /** True when `stored` was sealed with a key other than the current one. */
  needsRotation(stored: string): boolean;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export function createKeyRing(keys: readonly RingKey[], purpose: string): KeyRing {
  const first = keys[0];
  if (!first) throw new Error('a key ring needs at least one key');
  const derived = new Map<string, Buffer>();
  for (const key of keys) {
    if (!KEY_ID.test(key.id))
      throw new Error(`key id "${key.id}" must be 1-32 letters, digits, - or _`);
    if (derived.has(key.id)) throw new Error(`key id "${key.id}" is listed twice`);
    derived.set(key.id, createHash('sha256').update(`${purpose}:${key.secret}`).digest());
  }
  const keyIdOf = (stored: string) => {
    const [version, keyId] = stored.split(':');
    if (version !== 'k1' || !keyId) throw new Error('unknown sealed value format');
    return keyId;
  };
  return {
    currentKeyId: first.id,
    seal(plain) {
      const key = derived.get(first.id) as Buffer;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'k1',
        first.id,
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join(':');
    },
    open(stored) {
      const [, keyId, iv, tag, data] = stored.split(':');
      const key = derived.get(keyIdOf(stored));
      if (!key) throw new Error(`the key "${keyId}" that sealed this value is not configured`);
      if (!iv || !tag || data === undefined) throw new Error('unknown sealed value format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
    needsRotation(stored) {
      return keyIdOf(stored) !== first.id;
    },
  };
}

/** Parses `id:secret,id:secret` (the CRM_CREDENTIAL_KEYS form); the first is the current key. */
export function parseRingKeys(text: string): RingKey[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      if (colon <= 0 || colon === part.length - 1) throw new Error('each key is written id:secret');
      return { id: part.slice(0, colon), secret: part.slice(colon + 1) };
    });
}
