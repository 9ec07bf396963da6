/**
 * The delivery side's projects, team, tech stacks, environments and talent against the server:
 * who may see and change what (customer account, internal admin, tech lead, project manager on the
 * team, developer), the spec's messages, the "already on the project" check and the stored token.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectTechStack } from '../../src/server/db/schemaDelivery';
import { ERRORS } from '../../src/shared/errors';
import {
  startTestServer,
  type GraphQLResponse,
  type TestServer,
  type TestUser,
} from '../support/server';
import { seedDelivery, SECRET_TOKEN, type DeliveryOfCompany } from './fixtures/delivery';

let server: TestServer;
let customer: { id: string; owner: TestUser };
let provider: string;
let admin: TestUser;
let techLead: TestUser;
let pm: TestUser;
let dev: TestUser;
let qa: TestUser;
let a: DeliveryOfCompany;

const codeOf = (r: GraphQLResponse<unknown>) => r.errors?.[0]?.extensions?.code;
const messageOf = (r: GraphQLResponse<unknown>) => r.errors?.[0]?.message;

beforeAll(async () => {
  server = await startTestServer();
  const c = await server.signUpCompany({ name: 'Lakeside' });
  customer = { id: c.company.id, owner: c.admin };
  const p = await server.signUpCompany({ name: 'Provider', is_provider: true });
  provider = p.company.id;
  admin = await server.addUser({ companyId: provider, userType: 'internal_admin' });
  techLead = await server.addUser({ companyId: provider, userType: 'tech_lead' });
  pm = await server.addUser({ companyId: provider, userType: 'project_manager' });
  dev = await server.addUser({ companyId: provider, userType: 'developer' });
  qa = await server.addUser({ companyId: provider, userType: 'qa' });
  const member = await server.addUser({ companyId: customer.id });
  a = await seedDelivery(server, customer.id, member.user.id, customer.owner.token);
});

afterAll(async () => server?.close());

const PROJECT =
  'query($id: ID!) { project(id: $id) { id name can_manage tech_lead_name team { user_profile_id talent_type { role is_team_lead } } tech_stacks { id codebase has_access_token access_token_hint environments { id environment branch } } referrals { name refered_by_name } } }';
type ProjectData = {
  project: {
    id: string;
    can_manage: boolean;
    team: Array<{ user_profile_id: string; talent_type: { role: string; is_team_lead: boolean } }>;
    tech_stacks: Array<{
      id: string;
      has_access_token: boolean;
      access_token_hint: string | null;
      environments: Array<{ id: string; environment: string; branch: string }>;
    }>;
  };
};

async function addMember(token: string, user: string, type = 3) {
  return server.gql<{ addProjectMember: { team: Array<{ user_profile_id: string }> } }>(
    'mutation($p: ID!, $u: ID!, $t: ID!) { addProjectMember(project_id: $p, user_profile_id: $u, talent_type_id: $t) { team { user_profile_id } } }',
    { p: a.projectId, u: user, t: String(type) },
    token,
  );
}

describe('projects', () => {
  it('given the access token stored, then the database holds it encrypted and the API only its last four characters', async () => {
    const [row] = await server.db
      .select()
      .from(projectTechStack)
      .where(eq(projectTechStack.id, a.stackId));
    expect(row?.access_token_encrypted).toBeTruthy();
    expect(row?.access_token_encrypted).not.toContain(SECRET_TOKEN);
    const r = await server.gql<ProjectData>(PROJECT, { id: a.projectId }, customer.owner.token);
    expect(r.data?.project.tech_stacks[0]).toMatchObject({
      has_access_token: true,
      access_token_hint: '9876',
    });
    expect(JSON.stringify(r)).not.toContain(SECRET_TOKEN);
  });

  it('given a provider developer not on the team, then the project answers "No Project available." and is not listed', async () => {
    const r = await server.gql(PROJECT, { id: a.projectId }, dev.token);
    expect({ code: codeOf(r), message: messageOf(r) }).toEqual({
      code: 'NO_PROJECT',
      message: ERRORS.NO_PROJECT,
    });
    const list = await server.gql<{ projects: unknown[] }>(
      'query { projects { id } }',
      {},
      dev.token,
    );
    expect(list.data?.projects).toEqual([]);
  });

  it('given the internal admin adds the developer twice, then the team holds them once and the developer now sees the project, read-only', async () => {
    expect((await addMember(admin.token, dev.user.id)).errors).toBeUndefined();
    const again = await addMember(admin.token, dev.user.id, 5);
    expect(
      again.data?.addProjectMember.team.filter((m) => m.user_profile_id === dev.user.id),
    ).toHaveLength(1);
    const seen = await server.gql<ProjectData>(PROJECT, { id: a.projectId }, dev.token);
    expect(seen.data?.project.can_manage).toBe(false);
    const refused = await addMember(dev.token, qa.user.id, 5);
    expect(codeOf(refused)).toBe('FORBIDDEN');
  });

  it('given a project manager on the team, then they may add QA; a team lead type is marked so', async () => {
    expect((await addMember(admin.token, pm.user.id, 6)).errors).toBeUndefined();
    expect((await addMember(pm.token, qa.user.id, 5)).errors).toBeUndefined();
    expect((await addMember(pm.token, techLead.user.id, 1)).errors).toBeUndefined();
    const r = await server.gql<ProjectData>(PROJECT, { id: a.projectId }, pm.token);
    const lead = r.data?.project.team.find((m) => m.user_profile_id === techLead.user.id);
    expect(lead?.talent_type).toEqual({ role: 'Tech Lead', is_team_lead: true });
  });

  it('given a project whose tech lead is set, then the tech lead manages its environments', async () => {
    const made = await server.gql<{ createProject: { id: string; tech_lead_name: string } }>(
      'mutation($c: ID!, $t: ID!) { createProject(input: { name: "Mobile app", company_id: $c, tech_lead_id: $t }) { id tech_lead_name } }',
      { c: customer.id, t: techLead.user.id },
      admin.token,
    );
    expect(made.errors).toBeUndefined();
    const id = made.data!.createProject.id;
    const stack = await server.gql<{ addProjectTechStack: { tech_stacks: Array<{ id: string }> } }>(
      'mutation($p: ID!) { addProjectTechStack(input: { project_id: $p, tech_stack_id: 2, codebase: "gitlab.com/x" }) { tech_stacks { id } } }',
      { p: id },
      techLead.token,
    );
    expect(stack.errors).toBeUndefined();
    const stackId = stack.data!.addProjectTechStack.tech_stacks[0]!.id;
    const env = await server.gql<{ addEnvironment: { id: string } }>(
      'mutation($s: ID!) { addEnvironment(project_tech_stack_id: $s, input: { environment: "production", branch: "main" }) { id } }',
      { s: stackId },
      techLead.token,
    );
    expect(env.errors).toBeUndefined();
    const updated = await server.gql<{ updateEnvironment: { branch: string } }>(
      'mutation($id: ID!) { updateEnvironment(id: $id, input: { environment: "production", branch: "release" }) { branch } }',
      { id: env.data!.addEnvironment.id },
      techLead.token,
    );
    expect(updated.data?.updateEnvironment.branch).toBe('release');
    const envs = await server.gql<{ environments: Array<{ branch: string }> }>(
      'query($s: ID!) { environments(project_tech_stack_id: $s) { branch } }',
      { s: stackId },
      techLead.token,
    );
    expect(envs.data?.environments).toEqual([{ branch: 'release' }]);
    const removed = await server.gql<{ removeEnvironment: string }>(
      'mutation($id: ID!) { removeEnvironment(id: $id) }',
      { id: env.data!.addEnvironment.id },
      techLead.token,
    );
    expect(removed.data?.removeEnvironment).toBe(env.data!.addEnvironment.id);
  });
});

describe("the spec's tech stack messages", () => {
  const MISSING = '00000000-0000-4000-8000-000000000000';
  it.each([
    [
      'the same stack added twice',
      'mutation($p: ID!) { addProjectTechStack(input: { project_id: $p, tech_stack_id: 1 }) { id } }',
      () => ({ p: a.projectId }),
      'Add Tech Stack Failed',
    ],
    [
      'a stack the catalogue lacks',
      'mutation($p: ID!) { addProjectTechStack(input: { project_id: $p, tech_stack_id: 999 }) { id } }',
      () => ({ p: a.projectId }),
      'No Stack Found',
    ],
    [
      'environments of a missing tech stack',
      'query($s: ID!) { environments(project_tech_stack_id: $s) { id } }',
      () => ({ s: MISSING }),
      'No Tech Stack Found',
    ],
    [
      'a missing environment updated',
      'mutation($id: ID!) { updateEnvironment(id: $id, input: { environment: "a", branch: "b" }) { id } }',
      () => ({ id: MISSING }),
      'Update Env Failed',
    ],
    [
      'a missing environment removed',
      'mutation($id: ID!) { removeEnvironment(id: $id) }',
      () => ({ id: MISSING }),
      'Remove Env Failed',
    ],
  ])('given %s, then the answer is the spec message', async (_name, query, variables, message) => {
    expect(messageOf(await server.gql(query, variables(), customer.owner.token))).toBe(message);
  });
});

describe('talent', () => {
  it('given a talent look-up without an id, then "Talent ID is required"', async () => {
    const r = await server.gql('query { talent { id } }', {}, admin.token);
    expect(messageOf(r)).toBe('Talent ID is required');
  });

  it('given the internal admin creates talent, then pay_rate defaults to 0 and reporting_to is named; a developer may not', async () => {
    const r = await server.gql<{
      createTalent: { pay_rate: number; reporting_to_name: string; talent_type: { role: string } };
    }>(
      'mutation($u: ID!, $l: ID!) { createTalent(input: { user_profile_id: $u, talent_type_id: 5, reporting_to: $l, linkedin_url: "https://linkedin.com/in/qa" }) { pay_rate reporting_to_name talent_type { role } } }',
      { u: qa.user.id, l: techLead.user.id },
      admin.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.createTalent).toEqual({
      pay_rate: 0,
      reporting_to_name: 'Test tech_lead',
      talent_type: { role: 'QA Engineer' },
    });
    const refused = await server.gql(
      'mutation($u: ID!) { createTalent(input: { user_profile_id: $u, talent_type_id: 3 }) { id } }',
      { u: dev.user.id },
      dev.token,
    );
    expect(codeOf(refused)).toBe('FORBIDDEN');
    const listed = await server.gql<{ talents: Array<{ email: string }> }>(
      'query { talents { email } }',
      {},
      dev.token,
    );
    expect(listed.data?.talents.map((t) => t.email)).toEqual([qa.user.email]);
  });

  it('given a link that is not http(s), then the field is named in the error', async () => {
    const r = await server.gql(
      'mutation($u: ID!) { createTalent(input: { user_profile_id: $u, talent_type_id: 3, linkedin_url: "javascript:alert(1)" }) { id } }',
      { u: dev.user.id },
      admin.token,
    );
    expect(r.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('linkedin_url');
  });
});
