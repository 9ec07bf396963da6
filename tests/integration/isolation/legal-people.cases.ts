/**
 * Tenant isolation of the firm's legal people, data extraction settings and activity types:
 * company A has a team, a role, a staff member, a contact, its own data field and an activity
 * type. B's admin and B's provider manager list nothing of A, cannot change or delete any of it,
 * and A's company and record ids answer exactly like missing ones.
 */
import { expect } from 'vitest';
import { legalActivityType } from '../../../src/server/db/schemaPeople';
import type { IsolationContext, IsolationModule } from './context';

let teamOfA = '';
let roleOfA = '';
let staffOfA = '';
let contactOfA = '';
let fieldLinkOfA = '';
let fieldOfA = '';
let activityTypeOfA = '';

async function asA<T>(c: IsolationContext, query: string, variables: Record<string, unknown>) {
  const r = await c.server.gql<T>(query, variables, c.adminA.token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

export const setup: IsolationModule['setup'] = async (c) => {
  teamOfA = (
    await asA<{ createLegalTeam: { id: string } }>(
      c,
      'mutation($c: ID!) { createLegalTeam(company_id: $c, name: "Secret team") { id } }',
      { c: c.companyA },
    )
  ).createLegalTeam.id;
  roleOfA = (
    await asA<{ createLegalRole: { id: string } }>(
      c,
      'mutation($i: CreateLegalRoleInput!) { createLegalRole(input: $i) { id } }',
      { i: { company_id: c.companyA, name: 'Secret role', legal_crm: 'litify' } },
    )
  ).createLegalRole.id;
  staffOfA = (
    await asA<{ createLegalStaff: { id: string } }>(
      c,
      'mutation($i: CreateLegalStaffInput!) { createLegalStaff(input: $i) { id } }',
      {
        i: {
          company_id: c.companyA,
          first_name: 'Sec',
          last_name: 'Ret',
          email: 'secret.staff@alpha.example',
          role_id: roleOfA,
          legal_team_id: teamOfA,
        },
      },
    )
  ).createLegalStaff.id;
  contactOfA = (
    await asA<{ createLegalContact: { id: string } }>(
      c,
      'mutation($i: CreateLegalContactInput!) { createLegalContact(input: $i) { id } }',
      { i: { company_id: c.companyA, name: 'Secret contact' } },
    )
  ).createLegalContact.id;
  const field = (
    await asA<{ createDataFieldPrompt: { id: string; data_field_id: string } }>(
      c,
      'mutation($c: ID!) { createDataFieldPrompt(company_id: $c, data_field: "Secret Field") { id data_field_id } }',
      { c: c.companyA },
    )
  ).createDataFieldPrompt;
  fieldLinkOfA = field.id;
  fieldOfA = field.data_field_id;
  const [type] = await c.server.db
    .insert(legalActivityType)
    .values({
      company_id: c.companyA,
      crm_type: 'litify',
      crm_activity_type_id: 'secret-1',
      title: 'Secret call',
    })
    .returning({ id: legalActivityType.id });
  activityTypeOfA = type!.id;
};

/** A's things, as A's admin sees them (unchanged by B's attempts). */
async function aStillHas(c: IsolationContext) {
  const d = await asA<{
    legalTeams: Array<{ name: string }>;
    legalRoles: Array<{ name: string }>;
    legalStaff: Array<{ display_name: string }>;
    legalContacts: Array<{ name: string }>;
    companyDataFields: Array<{ is_active: boolean }>;
    activityTypes: Array<{ is_viewable: boolean }>;
  }>(
    c,
    `query($c: ID!) { legalTeams(company_id: $c) { name } legalRoles(company_id: $c) { name }
      legalStaff(company_id: $c) { display_name } legalContacts(company_id: $c) { name }
      companyDataFields(company_id: $c) { is_active } activityTypes(company_id: $c) { is_viewable } }`,
    { c: c.companyA },
  );
  expect(d.legalTeams.map((t) => t.name)).toContain('Secret team');
  expect(d.legalRoles.map((t) => t.name)).toContain('Secret role');
  expect(d.legalStaff.map((t) => t.display_name)).toContain('Sec Ret');
  expect(d.legalContacts.map((t) => t.name)).toContain('Secret contact');
  expect(d.companyDataFields).toEqual([{ is_active: true }]);
  expect(d.activityTypes).toEqual([{ is_viewable: true }]);
}

/** A read or write by company id: B's callers get for A's company what they get for none. */
function byCompany(query: string, extra: Record<string, unknown> = {}) {
  return (ctx: () => IsolationContext) => async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(query, (id) => ({ c: id, ...extra }), c.companyA, token);
      expect(JSON.stringify(r)).not.toContain('Secret');
    }
    await aStillHas(c);
  };
}

/** A change by record id: A's id answers like a missing one. */
function byId(query: string, idOf: () => string, extra: Record<string, unknown> = {}) {
  return (ctx: () => IsolationContext) => async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token])
      await c.sameAsMissing(query, (id) => ({ id, ...extra }), idOf(), token);
    await aStillHas(c);
  };
}

