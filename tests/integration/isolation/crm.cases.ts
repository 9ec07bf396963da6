/**
 * Tenant isolation of CRM integrations: company A has a Clio integration and a log row; B's admin
 * and B's provider manager get nothing of them, cannot change, sync, connect or request for A, and
 * A's ids answer exactly like missing ones.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  legalIntegrationLog,
  legalIntegrations,
  legalRequestedCrms,
} from '../../../src/server/db/schemaCrm';
import { legalStaff } from '../../../src/server/db/schemaPeople';
import type { IsolationContext, IsolationModule } from './context';

let integrationOfA = '';

export const setup: IsolationModule['setup'] = async (ctx) => {
  const [row] = await ctx.server.db
    .insert(legalIntegrations)
    .values({
      company_id: ctx.companyA,
      crm_type: 'clio',
      email: 'secret@a.example',
      is_active: false,
    })
    .returning({ id: legalIntegrations.id });
  integrationOfA = row!.id;
  await ctx.server.db.insert(legalIntegrationLog).values({
    company_id: ctx.companyA,
    integration_id: integrationOfA,
    crm_type: 'clio',
    sync_type: 'manual',
    operation: 'list_cases',
    outcome: 'ok',
    details: { secret: true },
  });
};

async function unchanged(ctx: IsolationContext) {
  const [row] = await ctx.server.db
    .select()
    .from(legalIntegrations)
    .where(eq(legalIntegrations.id, integrationOfA));
  expect(row).toMatchObject({ email: 'secret@a.example', is_active: false, sync_type: 'interval' });
  expect(row?.oauth_state_hash).toBeNull();
  expect(row?.last_sync).toBeNull();
  const requests = await ctx.server.db
    .select()
    .from(legalRequestedCrms)
    .where(eq(legalRequestedCrms.company_id, ctx.companyA));
  expect(requests).toEqual([]);
}

async function both(
  ctx: IsolationContext,
  method: string,
  path: (id: string) => string,
  body: (id: string) => unknown,
  idOfA: string,
) {
  const first = await ctx.restSameAsMissing(method, path, body, idOfA);
  await ctx.restSameAsMissing(method, path, body, idOfA, ctx.managerOfB.token);
  await unchanged(ctx);
  expect(JSON.stringify(first)).not.toContain('secret');
  return first;
}

export const cases: IsolationModule['cases'] = (ctx) => ({
  'POST /legal-integrations/list': async () => {
    await both(
      ctx(),
      'POST',
      () => '/legal-integrations/list',
      (id) => ({ company_id: id }),
      ctx().companyA,
    );
  },
  'POST /legal-integrations/active': async () => {
    await both(
      ctx(),
      'POST',
      () => '/legal-integrations/active',
      (id) => ({ company_id: id }),
      ctx().companyA,
    );
  },
  'PATCH /legal-integrations/:id': async () => {
    const r = await both(
      ctx(),
      'PATCH',
      (id) => `/legal-integrations/${id}`,
      () => ({ email: 'taken@b.example', is_active: true }),
      integrationOfA,
    );
    expect(r).toMatchObject({ status: 404 });
  },
  'POST /legal-integrations/:id/sync': async () => {
    await both(
      ctx(),
      'POST',
      (id) => `/legal-integrations/${id}/sync`,
      () => ({}),
      integrationOfA,
    );
  },
  'POST /legal-integrations/logs': async () => {
    const c = ctx();
    await both(
      c,
      'POST',
      () => '/legal-integrations/logs',
      (id) => ({ company_id: id }),
      c.companyA,
    );
    // A's integration asked for under B's own company answers like a missing one.
    await both(
      c,
      'POST',
      () => '/legal-integrations/logs',
      (id) => ({ company_id: c.companyB, integration_id: id }),
      integrationOfA,
    );
  },
  'POST /legal-integrations/request-crm': async () => {
    const c = ctx();
    const me = await c.server.gql<{ viewer: { user: { id: string } } }>(
      '{ viewer { user { id } } }',
      {},
      c.userB.token,
    );
    await c.restSameAsMissing(
      'POST',
      () => '/legal-integrations/request-crm',
      (id) => ({ crm_name: 'Planted', company_id: id, requested_by: me.data!.viewer.user.id }),
      c.companyA,
    );
    await unchanged(c);
  },
  'POST /clio/oauth': async () => {
    await both(
      ctx(),
      'POST',
      (id) => `/clio/oauth?companyId=${id}`,
      () => ({ redirect_uri: 'http://127.0.0.1:9/' }),
      ctx().companyA,
    );
  },
  'POST /legal-user/staff': async () => {
    const c = ctx();
    const staffOfA = () =>
      c.server.db
        .select({ id: legalStaff.id, updated_at: legalStaff.updated_at })
        .from(legalStaff)
        .where(eq(legalStaff.company_id, c.companyA))
        .orderBy(legalStaff.id);
    const before = await staffOfA();
    await both(
      c,
      'POST',
      () => '/legal-user/staff',
      (id) => ({ companyId: id, legal_crm: 'clio', integration_id: integrationOfA }),
      c.companyA,
    );
    // A's integration named under B's own company answers like a missing one.
    await both(
      c,
      'POST',
      () => '/legal-user/staff',
      (id) => ({ companyId: c.companyB, legal_crm: 'clio', integration_id: id }),
      integrationOfA,
    );
    expect(await staffOfA()).toEqual(before);
  },
  'POST /smartadvocate/auth': async () => {
    await both(
      ctx(),
      'POST',
      (id) => `/smartadvocate/auth?company_id=${id}`,
      () => ({ email: 'someone@a.example', password: 'guess' }),
      ctx().companyA,
    );
  },
  'POST /smartadvocate/toggle_status': async () => {
    await both(
      ctx(),
      'POST',
      (id) => `/smartadvocate/toggle_status?company_id=${id}&is_active=true`,
      () => ({}),
      ctx().companyA,
    );
  },
  'POST /contactslaw/authenticate': async () => {
    await both(
      ctx(),
      'POST',
      () => '/contactslaw/authenticate',
      (id) => ({
        email: 'someone@a.example',
        password: 'guess',
        company_id: id,
        crm_base_url: 'https://cl.a.example',
      }),
      ctx().companyA,
    );
  },
  'PUT /contactslaw/update-data-management': async () => {
    await both(
      ctx(),
      'PUT',
      () => '/contactslaw/update-data-management',
      (id) => ({ isActive: true, company_id: id }),
      ctx().companyA,
    );
  },
  'POST /clio/oauth/callback': async () => {
    await both(
      ctx(),
      'POST',
      () => '/clio/oauth/callback?code=stolen',
      (id) => ({ company_id: id, state: 'guess' }),
      ctx().companyA,
    );
  },
});
