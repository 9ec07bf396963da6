/**
 * People management (issue 15 item 15) on real PostgreSQL: invitations are one-time, expiring
 * links stored as hashes; only the company's admins invite, change roles, deactivate (ending the
 * user's sessions at once) and reactivate; the last active admin is kept even under parallel calls.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, userInvitation, userProfile } from '../../src/server/db/schema';
import { hashSessionToken } from '../../src/server/domains/auth/tokens';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { subscribe } from '../support/live';
import { startTestServer, type GraphQLResponse, type TestServer } from '../support/server';

const INVITE =
  'mutation($c: ID!, $e: String!, $r: LegalUserType!) { inviteUser(company_id: $c, email: $e, legal_user_type: $r) { id email legal_user_type token expires_at } }';
const PREVIEW =
  'query($t: String!) { invitation(token: $t) { email company_name legal_user_type } }';
const ACCEPT =
  'mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) { token viewer { user { email first_name legal_user_type } company { id } } } }';
const ROLE =
  'mutation($id: ID!, $r: LegalUserType!) { changeUserRole(id: $id, legal_user_type: $r) { id legal_user_type user_type { name } } }';
const DEACTIVATE = 'mutation($id: ID!) { deactivateUser(id: $id) { id is_deactivated } }';
const REACTIVATE = 'mutation($id: ID!) { reactivateUser(id: $id) { id is_deactivated } }';
const ME = '{ viewer { user { id } } }';
const UNREAD = '{ unreadNotificationCount }';

const codeOf = (r: GraphQLResponse<unknown>) => r.errors?.[0]?.extensions?.code;
const messageOf = (r: GraphQLResponse<unknown>) => r.errors?.[0]?.message;

let server: TestServer;
let sequence = 0;
const freshEmail = () => `invitee.${process.pid}.${Date.now()}.${(sequence += 1)}@example.test`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function invite(companyId: string, token: string, email = freshEmail(), role = 'paralegal') {
  const r = await server.gql<{ inviteUser: { token: string; email: string } }>(
    INVITE,
    { c: companyId, e: email, r: role },
    token,
  );
  return r;
}

const person = (token: string) => ({
  token,
  first_name: 'Nora',
  last_name: 'Invitee',
  password: 'a good password',
});

describe('invitations', () => {
  it('given an admin, when inviting, then only the hash of the one-time token is stored and accepting it signs the invitee in with the role', async () => {
    const { company, admin } = await server.signUpCompany({ name: 'Invite LLP', is_legal: true });
    const email = freshEmail();
    const invited = await invite(company.id, admin.token, email.toUpperCase());
    expect(invited.errors).toBeUndefined();
    const token = invited.data!.inviteUser.token;
    expect(invited.data!.inviteUser.email).toBe(email);
    const [stored] = await server.db
      .select()
      .from(userInvitation)
      .where(eq(userInvitation.company_id, company.id));
    expect(stored!.token_hash).toBe(hashSessionToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await server.gql(PREVIEW, { t: token });
    expect(preview.data).toEqual({
      invitation: { email, company_name: 'Invite LLP', legal_user_type: 'paralegal' },
    });

    const accepted = await server.gql<{ acceptInvitation: { token: string } }>(ACCEPT, {
      i: person(token),
    });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data?.acceptInvitation).toMatchObject({
      viewer: {
        user: { email, first_name: 'Nora', legal_user_type: 'paralegal' },
        company: { id: company.id },
      },
    });
    const me = await server.gql(ME, {}, accepted.data!.acceptInvitation.token);
    expect(me.data).toMatchObject({ viewer: { user: { id: expect.any(String) } } });
    // The password they chose works for sign-in too.
    await expect(server.signIn(email, 'a good password')).resolves.toEqual(expect.any(String));

    // One-time: a second use, even in parallel with nothing else, is refused.
    const again = await server.gql(ACCEPT, { i: person(token) });
    expect(codeOf(again)).toBe('INVITATION_INVALID');
    expect(messageOf(again)).toBe(PRODUCT_ERRORS.INVITATION_INVALID);
    expect(codeOf(await server.gql(PREVIEW, { t: token }))).toBe('INVITATION_INVALID');
  });

  it('given two parallel accepts of one link, then exactly one user is created', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const email = freshEmail();
    const token = (await invite(company.id, admin.token, email)).data!.inviteUser.token;
    const results = await Promise.all([
      server.gql(ACCEPT, { i: person(token) }),
      server.gql(ACCEPT, { i: person(token) }),
    ]);
    expect(results.map(codeOf).sort()).toEqual(['INVITATION_INVALID', undefined].sort());
    const rows = await server.db.select().from(userProfile).where(eq(userProfile.email, email));
    expect(rows).toHaveLength(1);
  });

  it('given an expired link, then it is refused with the expiry message and creates no user', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const email = freshEmail();
    const token = (await invite(company.id, admin.token, email)).data!.inviteUser.token;
    await server.db
      .update(userInvitation)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(userInvitation.token_hash, hashSessionToken(token)));
    const r = await server.gql(ACCEPT, { i: person(token) });
    expect(codeOf(r)).toBe('INVITATION_EXPIRED');
    expect(messageOf(r)).toBe(PRODUCT_ERRORS.INVITATION_EXPIRED);
    expect(codeOf(await server.gql(PREVIEW, { t: token }))).toBe('INVITATION_EXPIRED');
    expect(await server.db.select().from(userProfile).where(eq(userProfile.email, email))).toEqual(
      [],
    );
  });

  it('given an unknown or malformed token, then INVITATION_INVALID or INVALID_INPUT, never a 500', async () => {
    expect(codeOf(await server.gql(ACCEPT, { i: person('x'.repeat(43)) }))).toBe(
      'INVITATION_INVALID',
    );
    expect(codeOf(await server.gql(ACCEPT, { i: person('bad token!') }))).toBe('INVALID_INPUT');
    const weak = await server.gql(ACCEPT, { i: { ...person('x'.repeat(43)), password: 'short' } });
    expect(weak.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('password');
  });

  it('given an email of an active user, then the invitation is refused clearly; a deactivated colleague must be reactivated', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const active = await invite(company.id, admin.token, admin.user.email);
    expect(codeOf(active)).toBe('INVITEE_ALREADY_ACTIVE');
    expect(messageOf(active)).toBe(PRODUCT_ERRORS.INVITEE_ALREADY_ACTIVE);
    const gone = await server.addUser({
      companyId: company.id,
      legalUserType: 'staff',
      isDeactivated: true,
    });
    expect(codeOf(await invite(company.id, admin.token, gone.user.email))).toBe(
      'INVITEE_DEACTIVATED',
    );
    const badEmail = await invite(company.id, admin.token, 'not an email');
    expect(badEmail.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('email');
  });

  it('given a new invitation to the same email, then the earlier link stops working', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const email = freshEmail();
    const first = (await invite(company.id, admin.token, email)).data!.inviteUser.token;
    const second = (await invite(company.id, admin.token, email)).data!.inviteUser.token;
    expect(codeOf(await server.gql(ACCEPT, { i: person(first) }))).toBe('INVITATION_INVALID');
    expect(codeOf(await server.gql(ACCEPT, { i: person(second) }))).toBeUndefined();
  });
});

describe('who may manage people', () => {
  it('given a paralegal, an attorney or staff, then every management call is FORBIDDEN and nothing changes', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const colleague = await server.addUser({ companyId: company.id, legalUserType: 'staff' });
    for (const role of ['paralegal', 'attorney', 'staff'] as const) {
      const { token } = await server.addUser({ companyId: company.id, legalUserType: role });
      for (const r of [
        await invite(company.id, token),
        await server.gql(ROLE, { id: colleague.user.id, r: 'admin' }, token),
        await server.gql(DEACTIVATE, { id: admin.user.id }, token),
        await server.gql(REACTIVATE, { id: colleague.user.id }, token),
      ]) {
        expect(codeOf(r)).toBe('FORBIDDEN');
      }
    }
    const [row] = await server.db
      .select()
      .from(userProfile)
      .where(eq(userProfile.id, admin.user.id));
    expect(row!.is_deactivated).toBe(false);
  });

  it("given another company's admin, then A's users and company answer like missing ones", async () => {
    const a = await server.signUpCompany({ is_legal: true });
    const b = await server.signUpCompany({ is_legal: true });
    const colleague = await server.addUser({ companyId: a.company.id, legalUserType: 'staff' });
    expect(codeOf(await invite(a.company.id, b.admin.token))).toBe('NO_COMPANY');
    for (const query of [DEACTIVATE, REACTIVATE]) {
      expect(codeOf(await server.gql(query, { id: colleague.user.id }, b.admin.token))).toBe(
        'NO_USER_PROFILE',
      );
    }
    expect(
      codeOf(await server.gql(ROLE, { id: colleague.user.id, r: 'admin' }, b.admin.token)),
    ).toBe('NO_USER_PROFILE');
    const [row] = await server.db
      .select()
      .from(userProfile)
      .where(eq(userProfile.id, colleague.user.id));
    expect(row).toMatchObject({ is_deactivated: false, legal_user_type: 'staff' });
  });
});

describe('roles, deactivation and reactivation', () => {
  it('given an admin, when changing a role, then it changes; a customer account given a non-admin role becomes a plain user', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const staff = await server.addUser({ companyId: company.id, legalUserType: 'staff' });
    const promoted = await server.gql(ROLE, { id: staff.user.id, r: 'admin' }, admin.token);
    expect(promoted.data).toEqual({
      changeUserRole: { id: staff.user.id, legal_user_type: 'admin', user_type: { name: 'user' } },
    });
    // Now two admins: the customer account may step down to attorney.
    const stepped = await server.gql(ROLE, { id: admin.user.id, r: 'attorney' }, admin.token);
    expect(stepped.data).toEqual({
      changeUserRole: {
        id: admin.user.id,
        legal_user_type: 'attorney',
        user_type: { name: 'user' },
      },
    });
    // From the next request on, the former admin may no longer manage people.
    expect(codeOf(await server.gql(DEACTIVATE, { id: staff.user.id }, admin.token))).toBe(
      'FORBIDDEN',
    );
  });

  it('given a deactivation, then every session of the user ends at once and sign-in is refused; reactivating lets them sign in again', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const member = await server.addUser({ companyId: company.id, legalUserType: 'paralegal' });
    const second = await server.signIn(member.user.email);
    const r = await server.gql(DEACTIVATE, { id: member.user.id }, admin.token);
    expect(r.data).toEqual({ deactivateUser: { id: member.user.id, is_deactivated: true } });
    for (const token of [member.token, second]) {
      expect(codeOf(await server.gql(UNREAD, {}, token))).toBe('SESSION_EXPIRED');
    }
    const open = await server.db.select().from(session).where(eq(session.user_id, member.user.id));
    expect(open.every((row) => row.revoked_at !== null)).toBe(true);
    await expect(server.signIn(member.user.email)).rejects.toThrow(
      /ACCOUNT_DEACTIVATED|deactivated/,
    );

    const back = await server.gql(REACTIVATE, { id: member.user.id }, admin.token);
    expect(back.data).toEqual({ reactivateUser: { id: member.user.id, is_deactivated: false } });
    // Old sessions stay ended; a fresh sign-in works.
    expect(codeOf(await server.gql(UNREAD, {}, member.token))).toBe('SESSION_EXPIRED');
    await expect(server.signIn(member.user.email)).resolves.toEqual(expect.any(String));
  });

  it('given an open subscription of the user, when they are deactivated, then their live socket is closed too', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const member = await server.addUser({ companyId: company.id, legalUserType: 'attorney' });
    const feed = subscribe(server.url, member.token, 'subscription { notificationAdded { id } }');
    await feed.connected;
    await server.gql(DEACTIVATE, { id: member.user.id }, admin.token);
    expect(await feed.closed).toBe(4403);
    await feed.dispose();
  });
});

describe('the last active admin', () => {
  it('given the only admin, when they deactivate or demote themselves, then LAST_ADMIN with its message and nothing changes', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const self = await server.gql(DEACTIVATE, { id: admin.user.id }, admin.token);
    expect(codeOf(self)).toBe('LAST_ADMIN');
    expect(messageOf(self)).toBe(PRODUCT_ERRORS.LAST_ADMIN);
    expect(codeOf(await server.gql(ROLE, { id: admin.user.id, r: 'paralegal' }, admin.token))).toBe(
      'LAST_ADMIN',
    );
    // Another admin that is deactivated does not count.
    await server.addUser({ companyId: company.id, legalUserType: 'admin', isDeactivated: true });
    expect(codeOf(await server.gql(DEACTIVATE, { id: admin.user.id }, admin.token))).toBe(
      'LAST_ADMIN',
    );
    expect(codeOf(await server.gql(ME, {}, admin.token))).toBeUndefined();
  });

  it('given two admins removed in parallel by a provider admin, then exactly one call succeeds and one admin stays active', async () => {
    const provider = await server.signUpCompany({ is_provider: true });
    const internal = await server.addUser({
      companyId: provider.company.id,
      userType: 'internal_admin',
    });
    for (let round = 0; round < 4; round += 1) {
      const { company, admin } = await server.signUpCompany({ is_legal: true });
      const other = await server.addUser({ companyId: company.id, legalUserType: 'admin' });
      const calls =
        round % 2 === 0
          ? [
              server.gql(DEACTIVATE, { id: admin.user.id }, internal.token),
              server.gql(DEACTIVATE, { id: other.user.id }, internal.token),
            ]
          : [
              server.gql(ROLE, { id: admin.user.id, r: 'staff' }, internal.token),
              server.gql(DEACTIVATE, { id: other.user.id }, internal.token),
            ];
      const results = await Promise.all(calls);
      expect(results.map(codeOf).filter((code) => code === 'LAST_ADMIN')).toHaveLength(1);
      expect(results.filter((r) => !r.errors)).toHaveLength(1);
      const rows = await server.db
        .select()
        .from(userProfile)
        .where(eq(userProfile.company_id, company.id));
      const activeAdmins = rows.filter(
        (row) => !row.is_deactivated && (row.legal_user_type === 'admin' || row.user_type_id === 1),
      );
      expect(activeAdmins).toHaveLength(1);
    }
  });

  it('given the two admins deactivating each other at once, then one of them stays active', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const other = await server.addUser({ companyId: company.id, legalUserType: 'admin' });
    await Promise.all([
      server.gql(DEACTIVATE, { id: other.user.id }, admin.token),
      server.gql(DEACTIVATE, { id: admin.user.id }, other.token),
    ]);
    const rows = await server.db
      .select()
      .from(userProfile)
      .where(eq(userProfile.company_id, company.id));
    expect(rows.filter((row) => !row.is_deactivated)).toHaveLength(1);
  });
});
