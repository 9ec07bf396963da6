/**
 * CRM integrations end to end (issue 18) against a loopback server that speaks Clio Manage API v4:
 * connecting (OAuth with PKCE through the REST routes), tokens sealed at rest and never answered,
 * settings, paged integration logs, requests for a new CRM, cases synced in (skip rows without a
 * case number, drop repeated numbers, chunks of 500) on demand and on the interval, and the
 * built-in local CRM behind the same interface.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  legalIntegrationLog,
  legalIntegrations,
  legalRequestedCrms,
} from '../../src/server/db/schemaCrm';
import { legalCase, legalProcessedFile } from '../../src/server/db/schemaPipeline';
import { caseActivity } from '../../src/server/db/schemaWorkflows';
import { createKeyRing } from '../../src/server/crypto/keyRing';
import { logSink, withCallLog } from '../../src/server/domains/crm/callLog';
import {
  CREDENTIAL_PURPOSE,
  openTokens,
  resealAll,
} from '../../src/server/domains/crm/credentials';
import { createLocalConnector } from '../../src/server/domains/crm/local';
import type { IntegrationLogPage, IntegrationView } from '../../src/shared/crm';
import { matterFixture, type FakeClio } from '../support/fakeClio';
import type { TestServer, TestUser } from '../support/server';
import {
  CLIO_REDIRECT as REDIRECT,
  connectClio,
  startClioTestServer,
  type ClioTestServer,
} from './fixtures/clio';
import { rest } from './fixtures/raw-files';
import { caseOf, completedDocument } from './fixtures/workflows';

let clio: ClioTestServer;
let server: TestServer;
let fake: FakeClio;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let waits: number[];

beforeAll(async () => {
  clio = await startClioTestServer(200);
  ({ server, fake, waits } = clio);
}, 120_000);

beforeEach(async () => {
  const signed = await server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  fake.matters.length = 0;
});

afterAll(async () => {
  await clio?.close();
});

const connect = (): Promise<IntegrationView> => connectClio(clio, companyId, admin.token);

describe('connecting provider one (Clio, OAuth with PKCE)', () => {
  it('given the authorization round trip, then the integration is connected and active, and no token is answered or stored in the clear', async () => {
    const integration = await connect();
    expect(integration).toMatchObject({
      crm_type: 'clio',
      connected: true,
      is_active: true,
      active_once: true,
      crm_base_url: fake.url,
    });
    expect(JSON.stringify(integration)).not.toMatch(/at-|rt-/);
    const [row] = await server.db
      .select()
      .from(legalIntegrations)
      .where(eq(legalIntegrations.id, integration.id));
    expect(row?.credentials_sealed?.startsWith('k1:one:')).toBe(true);
    expect(row?.credentials_sealed).not.toMatch(/at-|rt-/);
    expect(row?.oauth_state_hash).toBeNull();
    const listed = await rest<IntegrationView[]>(
      server,
      'POST',
      '/legal-integrations/list',
      paralegal.token,
      { company_id: companyId },
    );
    expect(listed.body.data).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toMatch(/sealed|access_token|refresh_token/);
    const active = await rest<IntegrationView>(
      server,
      'POST',
      '/legal-integrations/active',
      paralegal.token,
      { company_id: companyId, data_type: 'cases' },
    );
    expect(active.body.data?.id).toBe(integration.id);
  });

  it('given a wrong or reused state, then the callback fails with "Failed to authenticate"', async () => {
    const start = await rest<{ authUrl: string }>(
      server,
      'POST',
      `/clio/oauth?companyId=${companyId}`,
      admin.token,
      { redirect_uri: REDIRECT, crm_base_url: fake.url },
    );
    const back = new URL(
      (await fetch(start.body.data!.authUrl, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    const code = encodeURIComponent(back.searchParams.get('code') ?? '');
    const wrong = await rest(server, 'POST', `/clio/oauth/callback?code=${code}`, admin.token, {
      company_id: companyId,
      state: 'forged',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe('Failed to authenticate');
    const state = back.searchParams.get('state');
    const right = await rest(server, 'POST', `/clio/oauth/callback?code=${code}`, admin.token, {
      company_id: companyId,
      state,
    });
    expect(right.status).toBe(200);
    const reused = await rest(server, 'POST', `/clio/oauth/callback?code=${code}`, admin.token, {
      company_id: companyId,
      state,
    });
    expect(reused.body.error?.message).toBe('Failed to authenticate');
  });

  it('given a bad code, then the callback fails and the failed sign-in is in the integration log', async () => {
    const start = await rest<{ authUrl: string }>(
      server,
      'POST',
      `/clio/oauth?companyId=${companyId}`,
      admin.token,
      { redirect_uri: REDIRECT, crm_base_url: fake.url },
    );
    const back = new URL(
      (await fetch(start.body.data!.authUrl, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    const failed = await rest(server, 'POST', '/clio/oauth/callback?code=not-a-code', admin.token, {
      company_id: companyId,
      state: back.searchParams.get('state'),
    });
    expect(failed.body.error?.message).toBe('Failed to authenticate');
    const logs = await rest<IntegrationLogPage>(
      server,
      'POST',
      '/legal-integrations/logs',
      admin.token,
      { company_id: companyId },
    );
    expect(logs.body.data?.items[0]).toMatchObject({
      operation: 'sign_in',
      outcome: 'failed',
      http_status: 400,
      sync_type: 'oauth',
    });
  });

  it('given a paralegal, another tenant, a foreign redirect or address, then starting is refused', async () => {
    const path = `/clio/oauth?companyId=${companyId}`;
    expect(
      (await rest(server, 'POST', path, paralegal.token, { redirect_uri: REDIRECT })).status,
    ).toBe(403);
    const other = await server.signUpCompany({ is_legal: true });
    expect(
      (await rest(server, 'POST', path, other.admin.token, { redirect_uri: REDIRECT })).status,
    ).toBe(404);
    const foreign = await rest(server, 'POST', path, admin.token, {
      redirect_uri: 'https://evil.example/cb',
    });
    expect(foreign.body.error?.code).toBe('CRM_REDIRECT_NOT_ALLOWED');
    const host = await rest(server, 'POST', path, admin.token, {
      redirect_uri: REDIRECT,
      crm_base_url: 'https://evil.example',
    });
    expect(host.body.error?.code).toBe('CRM_BASE_URL_NOT_ALLOWED');
  });
});

describe('settings, logs and CRM requests', () => {
  it('given settings, then managers change them within bounds and readers cannot', async () => {
    const integration = await connect();
    const path = `/legal-integrations/${integration.id}`;
    const changed = await rest<IntegrationView>(server, 'PATCH', path, admin.token, {
      sync_type: 'manual',
      sync_interval_seconds: 900,
      email: 'firm@example.test',
    });
    expect(changed.body.data).toMatchObject({
      sync_type: 'manual',
      sync_interval_seconds: 900,
      email: 'firm@example.test',
    });
    expect(
      (await rest(server, 'PATCH', path, admin.token, { sync_interval_seconds: 10 })).status,
    ).toBe(400);
    expect((await rest(server, 'PATCH', path, paralegal.token, { is_active: false })).status).toBe(
      403,
    );
    const other = await server.signUpCompany({ is_legal: true });
    expect(
      (await rest(server, 'PATCH', path, other.admin.token, { is_active: false })).status,
    ).toBe(404);
    const off = await rest<IntegrationView>(server, 'PATCH', path, admin.token, {
      is_active: false,
    });
    expect(off.body.data).toMatchObject({ is_active: false, active_once: true });
    // A new address drops the tokens the old one issued: it cannot be turned on until connected again.
    const moved = await rest<IntegrationView>(server, 'PATCH', path, admin.token, {
      crm_base_url: 'https://eu.app.clio.com',
    });
    expect(moved.body.data).toMatchObject({
      connected: false,
      crm_base_url: 'https://eu.app.clio.com',
    });
    const on = await rest(server, 'PATCH', path, admin.token, { is_active: true });
    expect(on.body.error?.code).toBe('CRM_NOT_CONNECTED');
  });

  it('given many log rows, then they page by first and offset with the total count', async () => {
    const integration = await connect();
    const sink = logSink(server.db, {
      company_id: companyId,
      integration_id: integration.id,
      crm_type: 'clio',
      sync_type: 'manual',
    });
    for (let i = 0; i < 12; i += 1)
      await sink({
        operation: 'list_cases',
        outcome: 'ok',
        http_status: 200,
        attempt: 1,
        duration_ms: i,
        details: { i },
      });
    const page = await rest<IntegrationLogPage>(
      server,
      'POST',
      '/legal-integrations/logs',
      paralegal.token,
      {
        company_id: companyId,
        integration_id: integration.id,
        first: 5,
        offset: 5,
      },
    );
    expect(page.body.data?.total).toBe(13);
    expect(page.body.data?.items.map((e) => e.details.i)).toEqual([6, 5, 4, 3, 2]);
    const other = await server.signUpCompany({ is_legal: true });
    const foreign = await rest(server, 'POST', '/legal-integrations/logs', other.admin.token, {
      company_id: companyId,
    });
    expect(foreign.status).toBe(404);
  });

  it('given a request for a new CRM, then it is stored as the caller and not as anyone else', async () => {
    const body = { crm_name: 'Filevine', company_id: companyId, requested_by: paralegal.user.id };
    const made = await rest(
      server,
      'POST',
      '/legal-integrations/request-crm',
      paralegal.token,
      body,
    );
    expect(made.status).toBe(200);
    const rows = await server.db
      .select()
      .from(legalRequestedCrms)
      .where(eq(legalRequestedCrms.company_id, companyId));
    expect(rows.map((r) => [r.crm_name, r.requested_by])).toEqual([
      ['Filevine', paralegal.user.id],
    ]);
    const asOther = await rest(server, 'POST', '/legal-integrations/request-crm', paralegal.token, {
      ...body,
      requested_by: admin.user.id,
    });
    expect(asOther.status).toBe(403);
    const empty = await rest(server, 'POST', '/legal-integrations/request-crm', paralegal.token, {
      ...body,
      crm_name: '  ',
    });
    expect(empty.status).toBe(400);
  });
});

describe('cases in', () => {
  it('given 1,203 matters with some unnumbered and repeated, then numbered unique ones land in chunks of 500 and LexDesk values survive empty CRM fields', async () => {
    for (let id = 1; id <= 1200; id += 1) fake.matters.push(matterFixture(id));
    fake.matters.push(
      matterFixture(1201, { display_number: null }),
      matterFixture(1202, { display_number: '  ' }),
      matterFixture(1203, { display_number: 'WC-00007' }),
    );
    await server.db.insert(legalCase).values({
      company_id: companyId,
      case_number: 'WC-00007',
      eams_number: 'ADJ1234567',
      match_numbers: ['WC00007', 'ADJ1234567'],
    });
    const longAgo = new Date('2020-01-01T00:00:00Z');
    await server.db.insert(legalCase).values({
      company_id: companyId,
      case_number: 'WC-00008',
      eams_number: 'ADJ7654321',
      is_deleted: true,
      created_at: longAgo,
    });
    const integration = await connect();
    fake.fail('/api/v4/matters', [{ status: 429, retryAfter: '3' }, { status: 502 }]);
    const result = await server.app.lexdesk.services.crm.syncIntegration(integration.id, 'manual');
    expect(result).toEqual({
      received: 1203,
      created: 1199,
      updated: 1,
      skipped: 2,
      duplicates: 1,
      chunks: 3,
    });
    expect(waits).toContain(3000);
    const [kept] = await server.db
      .select()
      .from(legalCase)
      .where(and(eq(legalCase.company_id, companyId), eq(legalCase.case_number, 'WC-00007')));
    expect(kept).toMatchObject({
      eams_number: 'ADJ1234567',
      crm_type: 'clio',
      crm_case_ref: '7',
      client_name: 'Client 7',
    });
    expect(kept?.match_numbers).toContain('ADJ1234567');
    const [restored] = await server.db
      .select()
      .from(legalCase)
      .where(and(eq(legalCase.company_id, companyId), eq(legalCase.case_number, 'WC-00008')));
    // A deleted case the CRM still has comes back as the CRM's, made now.
    expect(restored).toMatchObject({ is_deleted: false, eams_number: null, crm_case_ref: '8' });
    expect(restored?.created_at.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(restored?.match_numbers).toEqual(['WC00008']);
    const [row] = await server.db
      .select()
      .from(legalIntegrations)
      .where(eq(legalIntegrations.id, integration.id));
    expect(row?.last_sync).not.toBeNull();
    expect(row?.last_sync_result).toMatchObject({ created: 1199 });
    const logs = await server.db
      .select()
      .from(legalIntegrationLog)
      .where(eq(legalIntegrationLog.integration_id, integration.id));
    const listing = logs.filter((l) => l.operation === 'list_cases');
    expect(listing.map((l) => l.outcome).sort()).toEqual(
      [...Array(7).fill('ok'), 'retried', 'retried'].sort(),
    );
    expect(JSON.stringify(logs)).not.toMatch(/Bearer|at-\d|rt-/);
  });

  it('given an interval integration, then it syncs when due and not before; a manager may start one now', async () => {
    fake.matters.push(matterFixture(1));
    const integration = await connect();
    const crm = server.app.lexdesk.services.crm;
    expect(await crm.syncDue(new Date())).toBeGreaterThanOrEqual(1);
    const [after] = await server.db
      .select()
      .from(legalIntegrations)
      .where(eq(legalIntegrations.id, integration.id));
    const again = await crm.syncDue(new Date(after!.last_sync!.getTime() + 1000));
    const [still] = await server.db
      .select()
      .from(legalIntegrations)
      .where(eq(legalIntegrations.id, integration.id));
    expect(still?.last_sync?.getTime()).toBe(after?.last_sync?.getTime());
    expect(again).toBe(0);
    const path = `/legal-integrations/${integration.id}/sync`;
    expect((await rest(server, 'POST', path, paralegal.token)).status).toBe(403);
    const started = await rest<{ started: boolean }>(server, 'POST', path, admin.token);
    expect(started.status).toBe(200);
  });

  it('given an unreachable CRM, then the sync result says so and nothing is written', async () => {
    fake.matters.push(matterFixture(1));
    const integration = await connect();
    fake.fail('/api/v4/matters', [
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    ]);
    const result = await server.app.lexdesk.services.crm.syncIntegration(integration.id, 'manual');
    expect(result?.error).toBe('fake fault 500');
    expect(result?.created).toBe(0);
    const cases = await server.db
      .select()
      .from(legalCase)
      .where(eq(legalCase.company_id, companyId));
    expect(cases).toHaveLength(0);
  });

  it('given the CRM failing on page 4 while the first chunk is being written, then that chunk lands whole, nothing is written after the sync ends and the result counts what was written', async () => {
    for (let id = 1; id <= 1000; id += 1) {
      fake.matters.push(matterFixture(id, id === 3 ? { display_number: null } : {}));
    }
    await caseOf(server, companyId, matterFixture(2).display_number!);
    const integration = await connect();
    fake.fail('/api/v4/matters', [
      ...Array.from({ length: 3 }, () => ({ status: 0, pass: true })),
      ...Array.from({ length: 4 }, () => ({ status: 503 })),
    ]);
    const result = await server.app.lexdesk.services.crm.syncIntegration(integration.id, 'manual');
    // Three pages of 200 read; the first 500 numbered cases (matters 1, 2, 4 to 501) written in
    // one chunk, the other 99 read but never written.
    const written = [1, 2, ...Array.from({ length: 498 }, (_, i) => i + 4)].map(
      (id) => matterFixture(id).display_number,
    );
    expect(result).toEqual({
      received: 600,
      created: 499,
      updated: 1,
      skipped: 1,
      duplicates: 0,
      chunks: 1,
      error: 'fake fault 503',
    });
    const [stored] = await server.db
      .select()
      .from(legalIntegrations)
      .where(eq(legalIntegrations.id, integration.id));
    expect(stored?.last_sync_result).toEqual(result);
    const cases = await server.db
      .select({ number: legalCase.case_number })
      .from(legalCase)
      .where(eq(legalCase.company_id, companyId));
    expect(cases.map((c) => c.number).sort()).toEqual(written);
  });
});

describe('keys and the local CRM', () => {
  it('given a rotated key ring, then stored tokens are sealed again with the new key and still open', async () => {
    const integration = await connect();
    const rotated = createKeyRing(
      [
        { id: 'two', secret: 'second-secret' },
        { id: 'one', secret: 'first-secret' },
      ],
      CREDENTIAL_PURPOSE,
    );
    expect(await resealAll(server.db, rotated)).toBeGreaterThanOrEqual(1);
    const [row] = await server.db
      .select()
      .from(legalIntegrations)
      .where(eq(legalIntegrations.id, integration.id));
    expect(row?.credentials_sealed?.startsWith('k1:two:')).toBe(true);
    const onlyNew = createKeyRing([{ id: 'two', secret: 'second-secret' }], CREDENTIAL_PURPOSE);
    expect(openTokens(onlyNew, row!.credentials_sealed!).access_token).toMatch(/^at-/);
  });

  it('given the built-in local CRM, then its cases list by cursor, a document links to its case and an activity is written, each call logged', async () => {
    const caseId = await caseOf(server, companyId, 'LOCAL-1');
    const documentId = await completedDocument(server, companyId);
    const crm = withCallLog(
      createLocalConnector(server.db, companyId),
      logSink(server.db, {
        company_id: companyId,
        integration_id: null,
        crm_type: 'local',
        sync_type: 'workflow',
      }),
    );
    expect(await crm.signIn({})).toBeNull();
    const page = await crm.listCases(null);
    expect(page.cases.map((c) => c.case_number)).toEqual(['LOCAL-1']);
    await crm.uploadDocument({
      case_id: caseId,
      document_id: documentId,
      name: 'x',
      content_type: 'application/pdf',
      read: () => Promise.reject(new Error('unused')),
    });
    const [doc] = await server.db
      .select()
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.id, documentId));
    expect(doc).toMatchObject({
      document_synced: true,
      crm_case_id: caseId,
      sync_status: 'synced',
    });
    await crm.createActivity({
      case_id: caseId,
      document_id: documentId,
      activity_type: 'Note',
      note: 'filed',
      date: '2026-01-01',
    });
    expect(
      await server.db.select().from(caseActivity).where(eq(caseActivity.legal_case_id, caseId)),
    ).toHaveLength(1);
    const other = await server.signUpCompany({ is_legal: true });
    await expect(
      createLocalConnector(server.db, other.company.id).createActivity({
        case_id: caseId,
        activity_type: 'x',
        note: '',
        date: '2026-01-01',
      }),
    ).rejects.toThrow('no longer exists');
    const logs = await rest<IntegrationLogPage>(
      server,
      'POST',
      '/legal-integrations/logs',
      admin.token,
      { company_id: companyId },
    );
    expect(logs.body.data?.items.map((e) => `${e.crm_type}:${e.operation}:${e.outcome}`)).toEqual([
      'local:create_activity:ok',
      'local:upload_document:ok',
      'local:list_cases:ok',
      'local:sign_in:ok',
    ]);
  });
});
