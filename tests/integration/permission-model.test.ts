/**
 * The permission model's table (docs/ARCHITECTURE.md, "Permission model") against the server:
 * exactly one row per GraphQL field and REST route, rules that exist in permissions.ts; every
 * endpoint refuses a caller without a session unless its row says public; every manager-only and
 * owner-only endpoint refuses a paralegal, an attorney and staff of the company with FORBIDDEN;
 * and the admin file change log is read (and written) by the company's administrators only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFileChangeLog } from '../../src/server/db/schemaPipeline';
import { legalIntegrations } from '../../src/server/db/schemaCrm';
import * as permissions from '../../src/server/permissions';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import {
  allEndpoints,
  minimalOperation,
  registeredRestRoutes,
  serverSchema,
} from '../support/endpoints';
import { subscribe } from '../support/live';
import { readPermissionTable, WHO, type PermissionRow } from '../support/permissionTable';
import { startTestServer, type GraphQLResponse, type TestServer } from '../support/server';
import { seedDelivery, type DeliveryOfCompany } from './fixtures/delivery';
import { seedDocuments } from './fixtures/documents';
import { legalPeopleRefusals } from './fixtures/legal-people-refusals';
import { notificationRefusals } from './fixtures/notification-refusals';
import { FIXTURES } from './fixtures/files';
import { upload } from './fixtures/http';
import { rest } from './fixtures/raw-files';

const MISSING = '00000000-0000-4000-8000-000000000000';
const table = readPermissionTable();
const rowsWhere = (...who: string[]) => table.filter((row) => who.includes(row.who));

let server: TestServer;
let companyA: string;
let companyNameA: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let documentOfA: string;
let fileTypeOfA: string;
let deliveryOfA: DeliveryOfCompany;
let workflowOfA: string;
let integrationOfA: string;

const token = (who: string): string => {
  const found = tokens[who];
  if (!found) throw new Error(`no signed-in ${who}`);
  return found;
};

const codeOf = (r: GraphQLResponse<unknown>) => r.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.signUpCompany({ name: 'Alpha Law', is_legal: true });
  companyA = a.company.id;
  companyNameA = a.company.name;
  tokens.customer = a.admin.token;
  ids.customer = a.admin.user.id;
  for (const legal of ['admin', 'paralegal', 'attorney', 'staff'] as const) {
    const added = await server.addUser({ companyId: companyA, legalUserType: legal });
    tokens[legal] = added.token;
    ids[legal] = added.user.id;
  }
  const provider = await server.signUpCompany({ name: 'Provider', is_provider: true });
  tokens.internalAdmin = (
    await server.addUser({ companyId: provider.company.id, userType: 'internal_admin' })
  ).token;
  tokens.managerOfA = (
    await server.addUser({
      companyId: provider.company.id,
      userType: 'internal_manager',
      assignedCompanyIds: [companyA],
    })
  ).token;
  tokens.managerElsewhere = (
    await server.addUser({
      companyId: provider.company.id,
      userType: 'internal_manager',
      assignedCompanyIds: [],
    })
  ).token;
  [documentOfA] = (await seedDocuments(server, companyA, [{ applicant: 'Maria Gonzalez' }])) as [
    string,
  ];
  const edited = await server.gql(
    'mutation($id: ID!) { updateProcessedFile(id: $id, changes: { applicant: "Maria G. Gonzalez" }) { saved } }',
    { id: documentOfA },
    token('customer'),
  );
  expect(edited.errors).toBeUndefined();
  const types = await rest<{ types: Array<{ id: string }> }>(
    server,
    'GET',
    `/admin/getLegalFileTypesForWorkflows?companyId=${companyA}`,
    token('customer'),
  );
  fileTypeOfA = types.body.data!.types[0]!.id;
  deliveryOfA = await seedDelivery(server, companyA, ids.admin!, token('customer'));
  const workflow = await rest<{ id: string }>(
    server,
    'POST',
    '/workflow/create',
    token('customer'),
    {
      name: 'Intake',
      company_id: companyA,
    },
  );
  workflowOfA = workflow.body.data!.id;
  const [integration] = await server.db
    .insert(legalIntegrations)
    .values({ company_id: companyA, crm_type: 'clio' })
    .returning({ id: legalIntegrations.id });
  integrationOfA = integration!.id;
});

afterAll(async () => server?.close());

describe('the permission table in docs/ARCHITECTURE.md', () => {
  it('given the schema and the route list, then every field and route has exactly one row and every row names one of them', () => {
    const named = table.map((row) => row.endpoint);
    const endpoints = allEndpoints();
    expect(named.filter((name, i) => named.indexOf(name) !== i)).toEqual([]); // no duplicates
    expect({
      withoutRow: endpoints.filter((name) => !named.includes(name)),
      notAnEndpoint: named.filter((name) => !endpoints.includes(name)),
    }).toEqual({ withoutRow: [], notAnEndpoint: [] });
  });

  it('given the running server, then every REST route it registered has a row', () => {
    const named = new Set(table.map((row) => row.endpoint));
    const registered = registeredRestRoutes(server.app.lexdesk.routes);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((route) => !named.has(route))).toEqual([]);
  });

  it('given each row, then its Who is a defined word and its rules are functions of permissions.ts', () => {
    const functions = new Set(
      Object.entries(permissions)
        .filter(([, value]) => typeof value === 'function')
        .map(([name]) => name),
    );
    const problems = table.flatMap((row) => [
      ...(WHO.includes(row.who as (typeof WHO)[number]) ? [] : [`${row.endpoint}: who ${row.who}`]),
      ...row.rules.filter((rule) => !functions.has(rule)).map((r) => `${row.endpoint}: ${r}`),
      ...(row.rules.length === 0 && row.who !== 'public' && row.who !== 'signed-in'
        ? [`${row.endpoint}: a ${row.who} row needs a rule`]
        : []),
      ...(row.scope === '' ? [`${row.endpoint}: no scope`] : []),
    ]);
    expect(problems).toEqual([]);
  });
});

/** Calls an endpoint with no session; true when it answered "sign in first". */
async function refusesAnonymous(row: PermissionRow): Promise<boolean> {
  const schema = serverSchema();
  if (row.endpoint.startsWith('Subscription.')) {
    const feed = subscribe(server.url, undefined, minimalOperation(row.endpoint, schema).query);
    const code = await feed.closed;
    await feed.dispose();
    return code === 4403;
  }
  if (/^(Query|Mutation)\./.test(row.endpoint)) {
    const { query, variables } = minimalOperation(row.endpoint, schema);
    return codeOf(await server.gql(query, variables)) === 'NOT_AUTHENTICATED';
  }
  const [method, route] = row.endpoint.split(' ') as [string, string];
  const path = route.replace(/:\w+/g, MISSING);
  const withBody = method !== 'GET' && method !== 'HEAD';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: withBody ? { 'content-type': 'application/json' } : {},
    ...(withBody ? { body: '{}' } : {}),
  });
  const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  return response.status === 401 && body?.error?.code === 'NOT_AUTHENTICATED';
}

