/**
 * Templates for the CRM integration routes (src/server/domains/crm/routes.ts). Integrations are not
 * among the fixtures' records, so their ids are other records' uuids or seeded ones: the routes
 * must answer a well-formed request about an integration that is not there as plainly as a bad one.
 */
import type { RestTemplate } from './rest-templates';
import { seededUuid } from './prng';

export const CRM_REST_TEMPLATES: Record<string, RestTemplate> = {
  'POST /legal-integrations/list': {
    body: 'json',
    json: (rng, fx) => ({
      company_id: fx.pickId('company', rng),
      ...(rng.chance(0.5) ? { crm_type: 'clio' } : {}),
    }),
  },
  'POST /legal-integrations/active': {
    body: 'json',
    json: (rng, fx) => ({ company_id: fx.pickId('company', rng), data_type: 'cases' }),
  },
  'PATCH /legal-integrations/:id': {
    params: { id: 'company' },
    body: 'json',
    json: (rng) => ({
      sync_type: rng.pick(['manual', 'interval']),
      sync_interval_seconds: rng.pick([300, 3600, 86_400]),
      is_active: rng.chance(0.5),
      email: 'crm@example.test',
      crm_base_url: 'https://app.clio.com',
    }),
  },
  'POST /legal-integrations/:id/sync': { params: { id: 'company' } },
  'POST /legal-integrations/logs': {
    body: 'json',
    json: (rng, fx) => ({
      company_id: fx.pickId('company', rng),
      first: rng.pick([1, 10, 100]),
      offset: rng.int(0, 5),
      ...(rng.chance(0.3) ? { integration_id: seededUuid(rng) } : {}),
    }),
  },
  'POST /legal-integrations/request-crm': {
    body: 'json',
    json: (rng, fx) => ({
      crm_name: rng.pick(['Filevine', 'MyCase', 'PracticePanther']),
      company_id: fx.pickId('company', rng),
      requested_by: fx.pickId('user', rng),
    }),
  },
  'POST /legal-user/staff': {
    body: 'json',
    json: (rng, fx) => ({
      companyId: fx.pickId('company', rng),
      legal_crm: 'clio',
      integration_id: seededUuid(rng),
      ...(rng.chance(0.5) ? { emailId: 'staff@example.test' } : {}),
    }),
  },
  'POST /clio/oauth': {
    query: (rng, fx) => ({ companyId: fx.pickId('company', rng) }),
    body: 'json',
    json: () => ({ redirect_uri: 'http://127.0.0.1:9/' }),
  },
  'POST /smartadvocate/auth': {
    query: (rng, fx) => ({ company_id: fx.pickId('company', rng) }),
    body: 'json',
    json: () => ({ email: 'crm@example.test', password: 'fuzz-password' }),
  },
  'POST /smartadvocate/toggle_status': {
    query: (rng, fx) => ({
      company_id: fx.pickId('company', rng),
      is_active: rng.pick(['true', 'false']),
    }),
  },
  'POST /contactslaw/authenticate': {
    body: 'json',
    json: (rng, fx) => ({
      email: 'crm@example.test',
      password: 'fuzz-password',
      company_id: fx.pickId('company', rng),
      ...(rng.chance(0.5) ? { crm_base_url: 'https://contactslaw.example.test' } : {}),
    }),
  },
  'PUT /contactslaw/update-data-management': {
    body: 'json',
    json: (rng, fx) => ({ isActive: rng.chance(0.5), company_id: fx.pickId('company', rng) }),
  },
  'POST /clio/oauth/callback': {
    query: () => ({ code: 'fuzz-code' }),
    body: 'json',
    json: (rng, fx) => ({ company_id: fx.pickId('company', rng), state: 'fuzz-state' }),
  },
};
