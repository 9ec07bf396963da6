import { describe, expect, it } from 'vitest';
import { signature } from './webhook';

describe('webhook guard', () => {
  it('signs the body with HMAC-SHA256', () => {
    expect(signature('k', '{}')).toBe(
      'sha256=add853b103fbcc936a194f9eb15e29c4ff08af6e47d5d1bca4f20218e31e4fff',
    );
  });
});
