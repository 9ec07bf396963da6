/**
 * Templates for the digest subscription routes (src/server/domains/notification-rules/routes.ts).
 * Subscriptions are not among the fixtures' records, so their ids are other records' uuids;
 * `{provider}` is `imap`, the one mail integration kind.
 */
import type { RestTemplate } from './rest-templates';

const provider = { provider: 'imap' };

export const NOTIFY_REST_TEMPLATES: Record<string, RestTemplate> = {
  'POST /email-subscription/:provider/create-email-subscription': {
    literalParams: provider,
    body: 'json',
    json: (rng, fx) => ({
      emails: ['digest@fuzz.example'],
      starting_date: '2030-01-01',
      frequency: rng.pick(['daily', 'weekly', 'monthly']),
      file_type: rng.chance(0.5) ? fx.pickId('fileType', rng) : null,
      company_id: fx.pickId('company', rng),
    }),
  },
  'PATCH /email-subscription/:provider/update-email-subscription/:id': {
    literalParams: provider,
    body: 'json',
    json: (rng) => ({ frequency: rng.pick(['daily', 'weekly']), emails: ['x@fuzz.example'] }),
  },
  'GET /email-subscription/:provider/subscription/:id': { literalParams: provider },
  'GET /email-subscription/:provider/subscriptions': {
    literalParams: provider,
    query: (rng, fx) => ({ company_id: fx.pickId('company', rng) }),
  },
  'GET /email-subscription/:provider/processed-documents': {
    literalParams: provider,
    query: (rng, fx) => ({
      companyId: fx.pickId('company', rng),
      page: rng.int(1, 3),
      pageSize: rng.pick([1, 10, 100]),
      ...(rng.chance(0.5) ? { file_type: fx.pickId('fileType', rng), search: 'fuzz' } : {}),
    }),
  },
  'GET /email-subscription/:provider/processed-documents/bulk': {
    literalParams: provider,
    query: (rng, fx) => ({ companyId: fx.pickId('company', rng), pageSize: rng.pick([1, 50]) }),
  },
};
