/**
 * Requests, tasks and the status machine over GraphQL (issue 19): required fields named, priced
 * estimates, role scope, every move by its named actor with a status log, refusals in words, and
 * the spec section 4 notifications to the right people.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import {
  CREATE_REQUEST,
  CREATE_TASK,
  MOVE_TASK,
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

const BOARD = `query($kind: BoardKind!) { taskBoard(kind: $kind) { cards { id name task_type status_id available_for_qa } } }`;
type BoardAnswer = {
  taskBoard: Array<{ cards: Array<{ id: string; available_for_qa: boolean }> }>;
};
const cardsOf = (answer: { data?: BoardAnswer | null }) =>
  answer.data?.taskBoard.flatMap((c) => c.cards) ?? [];
const NOTES = `query { notifications { items { content module extra_content } } }`;

async function move(by: TestUser, id: string, status_id: number, reason?: string) {
  return server.gql<{ moveTask: { status_id: number } }>(
    MOVE_TASK,
    { input: { id, status_id, ...(reason ? { reason } : {}) } },
    by.token,
  );
}
async function notes(user: TestUser): Promise<string[]> {
  const r = await server.gql<{ notifications: { items: Array<{ content: string }> } }>(
    NOTES,
    {},
    user.token,
  );
  return (r.data?.notifications.items ?? []).map((n) => n.content);
}

describe('requests', () => {
  it('given a create without fields, then INVALID_INPUT names every missing one', async () => {
    const r = await server.gql(CREATE_REQUEST, { input: {} }, f.customer.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    const paths = r.errors?.[0]?.extensions?.issues?.map((i) => `${i.path}: ${i.message}`);
    expect(paths).toEqual(
      [
        'title',
        'description',
        'project_id',
        'priority',
        'request_type_id',
        'created_by',
        'request_action',
        'company_id',
        'status_id',
      ].map((field) => `${field}: ${field} is required.`),
    );
  });

  it('given an unknown request type, then "Unknown request type"', async () => {
    const r = await server.gql(
      CREATE_REQUEST,
      {
        input: {
          title: 't',
          description: 'd',
          project_id: f.projectId,
          priority: 1,
          request_type_id: 999,
          created_by: f.customer.user.id,
          request_action: 'a',
          company_id: f.customerCompany,
          status_id: 1,
        },
      },
      f.customer.token,
    );
    expect(r.errors?.[0]?.message).toBe('Unknown request type');
  });

  it('lists customer requests and PM requests apart, each only to those in reach', async () => {
    const fromCustomer = await raiseRequest(server, f);
    const fromPm = await raiseRequest(server, f, f.pm);
    const list = async (user: TestUser, kind: string) =>
      (
        await server.gql<{ requests: Array<{ id: string }> }>(
          'query($l: RequestList!) { requests(list: $l) { id } }',
          { l: kind },
          user.token,
        )
      ).data?.requests.map((r) => r.id) ?? [];
    expect(await list(f.customer, 'customer')).toContain(fromCustomer);
    expect(await list(f.customer, 'customer')).not.toContain(fromPm);
    expect(await list(f.customer, 'project_manager')).toContain(fromPm);
    expect(await list(f.pm, 'project_manager')).toContain(fromPm);
    // A developer with no task on them sees neither; another customer sees nothing.
    expect(await list(f.dev, 'customer')).not.toContain(fromCustomer);
    const { admin: other } = await server.signUpCompany({ name: 'Other Co' });
    expect(await list(other, 'customer')).toEqual([]);
  });

  it('soft-deletes a request: it leaves the list', async () => {
    const id = await raiseRequest(server, f);
    const del = await server.gql(
      'mutation($id: ID!) { deleteRequest(id: $id) }',
      { id },
      f.customer.token,
    );
    expect(del.errors).toBeUndefined();
    const get = await server.gql(
      'query($id: ID!) { request(id: $id) { id } }',
      { id },
      f.customer.token,
    );
    expect(get.errors?.[0]?.message).toBe(PRODUCT_ERRORS.NOT_FOUND);
  });
});

describe('tasks', () => {
  it('given a task without fields, then every required one is named; a bad type is "Invalid type"', async () => {
    const r = await server.gql(CREATE_TASK, { input: {} }, f.lead.token);
    expect(r.errors?.[0]?.extensions?.issues?.map((i) => i.path)).toEqual([
      'name',
      'description',
      'status_id',
      'task_type',
      'request_id',
      'created_by',
      'estimates',
    ]);
    const requestId = await raiseRequest(server, f);
    await expect(planTask(server, f, requestId, { task_type: 'epic' })).rejects.toThrow(
      'Invalid type',
    );
  });

  it('prices estimates per talent type in cents and sums them', async () => {
    const requestId = await raiseRequest(server, f);
    const r = await server.gql<{ createTask: Record<string, unknown> }>(
      CREATE_TASK,
      {
        input: {
          name: 'n',
          description: 'd',
          status_id: 1,
          task_type: 'feature',
          request_id: requestId,
          created_by: f.lead.user.id,
          estimates: [
            { talent_type_id: 3, hours: 6.5 },
            { talent_type_id: 5, hours: 0.25 },
          ],
        },
      },
      f.lead.token,
    );
    // Developer 6000 c/h × 6.5 h = 39000 c; QA 4500 c/h × 0.25 h = 1125 c.
    expect(r.data?.createTask).toMatchObject({
      total_estimated_hours: 6.75,
      total_estimated_cost: 40_125,
    });
  });

  it('refuses a developer planning tasks', async () => {
    const requestId = await raiseRequest(server, f);
    const r = await server.gql(
      CREATE_TASK,
      {
        input: {
          name: 'n',
          description: 'd',
          status_id: 1,
          task_type: 'feature',
          request_id: requestId,
          created_by: f.dev.user.id,
          estimates: [{ talent_type_id: 3, hours: 1 }],
        },
      },
      f.dev.token,
    );
    expect(r.errors?.[0]?.message).toMatch(
      /^(Not found\.|You do not have permission to do that\.)$/,
    );
  });

  it('walks the machine: each actor, each log, each notification, each refusal in words', async () => {
    const requestId = await raiseRequest(server, f);
    const id = await planTask(server, f, requestId);
    const estimated = await planTask(server, f, requestId, {
      task_type: 'estimated',
      name: 'Estimate only',
    });

    const devBoard = await server.gql<BoardAnswer>(BOARD, { kind: 'developer' }, f.dev.token);
    expect(cardsOf(devBoard).map((t) => t.id)).toContain(id);
    expect(cardsOf(devBoard).map((t) => t.id)).not.toContain(estimated);

    expect((await move(f.lead, id, 2)).errors?.[0]?.message).toBe(
      "Only the task's assignee can move it from To do to In progress.",
    );
    expect((await move(f.dev, id, 2)).data?.moveTask.status_id).toBe(2);
    expect((await move(f.dev, id, 3)).data?.moveTask.status_id).toBe(3);
    expect(await notes(f.lead)).toContain('"Apple button" is ready for review.');

    expect((await move(f.dev, id, 10)).errors?.[0]?.message).toBe(
      "Only the task's tech lead can move it from Ready for review to Ready for testing.",
    );
    const noReason = await move(f.lead, id, 4);
    expect(noReason.errors?.[0]).toMatchObject({
      message: 'Give a reason to fail review.',
      extensions: { code: 'TASK_MOVE_REFUSED' },
    });
    expect(
      (await move(f.lead, id, 4, 'No error state on a cancelled sign-in.')).data?.moveTask
        .status_id,
    ).toBe(4);
    expect(await notes(f.dev)).toContain('"Apple button" failed review.');

    await move(f.dev, id, 2);
    await move(f.dev, id, 3);
    expect((await move(f.lead, id, 10)).data?.moveTask.status_id).toBe(10);
    expect(await notes(f.qa)).toContain('"Apple button" is ready for testing.');
    expect((await move(f.qa, id, 11, 'Crashes on iOS 17.')).data?.moveTask.status_id).toBe(11);
    expect(await notes(f.dev)).toContain('"Apple button" failed testing.');

    await move(f.dev, id, 2);
    await move(f.dev, id, 3);
    await move(f.lead, id, 10);
    expect((await move(f.qa, id, 12)).data?.moveTask.status_id).toBe(12);
    expect(await notes(f.dev)).toContain('"Apple button" passed testing and is complete.');

    const logs = await server.gql<{ task: { status_logs: Array<Record<string, unknown>> } }>(
      'query($id: ID!) { task(id: $id) { status_logs { past_status current_status reason updated_by } } }',
      { id },
      f.lead.token,
    );
    const rows = logs.data?.task.status_logs ?? [];
    expect(rows).toHaveLength(11); // the eleven allowed moves above; refusals write nothing
    expect(rows.find((l) => l.current_status === 4)).toMatchObject({
      past_status: 3,
      reason: 'No error state on a cancelled sign-in.',
      updated_by: f.lead.user.id,
    });
  });

  it('a parent completes only when its subtasks are complete; available for QA is taken first', async () => {
    const requestId = await raiseRequest(server, f);
    const parent = await planTask(server, f, requestId, { name: 'Parent' });
    const child = await planTask(server, f, requestId, {
      name: 'Child',
      parent_id: parent,
      qa_id: null,
    });
    for (const [by, to] of [
      [f.dev, 2],
      [f.dev, 3],
      [f.lead, 10],
      [f.qa, 12],
    ] as const) {
      const r = await move(by, parent, to);
      if (to === 12)
        expect(r.errors?.[0]?.message).toBe(
          'A task completes only when all of its subtasks are complete.',
        );
      else expect(r.errors).toBeUndefined();
    }
    for (const [by, to] of [
      [f.dev, 2],
      [f.dev, 3],
      [f.lead, 10],
    ] as const)
      await move(by, child, to);
    expect((await move(f.qa, child, 12)).errors?.[0]?.message).toBe(
      'This task is available for QA: a QA person must take it before testing it.',
    );
    const qaBoard = await server.gql<BoardAnswer>(BOARD, { kind: 'qa' }, f.qa.token);
    expect(cardsOf(qaBoard).find((t) => t.id === child)?.available_for_qa).toBe(true);
    const take = await server.gql(
      'mutation($id: ID!) { takeTaskForQa(id: $id) { qa_id } }',
      { id: child },
      f.qa.token,
    );
    expect(take.errors).toBeUndefined();
    expect((await move(f.qa, child, 12)).errors).toBeUndefined();
    expect((await move(f.qa, parent, 12)).errors).toBeUndefined();
  });
});
