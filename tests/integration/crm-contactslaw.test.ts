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
import { describe, expect, it } from 'vitest';
import { legalIntegrationLog } from '../../src/server/db/schemaCrm';
import { legalCase } from '../../src/server/db/schemaPipeline';
import type { CrmTokens } from '../../src/server/domains/crm/connector';
import {
  createContactsLawConnector,
  IDLE_EXPIRY_MS,
} from '../../src/server/domains/crm/contactslaw/connector';
import type { IntegrationView } from '../../src/shared/crm';
import { startFakeContactsLaw, type FakeClFile } from '../support/fakeContactsLaw';
import { passwordCrmBed } from './fixtures/passwordCrm';
import { rest } from './fixtures/raw-files';

const bed = passwordCrmBed(startFakeContactsLaw, (fake) => {
  fake.files.length = 0;
});

const signIn = (password = bed.fake.password, token = bed.admin.token, company = bed.companyId) =>
  rest<IntegrationView>(bed.server, 'POST', '/contactslaw/authenticate', token, {
    email: bed.fake.username,
    password,
    company_id: company,
    crm_base_url: bed.fake.url,
  });

const setActive = (isActive: boolean, token = bed.admin.token, company = bed.companyId) =>
  rest<IntegrationView>(bed.server, 'PUT', '/contactslaw/update-data-management', token, {
    isActive,
    company_id: company,
  });

async function logsOf(id: string) {
  const logs = await bed.server.db
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
      email: bed.fake.username,
      crm_base_url: bed.fake.url,
    });
    const id = reply.body.data!.id;
    const row = await bed.rowOf(id);
    expect(row?.credentials_sealed?.startsWith('k1:one:')).toBe(true);
    expect(row?.credentials_sealed).not.toContain(bed.fake.password);
    const [issued] = bed.fake.requests.filter((r) => r.path === '/api/Authenticate').slice(-1);
    expect(JSON.parse(issued!.body)).toEqual({
      Username: bed.fake.username,
      Password: bed.fake.password,
    });
    // The token ends 30 minutes after the sign-in unless used (the documented idle expiry).
    const expiresIn = row!.token_expires_at!.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(IDLE_EXPIRY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(IDLE_EXPIRY_MS);
    const listed = await rest<IntegrationView[]>(
      bed.server,
      'POST',
      '/legal-integrations/list',
      bed.paralegal.token,
      { company_id: bed.companyId },
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/sealed|password|cl-secret/);
    expect(await logsOf(id)).toEqual(['sign_in:ok:200']);
    const logs = await bed.server.db
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
      bed.server,
      'POST',
      '/legal-integrations/list',
      bed.admin.token,
      { company_id: bed.companyId, crm_type: 'contactslaw' },
    );
    expect(listed.body.data?.[0]).toMatchObject({ connected: false, is_active: false });
    expect(await logsOf(listed.body.data![0]!.id)).toEqual(['sign_in:failed:401']);
  });

  it('given ContactsLaw failing with 5xx, then the answer is "Network response was not ok" after the retries', async () => {
    bed.fake.fail('/api/Authenticate', [
      { status: 500 },
      { status: 503 },
      { status: 503 },
      { status: 503 },
    ]);
    const reply = await signIn();
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('Network response was not ok');
    expect(bed.waits.length).toBe(3);
  });

  it('given a paralegal, another tenant, an empty password, no server address or a foreign one, then signing in is refused and ContactsLaw is not called', async () => {
    const before = bed.fake.signIns.length;
    expect((await signIn(bed.fake.password, bed.paralegal.token)).status).toBe(403);
    const other = await bed.server.signUpCompany({ is_legal: true });
    const foreign = await signIn(bed.fake.password, other.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.message).toBe('No Company Found');
    expect((await signIn('')).status).toBe(400);
    const noAddress = await rest(bed.server, 'POST', '/contactslaw/authenticate', bed.admin.token, {
      email: bed.fake.username,
      password: bed.fake.password,
      company_id: bed.companyId,
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error?.code).toBe('CRM_BASE_URL_REQUIRED');
    const elsewhere = await rest(bed.server, 'POST', '/contactslaw/authenticate', bed.admin.token, {
      email: bed.fake.username,
      password: bed.fake.password,
      company_id: bed.companyId,
      crm_base_url: 'https://evil.example',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.code).toBe('CRM_BASE_URL_NOT_ALLOWED');
    expect(bed.fake.signIns.length).toBe(before);
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
    expect((await setActive(true, bed.paralegal.token)).status).toBe(403);
    const other = await bed.server.signUpCompany({ is_legal: true });
    expect((await setActive(true, other.admin.token)).status).toBe(404);
    const on = await setActive(true);
    expect(on.body.data).toMatchObject({ is_active: true });
    const bad = await rest(
      bed.server,
      'PUT',
      '/contactslaw/update-data-management',
      bed.admin.token,
      {
        isActive: 'maybe',
        company_id: bed.companyId,
      },
    );
    expect(bad.status).toBe(400);
  });
});

