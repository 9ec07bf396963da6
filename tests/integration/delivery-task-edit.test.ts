/**
 * Editing a task (priced again, lists replaced, planners only) and the tech-lead dashboard and
 * backlog (team leads: the project's tech lead, or members of talent type 1, 2 or 4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectTeamMember } from '../../src/server/db/schemaDelivery';
import {
  deliveryFixture,
  planTask,
  raiseRequest,
  type DeliveryFixture,
} from '../support/deliveryFixture';
import { startTestServer, type TestServer, type TestUser } from '../support/server';

let server: TestServer;
let f: DeliveryFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await deliveryFixture(server);
});
afterAll(async () => server.close());

const UPDATE = `mutation($id: ID!, $input: UpdateTaskInput!) {
  updateTask(id: $id, input: $input) { id name description task_type difficulty_level
    total_estimated_hours total_estimated_cost
    estimates { talent_type_id hours hourly_rate cost }
    steps { title description priority } references { title url } } }`;
const DASHBOARD = `query($p: [ID!], $s: [Int!]) { techLeadDashboard(project_ids: $p, status_ids: $s) {
  id title project_id task_count unassigned_count total_estimated_hours total_estimated_cost
  status_counts { status_id name count } } }`;
const BACKLOG = `query($p: [ID!]) { techLeadBacklog(project_ids: $p) { id task_count unassigned_count } }`;

interface LeadRow {
  id: string;
  task_count: number;
  unassigned_count: number;
  total_estimated_cost: number;
  status_counts: Array<{ status_id: number; count: number }>;
}

async function dashboard(by: TestUser, vars: Record<string, unknown> = {}) {
  const r = await server.gql<{ techLeadDashboard: LeadRow[] }>(DASHBOARD, vars, by.token);
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.techLeadDashboard;
}
async function backlog(by: TestUser, vars: Record<string, unknown> = {}) {
  const r = await server.gql<{ techLeadBacklog: LeadRow[] }>(BACKLOG, vars, by.token);
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.techLeadBacklog;
}

describe('updateTask', () => {
  it('prices the new estimates, replaces steps and references, keeps what was not sent', async () => {
    const id = await planTask(server, f, await raiseRequest(server, f), {
      steps: [{ title: 'old step' }],
      references: [{ title: 'old', url: 'https://example.com/old' }],
      difficulty_level: 2,
    });
    const r = await server.gql<{ updateTask: Record<string, unknown> }>(
      UPDATE,
      {
        id,
        input: {
          name: 'Apple button, v2',
          estimates: [
            { talent_type_id: 3, hours: 0.01 },
            { talent_type_id: 1, hours: 2.5 },
          ],
          steps: [
            { title: 'Second', priority: 2 },
            { title: 'First', description: 'Do this first', priority: 1 },
          ],
          references: [],
        },
      },
      f.lead.token,
    );
    // Developer 6000 c/h × 0.01 h = 60 c; Tech Lead 9000 c/h × 2.5 h = 22500 c.
    expect(r.data?.updateTask).toMatchObject({
      name: 'Apple button, v2',
      description: 'The button and the token exchange.',
      difficulty_level: 2,
      total_estimated_hours: 2.51,
      total_estimated_cost: 22_560,
      estimates: [
        { talent_type_id: 1, hours: 2.5, hourly_rate: 9000, cost: 22_500 },
        { talent_type_id: 3, hours: 0.01, hourly_rate: 6000, cost: 60 },
      ],
      steps: [
        { title: 'First', description: 'Do this first', priority: 1 },
        { title: 'Second', description: '', priority: 2 },
      ],
      references: [],
    });
    const cleared = await server.gql<{ updateTask: { difficulty_level: number | null } }>(
      UPDATE,
      { id, input: { difficulty_level: null } },
      f.lead.token,
    );
    expect(cleared.data?.updateTask.difficulty_level).toBeNull();
  });

  it('names bad input and refuses people who do not plan the project', async () => {
    const id = await planTask(server, f, await raiseRequest(server, f));
    const bad = await server.gql(
      UPDATE,
      { id, input: { name: ' ', estimates: [{ talent_type_id: 99, hours: 1 }] } },
      f.lead.token,
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    expect(bad.errors?.[0]?.extensions?.issues?.map((i) => i.message)).toContain(
      'name is required.',
    );
    const unknownType = await server.gql(
      UPDATE,
      { id, input: { estimates: [{ talent_type_id: 99, hours: 1 }] } },
      f.lead.token,
    );
    expect(unknownType.errors?.[0]?.extensions?.issues?.[0]?.message).toBe('Not a talent type.');
    const type = await server.gql(UPDATE, { id, input: { task_type: 'epic' } }, f.lead.token);
    expect(type.errors?.[0]?.extensions?.issues?.[0]?.message).toBe('Invalid type');
    const byDev = await server.gql(UPDATE, { id, input: { name: 'mine' } }, f.dev.token);
    expect(byDev.errors?.[0]?.message).toBe('You do not have permission to do that.');
    const byCustomer = await server.gql(UPDATE, { id, input: { name: 'x' } }, f.customer.token);
    expect(byCustomer.errors?.[0]?.message).toBe('You do not have permission to do that.');
  });
});

describe('tech-lead dashboard and backlog', () => {
  it('counts the requests of led projects per allowed status, never estimated tasks', async () => {
    const requestId = await raiseRequest(server, f);
    await planTask(server, f, requestId);
    await planTask(server, f, requestId, { assignee_id: null, status_id: 2 });
    await planTask(server, f, requestId, { task_type: 'estimated' });
    const all = (await dashboard(f.lead)).find((r) => r.id === requestId);
    expect(all).toMatchObject({
      task_count: 2,
      unassigned_count: 1,
      total_estimated_cost: 78_000,
      status_counts: [
        { status_id: 1, count: 1 },
        { status_id: 2, count: 1 },
      ],
    });
    const inProgress = (await dashboard(f.lead, { s: [2] })).find((r) => r.id === requestId);
    expect(inProgress).toMatchObject({
      task_count: 1,
      status_counts: [{ status_id: 2, count: 1 }],
    });
    expect((await dashboard(f.lead, { s: [12] })).map((r) => r.id)).not.toContain(requestId);
    expect(await dashboard(f.lead, { p: [f.customerCompany] })).toEqual([]);
  });

  it('the backlog holds requests with no tasks or unassigned ones', async () => {
    const empty = await raiseRequest(server, f);
    const planned = await raiseRequest(server, f);
    await planTask(server, f, planned);
    const ids = (await backlog(f.lead)).map((r) => r.id);
    expect(ids).toContain(empty);
    expect(ids).not.toContain(planned);
  });

  it('team leads are talent types 1, 2 and 4; a developer member leads nothing', async () => {
    const requestId = await raiseRequest(server, f);
    expect(await dashboard(f.dev)).toEqual([]);
    expect(await backlog(f.dev)).toEqual([]);
    expect(await backlog(f.customer)).toEqual([]);
    const architect = await server.addUser({
      companyId: f.lead.user.company_id,
      userType: 'developer',
    });
    await server.db
      .insert(projectTeamMember)
      .values({ project_id: f.projectId, user_profile_id: architect.user.id, talent_type_id: 4 });
    expect((await backlog(architect)).map((r) => r.id)).toContain(requestId);
  });
});
