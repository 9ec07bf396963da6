/**
 * REST of CRM integrations (spec section 7 "CRM integrations", listed there under the data service,
 * and "CRM provider authentication": provider one's oauth and oauth callback, provider two's auth and toggle_status, provider three's authenticate and update-data-management). Replies are
 * {data: ...} or {error: {code, message}}.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';
import { parseInput } from '../../errors';

export const CRM_ROUTES = [
  'POST /legal-integrations/list',
  'POST /legal-integrations/active',
  'PATCH /legal-integrations/:id',
  'POST /legal-integrations/:id/sync',
  'POST /legal-integrations/logs',
  'POST /legal-integrations/request-crm',
  'POST /clio/oauth',
  'POST /clio/oauth/callback',
  'POST /smartadvocate/auth',
  'POST /smartadvocate/toggle_status',
  'POST /contactslaw/authenticate',
  'PUT /contactslaw/update-data-management',
  'POST /legal-user/staff',
] as const;

export const CRM_READ_ONLY_POSTS = [
  'POST /legal-integrations/list',
  'POST /legal-integrations/active',
  'POST /legal-integrations/logs',
] as const;

const idParams = z.object({ id: z.uuid() });

export function registerCrmRoutes(app: FastifyInstance, { services }: RouteDeps): void {
  const crm = services.crm;
  const handle = viewerRoute(services.auth, 'crm integration request');
  app.post(
    '/legal-integrations/list',
    handle('FETCH_INTEGRATIONS_FAILED', (v, r) => crm.list(v, r.body)),
  );
  app.post(
    '/legal-integrations/active',
    handle('FETCH_INTEGRATIONS_FAILED', (v, r) => crm.active(v, r.body)),
  );
  app.patch(
    '/legal-integrations/:id',
    handle('UPDATE_INTEGRATION_FAILED', (v, r) =>
      crm.update(v, parseInput(idParams, r.params).id, r.body),
    ),
  );
  app.post(
    '/legal-integrations/:id/sync',
    handle('CRM_SYNC_FAILED', (v, r) => crm.requestSync(v, parseInput(idParams, r.params).id)),
  );
  app.post(
    '/legal-integrations/logs',
    handle('FETCH_INTEGRATIONS_FAILED', (v, r) => crm.logs(v, r.body)),
  );
  app.post(
    '/legal-integrations/request-crm',
    handle('CREATE_CRM_REQUEST_FAILED', (v, r) => crm.requestCrm(v, r.body)),
  );
  app.post(
    '/legal-user/staff',
    handle('IMPORT_LEGAL_STAFF_FAILED', (v, r) => crm.importStaff(v, r.body)),
  );
  app.post(
    '/clio/oauth',
    handle('FAILED_TO_AUTHENTICATE', (v, r) => crm.startOAuth(v, r.query, r.body)),
  );
  app.post(
    '/clio/oauth/callback',
    handle('FAILED_TO_AUTHENTICATE', (v, r) => crm.completeOAuth(v, r.query, r.body)),
  );
  app.post(
    '/smartadvocate/auth',
    handle('AUTHENTICATION_FAILED', (v, r) => crm.passwordSignIn(v, r.query, r.body)),
  );
  app.post(
    '/smartadvocate/toggle_status',
    handle('UPDATE_INTEGRATION_FAILED', (v, r) => crm.toggleStatus(v, r.query)),
  );
  app.post(
    '/contactslaw/authenticate',
    handle('FAILED_TO_AUTHENTICATE', (v, r) => crm.contactsLawSignIn(v, r.body)),
  );
  app.put(
    '/contactslaw/update-data-management',
    handle('UPDATE_INTEGRATION_FAILED', (v, r) => crm.updateDataManagement(v, r.body)),
  );
}
