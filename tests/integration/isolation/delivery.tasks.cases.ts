/**
 * Isolation cases of requests and tasks: company B's customer and B's provider manager never
 * read, list, change, move or plan company A's requests and tasks; A's ids answer exactly like
 * missing ones, and A's request and task stay as they were.
 */
import { expect } from 'vitest';
import { project } from '../../../src/server/db/schemaDelivery';
import { task } from '../../../src/server/db/schemaTasks';
import { TASK_STATUSES } from '../../../src/shared/delivery/taskStatus';
import { CREATE_REQUEST, CREATE_TASK } from '../../support/deliveryFixture';
import type { IsolationContext, IsolationModule } from './context';

let projectOfA = '';
let requestOfA = '';
let taskOfA = '';

async function requestTitleOfA(c: IsolationContext): Promise<string> {
  const r = await c.server.gql<{ request: { title: string } }>(
    'query($id: ID!) { request(id: $id) { title } }',
    { id: requestOfA },
    c.adminA.token,
  );
  return r.data!.request.title;
}

async function taskOfAState(c: IsolationContext): Promise<string> {
  const [row] = await c.server.db
    .execute<{ s: string }>(
      `select status_id || '|' || coalesce(assignee_id::text, '') || '|' || is_deleted as s from task where id = '${taskOfA}'`,
    )
    .then((r) => r.rows);
  return row!.s;
}

/**
 * A's project: the one the projects domain's cases made (delivery.cases.ts runs first and checks
 * A has exactly that one), else one of our own. The task is written straight to the table.
 */
async function projectOfCompanyA(c: IsolationContext): Promise<string> {
  const r = await c.server.gql<{ projects: Array<{ id: string }> }>(
    'query($c: ID) { projects(company_id: $c) { id } }',
    { c: c.companyA },
    c.adminA.token,
  );
  const existing = r.data?.projects[0]?.id;
  if (existing) return existing;
  const [p] = await c.server.db
    .insert(project)
    .values({ name: 'A secret app', company_id: c.companyA })
    .returning({ id: project.id });
  return p!.id;
}

