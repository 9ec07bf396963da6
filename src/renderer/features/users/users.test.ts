import { describe, expect, it } from 'vitest';
import type { CompanyUser } from './operations';
import { matchesSearch } from './UsersPage';

const ADA: CompanyUser = {
  id: 'u1',
  email: 'ada@harborvine.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  avatar: null,
  is_approved: true,
  is_deactivated: false,
  user_type: { id: '1', name: 'customer' },
  legal_user_type: 'attorney',
};

describe('searching the user list', () => {
  it('given an empty search, then everyone is shown', () => {
    expect(matchesSearch(ADA, '   ')).toBe(true);
  });

  it('given part of the full name or email in any case, then the user matches', () => {
    expect(matchesSearch(ADA, 'ada love')).toBe(true);
    expect(matchesSearch(ADA, 'HARBORVINE')).toBe(true);
  });

  it('given text that is in neither, then the user does not match', () => {
    expect(matchesSearch(ADA, 'babbage')).toBe(false);
  });
});
