import { describe, expect, it } from 'vitest';
import { createTokenCipher, tokenHint } from './tokenCipher';

describe('the project access token cipher', () => {
  it('given a token, when encrypted, then the stored text does not contain it and decrypts back', () => {
    const cipher = createTokenCipher('secret-one');
    const stored = cipher.encrypt('ghp_supersecrettoken1234');
    expect(stored).not.toContain('supersecret');
    expect(stored.startsWith('v1:')).toBe(true);
    expect(cipher.decrypt(stored)).toBe('ghp_supersecrettoken1234');
  });

  it('given another server secret, then the stored token cannot be read', () => {
    const stored = createTokenCipher('secret-one').encrypt('ghp_abc');
    expect(() => createTokenCipher('secret-two').decrypt(stored)).toThrow();
  });

  it('given the same token twice, then each encryption differs (random IV)', () => {
    const cipher = createTokenCipher('s');
    expect(cipher.encrypt('t')).not.toBe(cipher.encrypt('t'));
    expect(tokenHint('ghp_abcd1234')).toBe('1234');
  });
});
