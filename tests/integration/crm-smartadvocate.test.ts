/**
 * Provider two, SmartAdvocate (issue 18), against a loopback server that speaks the CaseSync API
 * calls SmartAdvocate documents (tests/support/fakeSmartAdvocate.ts): signing in with a user's name
 * and password through POST /smartadvocate/auth, the spec's message for a refused sign-in, the
 * token and the sign-in sealed at rest and never answered, toggle_status, cases in (401 → sign in
 * again, 429 Retry-After, sign in again before the token's expiry), and what SmartAdvocate does not
 * document refused instead of guessed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { legalIntegrationLog } from '../../src/server/db/schemaCrm';
import { legalCase } from '../../src/server/db/schemaPipeline';
import type { IntegrationView } from '../../src/shared/crm';
import { startFakeSmartAdvocate } from '../support/fakeSmartAdvocate';
import { passwordCrmBed } from './fixtures/passwordCrm';
import { rest } from './fixtures/raw-files';

const bed = passwordCrmBed(startFakeSmartAdvocate, (fake) => {
  fake.cases.length = 0;
  fake.setLifetime(3600);
});

const signIn = (password = bed.fake.password, token = bed.admin.token, company = bed.companyId) =>
  rest<IntegrationView>(bed.server, 'POST', `/smartadvocate/auth?company_id=${company}`, token, {
    email: bed.fake.username,
    password,
    crm_base_url: bed.fake.url,
  });

function saCase(id: number, caseNumber: string | null) {
  return {
    caseID: id,
    caseNumber,
    caseType: 'Workers Compensation',
    caseStatus: 'Open',
    officeName: 'New York',
    plaintiffs: [
      { id: id * 10, name: `Client ${id}`, role: '(P)-Point of Contact', primary: true },
    ],
  };
}

describe('signing in to SmartAdvocate (provider two: email and password)', () => {
  it('given the right sign-in, then the integration is connected and active, and neither the token nor the password is answered, logged or stored in the clear', async () => {
    const reply = await signIn();
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      crm_type: 'smartadvocate',
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
    expect(row?.credentials_sealed).not.toMatch(/eyJ/);
    expect(row?.token_expires_at).not.toBeNull();
    const listed = await rest<IntegrationView[]>(
      bed.server,
      'POST',
      '/legal-integrations/list',
      bed.paralegal.token,
      { company_id: bed.companyId },
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/eyJ|sealed|password|sa-secret/);
    const logs = await bed.server.db
      .select()
      .from(legalIntegrationLog)
      .where(eq(legalIntegrationLog.integration_id, id));
    expect(logs.map((l) => `${l.operation}:${l.outcome}:${l.http_status}`)).toEqual([
      'sign_in:ok:200',
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/eyJ|sa-secret/);
    expect(bed.fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/CaseSyncAPI/Users/authenticate',
    });
  });

  it('given a wrong password, then the answer is "Authentication failed", nothing is connected and the refusal is logged', async () => {
    const reply = await signIn('wrong-password');
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('Authentication failed');
    const listed = await rest<IntegrationView[]>(
      bed.server,
      'POST',
      '/legal-integrations/list',
      bed.admin.token,
      { company_id: bed.companyId, crm_type: 'smartadvocate' },
    );
    expect(listed.body.data?.[0]).toMatchObject({ connected: false, is_active: false });
    const logs = await bed.server.db
      .select()
      .from(legalIntegrationLog)
      .where(eq(legalIntegrationLog.integration_id, listed.body.data![0]!.id));
    expect(logs.map((l) => `${l.operation}:${l.outcome}:${l.http_status}`)).toEqual([
      'sign_in:failed:400',
    ]);
  });

  it('given SmartAdvocate failing with 5xx, then the answer is "Network response was not ok" after the retries', async () => {
    bed.fake.fail('/CaseSyncAPI/Users/authenticate', [
      { status: 503 },
      { status: 503 },
      { status: 503 },
      { status: 503 },
    ]);
    const reply = await signIn();
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('Network response was not ok');
  });

  it('given a paralegal, another tenant, an empty password or a foreign address, then signing in is refused', async () => {
    expect((await signIn(bed.fake.password, bed.paralegal.token)).status).toBe(403);
    const other = await bed.server.signUpCompany({ is_legal: true });
    const foreign = await signIn(bed.fake.password, other.admin.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.message).toBe('No Company Found');
    const empty = await signIn('');
    expect(empty.status).toBe(400);
    const elsewhere = await rest(
      bed.server,
      'POST',
      `/smartadvocate/auth?company_id=${bed.companyId}`,
      bed.admin.token,
      {
        email: bed.fake.username,
        password: bed.fake.password,
        crm_base_url: 'https://evil.example',
      },
    );
    expect(elsewhere.status).toBe(400);
    expect(bed.fake.signIns.filter((u) => u !== bed.fake.username)).toEqual([]);
  });
});

describe('toggle_status', () => {
  it('given a connected integration, then a manager turns it off and on, a paralegal and another tenant cannot, and an unconnected one cannot be turned on', async () => {
    const toggle = (active: boolean, token = bed.admin.token, company = bed.companyId) =>
      rest<IntegrationView>(
        bed.server,
        'POST',
        `/smartadvocate/toggle_status?company_id=${company}&is_active=${active}`,
        token,
      );
    expect((await toggle(true)).status).toBe(404);
    await signIn('wrong-password');
    const unconnected = await toggle(true);
    expect(unconnected.status).toBe(400);
    expect(unconnected.body.error?.code).toBe('CRM_NOT_CONNECTED');
    await signIn();
    const off = await toggle(false);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ is_active: false, connected: true });
    expect((await toggle(true, bed.paralegal.token)).status).toBe(403);
    const other = await bed.server.signUpCompany({ is_legal: true });
    expect((await toggle(true, other.admin.token)).status).toBe(404);
    const on = await toggle(true);
    expect(on.body.data).toMatchObject({ is_active: true });
    const bad = await rest(
      bed.server,
      'POST',
      `/smartadvocate/toggle_status?company_id=${bed.companyId}&is_active=maybe`,
      bed.admin.token,
    );
    expect(bad.status).toBe(400);
  });
});

describe('cases in from SmartAdvocate', () => {
  it('given cases, a refused token and a 429, then the connector signs in again, waits Retry-After and the numbered cases land', async () => {
    bed.fake.cases.push(saCase(1, 'SA-1'), saCase(2, 'SA-2'), saCase(3, ''), saCase(4, 'SA-1'));
    const integration = (await signIn()).body.data!;
    bed.fake.expireTokens();
    bed.fake.fail('/CaseSyncAPI/case/CaseInfo', [{ status: 429, retryAfter: '2' }]);
    const signInsBefore = bed.fake.signIns.length;
    const result = await bed.server.app.lexdesk.services.crm.syncIntegration(
      integration.id,
      'manual',
    );
    expect(result).toMatchObject({ received: 4, created: 2, skipped: 1, duplicates: 1 });
    expect(bed.waits).toContain(2000);
    expect(bed.fake.signIns.length).toBe(signInsBefore + 1);
    const cases = await bed.server.db
      .select()
      .from(legalCase)
      .where(eq(legalCase.company_id, bed.companyId));
    expect(cases.map((c) => c.case_number).sort()).toEqual(['SA-1', 'SA-2']);
    expect(cases.find((c) => c.case_number === 'SA-2')).toMatchObject({
      crm_type: 'smartadvocate',
      crm_case_ref: '2',
      client_name: 'Client 2',
      legal_case_status: 'Open',
      legal_case_type: 'Workers Compensation',
    });
    const logs = await bed.server.db
      .select()
      .from(legalIntegrationLog)
      .where(eq(legalIntegrationLog.integration_id, integration.id));
    expect(logs.map((l) => `${l.operation}:${l.outcome}:${l.http_status}`)).toEqual(
      expect.arrayContaining([
        'list_cases:retried:401',
        'refresh:ok:200',
        'list_cases:retried:429',
      ]),
    );
  });

  it('given a token about to expire, then the connector signs in again before calling', async () => {
    bed.fake.setLifetime(60);
    bed.fake.cases.push(saCase(7, 'SA-7'));
    const integration = (await signIn()).body.data!;
    const before = bed.fake.signIns.length;
    const result = await bed.server.app.lexdesk.services.crm.syncIntegration(
      integration.id,
      'manual',
    );
    expect(result).toMatchObject({ created: 1 });
    expect(bed.fake.signIns.length).toBe(before + 1);
    expect(bed.fake.requests.filter((r) => r.authorization === undefined).at(-1)?.path).toBe(
      '/CaseSyncAPI/Users/authenticate',
    );
  });

  it('given a document or an activity for SmartAdvocate, then the connector refuses, naming what SmartAdvocate does not document, and calls nothing', async () => {
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
    ).rejects.toThrow(/documents no document upload/);
    await expect(
      connector.createActivity({
        case_id: '1',
        activity_type: 'Note',
        note: 'x',
        date: '2026-01-01',
      }),
    ).rejects.toThrow(/documents no note or activity insert/);
    expect(bed.fake.requests.length).toBe(calls);
  });
});