describe('without a session', () => {
  it.each(table.map((row) => [row.endpoint, row] as const))(
    '%s answers as its row says',
    async (_name, row) => {
      expect(await refusesAnonymous(row)).toBe(row.who !== 'public');
    },
  );
});

/** What a refused request answered: FORBIDDEN with the product's permission message. */
type Refusal = { code: string | undefined; message: string | undefined; status?: number };
const forbidden: Refusal = { code: 'FORBIDDEN', message: PRODUCT_ERRORS.FORBIDDEN };

const gqlRefusal = async (query: string, variables: Record<string, unknown>, token: string) => {
  const r = await server.gql(query, variables, token);
  return { code: codeOf(r), message: r.errors?.[0]?.message };
};
const restRefusal = (reply: {
  status: number;
  body: { error?: { code: string; message: string } };
}): Refusal => ({
  code: reply.body.error?.code,
  message: reply.body.error?.message,
  status: reply.status,
});

/** One call per manager-only and owner-only row, made as a company user who is neither. */
const refusals: Record<string, { expected: Refusal; call(token: string): Promise<Refusal> }> = {
  'Query.adminFileChangeLogs': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'query($id: ID!) { adminFileChangeLogs(processed_file_id: $id) { id } }',
        { id: documentOfA },
        token,
      ),
  },
  'Mutation.updateCompany': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { updateCompany(id: $id, input: { name: "Taken over" }) { id } }',
        { id: companyA },
        token,
      ),
  },
  'Mutation.saveColumnConfiguration': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($c: ID!) { saveColumnConfiguration(company_id: $c, table: "document_center", columns: [{ key: "name", visible: true }]) { id } }',
        { c: companyA },
        token,
      ),
  },
  'Mutation.updateAboutMe': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { updateAboutMe(id: $id, about_me: "Not mine") { id } }',
        { id: ids.customer },
        token,
      ),
  },
  'Mutation.inviteUser': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($c: ID!) { inviteUser(company_id: $c, email: "new.person@example.test", legal_user_type: admin) { id } }',
        { c: companyA },
        token,
      ),
  },
  'Mutation.changeUserRole': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { changeUserRole(id: $id, legal_user_type: staff) { id } }',
        { id: ids.customer },
        token,
      ),
  },
  'Mutation.deactivateUser': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { deactivateUser(id: $id) { id } }',
        { id: ids.customer },
        token,
      ),
  },
  'Mutation.reactivateUser': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal('mutation($id: ID!) { reactivateUser(id: $id) { id } }', { id: ids.admin }, token),
  },
  'POST /companies/:id/icon': {
    expected: { ...forbidden, status: 403 },
    call: async (token) =>
      restRefusal(
        await upload(`${server.url}/companies/${companyA}/icon`, 'icon.png', FIXTURES.png, token),
      ),
  },
  'POST /users/:id/avatar': {
    expected: { ...forbidden, status: 403 },
    call: async (token) =>
      restRefusal(
        await upload(`${server.url}/users/${ids.customer}/avatar`, 'me.png', FIXTURES.png, token),
      ),
  },
  'POST /admin/update-file-type': {
    expected: { ...forbidden, status: 403 },
    call: async (token) =>
      restRefusal(
        await rest(server, 'POST', '/admin/update-file-type', token, {
          id: fileTypeOfA,
          data: { name: 'Taken over' },
        }),
      ),
  },
  'GET /admin/eval': {
    expected: { ...forbidden, status: 403 },
    call: async (token) =>
      restRefusal(
        await rest(
          server,
          'GET',
          `/admin/eval?company_id=${companyA}&startDate=2025-01-01&endDate=2025-01-31`,
          token,
        ),
      ),
  },
  'Mutation.createTalent': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($u: ID!) { createTalent(input: { user_profile_id: $u, talent_type_id: 3 }) { id } }',
        { u: ids.staff },
        token,
      ),
  },
  'Mutation.updateTalent': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { updateTalent(id: $id, input: { pay_rate: 1 }) { id } }',
        { id: deliveryOfA.talentId },
        token,
      ),
  },
  'Mutation.createTalentType': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation { createTalentType(input: { role: "Refused role", hourly_rate: 100 }) { id } }',
        {},
        token,
      ),
  },
  'Mutation.updateTalentType': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation { updateTalentType(id: 3, input: { hourly_rate: 1 }) { id } }',
        {},
        token,
      ),
  },
  'Mutation.createProject': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($c: ID!) { createProject(input: { name: "Taken over", company_id: $c }) { id } }',
        { c: companyA },
        token,
      ),
  },
  'Mutation.addProjectMember': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($p: ID!, $u: ID!) { addProjectMember(project_id: $p, user_profile_id: $u, talent_type_id: 3) { id } }',
        { p: deliveryOfA.projectId, u: ids.staff },
        token,
      ),
  },
  'Mutation.removeProjectMember': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { removeProjectMember(id: $id) { id } }',
        { id: deliveryOfA.memberId },
        token,
      ),
  },
  'Mutation.addProjectTechStack': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($p: ID!) { addProjectTechStack(input: { project_id: $p, tech_stack_id: 2 }) { id } }',
        { p: deliveryOfA.projectId },
        token,
      ),
  },
  'Mutation.removeProjectTechStack': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { removeProjectTechStack(id: $id) { id } }',
        { id: deliveryOfA.stackId },
        token,
      ),
  },
  'Mutation.addEnvironment': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($s: ID!) { addEnvironment(project_tech_stack_id: $s, input: { environment: "x", branch: "y" }) { id } }',
        { s: deliveryOfA.stackId },
        token,
      ),
  },
  'Mutation.updateEnvironment': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { updateEnvironment(id: $id, input: { environment: "x", branch: "y" }) { id } }',
        { id: deliveryOfA.environmentId },
        token,
      ),
  },
  'Mutation.removeEnvironment': {
    expected: forbidden,
    call: (token) =>
      gqlRefusal(
        'mutation($id: ID!) { removeEnvironment(id: $id) }',
        { id: deliveryOfA.environmentId },
        token,
      ),
  },
};

