/**
 * Isolation cases of saved views: a view belongs to one person. Company B's users (and B's
 * provider manager) never list, replace or delete a view of company A's administrator; deleting
 * A's view answers exactly like deleting a view that does not exist.
 */
import { expect } from 'vitest';
import type { IsolationContext, IsolationModule } from './context';

let viewOfA = '';
const STATE_OF_A = JSON.stringify({ search: 'secret QME' });

async function viewsOf(c: IsolationContext, token: string) {
  const r = await c.server.gql<{ savedViews: Array<{ id: string; name: string; state: string }> }>(
    'query { savedViews(table: "document_center") { id name state } }',
    {},
    token,
  );
  expect(r.errors).toBeUndefined();
  return r.data?.savedViews ?? [];
}

export const setup: IsolationModule['setup'] = async (c) => {
  const r = await c.server.gql<{ saveView: { id: string } }>(
    'mutation($s: String!) { saveView(table: "document_center", name: "Mine", state: $s) { id } }',
    { s: STATE_OF_A },
    c.adminA.token,
  );
  expect(r.errors).toBeUndefined();
  viewOfA = r.data!.saveView.id;
};

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.savedViews': async () => {
    const c = ctx();
    expect(await viewsOf(c, c.userB.token)).toEqual([]);
    expect(await viewsOf(c, c.managerOfB.token)).toEqual([]);
    expect((await viewsOf(c, c.adminA.token)).map((v) => v.id)).toEqual([viewOfA]);
  },
  'Mutation.saveView': async () => {
    const c = ctx();
    // The same name saved by B is B's own view; A's is untouched.
    const r = await c.server.gql<{ saveView: { id: string } }>(
      'mutation { saveView(table: "document_center", name: "Mine", state: "{}") { id } }',
      {},
      c.userB.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.saveView.id).not.toBe(viewOfA);
    const [mine] = await viewsOf(c, c.adminA.token);
    expect(mine).toMatchObject({ id: viewOfA, state: STATE_OF_A });
  },
  'Mutation.deleteSavedView': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { deleteSavedView(id: $id) }';
    await c.sameAsMissing(q, (id) => ({ id }), viewOfA);
    await c.sameAsMissing(q, (id) => ({ id }), viewOfA, c.managerOfB.token);
    expect((await viewsOf(c, c.adminA.token)).map((v) => v.id)).toEqual([viewOfA]);
  },
});
