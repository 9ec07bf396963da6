/**
 * Isolation cases of request pages and deliveries: company B's customer and B's provider manager
 * never list A's requests, and never add to, change or remove A's delivery; A's ids answer exactly
 * like missing ones, and A's delivery stays as it was.
 */
import { expect } from 'vitest';
import { project } from '../../../src/server/db/schemaDelivery';
import { CREATE_REQUEST } from '../../support/deliveryFixture';
import type { IsolationContext, IsolationModule } from './context';

let requestOfA = '';
let deliveryOfA = '';

const DELIVERY_OF_A = { title: 'A secret release', delivery_date: '2030-01-15' };

async function deliveryOfAState(c: IsolationContext): Promise<string> {
  const r = await c.server.gql<{
    request: { delivery: { title: string; delivery_date: string | null } | null };
  }>(
    'query($id: ID!) { request(id: $id) { delivery { title delivery_date } } }',
    { id: requestOfA },
    c.adminA.token,
  );
  const d = r.data!.request.delivery;
  return d ? `${d.title}|${d.delivery_date ?? ''}` : 'none';
}

/** A's project: the one another domain's cases made, else one of our own. */
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
  const projectOfA = await projectOfCompanyA(c);
  const r = await c.server.gql<{ createRequest: { id: string } }>(
    CREATE_REQUEST,
    {
      input: {
        title: 'A request with a delivery',
        description: 'd',
        project_id: projectOfA,
        priority: 2,
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
  const d = await c.server.gql<{ addDelivery: { id: string } }>(
    'mutation($r: ID!, $i: DeliveryInput!) { addDelivery(request_id: $r, input: $i) { id } }',
    { r: requestOfA, i: DELIVERY_OF_A },
    c.adminA.token,
  );
  expect(d.errors).toBeUndefined();
  deliveryOfA = d.data!.addDelivery.id;
};

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.requestPage': async () => {
    const c = ctx();
    const q = `query($l: RequestList!, $c: ID) {
      requestPage(list: $l, company_id: $c) { items { id } totalcount } }`;
    for (const token of [c.userB.token, c.managerOfB.token])
      for (const list of ['customer', 'project_manager']) {
        const all = await c.server.gql<{
          requestPage: { items: Array<{ id: string }>; totalcount: number };
        }>(q, { l: list }, token);
        expect(all.data?.requestPage.items.map((r) => r.id)).not.toContain(requestOfA);
        const ofA = await c.server.gql<{ requestPage: unknown }>(
          q,
          { l: list, c: c.companyA },
          token,
        );
        expect(ofA.data?.requestPage).toEqual({ items: [], totalcount: 0 });
      }
  },
  'Mutation.addDelivery': async () => {
    const c = ctx();
    const q = `mutation($r: ID!) {
      addDelivery(request_id: $r, input: { title: "B was here" }) { id } }`;
    await c.sameAsMissing(q, (id) => ({ r: id }), requestOfA);
    await c.sameAsMissing(q, (id) => ({ r: id }), requestOfA, c.managerOfB.token);
    expect(await deliveryOfAState(c)).toBe('A secret release|2030-01-15');
  },
  'Mutation.updateDelivery': async () => {
    const c = ctx();
    const q = `mutation($id: ID!) {
      updateDelivery(id: $id, input: { title: "B was here" }) { id } }`;
    await c.sameAsMissing(q, (id) => ({ id }), deliveryOfA);
    await c.sameAsMissing(q, (id) => ({ id }), deliveryOfA, c.managerOfB.token);
    expect(await deliveryOfAState(c)).toBe('A secret release|2030-01-15');
  },
  'Mutation.removeDelivery': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { removeDelivery(id: $id) }';
    await c.sameAsMissing(q, (id) => ({ id }), deliveryOfA);
    await c.sameAsMissing(q, (id) => ({ id }), deliveryOfA, c.managerOfB.token);
    expect(await deliveryOfAState(c)).toBe('A secret release|2030-01-15');
  },
});
