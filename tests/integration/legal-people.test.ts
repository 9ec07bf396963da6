/**
 * The firm's legal teams, roles, staff and contacts (issue 18): a legal admin creates, lists,
 * changes and soft-deletes them; roles list sorted by name per CRM with their CRM convention; a
 * role still held by staff is not deleted; the staff connection check counts staff who are
 * LexDesk users; legal people lists users, staff and contacts together; paralegals read but may
 * not change; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../src/shared/errors';
import { startTestServer, type TestServer, type TestUser } from '../support/server';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;

type Gql = {
  errors?: Array<{ message: string; extensions?: { code?: string; issues?: unknown } }>;
};
const codeOf = (r: Gql) => r.errors?.[0]?.extensions?.code;

async function ok<T>(query: string, variables: Record<string, unknown>, token = admin.token) {
  const r = await server.gql<T>(query, variables, token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

const CREATE_TEAM =
  'mutation($c: ID!, $n: String!) { createLegalTeam(company_id: $c, name: $n) { id name staff_count } }';
const CREATE_ROLE = `mutation($i: CreateLegalRoleInput!) { createLegalRole(input: $i) {
  id name legal_crm crm_role_convention staff_count } }`;
const CREATE_STAFF = `mutation($i: CreateLegalStaffInput!) { createLegalStaff(input: $i) {
  id display_name email role_id role_name team_name is_connected } }`;
const ROLES = `query($c: ID!, $crm: String) { legalRoles(company_id: $c, legal_crm: $crm) {
  id name legal_crm crm_role_convention staff_count } }`;

beforeAll(async () => {
  server = await startTestServer();
  const firm = await server.signUpCompany({ name: 'People Firm', is_legal: true });
  companyId = firm.company.id;
  admin = firm.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
}, 120_000);
afterAll(async () => server.close());

describe('legal teams', () => {
  it('given a new team, then it lists by name, renames, refuses a duplicate name and soft-deletes', async () => {
    const b = (
      await ok<{ createLegalTeam: { id: string } }>(CREATE_TEAM, { c: companyId, n: 'Intake' })
    ).createLegalTeam;
    const a = (
      await ok<{ createLegalTeam: { id: string } }>(CREATE_TEAM, { c: companyId, n: 'Appeals' })
    ).createLegalTeam;
    const list = async () =>
      (
        await ok<{ legalTeams: Array<{ id: string; name: string }> }>(
          'query($c: ID!) { legalTeams(company_id: $c) { id name } }',
          { c: companyId },
          paralegal.token,
        )
      ).legalTeams.map((t) => t.name);
    expect(await list()).toEqual(['Appeals', 'Intake']);

    const dup = await server.gql(CREATE_TEAM, { c: companyId, n: ' intake ' }, admin.token);
    expect(codeOf(dup)).toBe('INVALID_INPUT');
    expect(JSON.stringify(dup.errors)).toContain('Another team already has this name.');

    await ok('mutation($id: ID!) { updateLegalTeam(id: $id, name: "Appeals Board") { id } }', {
      id: a.id,
    });
    await ok('mutation($id: ID!) { deleteLegalTeam(id: $id) }', { id: b.id });
    expect(await list()).toEqual(['Appeals Board']);
    // The deleted name is free again.
    await ok(CREATE_TEAM, { c: companyId, n: 'Intake' });
  });

  it('given a paralegal, then they read teams but creating one is forbidden', async () => {
    const r = await server.gql(CREATE_TEAM, { c: companyId, n: 'Mine' }, paralegal.token);
    expect(codeOf(r)).toBe('FORBIDDEN');
  });

  it('given an empty name, then the answer is a 400 naming the field', async () => {
    const r = await server.gql(CREATE_TEAM, { c: companyId, n: '   ' }, admin.token);
    expect(codeOf(r)).toBe('INVALID_INPUT');
    expect(r.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'name', message: 'The team name is required.' },
    ]);
  });
});

describe('legal roles and staff', () => {
  let paralegalRole = '';
  let team = '';

  beforeAll(async () => {
    team = (
      await ok<{ createLegalTeam: { id: string } }>(CREATE_TEAM, { c: companyId, n: 'Litigation' })
    ).createLegalTeam.id;
    for (const [name, crm, convention] of [
      ['Paralegal', 'litify', 'Case Manager'],
      ['attorney', 'litify', null],
      ['Billing', 'clio', 'Bookkeeper'],
    ] as const) {
      const role = (
        await ok<{ createLegalRole: { id: string; legal_crm: string } }>(CREATE_ROLE, {
          i: { company_id: companyId, name, legal_crm: crm, crm_role_convention: convention },
        })
      ).createLegalRole;
      if (name === 'Paralegal') paralegalRole = role.id;
    }
  });

  it('given roles of two CRMs, then they list sorted by name, per CRM, with convention', async () => {
    const all = (await ok<{ legalRoles: Array<{ name: string }> }>(ROLES, { c: companyId }))
      .legalRoles;
    expect(all.map((r) => r.name)).toEqual(['attorney', 'Billing', 'Paralegal']);
    const litify = (
      await ok<{ legalRoles: unknown[] }>(ROLES, { c: companyId, crm: 'Litify' }, paralegal.token)
    ).legalRoles;
    expect(litify).toEqual([
      expect.objectContaining({ name: 'attorney', legal_crm: 'litify', crm_role_convention: null }),
      expect.objectContaining({
        name: 'Paralegal',
        legal_crm: 'litify',
        crm_role_convention: 'Case Manager',
      }),
    ]);
    // The same name in another CRM is a different role; in the same CRM it is taken.
    await ok(CREATE_ROLE, { i: { company_id: companyId, name: 'Paralegal', legal_crm: 'clio' } });
    const dup = await server.gql(
      CREATE_ROLE,
      { i: { company_id: companyId, name: 'PARALEGAL', legal_crm: 'litify' } },
      admin.token,
    );
    expect(codeOf(dup)).toBe('INVALID_INPUT');
  });

  it('given staff holding a role, then deleting the role is refused with a clear message until they move', async () => {
    const staff = (
      await ok<{
        createLegalStaff: {
          id: string;
          display_name: string;
          role_name: string;
          team_name: string;
          is_connected: boolean;
        };
      }>(CREATE_STAFF, {
        i: {
          company_id: companyId,
          first_name: 'Rosa',
          last_name: 'Diaz',
          email: 'Rosa.Diaz@firm.example',
          role_id: paralegalRole,
          legal_team_id: team,
        },
      })
    ).createLegalStaff;
    expect(staff).toMatchObject({
      display_name: 'Rosa Diaz',
      role_name: 'Paralegal',
      team_name: 'Litigation',
      is_connected: false,
    });

    const refused = await server.gql(
      'mutation($id: ID!) { deleteLegalRole(id: $id) }',
      { id: paralegalRole },
      admin.token,
    );
    expect(codeOf(refused)).toBe('LEGAL_ROLE_IN_USE');
    expect(refused.errors?.[0]?.message).toBe(formatError('LEGAL_ROLE_IN_USE', { count: 1 }));
    const roles = (
      await ok<{ legalRoles: Array<{ id: string; staff_count: number }> }>(ROLES, {
        c: companyId,
        crm: 'litify',
      })
    ).legalRoles;
    expect(roles.find((r) => r.id === paralegalRole)?.staff_count).toBe(1);

    await ok(
      'mutation($i: UpdateLegalStaffInput!) { updateLegalStaff(input: $i) { id role_id } }',
      { i: { id: staff.id, role_id: null } },
    );
    await ok('mutation($id: ID!) { deleteLegalRole(id: $id) }', { id: paralegalRole });
    const after = (await ok<{ legalRoles: Array<{ id: string }> }>(ROLES, { c: companyId }))
      .legalRoles;
    expect(after.map((r) => r.id)).not.toContain(paralegalRole);
    // A deleted role cannot be given to anyone.
    const r = await server.gql(
      'mutation($i: UpdateLegalStaffInput!) { updateLegalStaff(input: $i) { id } }',
      { i: { id: staff.id, role_id: paralegalRole } },
      admin.token,
    );
    expect(r.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'role_id', message: 'Unknown role' },
    ]);
  });

  it('given staff whose email is a LexDesk user, then the connection check counts them connected', async () => {
    await ok(CREATE_STAFF, {
      i: {
        company_id: companyId,
        first_name: 'Para',
        last_name: 'Legal',
        email: paralegal.user.email.toUpperCase(),
      },
    });
    const CONNECTION = `query($c: ID!) { legalStaffConnection(company_id: $c) { staff_count connected_count connected } }`;
    const check = (
      await ok<{ legalStaffConnection: unknown }>(CONNECTION, { c: companyId }, paralegal.token)
    ).legalStaffConnection;
    expect(check).toEqual({ staff_count: 2, connected_count: 1, connected: false });
    const staff = (
      await ok<{ legalStaff: Array<{ email: string; is_connected: boolean }> }>(
        'query($c: ID!) { legalStaff(company_id: $c) { email is_connected } }',
        { c: companyId },
      )
    ).legalStaff;
    expect(staff).toEqual([
      { email: paralegal.user.email.toLowerCase(), is_connected: true },
      { email: 'rosa.diaz@firm.example', is_connected: false },
    ]);
    const dup = await server.gql(
      CREATE_STAFF,
      {
        i: {
          company_id: companyId,
          first_name: 'R',
          last_name: 'D',
          email: 'rosa.diaz@FIRM.example',
        },
      },
      admin.token,
    );
    expect(JSON.stringify(dup.errors)).toContain('Another staff member already has this email.');
  });
});

describe('legal contacts and people', () => {
  it('given a contact with team, role and invited flag, then it lists, changes, and legal people shows everyone', async () => {
    const team = (
      await ok<{ createLegalTeam: { id: string } }>(CREATE_TEAM, { c: companyId, n: 'Outreach' })
    ).createLegalTeam.id;
    const role = (
      await ok<{ createLegalRole: { id: string } }>(CREATE_ROLE, {
        i: { company_id: companyId, name: 'Adjuster', legal_crm: 'litify' },
      })
    ).createLegalRole.id;
    const created = (
      await ok<{
        createLegalContact: {
          id: string;
          name: string;
          is_invited: boolean;
          team_name: string;
          role_name: string;
        };
      }>(
        `mutation($i: CreateLegalContactInput!) { createLegalContact(input: $i) {
          id name is_invited team_name role_name primary_email } }`,
        {
          i: {
            company_id: companyId,
            first_name: 'Carl',
            last_name: 'Claims',
            primary_email: 'carl@insurer.example',
            contact_id: 'crm-77',
            legal_team_id: team,
            legal_role_id: role,
          },
        },
      )
    ).createLegalContact;
    expect(created).toMatchObject({
      name: 'Carl Claims',
      is_invited: false,
      team_name: 'Outreach',
      role_name: 'Adjuster',
    });
    await ok(
      'mutation($i: UpdateLegalContactInput!) { updateLegalContact(input: $i) { id is_invited } }',
      { i: { id: created.id, is_invited: true } },
    );
    const contacts = (
      await ok<{ legalContacts: Array<{ id: string; is_invited: boolean }> }>(
        'query($c: ID!) { legalContacts(company_id: $c) { id is_invited } }',
        { c: companyId },
        paralegal.token,
      )
    ).legalContacts;
    expect(contacts).toEqual([{ id: created.id, is_invited: true }]);

    const people = (
      await ok<{
        legalPeople: Array<{ kind: string; display_name: string; role_name: string | null }>;
      }>(
        'query($c: ID!, $s: String) { legalPeople(company_id: $c, search: $s) { kind display_name role_name } }',
        { c: companyId, s: null },
      )
    ).legalPeople;
    expect(people.filter((p) => p.kind === 'contact')).toEqual([
      { kind: 'contact', display_name: 'Carl Claims', role_name: 'Adjuster' },
    ]);
    expect(people.some((p) => p.kind === 'user' && p.role_name === 'paralegal')).toBe(true);
    expect(people.some((p) => p.kind === 'staff' && p.display_name === 'Rosa Diaz')).toBe(true);
    const searched = (
      await ok<{ legalPeople: Array<{ display_name: string }> }>(
        'query($c: ID!, $s: String) { legalPeople(company_id: $c, search: $s) { display_name } }',
        { c: companyId, s: 'claims' },
      )
    ).legalPeople;
    expect(searched.map((p) => p.display_name)).toEqual(['Carl Claims']);

    await ok('mutation($id: ID!) { deleteLegalContact(id: $id) }', { id: created.id });
    const none = await ok<{ legalContacts: unknown[] }>(
      'query($c: ID!) { legalContacts(company_id: $c) { id } }',
      { c: companyId },
    );
    expect(none.legalContacts).toEqual([]);
  });

  it('given a contact with neither name nor email, then it is refused naming the field', async () => {
    const r = await server.gql(
      'mutation($i: CreateLegalContactInput!) { createLegalContact(input: $i) { id } }',
      { i: { company_id: companyId, is_invited: true } },
      admin.token,
    );
    expect(r.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'name', message: 'Give the contact a name or an email.' },
    ]);
  });
});
