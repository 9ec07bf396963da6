/**
 * Access tokens of project tech stacks are stored encrypted (AES-256-GCM under a server secret,
 * `server_secret` row `project_token_key`) and never sent back: only their last four characters.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface TokenCipher {
  encrypt(token: string): string;
  decrypt(stored: string): string;
}

export function createTokenCipher(secret: string): TokenCipher {
  const key = createHash('sha256').update(`project-token:${secret}`).digest();
  return {
    encrypt(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('unknown token format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** What is shown of a stored token: its last four characters. */
export function tokenHint(token: string): string {
  return token.slice(-4);
}
