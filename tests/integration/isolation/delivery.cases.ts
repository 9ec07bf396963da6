/**
 * Isolation cases of the delivery side: company B's customer account and B's provider manager never
 * see or change company A's projects, team, referrals, tech stacks, environments or talent; A's ids
 * answer exactly like missing ones, and lists of B never hold A's things.
 */
import { expect } from 'vitest';
import { seedDelivery, SECRET_TOKEN, type DeliveryOfCompany } from '../fixtures/delivery';
import type { IsolationContext, IsolationModule } from './context';

let a: DeliveryOfCompany;

const codeOf = (r: { errors?: unknown }) =>
  (r.errors as Array<{ extensions?: { code?: string } }> | undefined)?.[0]?.extensions?.code;

export const setup: IsolationModule['setup'] = async (c) => {
  a = await seedDelivery(c.server, c.companyA, c.memberA.user.id, c.adminA.token);
};

const tokensOfB = (c: IsolationContext) => [c.userB.token, c.managerOfB.token];

/** A's project as A's admin sees it: the team, tech stacks and environments left as set up. */
async function projectOfA(c: IsolationContext) {
  const r = await c.server.gql<{
    project: {
      team: Array<{ id: string }>;
      referrals: Array<{ name: string }>;
      tech_stacks: Array<{ id: string; environments: Array<{ environment: string }> }>;
    };
  }>(
    'query($id: ID!) { project(id: $id) { team { id } referrals { name } tech_stacks { id environments { environment } } } }',
    { id: a.projectId },
    c.adminA.token,
  );
  expect(r.errors).toBeUndefined();
  return r.data!.project;
}
const UNCHANGED = () => ({
  team: [{ id: a.memberId }],
  referrals: [{ name: 'Rita Referral' }],
  tech_stacks: [{ id: a.stackId, environments: [{ environment: 'staging' }] }],
});

async function lists(c: IsolationContext, token: string) {
  const r = await c.server.gql<{
    projects: Array<{ id: string }>;
    talents: Array<{ id: string }>;
    companyChoices: Array<{ id: string }>;
    deliveryPeople: Array<{ id: string }>;
  }>(
    'query { projects { id } talents { id } companyChoices { id } deliveryPeople { id } }',
    {},
    token,
  );
  expect(r.errors).toBeUndefined();
  return r.data!;
}

