import { describe, expect, it } from 'vitest';
import { isPrivateAddress, signature } from './webhook';

describe('webhook guard', () => {
  it('refuses loopback, private, link-local and mapped addresses, allows public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:4700::1111', '8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('signs the body with HMAC-SHA256', () => {
    expect(signature('k', '{}')).toBe(
      'sha256=add853b103fbcc936a194f9eb15e29c4ff08af6e47d5d1bca4f20218e31e4fff',
    );
  });
});
