/**
 * Tenant isolation: for every GraphQL field of Query, Mutation and Subscription and every REST
 * route, a user of company B gets nothing of company A and cannot change it. Another tenant's ids
 * must answer exactly like ids that do not exist. The last test fails when an endpoint is added
 * without a case here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, registeredRestRoutes, restEndpoints } from '../support/endpoints';
import { subscribe } from '../support/live';
import { startTestServer, TEST_PASSWORD, type TestServer, type TestUser } from '../support/server';
import { FIXTURES } from './fixtures/files';
import { upload } from './fixtures/http';
import { createRawFiles, registerOne, rest, tusClient } from './fixtures/raw-files';

import { MISSING, type IsolationContext, type IsolationModule } from './isolation/context';

/** Each domain's further cases (isolation/<domain>.cases.ts). */
const domainModules = Object.values(
  import.meta.glob<IsolationModule>('./isolation/*.cases.ts', { eager: true }),
);
let context: IsolationContext | undefined;
const ctx = (): IsolationContext => {
  if (!context) throw new Error('the isolation context is set in beforeAll');
  return context;
};

let server: TestServer;
let companyA: string;
let adminA: TestUser;
let memberA: TestUser;
let companyB: string;
let userB: TestUser;
let managerOfB: TestUser;
let notificationOfA: string;
let fileKeyOfA: string;
let rawFileOfA: string;
let uploadOfA: string;