async function talentTypesOf(c: IsolationContext) {
  const r = await c.server.gql<{
    talentTypes: Array<{ id: string; role: string; hourly_rate: number }>;
  }>('query { talentTypes { id role hourly_rate } }', {}, c.adminA.token);
  expect(r.errors).toBeUndefined();
  return r.data!.talentTypes;
}

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.talentTypes': async () => {
    const c = ctx();
    const r = await c.server.gql<{ talentTypes: Array<{ id: string }> }>(
      'query { talentTypes { id } }',
      {},
      c.userB.token,
    );
    expect(r.data?.talentTypes.length).toBeGreaterThan(0); // a shared catalogue, no tenant data
  },
  'Mutation.createTalentType': async () => {
    // The catalogue prices every company's estimates: only the provider's internal admin changes it.
    const c = ctx();
    const before = await talentTypesOf(c);
    for (const token of tokensOfB(c)) {
      const r = await c.server.gql(
        'mutation { createTalentType(input: { role: "Intruder", hourly_rate: 1 }) { id } }',
        {},
        token,
      );
      expect(codeOf(r)).toBe('FORBIDDEN');
    }
    expect(await talentTypesOf(c)).toEqual(before);
  },
  'Mutation.updateTalentType': async () => {
    const c = ctx();
    const before = await talentTypesOf(c);
    for (const token of tokensOfB(c)) {
      const r = await c.server.gql(
        'mutation($id: ID!) { updateTalentType(id: $id, input: { hourly_rate: 1 }) { id } }',
        { id: before[0]!.id },
        token,
      );
      expect(codeOf(r)).toBe('FORBIDDEN');
    }
    expect(await talentTypesOf(c)).toEqual(before);
  },
  'Query.techStacks': async () => {
    const c = ctx();
    const r = await c.server.gql<{ techStacks: Array<{ id: string }> }>(
      'query { techStacks { id } }',
      {},
      c.userB.token,
    );
    expect(r.data?.techStacks.length).toBeGreaterThan(0);
  },
  'Query.requestTypes': async () => {
    const c = ctx();
    const r = await c.server.gql<{ requestTypes: Array<{ id: string }> }>(
      'query { requestTypes { id } }',
      {},
      c.userB.token,
    );
    expect(r.data?.requestTypes.length).toBeGreaterThan(0);
  },
  'Query.projects': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) expect((await lists(c, token)).projects).toEqual([]);
    expect((await lists(c, c.adminA.token)).projects).toEqual([{ id: a.projectId }]);
    const r = await c.sameAsMissing(
      'query($c: ID) { projects(company_id: $c) { id } }',
      (id) => ({ c: id }),
      c.companyA,
    );
    expect(r.data).toEqual({ projects: [] });
  },
  'Query.talents': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) expect((await lists(c, token)).talents).toEqual([]);
    const r = await c.sameAsMissing(
      'query($c: ID) { talents(company_id: $c) { id } }',
      (id) => ({ c: id }),
      c.companyA,
    );
    expect(codeOf(r)).toBe('NO_COMPANY');
  },
  'Query.companyChoices': async () => {
    const c = ctx();
    for (const token of tokensOfB(c))
      expect((await lists(c, token)).companyChoices.map((x) => x.id)).not.toContain(c.companyA);
  },
  'Query.deliveryPeople': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const people = (await lists(c, token)).deliveryPeople.map((p) => p.id);
      expect(people).not.toContain(c.adminA.user.id);
      expect(people).not.toContain(c.memberA.user.id);
    }
  },
  'Query.talent': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'query($id: ID) { talent(id: $id) { id hubstaff_id } }',
        (id) => ({ id }),
        a.talentId,
        token,
      );
      expect(codeOf(r)).toBe('NO_TALENT_PROFILES');
    }
  },
  'Query.project': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'query($id: ID!) { project(id: $id) { id name } }',
        (id) => ({ id }),
        a.projectId,
        token,
      );
      expect(codeOf(r)).toBe('NO_PROJECT');
    }
  },
  'Query.environments': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'query($s: ID!) { environments(project_tech_stack_id: $s) { id branch } }',
        (id) => ({ s: id }),
        a.stackId,
        token,
      );
      expect(codeOf(r)).toBe('NO_TECH_STACK');
    }
  },
  'Mutation.createTalent': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'mutation($u: ID!) { createTalent(input: { user_profile_id: $u, talent_type_id: 3 }) { id } }',
        (id) => ({ u: id }),
        c.memberA.user.id,
        token,
      );
      expect(codeOf(r)).toBe('NO_USER_PROFILE');
    }
  },
  'Mutation.updateTalent': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'mutation($id: ID!) { updateTalent(id: $id, input: { pay_rate: 99 }) { id } }',
        (id) => ({ id }),
        a.talentId,
        token,
      );
      expect(codeOf(r)).toBe('NO_TALENT_PROFILES');
    }
    const r = await c.server.gql<{ talent: { pay_rate: number } }>(
      'query($id: ID) { talent(id: $id) { pay_rate } }',
      { id: a.talentId },
      c.adminA.token,
    );
    expect(r.data?.talent.pay_rate).toBe(0);
  },
  'Mutation.createProject': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'mutation($c: ID!) { createProject(input: { name: "Intrusion", company_id: $c }) { id } }',
        (id) => ({ c: id }),
        c.companyA,
        token,
      );
      expect(codeOf(r)).toBe('NO_COMPANY');
    }
    expect((await lists(c, c.adminA.token)).projects).toEqual([{ id: a.projectId }]);
  },
  'Mutation.addProjectMember': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'mutation($p: ID!, $u: ID!) { addProjectMember(project_id: $p, user_profile_id: $u, talent_type_id: 3) { id } }',
        (id) => ({ p: id, u: c.userB.user.id }),
        a.projectId,
        token,
      );
      expect(codeOf(r)).toBe('NO_PROJECT');
    }
    expect(await projectOfA(c)).toEqual(UNCHANGED());
  },
  'Mutation.removeProjectMember': async () => {
    const c = ctx();
    for (const token of tokensOfB(c))
      await c.sameAsMissing(
        'mutation($id: ID!) { removeProjectMember(id: $id) { id } }',
        (id) => ({ id }),
        a.memberId,
        token,
      );
    expect(await projectOfA(c)).toEqual(UNCHANGED());
  },
  'Mutation.addReferral': async () => {
    const c = ctx();
    for (const token of tokensOfB(c))
      await c.sameAsMissing(
        'mutation($p: ID!) { addReferral(project_id: $p, name: "Spy") { id } }',
        (id) => ({ p: id }),
        a.projectId,
        token,
      );
    expect(await projectOfA(c)).toEqual(UNCHANGED());
  },
  'Mutation.addProjectTechStack': async () => {
    const c = ctx();
    for (const token of tokensOfB(c))
      await c.sameAsMissing(
        'mutation($p: ID!) { addProjectTechStack(input: { project_id: $p, tech_stack_id: 2 }) { id } }',
        (id) => ({ p: id }),
        a.projectId,
        token,
      );
    expect(await projectOfA(c)).toEqual(UNCHANGED());
  },
  'Mutation.removeProjectTechStack': async () => {
    const c = ctx();
    for (const token of tokensOfB(c))
      await c.sameAsMissing(
        'mutation($id: ID!) { removeProjectTechStack(id: $id) { id } }',
        (id) => ({ id }),
        a.stackId,
        token,
      );
    expect(await projectOfA(c)).toEqual(UNCHANGED());
  },
  'Mutation.addEnvironment': async () => {
    const c = ctx();
    for (const token of tokensOfB(c))
      await c.sameAsMissing(
        'mutation($s: ID!) { addEnvironment(project_tech_stack_id: $s, input: { environment: "spy", branch: "x" }) { id } }',
        (id) => ({ s: id }),
        a.stackId,
        token,
      );
    expect(await projectOfA(c)).toEqual(UNCHANGED());
  },
  'Mutation.updateEnvironment': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'mutation($id: ID!) { updateEnvironment(id: $id, input: { environment: "spy", branch: "x" }) { id } }',
        (id) => ({ id }),
        a.environmentId,
        token,
      );
      expect(codeOf(r)).toBe('UPDATE_ENV_FAILED');
    }
    expect(await projectOfA(c)).toEqual(UNCHANGED());
  },
  'Mutation.removeEnvironment': async () => {
    const c = ctx();
    for (const token of tokensOfB(c)) {
      const r = await c.sameAsMissing(
        'mutation($id: ID!) { removeEnvironment(id: $id) }',
        (id) => ({ id }),
        a.environmentId,
        token,
      );
      expect(codeOf(r)).toBe('REMOVE_ENV_FAILED');
    }
    expect(await projectOfA(c)).toEqual(UNCHANGED());
    // The stored token never travels back, not even to A.
    const r = await c.server.gql(
      'query($id: ID!) { project(id: $id) { tech_stacks { access_token_hint has_access_token } } }',
      { id: a.projectId },
      c.adminA.token,
    );
    expect(JSON.stringify(r)).not.toContain(SECRET_TOKEN);
  },
});