describe('cases in from ContactsLaw', () => {
  it('given matters, a daemon restart (401), a 429 and a 503, then the connector signs in again, waits Retry-After, backs off and the numbered matters land', async () => {
    bed.fake.files.push(
      clFile(1, 'SMIT-0001'),
      clFile(2, 'JONE-0002', { IsClosed: true }),
      clFile(3, ''),
      clFile(4, 'SMIT-0001'),
      clFile(5, 'BROW-0005', { IsActive: false, IsArchived: true }),
    );
    const integration = (await signIn()).body.data!;
    bed.fake.expireTokens();
    bed.fake.fail('/api/Files', [{ status: 429, retryAfter: '2' }, { status: 503 }]);
    const signInsBefore = bed.fake.signIns.length;
    const result = await bed.server.app.lexdesk.services.crm.syncIntegration(
      integration.id,
      'manual',
    );
    expect(result).toMatchObject({ received: 5, created: 3, skipped: 1, duplicates: 1 });
    expect(bed.waits).toContain(2000);
    expect(bed.fake.signIns.length).toBe(signInsBefore + 1);
    const listing = bed.fake.requests.filter((r) => r.path === '/api/Files').at(-1)!;
    expect(listing.query).toBe('?deptWorkgroup=0&includeArchived=true');
    expect(listing.authorization).toMatch(/^Bearer /);
    const cases = await bed.server.db
      .select()
      .from(legalCase)
      .where(eq(legalCase.company_id, bed.companyId));
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
    bed.fake.files.push(clFile(7, 'SMIT-0007'));
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
      { baseUrl: bed.fake.url, log: () => Promise.resolve(), retryBaseMs: 1 },
      () => clock,
    );
    await connector.signIn({ email: bed.fake.username, password: bed.fake.password });
    const first = saved!.access_token;
    clock = Date.now();
    const before = bed.fake.signIns.length;
    const page = await connector.listCases(null);
    expect(page).toMatchObject({ next: null, cases: [{ case_number: 'SMIT-0007' }] });
    expect(bed.fake.signIns.length).toBe(before + 1);
    expect(saved!.access_token).not.toBe(first);
    const last = bed.fake.requests.at(-1)!;
    expect(last.authorization).toBe(`Bearer ${saved!.access_token}`);
  });

  it('given a document or an activity for ContactsLaw, then the connector refuses, naming what ContactsLaw does not document, and calls nothing', async () => {
    const integration = (await signIn()).body.data!;
    const row = await bed.rowOf(integration.id);
    const connector = bed.server.app.lexdesk.services.crm.connectorFor(row!, 'workflow');
    const calls = bed.fake.requests.length;
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
    expect(bed.fake.requests.length).toBe(calls);
  });
});