export const cases: IsolationModule['cases'] = (ctx) => {
  const list: Record<string, (ctx: () => IsolationContext) => () => Promise<void>> = {
    'Query.legalTeams': byCompany('query($c: ID!) { legalTeams(company_id: $c) { id name } }'),
    'Query.legalRoles': byCompany('query($c: ID!) { legalRoles(company_id: $c) { id name } }'),
    'Query.legalStaff': byCompany('query($c: ID!) { legalStaff(company_id: $c) { id email } }'),
    'Query.legalStaffConnection': byCompany(
      'query($c: ID!) { legalStaffConnection(company_id: $c) { staff_count } }',
    ),
    'Query.legalContacts': byCompany(
      'query($c: ID!) { legalContacts(company_id: $c) { id name } }',
    ),
    'Query.legalPeople': byCompany(
      'query($c: ID!) { legalPeople(company_id: $c) { id display_name } }',
    ),
    'Query.dataFieldPrompts': byCompany(
      'query($c: ID!) { dataFieldPrompts(company_id: $c) { id data_field } }',
    ),
    'Query.dataFieldPromptByName': byCompany(
      'query($c: ID!, $n: String!) { dataFieldPromptByName(company_id: $c, data_field: $n) { id } }',
      { n: 'Secret Field' },
    ),
    'Query.companyDataFields': byCompany(
      'query($c: ID!) { companyDataFields(company_id: $c) { id data_field } }',
    ),
    'Query.activityTypes': byCompany(
      'query($c: ID!) { activityTypes(company_id: $c) { id title } }',
    ),
    'Query.viewableActivityTypes': byCompany(
      'query($c: ID!) { viewableActivityTypes(company_id: $c, crm_type: "litify") { id title } }',
    ),
    'Mutation.createLegalTeam': byCompany(
      'mutation($c: ID!) { createLegalTeam(company_id: $c, name: "Planted") { id } }',
    ),
    'Mutation.createLegalRole': byCompany(
      'mutation($c: ID!) { createLegalRole(input: {company_id: $c, name: "Planted", legal_crm: "litify"}) { id } }',
    ),
    'Mutation.createLegalStaff': byCompany(
      'mutation($c: ID!) { createLegalStaff(input: {company_id: $c, first_name: "P", last_name: "L", email: "p@l.example"}) { id } }',
    ),
    'Mutation.createLegalContact': byCompany(
      'mutation($c: ID!) { createLegalContact(input: {company_id: $c, name: "Planted"}) { id } }',
    ),
    'Mutation.createDataFieldPrompt': byCompany(
      'mutation($c: ID!) { createDataFieldPrompt(company_id: $c, data_field: "Planted") { id } }',
    ),
    'Mutation.toggleAllCompanyDataFields': byCompany(
      'mutation($c: ID!) { toggleAllCompanyDataFields(company_id: $c, is_active: false) { id } }',
    ),
    'Mutation.updateLegalTeam': byId(
      'mutation($id: ID!) { updateLegalTeam(id: $id, name: "Taken over") { id } }',
      () => teamOfA,
    ),
    'Mutation.deleteLegalTeam': byId(
      'mutation($id: ID!) { deleteLegalTeam(id: $id) }',
      () => teamOfA,
    ),
    'Mutation.updateLegalRole': byId(
      'mutation($id: ID!) { updateLegalRole(input: {id: $id, name: "Taken over"}) { id } }',
      () => roleOfA,
    ),
    'Mutation.deleteLegalRole': byId(
      'mutation($id: ID!) { deleteLegalRole(id: $id) }',
      () => roleOfA,
    ),
    'Mutation.updateLegalStaff': byId(
      'mutation($id: ID!) { updateLegalStaff(input: {id: $id, first_name: "Taken"}) { id } }',
      () => staffOfA,
    ),
    'Mutation.deleteLegalStaff': byId(
      'mutation($id: ID!) { deleteLegalStaff(id: $id) }',
      () => staffOfA,
    ),
    'Mutation.updateLegalContact': byId(
      'mutation($id: ID!) { updateLegalContact(input: {id: $id, name: "Taken over"}) { id } }',
      () => contactOfA,
    ),
    'Mutation.deleteLegalContact': byId(
      'mutation($id: ID!) { deleteLegalContact(id: $id) }',
      () => contactOfA,
    ),
    'Mutation.toggleCompanyDataField': byId(
      'mutation($id: ID!) { toggleCompanyDataField(id: $id, is_active: false) { id } }',
      () => fieldLinkOfA,
    ),
    'Mutation.removeCompanyDataField': byId(
      'mutation($id: ID!) { removeCompanyDataField(id: $id) }',
      () => fieldLinkOfA,
    ),
    'Mutation.setActivityTypeViewable': byId(
      'mutation($id: ID!) { setActivityTypeViewable(id: $id, is_viewable: false) { id } }',
      () => activityTypeOfA,
    ),
  };
  const built = Object.fromEntries(Object.entries(list).map(([name, make]) => [name, make(ctx)]));
  return {
    ...built,
    // A's own field cannot be linked to B (B's company is B's, the field is A's).
    'Mutation.linkDataFieldToCompany': async () => {
      const c = ctx();
      const q =
        'mutation($id: ID!, $c: ID!) { linkDataFieldToCompany(company_id: $c, data_field_id: $id) { id } }';
      await c.sameAsMissing(q, (id) => ({ id, c: c.companyB }), fieldOfA);
      await c.sameAsMissing(q, (id) => ({ id: fieldOfA, c: id }), c.companyA, c.managerOfB.token);
      await aStillHas(c);
    },
  };
};
