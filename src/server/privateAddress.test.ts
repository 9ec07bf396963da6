import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './privateAddress';

describe('private addresses', () => {
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
});
