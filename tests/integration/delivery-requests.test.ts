/**
 * Request pages, sourcing job fields and deliveries over GraphQL (issue 19, requests): filters and
 * paging, job fields only on sourcing requests, deliveries added, changed and removed by whoever
 * may change the request, and each role's reach (customer: the company's; PM: theirs; talent:
 * only what they are assigned or lead).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SOURCING_MESSAGE } from '../../src/shared/delivery/inputs';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import {
  CREATE_REQUEST,
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

const PAGE = `query($l: RequestList!, $t: Int, $p: [ID!], $page: Int, $limit: Int) {
  requestPage(list: $l, request_type_id: $t, project_ids: $p, page: $page, limit: $limit) {
    items { id title delivery { title } } totalcount page limit } }`;
const ADD = `mutation($r: ID!, $i: DeliveryInput!) {
  addDelivery(request_id: $r, input: $i) { id title delivery_date estimated_delivery_date } }`;
const GET = `query($id: ID!) { request(id: $id) { id delivery { id title delivery_date }
  is_sourcing employment_type job_settings candidate_min_exp } }`;

type Page = { items: Array<{ id: string; title: string }>; totalcount: number };
async function page(user: TestUser, vars: Record<string, unknown>): Promise<Page> {
  const r = await server.gql<{ requestPage: Page }>(PAGE, vars, user.token);
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.requestPage;
}

function input(by: TestUser, over: Record<string, unknown> = {}) {
  return {
    title: 'Hire two React developers',
    description: 'For the mobile team.',
    project_id: f.projectId,
    priority: 3,
    request_type_id: 4,
    created_by: by.user.id,
    request_action: 'consult',
    company_id: f.customerCompany,
    status_id: 1,
    ...over,
  };
}

describe('request pages', () => {
  it('pages a list (offset page × limit) with its total, filtered by request type and project', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await raiseRequest(server, f, f.pm));
    const all = await page(f.pm, { l: 'project_manager', limit: 100 });
    expect(all.totalcount).toBeGreaterThanOrEqual(3);
    const first = await page(f.pm, { l: 'project_manager', limit: 2, page: 0 });
    const second = await page(f.pm, { l: 'project_manager', limit: 2, page: 1 });
    expect(first.items).toHaveLength(2);
    expect(first.totalcount).toBe(all.totalcount);
    expect(second.items.map((r) => r.id)).not.toContain(first.items[0]!.id);
    expect(all.items.slice(0, 4).map((r) => r.id)).toEqual(
      [...first.items, ...second.items].map((r) => r.id),
    );
    const bugs = await page(f.pm, { l: 'project_manager', t: 2 });
    expect(bugs.totalcount).toBe(0);
    const elsewhere = await page(f.pm, {
      l: 'project_manager',
      p: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(elsewhere.items).toEqual([]);
    const here = await page(f.pm, { l: 'project_manager', p: [f.projectId], limit: 100 });
    expect(here.items.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
  });

  it('keeps each role to its reach: customer the company, PM theirs, talent what they work on', async () => {
    const fromCustomer = await raiseRequest(server, f);
    const fromPm = await raiseRequest(server, f, f.pm);
    const ids = async (u: TestUser, l: string) =>
      (await page(u, { l, limit: 100 })).items.map((r) => r.id);
    expect(await ids(f.customer, 'customer')).toContain(fromCustomer);
    expect(await ids(f.customer, 'project_manager')).toContain(fromPm);
    expect(await ids(f.pm, 'project_manager')).toContain(fromPm);
    // The developer sees a request only once a task of it is theirs.
    expect(await ids(f.dev, 'customer')).not.toContain(fromCustomer);
    await planTask(server, f, fromCustomer);
    expect(await ids(f.dev, 'customer')).toContain(fromCustomer);
    // The tech lead leads the project, so sees both.
    expect(await ids(f.lead, 'customer')).toContain(fromCustomer);
    expect(await ids(f.lead, 'project_manager')).toContain(fromPm);
    // A PM off the project sees neither, and another customer nothing.
    const { admin: other } = await server.signUpCompany({ name: 'Other Co' });
    expect((await page(other, { l: 'customer' })).totalcount).toBe(0);
    const provider = await server.db.execute<{ company_id: string }>(
      `select company_id from user_profile where id = '${f.pm.user.id}'`,
    );
    const otherPm = await server.addUser({
      companyId: provider.rows[0]!.company_id,
      userType: 'project_manager',
    });
    expect(await ids(otherPm, 'project_manager')).not.toContain(fromPm);
    expect(await ids(otherPm, 'customer')).not.toContain(fromCustomer);
  });

  it('refuses a request raised by talent (they only work on requests)', async () => {
    const r = await server.gql(CREATE_REQUEST, { input: input(f.dev) }, f.dev.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('sourcing requests', () => {
  it('carry the job fields; other types refuse them, each named', async () => {
    const job = {
      job_settings: ['remote', 'hybrid'],
      employment_type: 'full_time',
      compensation_type: 'yearly',
      compensation: 9_000_000,
      candidate_min_exp: 3,
      candidate_max_exp: 6,
    };
    const made = await server.gql<{ createRequest: { id: string } }>(
      CREATE_REQUEST,
      { input: input(f.pm, job) },
      f.pm.token,
    );
    expect(made.errors).toBeUndefined();
    const got = await server.gql<{ request: Record<string, unknown> }>(
      GET,
      { id: made.data!.createRequest.id },
      f.pm.token,
    );
    expect(got.data?.request).toMatchObject({
      is_sourcing: true,
      employment_type: 'full_time',
      job_settings: ['remote', 'hybrid'],
      candidate_min_exp: 3,
    });
    const feature = await server.gql(
      CREATE_REQUEST,
      { input: input(f.pm, { request_type_id: 1, employment_type: 'contract', compensation: 1 }) },
      f.pm.token,
    );
    expect(feature.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'employment_type', message: NOT_SOURCING_MESSAGE },
      { path: 'compensation', message: NOT_SOURCING_MESSAGE },
    ]);
    const upsideDown = await server.gql(
      CREATE_REQUEST,
      { input: input(f.pm, { candidate_min_exp: 9, candidate_max_exp: 2 }) },
      f.pm.token,
    );
    expect(upsideDown.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('candidate_min_exp');
  });
});

describe('deliveries', () => {
  it('adds, changes and removes the delivery of a request', async () => {
    const id = await raiseRequest(server, f, f.pm);
    const added = await server.gql<{ addDelivery: { id: string; delivery_date: string } }>(
      ADD,
      {
        r: id,
        i: {
          title: 'Release 1',
          delivery_date: '2031-03-01',
          estimated_delivery_date: '2031-02-20',
        },
      },
      f.pm.token,
    );
    expect(added.errors).toBeUndefined();
    expect(added.data?.addDelivery.delivery_date).toBe('2031-03-01');
    const deliveryId = added.data!.addDelivery.id;
    const again = await server.gql(ADD, { r: id, i: { title: 'Release 2' } }, f.pm.token);
    expect(again.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    const listed = await page(f.pm, { l: 'project_manager', limit: 100 });
    expect(listed.items.find((r) => r.id === id)).toMatchObject({
      delivery: { title: 'Release 1' },
    });

    const changed = await server.gql<{ updateDelivery: { title: string } }>(
      `mutation($id: ID!) { updateDelivery(id: $id, input: { title: "Release 1.1", delivery_date: "2031-03-08" }) { title delivery_date } }`,
      { id: deliveryId },
      f.customer.token,
    );
    expect(changed.data?.updateDelivery).toEqual({
      title: 'Release 1.1',
      delivery_date: '2031-03-08',
    });
    const badDay = await server.gql(
      `mutation($id: ID!) { updateDelivery(id: $id, input: { title: "x", delivery_date: "2031-02-30" }) { id } }`,
      { id: deliveryId },
      f.pm.token,
    );
    expect(badDay.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('input.delivery_date');
    const missingTitle = await server.gql(ADD, { r: id, i: {} }, f.pm.token);
    expect(missingTitle.errors?.[0]?.extensions?.issues?.[0]?.message).toBe('title is required.');

    // A developer on the project cannot touch it.
    await planTask(server, f, id);
    const byDev = await server.gql(
      'mutation($id: ID!) { removeDelivery(id: $id) }',
      { id: deliveryId },
      f.dev.token,
    );
    expect(byDev.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const removed = await server.gql(
      'mutation($id: ID!) { removeDelivery(id: $id) }',
      { id: deliveryId },
      f.pm.token,
    );
    expect(removed.data).toEqual({ removeDelivery: deliveryId });
    const after = await server.gql<{ request: { delivery: unknown } }>(GET, { id }, f.pm.token);
    expect(after.data?.request.delivery).toBeNull();
    const gone = await server.gql(
      'mutation($id: ID!) { removeDelivery(id: $id) }',
      { id: deliveryId },
      f.pm.token,
    );
    expect(gone.errors?.[0]?.message).toBe(PRODUCT_ERRORS.NOT_FOUND);
  });

  it("refuses another company's delivery on a request, like a missing one", async () => {
    const { company: other, admin } = await server.signUpCompany({ name: 'Elsewhere' });
    const { project } = await import('../../src/server/db/schemaDelivery');
    const [p] = await server.db
      .insert(project)
      .values({ name: 'Elsewhere app', company_id: other.id })
      .returning({ id: project.id });
    const theirs = await server.gql<{ createRequest: { id: string } }>(
      CREATE_REQUEST,
      {
        input: {
          ...input(admin, { request_type_id: 1 }),
          project_id: p!.id,
          company_id: other.id,
        },
      },
      admin.token,
    );
    const d = await server.gql<{ addDelivery: { id: string } }>(
      ADD,
      { r: theirs.data!.createRequest.id, i: { title: 'Theirs' } },
      admin.token,
    );
    const mine = await raiseRequest(server, f);
    const link = (delivery_id: string) =>
      server.gql(
        'mutation($id: ID!, $d: ID) { updateRequest(id: $id, input: { delivery_id: $d }) { id } }',
        { id: mine, d: delivery_id },
        f.customer.token,
      );
    const foreign = await link(d.data!.addDelivery.id);
    const missing = await link('00000000-0000-4000-8000-000000000000');
    expect(foreign.errors?.[0]?.extensions).toEqual(missing.errors?.[0]?.extensions);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });
});
