import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import type { UserProfileRow } from '../../db/schema';
import { guardLastAdmin, roleChange } from './management';
import { userTypeId, type ManagedUser } from './managementRepository';

function managed(
  userType: ManagedUser['userType'],
  legal: UserProfileRow['legal_user_type'],
  deactivated = false,
): ManagedUser {
  return {
    userType,
    user: {
      user_type_id: userTypeId(userType),
      legal_user_type: legal,
      is_deactivated: deactivated,
    } as UserProfileRow,
  };
}

const codeOf = (work: () => unknown) => {
  try {
    work();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
};

describe('a role change', () => {
  it('given a customer account given a non-admin role, then it becomes a plain user', () => {
    expect(roleChange(managed('customer', 'admin'), 'attorney')).toEqual({
      legal_user_type: 'attorney',
      user_type_id: userTypeId('user'),
    });
  });

  it('given a user made admin, then only the legal user type changes', () => {
    expect(roleChange(managed('user', 'staff'), 'admin')).toEqual({ legal_user_type: 'admin' });
  });

  it('given a provider account, then the role is not changeable here', () => {
    expect(codeOf(() => roleChange(managed('internal_admin', null), 'staff'))).toBe(
      'ROLE_NOT_CHANGEABLE',
    );
  });
});

describe('the last-admin guard', () => {
  const onlyAdmin = managed('user', 'admin');

  it('given the only active admin, when deactivated or demoted, then LAST_ADMIN', () => {
    expect(codeOf(() => guardLastAdmin(onlyAdmin, { is_deactivated: true }, 0))).toBe('LAST_ADMIN');
    expect(codeOf(() => guardLastAdmin(onlyAdmin, { legal_user_type: 'staff' }, 0))).toBe(
      'LAST_ADMIN',
    );
    const customer = managed('customer', 'admin');
    expect(codeOf(() => guardLastAdmin(customer, roleChange(customer, 'paralegal'), 0))).toBe(
      'LAST_ADMIN',
    );
  });

  it('given another active admin, or a change that keeps them admin, then the change passes', () => {
    expect(guardLastAdmin(onlyAdmin, { is_deactivated: true }, 1)).toEqual({
      is_deactivated: true,
    });
    expect(guardLastAdmin(onlyAdmin, { legal_user_type: 'admin' }, 0)).toEqual({
      legal_user_type: 'admin',
    });
    expect(guardLastAdmin(managed('user', 'staff'), { is_deactivated: true }, 0)).toEqual({
      is_deactivated: true,
    });
  });

  it('given a deactivated admin, then reactivating or changing them is never refused', () => {
    const gone = managed('user', 'admin', true);
    expect(guardLastAdmin(gone, { legal_user_type: 'staff' }, 0)).toEqual({
      legal_user_type: 'staff',
    });
  });
});