const workflowRefusal = (path: string, body: (userId: string) => Record<string, unknown>) => ({
  expected: { ...forbidden, status: 403 },
  call: async (token: string) => {
    const viewer = await server.gql<{ viewer: { user: { id: string } } }>(
      '{ viewer { user { id } } }',
      {},
      token,
    );
    return restRefusal(await rest(server, 'POST', path, token, body(viewer.data!.viewer.user.id)));
  },
});
Object.assign(refusals, {
  'POST /workflow/create': workflowRefusal('/workflow/create', () => ({
    name: 'Mine',
    company_id: companyA,
  })),
  'POST /workflow/rename': workflowRefusal('/workflow/rename', () => ({
    id: workflowOfA,
    name: 'Taken over',
  })),
  'POST /workflow/duplicate': workflowRefusal('/workflow/duplicate', () => ({
    id: workflowOfA,
    name: 'Copy',
    company_id: companyA,
  })),
  'POST /workflow/toggle-active': workflowRefusal('/workflow/toggle-active', () => ({
    id: workflowOfA,
  })),
  'POST /workflow/delete': workflowRefusal('/workflow/delete', () => ({ id: workflowOfA })),
  'POST /workflow/update-nodes-and-edges': workflowRefusal(
    '/workflow/update-nodes-and-edges',
    (userId) => ({ workflowId: workflowOfA, userId, newNodes: [], newEdges: [] }),
  ),
});

