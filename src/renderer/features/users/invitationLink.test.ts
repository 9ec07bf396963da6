import { describe, expect, it } from 'vitest';
import { hasChangeableRole } from '../../../shared/schemas/user';
import { invitationLink } from './invitationLink';

describe('the invitation link', () => {
  it('given the app open on any route, then the link is the app with the accept route and the token', () => {
    expect(invitationLink('http://127.0.0.1:4100/index.html?x=1#/users', 'abc_DEF-123')).toBe(
      'http://127.0.0.1:4100/index.html#/invitation/abc_DEF-123',
    );
  });
});

describe('which roles an admin may change', () => {
  it('given company-side accounts, then yes; provider accounts, then no', () => {
    expect(hasChangeableRole('customer')).toBe(true);
    expect(hasChangeableRole('user')).toBe(true);
    expect(hasChangeableRole('internal_admin')).toBe(false);
  });
});
