/**
 * Saved views against real PostgreSQL (issue 15 item 16): a person saves the document center's
 * filters and sort under a name, lists and deletes them; each person sees only their own (another
 * user of the same company and a user of another company alike), saving a used name replaces it,
 * and bad input is answered INVALID_INPUT with the reason, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

interface View {
  id: string;
  table: string;
  name: string;
  state: string;
}

const list = async (token: string) => {
  const r = await server.gql<{ savedViews: View[] }>(
    'query { savedViews(table: "document_center") { id table name state } }',
    {},
    token,
  );
  expect(r.errors).toBeUndefined();
  return r.data!.savedViews;
};

const save = async (token: string, name: string, state: unknown, table = 'document_center') => {
  const r = await server.gql<{ saveView: View }>(
    `mutation($table: String!, $name: String!, $state: String!) {
      saveView(table: $table, name: $name, state: $state) { id table name state }
    }`,
    { table, name, state: typeof state === 'string' ? state : JSON.stringify(state) },
    token,
  );
  return {
    view: r.data?.saveView,
    code: r.errors?.[0]?.extensions?.code,
    messages: ((r.errors?.[0]?.extensions?.issues ?? []) as Array<{ message: string }>).map(
      (issue) => issue.message,
    ),
  };
};

const remove = async (token: string, id: string) => {
  const r = await server.gql<{ deleteSavedView: string }>(
    'mutation($id: ID!) { deleteSavedView(id: $id) }',
    { id },
    token,
  );
  return { id: r.data?.deleteSavedView, code: r.errors?.[0]?.extensions?.code };
};

beforeAll(async () => {
  server = await startTestServer();
  const alpha = await server.signUpCompany({ name: 'Alpha Law', is_legal: true });
  alice = alpha.admin;
  bob = await server.addUser({ companyId: alpha.company.id, legalUserType: 'paralegal' });
  carol = (await server.signUpCompany({ name: 'Beta Law', is_legal: true })).admin;
}, 120_000);
afterAll(async () => server.close());

describe('saved views', () => {
  it('given a view saved, then its owner lists it by name with its state, and saving the name again replaces it', async () => {
    const state = { adjNumber: 'ADJ1', sortBy: 'name', sortOrder: 'asc', contentSearch: false };
    const first = await save(alice.token, 'ADJ1 by name', state);
    expect(first.code).toBeUndefined();
    expect(JSON.parse(first.view!.state)).toEqual(state);
    await save(alice.token, 'Another', { search: 'knee' });
    expect((await list(alice.token)).map((view) => view.name)).toEqual(['ADJ1 by name', 'Another']);

    const again = await save(alice.token, '  ADJ1 by name ', { adjNumber: 'ADJ2' });
    expect(again.view?.id).toBe(first.view?.id);
    const views = await list(alice.token);
    expect(views).toHaveLength(2);
    expect(JSON.parse(views[0]!.state)).toEqual({ adjNumber: 'ADJ2' });
  });

  it('given views of one person, then a colleague and another company see none of them and cannot delete them', async () => {
    const mine = await save(bob.token, 'Bob only', { search: 'x' });
    expect(mine.code).toBeUndefined();
    expect((await list(bob.token)).map((view) => view.name)).toEqual(['Bob only']);
    expect((await list(alice.token)).map((view) => view.name)).not.toContain('Bob only');
    expect(await list(carol.token)).toEqual([]);

    expect((await remove(alice.token, mine.view!.id)).code).toBe('NOT_FOUND');
    expect((await remove(carol.token, mine.view!.id)).code).toBe('NOT_FOUND');
    expect(await list(bob.token)).toHaveLength(1);
    // The same name is each person's own.
    expect((await save(alice.token, 'Bob only', { search: 'y' })).view?.id).not.toBe(mine.view!.id);

    expect(await remove(bob.token, mine.view!.id)).toEqual({ id: mine.view!.id, code: undefined });
    expect(await list(bob.token)).toEqual([]);
  });

  it('given bad input, then it is refused with the reason', async () => {
    expect((await save(alice.token, '   ', {})).messages).toContain('Name the view.');
    expect((await save(alice.token, 'x'.repeat(81), {})).code).toBe('INVALID_INPUT');
    expect((await save(alice.token, 'v', 'not json')).messages).toContain(
      'The view settings are not JSON.',
    );
    expect((await save(alice.token, 'v', { nested: { a: 1 } })).code).toBe('INVALID_INPUT');
    expect((await save(alice.token, 'v', [1, 2])).code).toBe('INVALID_INPUT');
    expect((await save(alice.token, 'v', {}, 'cases')).messages).toContain(
      'Not a list with saved views.',
    );
    expect((await remove(alice.token, 'not-an-id')).code).toBe('INVALID_INPUT');
    const r = await server.gql('query { savedViews(table: "document_center") { id } }', {});
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');
  });
});
