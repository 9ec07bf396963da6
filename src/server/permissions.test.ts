import { describe, expect, it } from 'vitest';
import type { UserProfileRow, UserTypeName } from './db/schema';
import {
  canEditProfile,
  canManageCompany,
  canReadAdminChangeLog,
  canRemoveChatUpload,
  canViewCompany,
  companyScope,
  writesAdminChangeLog,
  type Viewer,
} from './permissions';

const OWN = 'own-company';
const ASSIGNED = 'assigned-company';
const OTHER = 'other-company';
const ALL = [OWN, ASSIGNED, OTHER];

function viewer(userType: UserTypeName, legal: UserProfileRow['legal_user_type'] = null): Viewer {
  const user = { id: 'me', company_id: OWN, legal_user_type: legal } as UserProfileRow;
  return { user, userType, sessionId: 's', ...companyScope(user, userType, [ASSIGNED], ALL) };
}

describe('permission model', () => {
  it.each<[string, Viewer, string[], string[]]>([
    ['customer', viewer('customer'), [OWN], [OWN]],
    ['legal admin', viewer('user', 'admin'), [OWN], [OWN]],
    ['paralegal', viewer('user', 'paralegal'), [OWN], []],
    ['developer', viewer('developer'), [OWN], []],
    ['internal manager', viewer('internal_manager'), [OWN, ASSIGNED], [ASSIGNED]],
    ['internal admin', viewer('internal_admin'), ALL, ALL],
  ])(
    'given a %s, then the visible and managed companies are as designed',
    (_label, v, sees, manages) => {
      expect(v.companyIds).toEqual(sees);
      expect(v.managedCompanyIds).toEqual(manages);
      for (const id of ALL) {
        expect(canViewCompany(v, id)).toBe(sees.includes(id));
        expect(canManageCompany(v, id)).toBe(manages.includes(id));
      }
    },
  );

  it('given anyone, then only their own profile is editable', () => {
    const v = viewer('internal_admin');
    expect(canEditProfile(v, 'me')).toBe(true);
    expect(canEditProfile(v, 'someone-else')).toBe(false);
  });

  it.each<[string, Viewer, string[]]>([
    ['customer', viewer('customer'), [OWN]],
    ['legal admin', viewer('user', 'admin'), [OWN]],
    ['paralegal', viewer('user', 'paralegal'), []],
    ['attorney', viewer('user', 'attorney'), []],
    ['staff', viewer('user', 'staff'), []],
    ['user without a legal role', viewer('user'), []],
    ['developer', viewer('developer'), []],
    ['internal manager', viewer('internal_manager'), [ASSIGNED]],
    ['internal admin', viewer('internal_admin'), ALL],
  ])(
    "given a %s, then they read and write the admin change log of exactly these companies' documents",
    (_label, v, companies) => {
      for (const id of ALL) {
        expect(canReadAdminChangeLog(v, { company_id: id })).toBe(companies.includes(id));
        expect(writesAdminChangeLog(v, { company_id: id })).toBe(companies.includes(id));
      }
    },
  );
});

describe('removing an unsent chat upload', () => {
  const staff = { kind: 'staff', viewer: viewer('user', 'paralegal') } as const;
  const guest = {
    kind: 'guest',
    guest: { sessionId: 's', memberId: 'guest-member', roomId: 'room', companyId: OWN },
  } as const;
  it('given its uploader, then they may; another user, another member or a company they no longer see may not', () => {
    const mine = { member_id: 'my-member', user_id: 'me', company_id: OWN };
    expect(canRemoveChatUpload(staff, mine)).toBe(true);
    expect(canRemoveChatUpload(staff, { ...mine, user_id: 'colleague' })).toBe(false);
    expect(canRemoveChatUpload(staff, { ...mine, company_id: OTHER })).toBe(false);
    expect(canRemoveChatUpload(guest, mine)).toBe(false);
    const guests = { member_id: 'guest-member', user_id: null, company_id: OWN };
    expect(canRemoveChatUpload(guest, guests)).toBe(true);
    expect(canRemoveChatUpload(staff, guests)).toBe(false);
    expect(canRemoveChatUpload(guest, { ...guests, member_id: 'another-guest' })).toBe(false);
  });
});