const errorOf = (r: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => ({
  code: r.errors?.[0]?.extensions?.code,
  message: r.errors?.[0]?.message,
});

/** The same request about A's id and about a missing id must answer identically for B. */
async function sameAsMissing(
  query: string,
  variables: (id: string) => Record<string, unknown>,
  idOfA: string,
  token = userB.token,
) {
  const aboutA = await server.gql(query, variables(idOfA), token);
  const aboutNothing = await server.gql(query, variables(MISSING), token);
  expect(aboutA.data ?? null).toEqual(aboutNothing.data ?? null);
  expect(errorOf(aboutA)).toEqual(errorOf(aboutNothing));
  return aboutA;
}

async function companyNameOfA(): Promise<string> {
  const r = await server.gql<{ company: { name: string; icon_url: string | null } }>(
    'query($id: ID!) { company(id: $id) { name icon_url } }',
    { id: companyA },
    adminA.token,
  );
  return `${r.data!.company.name}|${r.data!.company.icon_url ?? ''}`;
}

async function unreadOf(token: string): Promise<number> {
  const r = await server.gql<{ unreadNotificationCount: number }>(
    '{ unreadNotificationCount }',
    {},
    token,
  );
  return r.data!.unreadNotificationCount;
}

const unreadOfMemberA = () => unreadOf(memberA.token);

beforeAll(async () => {
  // One attacker sends every mutation of every case: more than a user's bucket holds. The limit itself
  // is tested in graphql-limits.test.ts.
  server = await startTestServer({ mutationRateLimit: { burst: 100_000, perSecond: 1000 } });
  const a = await server.signUpCompany({ name: 'Alpha Law', is_legal: true });
  companyA = a.company.id;
  adminA = a.admin;
  memberA = await server.addUser({ companyId: companyA, legalUserType: 'paralegal' });
  const b = await server.signUpCompany({ name: 'Beta Corp' });
  companyB = b.company.id;
  userB = b.admin; // B's most powerful company-side user
  const provider = await server.signUpCompany({ name: 'Provider', is_provider: true });
  managerOfB = await server.addUser({
    companyId: provider.company.id,
    userType: 'internal_manager',
    assignedCompanyIds: [companyB],
  });
  const created = await server.gql<{ createNotification: { id: string } }>(
    'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
    { input: { content: 'A only', receiver_id: memberA.user.id } },
    adminA.token,
  );
  notificationOfA = created.data!.createNotification.id;
  const uploaded = await upload(
    `${server.url}/files/upload`,
    'claim.pdf',
    FIXTURES.pdf,
    adminA.token,
  );
  fileKeyOfA = new URL(uploaded.body.url).pathname.split('/').pop()!;
  rawFileOfA = (
    await registerOne(server, adminA.token, companyA, { name: 'secret.pdf', bytes: FIXTURES.pdf })
  ).id;
  uploadOfA = (await tusClient(server, adminA.token).create(rawFileOfA, FIXTURES.pdf.length))
    .location;
  context = {
    server,
    companyA,
    adminA,
    memberA,
    companyB,
    userB,
    managerOfB,
    rawFileOfA,
    sameAsMissing,
    restSameAsMissing,
  };
  for (const module of domainModules) await module.setup?.(context);
});

async function rawFileOfAStatus(): Promise<string> {
  const r = await server.gql<{ rawFile: { status: string; no_of_pages: number } }>(
    'query($id: ID!) { rawFile(id: $id) { status no_of_pages } }',
    { id: rawFileOfA },
    adminA.token,
  );
  return `${r.data!.rawFile.status}|${r.data!.rawFile.no_of_pages}`;
}

/** The same REST call about A's thing and about a missing one must answer identically for B. */
async function restSameAsMissing(
  method: string,
  path: (id: string) => string,
  body: (id: string) => unknown,
  idOfA: string,
  token = userB.token,
) {
  const aboutA = await rest(server, method, path(idOfA), token, body(idOfA));
  const aboutNothing = await rest(server, method, path(MISSING), token, body(MISSING));
  expect(aboutA).toEqual(aboutNothing);
  return aboutA;
}
afterAll(async () => server.close());

const cases: Record<string, () => Promise<void>> = {
  'Query.setupStatus': async () => {
    const r = await server.gql('{ setupStatus { needs_setup } }', {}, userB.token);
    expect(r.data).toEqual({ setupStatus: { needs_setup: false } }); // a boolean, no tenant data
  },
  'Query.viewer': async () => {
    const r = await server.gql<{ viewer: { company_ids: string[] } }>(
      '{ viewer { company_ids company { id } } }',
      {},
      userB.token,
    );
    expect(r.data?.viewer.company_ids).toEqual([companyB]);
    const m = await server.gql<{ viewer: { company_ids: string[] } }>(
      '{ viewer { company_ids } }',
      {},
      managerOfB.token,
    );
    expect(m.data?.viewer.company_ids).not.toContain(companyA);
  },
  'Query.company': async () => {
    const q = 'query($id: ID!) { company(id: $id) { id name } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), companyA))).toEqual({
      code: 'NO_COMPANY',
      message: 'No Company Found',
    });
    await sameAsMissing(q, (id) => ({ id }), companyA, managerOfB.token);
  },
  'Query.userProfile': async () => {
    const q = 'query($id: ID!) { userProfile(id: $id) { id email } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), adminA.user.id)).code).toBe(
      'NO_USER_PROFILE',
    );
    await sameAsMissing(q, (id) => ({ id }), memberA.user.id, managerOfB.token);
  },
  'Query.usersByCompany': async () => {
    const q = 'query($id: ID!) { usersByCompany(company_id: $id) { id } }';
    expect((await sameAsMissing(q, (id) => ({ id }), companyA)).data).toEqual({
      usersByCompany: [],
    });
    await sameAsMissing(q, (id) => ({ id }), companyA, managerOfB.token);
  },
  'Query.notifications': async () => {
    const r = await server.gql(
      '{ notifications { total unread_count items { id } } }',
      {},
      userB.token,
    );
    expect(r.data).toEqual({ notifications: { total: 0, unread_count: 0, items: [] } });
  },
  'Query.unreadNotificationCount': async () => {
    expect((await server.gql('{ unreadNotificationCount }', {}, userB.token)).data).toEqual({
      unreadNotificationCount: 0,
    });
  },
  'Mutation.setUp': async () => {
    const r = await server.gql(
      'mutation($input: SetUpInput!) { setUp(input: $input) { token } }',
      {
        input: {
          company_name: 'Alpha Law',
          is_legal: true,
          first_name: 'X',
          last_name: 'Y',
          email: 'x@y.test',
          password: 'long enough 1',
        },
      },
      userB.token,
    );
    expect(errorOf(r).code).toBe('ALREADY_SET_UP');
  },
  'Mutation.signIn': async () => {
    const r = await server.gql(
      'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }',
      { e: adminA.user.email, p: `${TEST_PASSWORD}x` },
    );
    expect(errorOf(r).code).toBe('INVALID_CREDENTIALS');
  },
  'Mutation.signOut': async () => {
    const extra = await server.signIn(userB.user.email);
    await server.gql('mutation { signOut }', {}, extra);
    expect(
      (
        await server.gql<{ viewer: { user: { id: string } } }>(
          '{ viewer { user { id } } }',
          {},
          adminA.token,
        )
      ).data?.viewer.user.id,
    ).toBe(adminA.user.id);
  },
  'Mutation.updateCompany': async () => {
    const before = await companyNameOfA();
    const q = 'mutation($id: ID!) { updateCompany(id: $id, input: { name: "Taken over" }) { id } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), companyA)).code).toBe('NO_COMPANY');
    await sameAsMissing(q, (id) => ({ id }), companyA, managerOfB.token);
    expect(await companyNameOfA()).toBe(before);
  },
  'Mutation.updateAboutMe': async () => {
    const q = 'mutation($id: ID!) { updateAboutMe(id: $id, about_me: "pwned") { id } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), adminA.user.id)).code).toBe(
      'NO_USER_PROFILE',
    );
    const r = await server.gql<{ userProfile: { about_me: string | null } }>(
      'query($id: ID!) { userProfile(id: $id) { about_me } }',
      { id: adminA.user.id },
      adminA.token,
    );
    expect(r.data?.userProfile.about_me).toBeNull();
  },
  'Mutation.markNotificationRead': async () => {
    const q = 'mutation($id: ID!) { markNotificationRead(id: $id) { id } }';
    const before = await unreadOfMemberA();
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), notificationOfA)).code).toBe(
      'NOTIFICATION_NOT_FOUND',
    );
    expect(await unreadOfMemberA()).toBe(before);
    expect(before).toBeGreaterThan(0);
  },
  'Mutation.markAllNotificationsRead': async () => {
    const before = await unreadOfMemberA();
    expect(
      (await server.gql('mutation { markAllNotificationsRead }', {}, userB.token)).data,
    ).toEqual({ markAllNotificationsRead: 0 });
    expect(await unreadOfMemberA()).toBe(before);
  },
  'Mutation.createNotification': async () => {
    const q =
      'mutation($id: ID!) { createNotification(input: { content: "spam", receiver_id: $id }) { id } }';
    const before = await unreadOfMemberA();
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), memberA.user.id)).code).toBe(
      'NO_USER_PROFILE',
    );
    expect(await unreadOfMemberA()).toBe(before);
  },
  'Subscription.notificationAdded': async () => {
    const feed = subscribe(
      server.url,
      userB.token,
      'subscription { notificationAdded { id content } }',
    );
    await feed.connected;
    await server.subscribed(userB.user.id);
    await server.gql(
      'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
      { input: { content: 'secret', receiver_id: memberA.user.id } },
      adminA.token,
    );
    await expect(feed.next(700)).rejects.toThrow(/no event/);
    await feed.dispose();
  },
  'Subscription.unreadNotificationCountChanged': async () => {
    const feed = subscribe<{ unreadNotificationCountChanged: number }>(
      server.url,
      userB.token,
      'subscription { unreadNotificationCountChanged }',
    );
    const own = (await feed.next()).unreadNotificationCountChanged;
    expect(own).toBe(await unreadOf(userB.token));
    await server.gql(
      'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
      { input: { content: 'secret', receiver_id: memberA.user.id } },
      adminA.token,
    );
    await expect(feed.next(700)).rejects.toThrow(/no event/);
    await feed.dispose();
  },
  'POST /files/upload': async () => {
    const intoA = await upload(
      `${server.url}/files/upload?company_id=${companyA}`,
      'claim.pdf',
      FIXTURES.pdf,
      userB.token,
    );
    const intoNothing = await upload(
      `${server.url}/files/upload?company_id=${MISSING}`,
      'claim.pdf',
      FIXTURES.pdf,
      userB.token,
    );
    expect(intoA).toEqual(intoNothing);
    expect(intoA.status).toBe(404);
  },
  'GET /files/:key': async () => {
    const headers = { authorization: `Bearer ${userB.token}` };
    const ofA = await fetch(`${server.url}/files/${fileKeyOfA}`, { headers });
    const ofNothing = await fetch(`${server.url}/files/${'b'.repeat(32)}`, { headers });
    expect(ofA.status).toBe(404);
    expect(await ofA.json()).toEqual(await ofNothing.json());
  },
  'POST /companies/:id/icon': async () => {
    const before = await companyNameOfA();
    const onA = await upload(
      `${server.url}/companies/${companyA}/icon`,
      'logo.png',
      FIXTURES.png,
      userB.token,
    );
    const onNothing = await upload(
      `${server.url}/companies/${MISSING}/icon`,
      'logo.png',
      FIXTURES.png,
      userB.token,
    );
    expect(onA).toEqual(onNothing);
    expect(onA.body.error?.code).toBe('NO_COMPANY');
    expect(await companyNameOfA()).toBe(before);
  },
  'POST /users/:id/avatar': async () => {
    const onA = await upload(
      `${server.url}/users/${adminA.user.id}/avatar`,
      'me.png',
      FIXTURES.png,
      userB.token,
    );
    const onNothing = await upload(
      `${server.url}/users/${MISSING}/avatar`,
      'me.png',
      FIXTURES.png,
      userB.token,
    );
    expect(onA).toEqual(onNothing);
    expect(onA.body.error?.code).toBe('NO_USER_PROFILE');
  },
  'Query.rawFiles': async () => {
    const q = 'query($id: ID) { rawFiles(company_id: $id) { total items { id } } }';
    expect((await sameAsMissing(q, (id) => ({ id }), companyA)).data).toEqual({
      rawFiles: { total: 0, items: [] },
    });
    await sameAsMissing(q, (id) => ({ id }), companyA, managerOfB.token);
  },
  'Query.rawFile': async () => {
    const q = 'query($id: ID!) { rawFile(id: $id) { id name } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), rawFileOfA)).code).toBe('NOT_FOUND');
    await sameAsMissing(q, (id) => ({ id }), rawFileOfA, managerOfB.token);
  },
  'Query.rawFileLogs': async () => {
    const q = 'query($id: ID!) { rawFileLogs(raw_file_id: $id) { id } }';
    expect((await sameAsMissing(q, (id) => ({ id }), rawFileOfA)).data).toEqual({
      rawFileLogs: [],
    });
  },
  'Query.rawFileCounts': async () => {
    const q = 'query($id: ID!) { rawFileCounts(company_ids: [$id]) { total uploading } }';
    expect((await sameAsMissing(q, (id) => ({ id }), companyA)).data).toEqual({
      rawFileCounts: { total: 0, uploading: 0 },
    });
  },
  'Mutation.createRawFile': async () => {
    const q = `mutation($id: ID!) { createRawFile(input: { company_id: $id, files: [{ index: 0, name: "x.pdf", size: 10, sha256: "${'a'.repeat(64)}", idempotency_key: "${MISSING}" }] }) { created } }`;
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), companyA)).code).toBe('NO_COMPANY');
  },
  'Mutation.deleteRawFile': async () => {
    const q = 'mutation($id: ID!) { deleteRawFile(id: $id) { id } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), rawFileOfA)).code).toBe('NOT_FOUND');
    expect(await rawFileOfAStatus()).toBe('Uploading|0');
  },
  'Mutation.updateRawFileStatus': async () => {
    const q = 'mutation($id: ID!) { updateRawFileStatus(id: $id, status: "Done") { id } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), rawFileOfA)).code).toBe('NOT_FOUND');
    await sameAsMissing(q, (id) => ({ id }), rawFileOfA, managerOfB.token);
    expect(await rawFileOfAStatus()).toBe('Uploading|0');
  },
  'Mutation.updateRawFilePageCount': async () => {
    const q = 'mutation($id: ID!) { updateRawFilePageCount(id: $id, no_of_pages: 9) { id } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), rawFileOfA)).code).toBe('NOT_FOUND');
    expect(await rawFileOfAStatus()).toBe('Uploading|0');
  },
  'Mutation.reprocessRawFile': async () => {
    const q = 'mutation($id: ID!) { reprocessRawFile(id: $id) { id status } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), rawFileOfA)).code).toBe('NOT_FOUND');
    await sameAsMissing(q, (id) => ({ id }), rawFileOfA, managerOfB.token);
    expect(await rawFileOfAStatus()).toBe('Uploading|0');
  },
  'Mutation.addRawFileLog': async () => {
    const q =
      'mutation($id: ID!) { addRawFileLog(raw_file_id: $id, field: "f", action_type: "x") { id } }';
    expect(errorOf(await sameAsMissing(q, (id) => ({ id }), rawFileOfA)).code).toBe('NOT_FOUND');
  },
  'POST /processed-legal-file/createRawFile': async () => {
    const intoA = await createRawFiles(server, userB.token, companyA, [
      { name: 'x.pdf', bytes: FIXTURES.pdf, idempotency_key: MISSING },
    ]);
    const intoNothing = await createRawFiles(server, userB.token, MISSING, [
      { name: 'x.pdf', bytes: FIXTURES.pdf, idempotency_key: MISSING },
    ]);
    expect(intoA).toEqual(intoNothing);
    expect(intoA.body.error?.code).toBe('NO_COMPANY');
  },
  'GET /processed-legal-file/generatePresignedUrl': async () => {
    // No tenant data: the same tus endpoint for everyone, and only for signed-in callers.
    const r = await rest<{ upload_url: string }>(
      server,
      'GET',
      '/processed-legal-file/generatePresignedUrl?fileName=a.pdf',
      userB.token,
    );
    expect(r.body.data?.upload_url).toBe(`${server.url}/uploads`);
    const anonymous = await fetch(
      `${server.url}/processed-legal-file/generatePresignedUrl?fileName=a.pdf`,
    );
    expect(anonymous.status).toBe(401);
  },
  'POST /raw-files/isDuplicateFile': async () => {
    const r = await restSameAsMissing(
      'POST',
      () => '/raw-files/isDuplicateFile',
      (id) => ({ companyIds: [id], fileNames: ['secret.pdf'] }),
      companyA,
    );
    expect(r.body.data).toEqual([{ fileName: 'secret.pdf', duplicate: false }]);
  },
  'POST /raw-files/getRawFiles': async () => {
    const r = await restSameAsMissing(
      'POST',
      () => '/raw-files/getRawFiles',
      (id) => ({ companyIds: [id], searchQuery: 'secret' }),
      companyA,
      managerOfB.token,
    );
    expect(r.body.data).toMatchObject({ rawFiles: [], total: 0, counts: { total: 0 } });
  },
  'GET /raw-files/rawFilesDetails': async () => {
    const r = await restSameAsMissing(
      'GET',
      (id) => `/raw-files/rawFilesDetails?rawFileId=${id}`,
      () => undefined,
      rawFileOfA,
    );
    expect(r.status).toBe(404);
  },
  'POST /raw-files/upload-log': async () => {
    const r = await restSameAsMissing(
      'POST',
      () => '/raw-files/upload-log',
      (id) => ({ company_id: id, status: 'Uploaded', files: [{ name: 'a.pdf' }] }),
      companyA,
    );
    expect(r.body.error?.code).toBe('NO_COMPANY');
  },
  'DELETE /raw-files/:id': async () => {
    const r = await restSameAsMissing(
      'DELETE',
      (id) => `/raw-files/${id}`,
      () => undefined,
      rawFileOfA,
    );
    expect(r.status).toBe(404);
    expect(await rawFileOfAStatus()).toBe('Uploading|0');
  },
  'POST /uploads': async () => {
    const asB = tusClient(server, userB.token);
    const forA = await asB.create(rawFileOfA, FIXTURES.pdf.length);
    const forNothing = await asB.create(MISSING, FIXTURES.pdf.length);
    expect(forA).toEqual(forNothing);
    expect(forA.status).toBe(404);
  },
  'PATCH /uploads/:id': async () => {
    const asB = tusClient(server, userB.token);
    const unknown = `${server.url}/uploads/${'0'.repeat(32)}`;
    const onA = await asB.patch(uploadOfA, 0, FIXTURES.pdf);
    expect(onA).toEqual(await asB.patch(unknown, 0, FIXTURES.pdf));
    expect(onA.status).toBe(404);
    expect(await asB.head(uploadOfA)).toEqual(await asB.head(unknown));
    expect(await tusClient(server, adminA.token).head(uploadOfA)).toEqual({
      status: 200,
      offset: 0,
    });
  },
  'DELETE /uploads/:id': async () => {
    const asB = tusClient(server, userB.token);
    const onA = await asB.remove(uploadOfA);
    expect(onA).toEqual(await asB.remove(`${server.url}/uploads/${'0'.repeat(32)}`));
    expect(onA.status).toBe(404);
    expect((await tusClient(server, adminA.token).head(uploadOfA)).status).toBe(200);
  },
  'GET /admin/getLegalFileTypesForWorkflows': async () => {
    const path = (id: string) => `/admin/getLegalFileTypesForWorkflows?companyId=${id}`;
    const r = await restSameAsMissing('GET', path, () => undefined, companyA);
    expect(r.body.error?.code).toBe('NO_COMPANY');
    await restSameAsMissing('GET', path, () => undefined, companyA, managerOfB.token);
  },
  'POST /admin/update-file-type': async () => {
    type Listing = { types: Array<{ id: string; name: string; rules: unknown }> };
    const typesOfA = async () =>
      (
        await rest<Listing>(
          server,
          'GET',
          `/admin/getLegalFileTypesForWorkflows?companyId=${companyA}`,
          adminA.token,
        )
      ).body.data?.types;
    const before = await typesOfA();
    const typeOfA = before?.[0]?.id ?? '';
    const body = (id: string) => ({ id, data: { name: 'Taken over' } });
    const r = await restSameAsMissing('POST', () => '/admin/update-file-type', body, typeOfA);
    expect(r.body.error?.code).toBe('NOT_FOUND');
    await restSameAsMissing(
      'POST',
      () => '/admin/update-file-type',
      body,
      typeOfA,
      managerOfB.token,
    );
    expect(await typesOfA()).toEqual(before);
    expect(before?.length).toBeGreaterThan(0);
  },
};

for (const module of domainModules) {
  for (const [name, body] of Object.entries(module.cases(ctx))) {
    if (name in cases) throw new Error(`isolation case ${name} is defined twice`);
    cases[name] = body;
  }
}

describe('a user of company B gets nothing of company A', () => {
  it.each(Object.keys(cases))('%s', async (name) => {
    await cases[name]!();
  });
});

describe('coverage', () => {
  it('given the GraphQL schema and the REST route list, then every endpoint has an isolation case here', () => {
    expect(Object.keys(cases).sort()).toEqual(allEndpoints().sort());
  });

  it('given the running server, then its REST routes are exactly the listed ones plus /health and /graphql', () => {
    const registered = registeredRestRoutes(server.app.lexdesk.routes);
    expect([...registered].sort()).toEqual(restEndpoints().sort());
  });
});