const crmRefusal = (method: string, path: () => string, body: () => Record<string, unknown>) => ({
  expected: { ...forbidden, status: 403 },
  call: async (token: string) => restRefusal(await rest(server, method, path(), token, body())),
});
Object.assign(refusals, {
  'PATCH /legal-integrations/:id': crmRefusal(
    'PATCH',
    () => `/legal-integrations/${integrationOfA}`,
    () => ({ is_active: false }),
  ),
  'POST /legal-integrations/:id/sync': crmRefusal(
    'POST',
    () => `/legal-integrations/${integrationOfA}/sync`,
    () => ({}),
  ),
  'POST /clio/oauth': crmRefusal(
    'POST',
    () => `/clio/oauth?companyId=${companyA}`,
    () => ({ redirect_uri: 'http://127.0.0.1:9/' }),
  ),
  'POST /clio/oauth/callback': crmRefusal(
    'POST',
    () => '/clio/oauth/callback?code=c',
    () => ({ company_id: companyA, state: 's' }),
  ),
  'POST /smartadvocate/auth': crmRefusal(
    'POST',
    () => `/smartadvocate/auth?company_id=${companyA}`,
    () => ({ email: 'someone@a.example', password: 'guess' }),
  ),
  'POST /smartadvocate/toggle_status': crmRefusal(
    'POST',
    () => `/smartadvocate/toggle_status?company_id=${companyA}&is_active=false`,
    () => ({}),
  ),
  'POST /contactslaw/authenticate': crmRefusal(
    'POST',
    () => '/contactslaw/authenticate',
    () => ({ email: 'someone@a.example', password: 'guess', company_id: companyA }),
  ),
  'PUT /contactslaw/update-data-management': crmRefusal(
    'PUT',
    () => '/contactslaw/update-data-management',
    () => ({ isActive: false, company_id: companyA }),
  ),
  'POST /legal-user/staff': crmRefusal(
    'POST',
    () => '/legal-user/staff',
    () => ({ companyId: companyA, legal_crm: 'clio', integration_id: integrationOfA }),
  ),
});
const legalPeople = legalPeopleRefusals(() => ({
  server,
  companyA,
  adminToken: token('customer'),
}));
Object.assign(refusals, legalPeople.refusals);
beforeAll(() => legalPeople.setup());
const notificationRules = notificationRefusals(() => ({
  server,
  companyA,
  adminToken: token('customer'),
}));
Object.assign(refusals, notificationRules.refusals);
beforeAll(() => notificationRules.setup());

describe('a paralegal, an attorney and staff of the company', () => {
  it('given the table, then every manager and owner row has a refusal case here', () => {
    expect(Object.keys(refusals).sort()).toEqual(
      rowsWhere('manager', 'owner')
        .map((row) => row.endpoint)
        .sort(),
    );
  });

  const cases = Object.keys(refusals).flatMap((endpoint) =>
    (['paralegal', 'attorney', 'staff'] as const).map((role) => [endpoint, role] as const),
  );
  it.each(cases)('%s is refused to a %s with FORBIDDEN', async (endpoint, role) => {
    const refusal = refusals[endpoint]!;
    expect(await refusal.call(token(role))).toEqual(refusal.expected);
  });

  it('given all those refusals, then the company, its profile and its document types are unchanged', async () => {
    const r = await server.gql<{
      company: { name: string; icon_url: string | null };
      userProfile: { about_me: string | null; avatar: string | null };
    }>(
      'query($c: ID!, $u: ID!) { company(id: $c) { name icon_url } userProfile(id: $u) { about_me avatar } }',
      { c: companyA, u: ids.customer },
      token('customer'),
    );
    expect(r.data).toEqual({
      company: { name: companyNameA, icon_url: null },
      userProfile: { about_me: null, avatar: null },
    });
    const types = await rest<{ types: Array<{ id: string; name: string }> }>(
      server,
      'GET',
      `/admin/getLegalFileTypesForWorkflows?companyId=${companyA}`,
      token('customer'),
    );
    expect(types.body.data?.types.find((type) => type.id === fileTypeOfA)?.name).not.toBe(
      'Taken over',
    );
  });
});

