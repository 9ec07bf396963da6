/**
 * Tenant isolation of people management: B's admin and B's provider manager cannot invite into A,
 * change a role of, deactivate or reactivate A's people (A's ids answer like missing ones), and an
 * invitation of B never lets anyone into A.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { userProfile } from '../../../src/server/db/schema';
import type { IsolationContext, IsolationModule } from './context';

const errorCode = (r: { errors?: unknown }) =>
  (r.errors as Array<{ extensions?: { code?: string } }> | undefined)?.[0]?.extensions?.code;

const INVITE =
  'mutation($c: ID!) { inviteUser(company_id: $c, email: "iso.invitee@example.test", legal_user_type: admin) { id token } }';

/** A's paralegal as A sees them: unchanged by anything B does. */
async function memberOfA(ctx: IsolationContext) {
  const [row] = await ctx.server.db
    .select({ is_deactivated: userProfile.is_deactivated, legal: userProfile.legal_user_type })
    .from(userProfile)
    .where(eq(userProfile.id, ctx.memberA.user.id));
  return row;
}
const UNCHANGED = { is_deactivated: false, legal: 'paralegal' };

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.invitation': async () => {
    const c = ctx();
    const made = await c.server.gql<{ inviteUser: { token: string } }>(
      INVITE.replace('iso.invitee', 'iso.preview'),
      { c: c.companyB },
      c.userB.token,
    );
    const token = made.data!.inviteUser.token;
    const r = await c.server.gql<{ invitation: { company_name: string } }>(
      'query($t: String!) { invitation(token: $t) { company_name } }',
      { t: token },
    );
    expect(r.data?.invitation.company_name).toBe('Beta Corp');
  },
  'Mutation.inviteUser': async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(INVITE, (id) => ({ c: id }), c.companyA, token);
      expect(errorCode(r)).toBe('NO_COMPANY');
    }
  },
  'Mutation.acceptInvitation': async () => {
    const c = ctx();
    const made = await c.server.gql<{ inviteUser: { token: string } }>(
      INVITE.replace('iso.invitee', 'iso.accept'),
      { c: c.companyB },
      c.userB.token,
    );
    const r = await c.server.gql<{ acceptInvitation: { viewer: { company_ids: string[] } } }>(
      'mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) { viewer { company_ids } } }',
      {
        i: {
          token: made.data!.inviteUser.token,
          first_name: 'Iso',
          last_name: 'Late',
          password: 'long enough 1',
        },
      },
    );
    expect(r.data?.acceptInvitation.viewer.company_ids).toEqual([c.companyB]);
  },
  'Mutation.changeUserRole': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { changeUserRole(id: $id, legal_user_type: admin) { id } }';
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(q, (id) => ({ id }), c.memberA.user.id, token);
      expect(errorCode(r)).toBe('NO_USER_PROFILE');
    }
    expect(await memberOfA(c)).toEqual(UNCHANGED);
  },
  'Mutation.deactivateUser': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { deactivateUser(id: $id) { id } }';
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(q, (id) => ({ id }), c.memberA.user.id, token);
      expect(errorCode(r)).toBe('NO_USER_PROFILE');
    }
    expect(await memberOfA(c)).toEqual(UNCHANGED);
  },
  'Mutation.reactivateUser': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { reactivateUser(id: $id) { id } }';
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(q, (id) => ({ id }), c.memberA.user.id, token);
      expect(errorCode(r)).toBe('NO_USER_PROFILE');
    }
    expect(await memberOfA(c)).toEqual(UNCHANGED);
  },
});
