/**
 * The CRM integration screen's calls (server: domains/crm/routes.ts). Each answer is checked with
 * zod; a refusal carries the server's catalogue message, else the operation's own (spec section 8
 * "Integrations").
 */
import { z } from 'zod';
import type { IntegrationLogPage, IntegrationView } from '../../../shared/crm';
import { ERRORS } from '../../../shared/errors';
import { call, type Connection } from '../workflows/rest';

const syncResult = z.object({
  received: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  duplicates: z.number(),
  chunks: z.number(),
  error: z.string().optional(),
});

const integration = z.object({
  id: z.string(),
  company_id: z.string(),
  crm_type: z.string(),
  data_type: z.string(),
  sync_type: z.string(),
  sync_interval_seconds: z.number(),
  is_active: z.boolean(),
  active_once: z.boolean(),
  last_sync: z.string().nullable(),
  email: z.string().nullable(),
  crm_base_url: z.string().nullable(),
  connected: z.boolean(),
  last_sync_result: syncResult.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<IntegrationView>;

const logPage = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      integration_id: z.string().nullable(),
      crm_type: z.string(),
      sync_type: z.string(),
      operation: z.string(),
      outcome: z.string(),
      http_status: z.number().nullable(),
      attempt: z.number(),
      duration_ms: z.number(),
      details: z.record(z.string(), z.unknown()),
      created_at: z.string(),
    }),
  ),
  total: z.number(),
  first: z.number(),
  offset: z.number(),
}) satisfies z.ZodType<IntegrationLogPage>;

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export async function fetchIntegrations(c: Connection, companyId: string) {
  const answer = await call(
    c,
    '/legal-integrations/list',
    { method: 'POST', body: { company_id: companyId } },
    data(z.array(integration)),
    ERRORS.FETCH_INTEGRATIONS_FAILED,
  );
  return answer.data;
}

export interface SettingsChange {
  sync_type?: string;
  sync_interval_seconds?: number;
  is_active?: boolean;
  active_once?: boolean;
  email?: string | null;
  crm_base_url?: string | null;
}

export async function updateIntegration(c: Connection, id: string, change: SettingsChange) {
  const answer = await call(
    c,
    `/legal-integrations/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: change },
    data(integration),
    ERRORS.UPDATE_INTEGRATION_FAILED,
  );
  return answer.data;
}

export async function syncNow(c: Connection, id: string) {
  const answer = await call(
    c,
    `/legal-integrations/${encodeURIComponent(id)}/sync`,
    { method: 'POST', body: {} },
    data(z.object({ started: z.boolean() })),
    ERRORS.UPDATE_INTEGRATION_FAILED,
  );
  return answer.data;
}

export async function fetchLogs(c: Connection, companyId: string, first: number, offset: number) {
  const answer = await call(
    c,
    '/legal-integrations/logs',
    { method: 'POST', body: { company_id: companyId, first, offset } },
    data(logPage),
    ERRORS.FETCH_INTEGRATIONS_FAILED,
  );
  return answer.data;
}

export async function requestCrm(
  c: Connection,
  body: { crm_name: string; company_id: string; requested_by: string },
) {
  await call(
    c,
    '/legal-integrations/request-crm',
    { method: 'POST', body },
    data(z.object({ id: z.string() })),
    ERRORS.CREATE_CRM_REQUEST_FAILED,
  );
}

export async function startClioSignIn(c: Connection, companyId: string, redirectUri: string) {
  const answer = await call(
    c,
    `/clio/oauth?companyId=${encodeURIComponent(companyId)}`,
    { method: 'POST', body: { redirect_uri: redirectUri } },
    data(z.object({ authUrl: z.string().url() })),
    ERRORS.FAILED_TO_AUTHENTICATE,
  );
  return answer.data.authUrl;
}

export async function completeClioSignIn(
  c: Connection,
  input: { code: string; state: string; company_id: string },
) {
  const answer = await call(
    c,
    `/clio/oauth/callback?code=${encodeURIComponent(input.code)}`,
    { method: 'POST', body: { company_id: input.company_id, state: input.state } },
    data(integration),
    ERRORS.FAILED_TO_AUTHENTICATE,
  );
  return answer.data;
}

/** Provider two (SmartAdvocate): signs in with the user's name and password; answers the integration. */
export async function signInSmartAdvocate(
  c: Connection,
  companyId: string,
  input: { email: string; password: string; crm_base_url?: string },
) {
  const answer = await call(
    c,
    `/smartadvocate/auth?company_id=${encodeURIComponent(companyId)}`,
    { method: 'POST', body: input },
    data(integration),
    ERRORS.AUTHENTICATION_FAILED,
  );
  return answer.data;
}

/** Provider two: turns the connected SmartAdvocate integration on or off. */
export async function toggleSmartAdvocate(c: Connection, companyId: string, isActive: boolean) {
  const answer = await call(
    c,
    `/smartadvocate/toggle_status?company_id=${encodeURIComponent(companyId)}&is_active=${isActive}`,
    { method: 'POST' },
    data(integration),
    ERRORS.UPDATE_INTEGRATION_FAILED,
  );
  return answer.data;
}

/**
 * Provider three (ContactsLaw): signs in with the member's name and password, the company in the
 * body (POST /contactslaw/authenticate); answers the integration.
 */
export async function signInContactsLaw(
  c: Connection,
  input: { email: string; password: string; company_id: string; crm_base_url?: string },
) {
  const answer = await call(
    c,
    '/contactslaw/authenticate',
    { method: 'POST', body: input },
    data(integration),
    ERRORS.FAILED_TO_AUTHENTICATE,
  );
  return answer.data;
}

/** Provider three: turns the connected ContactsLaw integration on or off. */
export async function updateContactsLawDataManagement(
  c: Connection,
  companyId: string,
  isActive: boolean,
) {
  const answer = await call(
    c,
    '/contactslaw/update-data-management',
    { method: 'PUT', body: { isActive, company_id: companyId } },
    data(integration),
    ERRORS.UPDATE_INTEGRATION_FAILED,
  );
  return answer.data;
}
