import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';
import { bearerToken, hashSessionToken, newSessionToken } from './tokens';

describe('password hashing', () => {
  it('given a password, then the stored form is salted scrypt with its parameters and verifies only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain-text')).toBe(false);
  });
});

describe('session tokens', () => {
  it('given a new token, then it is 32 random bytes, stored only as its SHA-256, and parsed from a Bearer header', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`Basic ${token}`)).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