describe('the admin file change log', () => {
  const ADMIN_LOGS =
    'query($id: ID!) { adminFileChangeLogs(processed_file_id: $id) { reference_file_id data_field current updated role } }';
  const theEdit = {
    reference_file_id: '',
    data_field: 'applicant',
    current: 'Maria Gonzalez',
    updated: 'Maria G. Gonzalez',
    role: 'admin',
  };

  it.each(['customer', 'admin', 'internalAdmin', 'managerOfA'])(
    'given a %s of the document company, then they read it',
    async (who) => {
      const r = await server.gql<{ adminFileChangeLogs: unknown[] }>(
        ADMIN_LOGS,
        { id: documentOfA },
        token(who),
      );
      expect(r.errors).toBeUndefined();
      expect(r.data?.adminFileChangeLogs).toHaveLength(2);
      expect(r.data?.adminFileChangeLogs).toEqual(
        expect.arrayContaining([
          { ...theEdit, reference_file_id: documentOfA },
          // Nobody named the document: its name follows the applicant.
          {
            ...theEdit,
            reference_file_id: documentOfA,
            data_field: 'name',
            current: 'document 1',
            updated: 'Unclassified document - Maria G. Gonzalez',
          },
        ]),
      );
    },
  );

  it.each(['paralegal', 'attorney', 'staff'])(
    'given a %s of the document company, then it is FORBIDDEN with the permission message',
    async (who) => {
      const r = await server.gql(ADMIN_LOGS, { id: documentOfA }, token(who));
      expect(r.data).toBeNull();
      expect(r.errors?.[0]).toMatchObject({
        message: 'You do not have permission to do that.',
        extensions: { code: 'FORBIDDEN' },
      });
    },
  );

  it('given an internal manager not assigned to the company, then the document answers like a missing one', async () => {
    const aboutA = await server.gql(ADMIN_LOGS, { id: documentOfA }, token('managerElsewhere'));
    const aboutNothing = await server.gql(ADMIN_LOGS, { id: MISSING }, token('managerElsewhere'));
    expect(aboutA).toEqual(aboutNothing);
    expect(aboutA.data).toEqual({ adminFileChangeLogs: [] });
  });

  it("given an assigned internal manager edits a document, then the edit is admin-logged; a paralegal's is not", async () => {
    const [doc] = (await seedDocuments(server, companyA, [{ defendant: 'Acme' }])) as [string];
    const edit = (token: string, defendant: string) =>
      server.gql(
        'mutation($id: ID!, $d: String!) { updateProcessedFile(id: $id, changes: { defendant: $d }) { saved } }',
        { id: doc, d: defendant },
        token,
      );
    expect((await edit(token('paralegal'), 'Acme Inc')).errors).toBeUndefined();
    expect((await edit(token('managerOfA'), 'Acme Incorporated')).errors).toBeUndefined();
    const rows = await server.db
      .select()
      .from(adminFileChangeLog)
      .where(eq(adminFileChangeLog.reference_file_id, doc));
    expect(rows.map((row) => [row.data_field, row.current, row.updated, row.role])).toEqual([
      ['defendant', 'Acme Inc', 'Acme Incorporated', 'internal_manager'],
    ]);
  });

  it('given the viewer, then managed_company_ids says whose admin logs the renderer may ask for', async () => {
    const managed = async (who: string) =>
      (
        await server.gql<{ viewer: { managed_company_ids: string[] } }>(
          '{ viewer { managed_company_ids } }',
          {},
          token(who),
        )
      ).data?.viewer.managed_company_ids;
    expect(await managed('admin')).toEqual([companyA]);
    expect(await managed('managerOfA')).toEqual([companyA]);
    expect(await managed('paralegal')).toEqual([]);
  });
});
