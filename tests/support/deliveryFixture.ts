/**
 * A delivery set-up for tests: a provider with a tech lead, a developer, a QA person and a
 * project manager; a customer company with a project they work on (team members written straight
 * to the tables, the projects domain being another helper's).
 */
import { project, projectTeamMember } from '../../src/server/db/schemaDelivery';
import type { TestServer, TestUser } from './server';

export interface DeliveryFixture {
  customerCompany: string;
  customer: TestUser;
  lead: TestUser;
  dev: TestUser;
  qa: TestUser;
  pm: TestUser;
  projectId: string;
}

export async function deliveryFixture(server: TestServer): Promise<DeliveryFixture> {
  const { company: provider } = await server.signUpCompany({ name: 'Provider', is_provider: true });
  const { company, admin: customer } = await server.signUpCompany({ name: 'Acme Apps' });
  const add = (userType: 'tech_lead' | 'developer' | 'qa' | 'project_manager') =>
    server.addUser({ companyId: provider.id, userType });
  const [lead, dev, qa, pm] = await Promise.all([
    add('tech_lead'),
    add('developer'),
    add('qa'),
    add('project_manager'),
  ]);
  const [p] = await server.db
    .insert(project)
    .values({ name: 'Acme mobile', company_id: company.id, tech_lead_id: lead.user.id })
    .returning({ id: project.id });
  await server.db.insert(projectTeamMember).values([
    { project_id: p!.id, user_profile_id: dev.user.id, talent_type_id: 3 },
    { project_id: p!.id, user_profile_id: qa.user.id, talent_type_id: 5 },
    { project_id: p!.id, user_profile_id: pm.user.id, talent_type_id: 6 },
  ]);
  return { customerCompany: company.id, customer, lead, dev, qa, pm, projectId: p!.id };
}

export const CREATE_REQUEST = `mutation($input: CreateRequestInput!) {
  createRequest(input: $input) { id title company_id status { id name } created_by_name task_count } }`;
export const CREATE_TASK = `mutation($input: CreateTaskInput!) {
  createTask(input: $input) { id status_id total_estimated_hours total_estimated_cost
    estimates { talent_type_id hours hourly_rate cost } } }`;
export const MOVE_TASK = `mutation($input: MoveTaskInput!) {
  moveTask(input: $input) { id status_id allowed_moves { to_status_id needs_reason } } }`;

export async function raiseRequest(
  server: TestServer,
  f: DeliveryFixture,
  by: TestUser = f.customer,
): Promise<string> {
  const r = await server.gql<{ createRequest: { id: string } }>(
    CREATE_REQUEST,
    {
      input: {
        title: 'Sign-in with Apple',
        description: 'Add Apple sign-in to the mobile app.',
        project_id: f.projectId,
        priority: 2,
        request_type_id: 1,
        created_by: by.user.id,
        request_action: 'build',
        company_id: f.customerCompany,
        status_id: 1,
      },
    },
    by.token,
  );
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.createRequest.id;
}

export async function planTask(
  server: TestServer,
  f: DeliveryFixture,
  requestId: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const r = await server.gql<{ createTask: { id: string } }>(
    CREATE_TASK,
    {
      input: {
        name: 'Apple button',
        description: 'The button and the token exchange.',
        status_id: 1,
        task_type: 'feature',
        request_id: requestId,
        created_by: f.lead.user.id,
        estimates: [{ talent_type_id: 3, hours: 6.5 }],
        assignee_id: f.dev.user.id,
        qa_id: f.qa.user.id,
        ...over,
      },
    },
    f.lead.token,
  );
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.createTask.id;
}