export const setup: IsolationModule['setup'] = async (c) => {
  projectOfA = await projectOfCompanyA(c);
  const r = await c.server.gql<{ createRequest: { id: string } }>(
    CREATE_REQUEST,
    {
      input: {
        title: 'A secret request',
        description: 'd',
        project_id: projectOfA,
        priority: 1,
        request_type_id: 1,
        created_by: c.adminA.user.id,
        request_action: 'build',
        company_id: c.companyA,
        status_id: 1,
      },
    },
    c.adminA.token,
  );
  expect(r.errors).toBeUndefined();
  requestOfA = r.data!.createRequest.id;
  const [t] = await c.server.db
    .insert(task)
    .values({
      name: 'A secret task',
      description: 'd',
      status_id: 1,
      task_type: 'feature',
      request_id: requestOfA,
      company_id: c.companyA,
      project_id: projectOfA,
      created_by: c.adminA.user.id,
      assignee_id: c.memberA.user.id,
    })
    .returning({ id: task.id });
  taskOfA = t!.id;
};

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.taskStatuses': async () => {
    const c = ctx();
    const r = await c.server.gql<{ taskStatuses: unknown[] }>(
      '{ taskStatuses { id name } }',
      {},
      c.userB.token,
    );
    expect(r.data?.taskStatuses).toEqual(TASK_STATUSES);
  },
  'Query.requests': async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token])
      for (const list of ['customer', 'project_manager']) {
        const q = 'query($l: RequestList!, $c: ID) { requests(list: $l, company_id: $c) { id } }';
        const all = await c.server.gql<{ requests: Array<{ id: string }> }>(q, { l: list }, token);
        expect(all.data?.requests.map((r) => r.id)).not.toContain(requestOfA);
        const ofA = await c.server.gql<{ requests: unknown[] }>(
          q,
          { l: list, c: c.companyA },
          token,
        );
        expect(ofA.data?.requests).toEqual([]);
      }
  },
  'Query.request': async () => {
    const c = ctx();
    const q = 'query($id: ID!) { request(id: $id) { id title } }';
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA);
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA, c.managerOfB.token);
  },
  'Query.task': async () => {
    const c = ctx();
    const q = 'query($id: ID!) { task(id: $id) { id name } }';
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA);
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA, c.managerOfB.token);
  },
  'Query.tasksByRequest': async () => {
    const c = ctx();
    const q = 'query($id: ID!) { tasksByRequest(request_id: $id) { id } }';
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA);
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA, c.managerOfB.token);
  },
  'Query.taskBoard': async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token])
      for (const kind of ['developer', 'qa', 'tech_lead']) {
        const r = await c.server.gql<{
          taskBoard: Array<{ total_count: number; cards: Array<{ id: string }> }>;
        }>(
          'query($k: BoardKind!, $p: ID) { taskBoard(kind: $k, project_id: $p) { total_count cards { id } } }',
          { k: kind, p: projectOfA },
          token,
        );
        expect(r.data?.taskBoard.map((col) => [col.total_count, col.cards])).toEqual(
          TASK_STATUSES.map(() => [0, []]),
        );
      }
  },
  'Query.taskBoardColumn': async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token])
      for (const kind of ['developer', 'qa', 'tech_lead'])
        for (const status of TASK_STATUSES) {
          const r = await c.server.gql<{
            taskBoardColumn: { total_count: number; cards: unknown[]; next_cursor: unknown };
          }>(
            'query($k: BoardKind!, $p: ID, $s: Int!) { taskBoardColumn(kind: $k, project_id: $p, status_id: $s) { total_count cards { id } next_cursor } }',
            { k: kind, p: projectOfA, s: status.id },
            token,
          );
          expect(r.data?.taskBoardColumn).toEqual({ total_count: 0, cards: [], next_cursor: null });
        }
  },
  'Query.techLeadDashboard': async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const q = `query($p: [ID!]) { techLeadDashboard(project_ids: $p) { id } }`;
      const all = await c.server.gql<{ techLeadDashboard: Array<{ id: string }> }>(q, {}, token);
      expect(all.data?.techLeadDashboard.map((r) => r.id)).not.toContain(requestOfA);
      const ofA = await c.server.gql<{ techLeadDashboard: unknown[] }>(
        q,
        { p: [projectOfA] },
        token,
      );
      expect(ofA.data?.techLeadDashboard).toEqual([]);
    }
  },
  'Query.techLeadBacklog': async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const q = `query($p: [ID!]) { techLeadBacklog(project_ids: $p) { id } }`;
      const all = await c.server.gql<{ techLeadBacklog: Array<{ id: string }> }>(q, {}, token);
      expect(all.data?.techLeadBacklog.map((r) => r.id)).not.toContain(requestOfA);
      const ofA = await c.server.gql<{ techLeadBacklog: unknown[] }>(q, { p: [projectOfA] }, token);
      expect(ofA.data?.techLeadBacklog).toEqual([]);
    }
  },
  'Mutation.createRequest': async () => {
    const c = ctx();
    const input = (id: string) => ({
      input: {
        title: 'B into A',
        description: 'd',
        project_id: id,
        priority: 1,
        request_type_id: 1,
        created_by: c.userB.user.id,
        request_action: 'build',
        company_id: c.companyA,
        status_id: 1,
      },
    });
    const r = await c.sameAsMissing(CREATE_REQUEST, input, projectOfA);
    expect((r as { errors?: Array<{ message: string }> }).errors?.[0]?.message).toBe(
      'No Project available.',
    );
  },
  'Mutation.updateRequest': async () => {
    const c = ctx();
    const q =
      'mutation($id: ID!) { updateRequest(id: $id, input: { title: "B was here" }) { id } }';
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA);
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA, c.managerOfB.token);
    expect(await requestTitleOfA(c)).toBe('A secret request');
  },
  'Mutation.deleteRequest': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { deleteRequest(id: $id) }';
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA);
    await c.sameAsMissing(q, (id) => ({ id }), requestOfA, c.managerOfB.token);
    expect(await requestTitleOfA(c)).toBe('A secret request');
  },
  'Mutation.createTask': async () => {
    const c = ctx();
    const input = (id: string) => ({
      input: {
        name: 'B into A',
        description: 'd',
        status_id: 1,
        task_type: 'feature',
        request_id: id,
        created_by: c.managerOfB.user.id,
        estimates: [{ talent_type_id: 3, hours: 1 }],
      },
    });
    await c.sameAsMissing(CREATE_TASK, input, requestOfA, c.managerOfB.token);
  },
  'Mutation.updateTask': async () => {
    const c = ctx();
    const before = await taskOfAState(c);
    const q = 'mutation($id: ID!) { updateTask(id: $id, input: { name: "B was here" }) { id } }';
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA);
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA, c.managerOfB.token);
    expect(await taskOfAState(c)).toBe(before);
    const [row] = await c.server.db
      .execute<{ name: string }>(`select name from task where id = '${taskOfA}'`)
      .then((r) => r.rows);
    expect(row!.name).toBe('A secret task');
  },
  'Mutation.assignTask': async () => {
    const c = ctx();
    const before = await taskOfAState(c);
    const q = 'mutation($id: ID!, $a: ID) { assignTask(id: $id, assignee_id: $a) { id } }';
    await c.sameAsMissing(q, (id) => ({ id, a: c.userB.user.id }), taskOfA);
    await c.sameAsMissing(q, (id) => ({ id, a: c.userB.user.id }), taskOfA, c.managerOfB.token);
    expect(await taskOfAState(c)).toBe(before);
  },
  'Mutation.takeTaskForQa': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { takeTaskForQa(id: $id) { id } }';
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA);
  },
  'Mutation.deleteTask': async () => {
    const c = ctx();
    const before = await taskOfAState(c);
    const q = 'mutation($id: ID!) { deleteTask(id: $id) }';
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA);
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA, c.managerOfB.token);
    expect(await taskOfAState(c)).toBe(before);
  },
  'Mutation.moveTask': async () => {
    const c = ctx();
    const before = await taskOfAState(c);
    const q = 'mutation($id: ID!) { moveTask(input: { id: $id, status_id: 2 }) { id } }';
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA);
    await c.sameAsMissing(q, (id) => ({ id }), taskOfA, c.managerOfB.token);
    expect(await taskOfAState(c)).toBe(before);
  },
});
