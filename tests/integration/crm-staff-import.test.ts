/**
 * Staff import from the CRM (issue 18, POST /legal-user/staff) against a loopback server that
 * speaks Clio Manage API v4 (the firm's users, cursor paging): people matched by email to the live
 * legal staff (updated) or added, roles by the CRM's role name, disabled users and users without
 * an email left out, 429 / 5xx retried and a refused token refreshed, a failed import writes
 * nothing, and only the company's managers import from their own integration.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { legalIntegrationLog, legalIntegrations } from '../../src/server/db/schemaCrm';
import { legalRole, legalStaff } from '../../src/server/db/schemaPeople';
import type { IntegrationView, StaffImportResult } from '../../src/shared/crm';
import { formatError } from '../../src/shared/errors';
import { userFixture, type FakeClio } from '../support/fakeClio';
import type { TestServer, TestUser } from '../support/server';
import { connectClio, startClioTestServer, type ClioTestServer } from './fixtures/clio';
import { rest } from './fixtures/raw-files';

let clio: ClioTestServer;
let server: TestServer;
let fake: FakeClio;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let waits: number[];

beforeAll(async () => {
  clio = await startClioTestServer(2);
  ({ server, fake, waits } = clio);
}, 120_000);

beforeEach(async () => {
  const signed = await server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  fake.users.length = 0;
  waits.length = 0;
});

afterAll(async () => {
  await clio?.close();
});

const connect = (): Promise<IntegrationView> => connectClio(clio, companyId, admin.token);

const importAs = (token: string, body: Record<string, unknown>) =>
  rest<StaffImportResult>(server, 'POST', '/legal-user/staff', token, body);

const staffOf = (id: string) =>
  server.db
    .select({
      first_name: legalStaff.first_name,
      last_name: legalStaff.last_name,
      display_name: legalStaff.display_name,
      email: legalStaff.email,
      role_id: legalStaff.role_id,
    })
    .from(legalStaff)
    .where(and(eq(legalStaff.company_id, id), eq(legalStaff.is_deleted, false)))
    .orderBy(sql`lower(${legalStaff.email})`);

describe('staff import from Clio', () => {
  it('given five pages of users, then staff are added or updated by email, roles matched by the CRM name, the unusable left out', async () => {
    const integration = await connect();
    const [attorney] = await server.db
      .insert(legalRole)
      .values({
        company_id: companyId,
        name: 'Attorney of record',
        legal_crm: 'clio',
        crm_role_convention: 'Attorney',
      })
      .returning({ id: legalRole.id });
    await server.db.insert(legalStaff).values({
      company_id: companyId,
      first_name: 'Old',
      last_name: 'Name',
      display_name: 'Old Name',
      email: 'Rosa.Diaz@Firm.example',
    });
    fake.users.push(
      userFixture(1, { first_name: 'Rosa', last_name: 'Diaz', email: 'rosa.diaz@firm.example' }),
      userFixture(2, { subscription_type: 'Attorney' }),
      userFixture(3, { enabled: false }),
      userFixture(4, { email: null }),
      userFixture(5, { email: 'not an email' }),
      userFixture(6, { first_name: null, last_name: null, email: 'intake@firm.example' }),
      userFixture(7, { email: 'ROSA.DIAZ@firm.example', first_name: 'Again' }),
      userFixture(8),
      userFixture(9),
    );

    const answer = await importAs(admin.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: integration.id,
    });
    expect(answer.status).toBe(200);
    // 9 listed, the disabled one left out by the connector; 2 without a usable email.
    expect(answer.body.data).toEqual({ received: 8, created: 4, updated: 1, skipped: 2 });
    const staff = await staffOf(companyId);
    expect(staff).toEqual([
      {
        first_name: 'intake',
        last_name: '',
        display_name: 'intake',
        email: 'intake@firm.example',
        role_id: null,
      },
      {
        first_name: 'Rosa',
        last_name: 'Diaz',
        display_name: 'Rosa Diaz',
        email: 'Rosa.Diaz@Firm.example',
        role_id: null,
      },
      {
        first_name: 'First2',
        last_name: 'Last2',
        display_name: 'First2 Last2',
        email: 'user2@firm.example',
        role_id: attorney!.id,
      },
      expect.objectContaining({ email: 'user8@firm.example', role_id: null }),
      expect.objectContaining({ email: 'user9@firm.example', role_id: null }),
    ]);
    const listed = await server.db
      .select({ outcome: legalIntegrationLog.outcome, details: legalIntegrationLog.details })
      .from(legalIntegrationLog)
      .where(
        and(
          eq(legalIntegrationLog.integration_id, integration.id),
          eq(legalIntegrationLog.operation, 'list_staff'),
        ),
      );
    expect(listed).toHaveLength(5);
    expect(listed.every((row) => row.outcome === 'ok')).toBe(true);
    expect(JSON.stringify(listed)).not.toMatch(/firm\.example|at-/);

    // Importing again changes nobody's row count.
    const again = await importAs(admin.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: integration.id,
    });
    expect(again.body.data).toEqual({ received: 8, created: 0, updated: 5, skipped: 2 });
    expect(await staffOf(companyId)).toHaveLength(5);
  });

  it('given emailId, then only that person is imported', async () => {
    const integration = await connect();
    fake.users.push(userFixture(1), userFixture(2), userFixture(3));
    const answer = await importAs(admin.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: integration.id,
      emailId: 'USER2@firm.example',
    });
    expect(answer.body.data).toEqual({ received: 1, created: 1, updated: 0, skipped: 0 });
    expect((await staffOf(companyId)).map((s) => s.email)).toEqual(['user2@firm.example']);
  });

  it('given 429 with Retry-After, a 503 and an expired token, then the import still completes', async () => {
    const integration = await connect();
    fake.users.push(userFixture(1), userFixture(2), userFixture(3));
    const grants = fake.tokenGrants.length;
    fake.expireAccessTokens();
    fake.fail('/api/v4/users', [{ status: 429, retryAfter: '2' }, { status: 503 }]);
    const answer = await importAs(admin.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: integration.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 3 });
    expect(waits).toContain(2000);
    expect(fake.tokenGrants.slice(grants)).toContain('refresh_token');
  });

  it('given the CRM failing on the second page, then the import is refused with its reason and nothing is written', async () => {
    const integration = await connect();
    fake.users.push(userFixture(1), userFixture(2), userFixture(3));
    // The first page answers; every attempt at the second fails.
    fake.fail('/api/v4/users', [
      { status: 200, pass: true },
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    ]);
    const answer = await importAs(admin.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: integration.id,
    });
    expect(answer.status).toBe(502);
    expect(answer.body.error?.code).toBe('CRM_STAFF_IMPORT_FAILED');
    expect(answer.body.error?.message).toMatch(/^Failed to import staff from the CRM: /);
    expect(await staffOf(companyId)).toEqual([]);
  });

  it('given a paralegal, a CRM not connected or an unknown integration, then each is refused with its reason', async () => {
    const integration = await connect();
    const forbidden = await importAs(paralegal.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: integration.id,
    });
    expect(forbidden.status).toBe(403);

    await server.db
      .update(legalIntegrations)
      .set({ credentials_sealed: null, is_active: false })
      .where(eq(legalIntegrations.id, integration.id));
    const unconnected = await importAs(admin.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: integration.id,
    });
    expect(unconnected.status).toBe(400);
    expect(unconnected.body.error?.message).toBe(formatError('CRM_STAFF_NOT_CONNECTED'));

    const missing = await importAs(admin.token, {
      companyId,
      legal_crm: 'clio',
      integration_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);

    const bad = await importAs(admin.token, {
      companyId,
      legal_crm: 'mycase',
      integration_id: integration.id,
      emailId: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('INVALID_INPUT');
    expect(await staffOf(companyId)).toEqual([]);
  });
});
