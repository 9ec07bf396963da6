import { describe, expect, it } from 'vitest';
import { createKeyRing, parseRingKeys } from './keyRing';

describe('the key ring', () => {
  it('given a value, when sealed, then the stored text names the key, hides the value and opens back', () => {
    const ring = createKeyRing([{ id: 'a', secret: 'one' }], 'crm');
    const stored = ring.seal('refresh-token-xyz');
    expect(stored.startsWith('k1:a:')).toBe(true);
    expect(stored).not.toContain('refresh-token');
    expect(ring.open(stored)).toBe('refresh-token-xyz');
    expect(ring.needsRotation(stored)).toBe(false);
  });

  it('given a rotated ring (new key first, old kept), then old values open, need rotation, and new ones use the new key', () => {
    const old = createKeyRing([{ id: 'a', secret: 'one' }], 'crm');
    const stored = old.seal('t');
    const rotated = createKeyRing(
      [
        { id: 'b', secret: 'two' },
        { id: 'a', secret: 'one' },
      ],
      'crm',
    );
    expect(rotated.open(stored)).toBe('t');
    expect(rotated.needsRotation(stored)).toBe(true);
    expect(rotated.seal('t').startsWith('k1:b:')).toBe(true);
  });

  it('given a ring without the sealing key, or another purpose, then the value does not open', () => {
    const stored = createKeyRing([{ id: 'a', secret: 'one' }], 'crm').seal('t');
    expect(() => createKeyRing([{ id: 'b', secret: 'two' }], 'crm').open(stored)).toThrow(/"a"/);
    expect(() => createKeyRing([{ id: 'a', secret: 'one' }], 'other').open(stored)).toThrow();
  });

  it('parses id:secret lists and refuses malformed ones', () => {
    expect(parseRingKeys('b:two, a:o:ne')).toEqual([
      { id: 'b', secret: 'two' },
      { id: 'a', secret: 'o:ne' },
    ]);
    expect(() => parseRingKeys('nokey')).toThrow();
    expect(() => createKeyRing([], 'x')).toThrow();
    expect(() => createKeyRing([{ id: 'bad id', secret: 's' }], 'x')).toThrow();
  });
});
