/**
 * Provider three, ContactsLaw (issue 18), against a loopback server that speaks the ContactsLaw REST
 * API calls its documentation gives (tests/support/fakeContactsLaw.ts): signing in with a member's
 * name and password and the LexDesk company in the body (POST /contactslaw/authenticate), the spec's
 * message for a refused sign-in ('Failed to authenticate'), the token and the sign-in sealed at rest
 * and never answered, PUT /contactslaw/update-data-management, cases in (401 → sign in again, 429
 * Retry-After, 5xx backoff, sign in again before the 30-minute idle expiry), and what ContactsLaw
 * does not document refused instead of guessed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { legalIntegrationLog, legalIntegrations } from '../../src/server/db/schemaCrm';
import { legalCase } from '../../src/server/db/schemaPipeline';
import type { CrmTokens } from '../../src/server/domains/crm/connector';
import {
  createContactsLawConnector,
  IDLE_EXPIRY_MS,
} from '../../src/server/domains/crm/contactslaw/connector';
import type { IntegrationView } from '../../src/shared/crm';
import {
  startFakeContactsLaw,
  type FakeClFile,
  type FakeContactsLaw,
} from '../support/fakeContactsLaw';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { rest } from './fixtures/raw-files';

let server: TestServer;
let fake: FakeContactsLaw;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
const waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeContactsLaw();
  server = await startTestServer(
    {
      crmAllowedBaseUrls: [fake.url],
      crmSyncTickSeconds: 0,
      crmCredentialKeys: 'one:first-secret',
    },
    {
      crm: {
        retryBaseMs: 1,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    },
  );
}, 120_000);

beforeEach(async () => {
  const signed = await server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  fake.files.length = 0;
  waits.length = 0;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const signIn = (password = fake.password, token = admin.token, company = companyId) =>
  rest<IntegrationView>(server, 'POST', '/contactslaw/authenticate', token, {
    email: fake.username,
    password,
    company_id: company,
    crm_base_url: fake.url,
  });

const setActive = (isActive: boolean, token = admin.token, company = companyId) =>
  rest<IntegrationView>(server, 'PUT', '/contactslaw/update-data-management', token, {
    isActive,
    company_id: company,
  });

async function rowOf(id: string) {
  const [row] = await server.db
    .select()
    .from(legalIntegrations)
    .where(eq(legalIntegrations.id, id));
  return row;
}

async function logsOf(id: string) {
  const logs = await server.db
    .select()
    .from(legalIntegrationLog)
    .where(eq(legalIntegrationLog.integration_id, id));
  return logs.map((l) => `${l.operation}:${l.outcome}:${l.http_status}`);
}

function clFile(
  id: number,
  fileNumber: string | null,
  flags: Partial<FakeClFile> = {},
): FakeClFile {
  return {
    Client: id * 10,
    File: id,
    Matter: `Matter ${id}`,
    CreatedDate: '2026-03-02T00:00:00',
    MgrSupr: 'JS/AB',
    Unbilled: 0,
    Trust: 0,
    Debtors: 0,
    Disbs: 0,
    IsClosed: false,
    IsActive: true,
    IsArchived: false,
    FileNumber: fileNumber,
    FileAs: `Client ${id}`,
    ...flags,
  };
}

describe('signing in to ContactsLaw (provider three: email, password and company)', () => {
  it('given the right sign-in, then the integration is connected and active, and neither the token nor the password is answered, logged or stored in the clear', async () => {
    const reply = await signIn();
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      crm_type: 'contactslaw',
      connected: true,
      is_active: true,
      active_once: true,
      email: fake.username,
      crm_base_url: fake.url,
    });
    const id = reply.body.data!.id;
    const row = await rowOf(id);
    expect(row?.credentials_sealed?.startsWith('k1:one:')).toBe(true);
    expect(row?.credentials_sealed).not.toContain(fake.password);
    const [issued] = fake.requests.filter((r) => r.path === '/api/Authenticate').slice(-1);
    expect(JSON.parse(issued!.body)).toEqual({ Username: fake.username, Password: fake.password });
    // The token ends 30 minutes after the sign-in unless used (the documented idle expiry).
    const expiresIn = row!.token_expires_at!.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(IDLE_EXPIRY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(IDLE_EXPIRY_MS);
    const listed = await rest<IntegrationView[]>(
      server,
      'POST',
      '/legal-integrations/list',
      paralegal.token,
      { company_id: companyId },
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/sealed|password|cl-secret/);
    expect(await logsOf(id)).toEqual(['sign_in:ok:200']);
    const logs = await server.db
      .select()
      .from(legalIntegrationLog)
      .where(eq(legalIntegrationLog.integration_id, id));
    expect(JSON.stringify(logs)).not.toMatch(/cl-secret/);
  });

  it('given a wrong password, then the answer is "Failed to authenticate", nothing is connected and the refusal is logged', async () => {
    const reply = await signIn('wrong-password');
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('Failed to authenticate');
    const listed = await rest<IntegrationView[]>(
      server,
      'POST',
      '/legal-integrations/list',
      admin.token,
      { company_id: companyId, crm_type: 'contactslaw' },
    );
    expect(listed.body.data?.[0]).toMatchObject({ connected: false, is_active: false });
    expect(await logsOf(listed.body.data![0]!.id)).toEqual(['sign_in:failed:401']);
  });

  it('given ContactsLaw failing with 5xx, then the answer is "Network response was not ok" after the retries', async () => {
    fake.fail('/api/Authenticate', [
      { status: 500 },
      { status: 503 },
      { status: 503 },
      { status: 503 },
    ]);
    const reply = await signIn();
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('Network response was not ok');
    expect(waits.length).toBe(3);
  });

  it('given a paralegal, another tenant, an empty password, no server address or a foreign one, then signing in is refused and ContactsLaw is not called', async () => {
    const before = fake.signIns.length;
    expect((await signIn(fake.password, paralegal.token)).status).toBe(403);
    const other = await server.signUpCompany({ is_legal: true });
    const foreign = await signIn(fake.password, other.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.message).toBe('No Company Found');
    expect((await signIn('')).status).toBe(400);
    const noAddress = await rest(server, 'POST', '/contactslaw/authenticate', admin.token, {
      email: fake.username,
      password: fake.password,
      company_id: companyId,
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error?.code).toBe('CRM_BASE_URL_REQUIRED');
    const elsewhere = await rest(server, 'POST', '/contactslaw/authenticate', admin.token, {
      email: fake.username,
      password: fake.password,
      company_id: companyId,
      crm_base_url: 'https://evil.example',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.code).toBe('CRM_BASE_URL_NOT_ALLOWED');
    expect(fake.signIns.length).toBe(before);
  });
});

describe('update-data-management', () => {
  it('given a connected integration, then a manager turns it off and on, a paralegal and another tenant cannot, and an unconnected one cannot be turned on', async () => {
    expect((await setActive(true)).status).toBe(404);
    await signIn('wrong-password');
    const unconnected = await setActive(true);
    expect(unconnected.status).toBe(400);
    expect(unconnected.body.error?.code).toBe('CRM_NOT_CONNECTED');
    await signIn();
    const off = await setActive(false);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ is_active: false, connected: true });
    expect((await setActive(true, paralegal.token)).status).toBe(403);
    const other = await server.signUpCompany({ is_legal: true });
    expect((await setActive(true, other.admin.token)).status).toBe(404);
    const on = await setActive(true);
    expect(on.body.data).toMatchObject({ is_active: true });
    const bad = await rest(server, 'PUT', '/contactslaw/update-data-management', admin.token, {
      isActive: 'maybe',
      company_id: companyId,
    });
    expect(bad.status).toBe(400);
  });
});

describe('cases in from ContactsLaw', () => {
  it('given matters, a daemon restart (401), a 429 and a 503, then the connector signs in again, waits Retry-After, backs off and the numbered matters land', async () => {
    fake.files.push(
      clFile(1, 'SMIT-0001'),
      clFile(2, 'JONE-0002', { IsClosed: true }),
      clFile(3, ''),
      clFile(4, 'SMIT-0001'),
      clFile(5, 'BROW-0005', { IsActive: false, IsArchived: true }),
    );
    const integration = (await signIn()).body.data!;
    fake.expireTokens();
    fake.fail('/api/Files', [{ status: 429, retryAfter: '2' }, { status: 503 }]);
    const signInsBefore = fake.signIns.length;
    const result = await server.app.lexdesk.services.crm.syncIntegration(integration.id, 'manual');
    expect(result).toMatchObject({ received: 5, created: 3, skipped: 1, duplicates: 1 });
    expect(waits).toContain(2000);
    expect(fake.signIns.length).toBe(signInsBefore + 1);
    const listing = fake.requests.filter((r) => r.path === '/api/Files').at(-1)!;
    expect(listing.query).toBe('?deptWorkgroup=0&includeArchived=true');
    expect(listing.authorization).toMatch(/^Bearer /);
    const cases = await server.db
      .select()
      .from(legalCase)
      .where(eq(legalCase.company_id, companyId));
    expect(cases.map((c) => c.case_number).sort()).toEqual(['BROW-0005', 'JONE-0002', 'SMIT-0001']);
    expect(cases.find((c) => c.case_number === 'JONE-0002')).toMatchObject({
      crm_type: 'contactslaw',
      crm_case_ref: '2',
      name: 'Matter 2',
      client_name: 'Client 2',
      legal_case_status: 'Closed',
    });
    expect(cases.find((c) => c.case_number === 'BROW-0005')?.legal_case_status).toBe('Archived');
    expect(await logsOf(integration.id)).toEqual(
      expect.arrayContaining([
        'list_cases:retried:401',
        'refresh:ok:200',
        'list_cases:retried:429',
        'list_cases:retried:503',
        'list_cases:ok:200',
      ]),
    );
  });

  it('given a token signed in 26 minutes ago, then the connector signs in again before calling (the idle expiry is 30 minutes)', async () => {
    fake.files.push(clFile(7, 'SMIT-0007'));
    let saved: CrmTokens | null = null;
    const store = {
      load: () => Promise.resolve(saved),
      save: (tokens: CrmTokens) => {
        saved = tokens;
        return Promise.resolve();
      },
    };
    let clock = Date.now() - 26 * 60_000;
    const connector = createContactsLawConnector(
      store,
      { baseUrl: fake.url, log: () => Promise.resolve(), retryBaseMs: 1 },
      () => clock,
    );
    await connector.signIn({ email: fake.username, password: fake.password });
    const first = saved!.access_token;
    clock = Date.now();
    const before = fake.signIns.length;
    const page = await connector.listCases(null);
    expect(page).toMatchObject({ next: null, cases: [{ case_number: 'SMIT-0007' }] });
    expect(fake.signIns.length).toBe(before + 1);
    expect(saved!.access_token).not.toBe(first);
    const last = fake.requests.at(-1)!;
    expect(last.authorization).toBe(`Bearer ${saved!.access_token}`);
  });

  it('given a document or an activity for ContactsLaw, then the connector refuses, naming what ContactsLaw does not document, and calls nothing', async () => {
    const integration = (await signIn()).body.data!;
    const row = await rowOf(integration.id);
    const connector = server.app.lexdesk.services.crm.connectorFor(row!, 'workflow');
    const calls = fake.requests.length;
    await expect(
      connector.uploadDocument({
        case_id: '1',
        document_id: 'd',
        name: 'a.pdf',
        content_type: 'application/pdf',
        read: () => Promise.resolve(Buffer.from('%PDF')),
      }),
    ).rejects.toThrow(/ContactsLaw's published API documents no document metadata format/);
    await expect(
      connector.createActivity({
        case_id: '1',
        activity_type: 'Note',
        note: 'x',
        date: '2026-01-01',
      }),
    ).rejects.toThrow(/documents no activity or note insert/);
    expect(fake.requests.length).toBe(calls);
  });
});
