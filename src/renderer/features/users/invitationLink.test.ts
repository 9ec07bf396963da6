import { describe, expect, it } from 'vitest';
import { hasChangeableRole } from '../../../shared/schemas/user';
import { invitationLink, invitationTokenFrom } from './invitationLink';

describe('the invitation link', () => {
  it('given the app open on any route, then the link is the app with the accept route and the token', () => {
    expect(invitationLink('http://127.0.0.1:4100/index.html?x=1#/users', 'abc_DEF-123')).toBe(
      'http://127.0.0.1:4100/index.html#/invitation/abc_DEF-123',
    );
  });
});

describe('a pasted invitation link', () => {
  const token = 'Q2xhaW1zIGFyZSBub3QgdG9rZW5zX2J1dF90aGlzX2lz';
  it('given the whole link, another address, or the bare token, then the token is read out of it', () => {
    expect(invitationTokenFrom(`http://127.0.0.1:4100/#/invitation/${token}`)).toEqual({ token });
    expect(
      invitationTokenFrom(`  https://lexdesk.firm.example/index.html#/invitation/${token}\n`),
    ).toEqual({
      token,
    });
    expect(invitationTokenFrom(token)).toEqual({ token });
  });
  it('given a cut-off link or other text, then the invitation message says it is not complete', () => {
    for (const text of ['http://127.0.0.1:4100/#/invitation/abc', 'hello there', ''])
      expect(invitationTokenFrom(text)).toEqual({ error: 'This invitation link is not complete.' });
  });
});

describe('which roles an admin may change', () => {
  it('given company-side accounts, then yes; provider accounts, then no', () => {
    expect(hasChangeableRole('customer')).toBe(true);
    expect(hasChangeableRole('user')).toBe(true);
    expect(hasChangeableRole('internal_admin')).toBe(false);
  });
});
