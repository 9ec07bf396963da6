/**
 * Read-only queries of a recently seen caller run beside their session check (graphql/http.ts,
 * auth/viewerHints.ts): the answer must always be the one the fresh check allows. Sign-out,
 * deactivation, a removed company and a changed type count from the very next request, and the
 * session is still read on every request.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAccess, userProfile } from '../../src/server/db/schema';
import { captureQueries, installQueryCapture } from '../bench/review/capture';
import { startTestServer, type TestServer } from '../support/server';
import { seedDocuments } from './fixtures/documents';

const COUNTS = 'query($c: ID!) { reviewCounts(company_id: $c) { all } }';
const LIST = 'query($c: ID!) { processedFiles(company_id: $c) { total } }';
const CASES = 'query($c: [ID!]) { legalCases(company_ids: $c) { total } }';

let server: TestServer;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  installQueryCapture();
  server = await startTestServer();
  companyA = (await server.signUpCompany({ name: 'Hint A' })).company.id;
  companyB = (await server.signUpCompany({ name: 'Hint B' })).company.id;
  await seedDocuments(server, companyB, [{ name: 'b one' }, { name: 'b two' }]);
});
afterAll(async () => server.close());

interface Answer {
  data?: unknown;
  errors?: Array<{ extensions?: { code?: string } }>;
}

const counts = (token: string, company: string) =>
  server.gql(COUNTS, { c: company }, token) as Promise<Answer>;

describe('reads beside the session check', () => {
  it('given a warm caller, when a listed read comes, then the session is still read and the answer is right', async () => {
    const { token } = await server.addUser({ companyId: companyA });
    const first = await counts(token, companyA);
    expect(first.errors).toBeUndefined();
    const { value, queries } = await captureQueries(() => counts(token, companyA));
    expect((value as Answer).data).toEqual(first.data);
    expect(queries.some((query) => /from "session"/i.test(query.text))).toBe(true);
  });

  it('given a warm caller, when signed out, then the very next read is refused with no data', async () => {
    const { token } = await server.addUser({ companyId: companyA });
    expect((await counts(token, companyA)).errors).toBeUndefined();
    await server.gql('mutation { signOut }', {}, token);
    const after = await counts(token, companyA);
    expect(after.data ?? null).toBeNull();
    expect(after.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
  });

  it('given a warm caller, when deactivated, then the very next read is refused with no data', async () => {
    const { token, user } = await server.addUser({ companyId: companyA });
    expect((await counts(token, companyA)).errors).toBeUndefined();
    await server.db
      .update(userProfile)
      .set({ is_deactivated: true })
      .where(eq(userProfile.id, user.id));
    const after = await counts(token, companyA);
    expect(after.data ?? null).toBeNull();
    expect(after.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
  });

  it('given a manager reading an assigned company, when the assignment is removed, then the next read answers as for a stranger', async () => {
    const manager = await server.addUser({
      companyId: companyA,
      userType: 'internal_manager',
      assignedCompanyIds: [companyB],
    });
    const list = (token: string) => server.gql(LIST, { c: companyB }, token) as Promise<Answer>;
    const before = await list(manager.token);
    expect(before).toEqual({ data: { processedFiles: { total: 2 } } });
    await server.db.delete(companyAccess).where(eq(companyAccess.user_id, manager.user.id));
    const after = await list(manager.token);
    const stranger = await server.addUser({ companyId: companyA });
    expect(after).not.toEqual(before);
    expect(after).toEqual(await list(stranger.token));
  });

  it('given a manager listing cases of every visible company, when the type becomes a plain user, then the next list covers the own company only', async () => {
    const manager = await server.addUser({
      companyId: companyA,
      userType: 'internal_manager',
      assignedCompanyIds: [companyB],
    });
    const own = await server.addUser({ companyId: companyA });
    const before = (await server.gql(CASES, {}, manager.token)) as Answer;
    expect(before.errors).toBeUndefined();
    await server.db
      .update(userProfile)
      .set({ user_type_id: sql`(select id from user_type where name = 'user')` })
      .where(eq(userProfile.id, manager.user.id));
    const after = (await server.gql(CASES, {}, manager.token)) as Answer;
    expect(after).toEqual(await server.gql(CASES, {}, own.token));
  });
});

describe('REST reads beside the session check', () => {
  const count = async (token: string, company: string) => {
    const response = await fetch(
      `${server.url}/raw-files/processed-files-count?company_id=${company}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('given a warm caller, when signed out, then the very next read is refused', async () => {
    const { token } = await server.addUser({ companyId: companyA });
    expect((await count(token, companyA)).status).toBe(200);
    await server.gql('mutation { signOut }', {}, token);
    const after = await count(token, companyA);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
  });

  it('given a manager counting an assigned company, when the assignment is removed, then the next count answers as for a stranger', async () => {
    const manager = await server.addUser({
      companyId: companyA,
      userType: 'internal_manager',
      assignedCompanyIds: [companyB],
    });
    const before = await count(manager.token, companyB);
    expect(before).toMatchObject({ status: 200, body: { data: { count: 2 } } });
    await server.db.delete(companyAccess).where(eq(companyAccess.user_id, manager.user.id));
    const after = await count(manager.token, companyB);
    const stranger = await server.addUser({ companyId: companyA });
    expect(after).not.toEqual(before);
    expect(after).toEqual(await count(stranger.token, companyB));
  });
});
