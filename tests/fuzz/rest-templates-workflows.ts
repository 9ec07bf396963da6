/**
 * Templates for the workflow routes (src/server/domains/workflows/routes.ts). Workflows, node
 * logs and sync logs are not among the fixtures' records, so their ids are seeded uuids: the
 * routes must answer a well-formed request about a record that is not there as plainly as a bad one.
 */
import type { RestTemplate } from './rest-templates';
import { seededUuid } from './prng';

const graph = {
  newNodes: [
    {
      id: 'trigger',
      type: 'trigger.document',
      position: { x: 0, y: 0 },
      data: { config: { event: 'completed', file_type_ids: [], folder_ids: [] } },
    },
    {
      id: 'notify',
      type: 'action.notify',
      position: { x: 0, y: 120 },
      data: { config: { roles: ['admin'], staff_ids: [], emails: [], message: 'fuzz' } },
    },
  ],
  newEdges: [{ id: 'e1', source: 'trigger', target: 'notify' }],
};

export const WORKFLOW_REST_TEMPLATES: Record<string, RestTemplate> = {
  'POST /workflow/get-workflows': {
    body: 'json',
    json: (rng, fx) =>
      rng.chance(0.5)
        ? { company_id: fx.pickId('company', rng) }
        : { company_ids: [fx.pickId('company', rng)] },
  },
  'POST /workflow/get-workflow': { body: 'json', json: (rng) => ({ id: seededUuid(rng) }) },
  'POST /workflow/create': {
    body: 'json',
    json: (rng, fx) => ({ name: 'Fuzz', company_id: fx.pickId('company', rng), is_active: false }),
  },
  'POST /workflow/rename': {
    body: 'json',
    json: (rng) => ({ id: seededUuid(rng), name: 'Renamed' }),
  },
  'POST /workflow/duplicate': {
    body: 'json',
    json: (rng, fx) => ({
      id: seededUuid(rng),
      name: 'Copy',
      company_id: fx.pickId('company', rng),
    }),
  },
  'POST /workflow/toggle-active': {
    body: 'json',
    json: (rng) => ({ id: seededUuid(rng), is_active: rng.chance(0.5) }),
  },
  'POST /workflow/delete': { body: 'json', json: (rng) => ({ id: seededUuid(rng) }) },
  'POST /workflow/update-nodes-and-edges': {
    body: 'json',
    json: (rng, fx) => ({
      workflowId: seededUuid(rng),
      userId: fx.pickId('user', rng),
      ...graph,
    }),
  },
  'GET /workflow/get-workflow-update-history': {
    query: (rng, fx) => ({ companyId: fx.pickId('company', rng), page: 1, limit: 10 }),
  },
  'POST /workflow/logs': {
    body: 'json',
    json: (rng, fx) => ({ company_id: fx.pickId('company', rng), page: 1, limit: 10 }),
  },
  'POST /workflow/log-details': {
    body: 'json',
    json: (rng, fx) => ({
      workflow_id: seededUuid(rng),
      legal_processed_file_id: fx.pickId('processedFile', rng),
    }),
  },
  'POST /workflow/process-node': { body: 'json', json: (rng) => ({ id: seededUuid(rng) }) },
  'POST /workflow/retry-syncing': { body: 'json', json: (rng) => ({ id: seededUuid(rng) }) },
  'POST /workflow/sync-log': { body: 'json', json: (rng) => ({ id: seededUuid(rng) }) },
  'POST /workflow/sync-logs': {
    body: 'json',
    json: (rng, fx) => ({ legal_processed_file_id: fx.pickId('processedFile', rng) }),
  },
  'POST /workflow/test-run': {
    body: 'json',
    json: (rng, fx) => ({
      id: seededUuid(rng),
      legal_processed_file_id: fx.pickId('processedFile', rng),
    }),
  },
};
