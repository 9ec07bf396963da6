/**
 * Templates for the smart inbox's routes (src/server/domains/mailbox/routes.ts). Mailboxes and
 * messages are not among the fixtures' records, so their ids are other records' uuids (the
 * answers are "No mailbox is connected" or "Not found"); connecting names a closed loopback port.
 */
import type { RestTemplate } from './rest-templates';

const json = (make: RestTemplate['json']): RestTemplate => ({ body: 'json', json: make });
const someRecord = { id: 'user' } as const;

export const MAIL_REST_TEMPLATES: Record<string, RestTemplate> = {
  'POST /legal-email/messages': json((rng) => ({
    page: rng.int(1, 3),
    pageSize: rng.pick([1, 10, 100]),
    filters: rng.chance(0.5) ? { search: 'fuzz', is_starred: true } : {},
    is_read: rng.chance(0.5),
  })),
  'GET /legal-email/unread-count': {},
  'PATCH /email': json((rng, fx) => ({ ids: [fx.pickId('user', rng)], is_read: rng.chance(0.5) })),
  'PATCH /legal-email/messages/:id/unread': { params: someRecord },
  'PATCH /legal-email/messages/:id/star': { params: someRecord },
  'PATCH /legal-email/messages/:id/unstar': { params: someRecord },
  'PATCH /legal-email/messages/bulk-read': json((rng, fx) => ({
    messageIds: [fx.pickId('user', rng)],
  })),
  'DELETE /legal-email/messages/:id': { params: someRecord },
  'GET /email/thread-emails': { query: () => ({ provider: 'imap', threadId: '<fuzz@x>' }) },
  'POST /email': json((rng, fx) => ({
    companyId: fx.pickId('company', rng),
    userId: fx.pickId('user', rng),
    provider: 'imap',
    to: ['fuzz@fuzz.example'],
    subject: 'fuzz',
    htmlBody: '<p>fuzz</p>',
    sending_status: rng.pick(['draft', 'send']),
  })),
  'PATCH /email/draft': json((rng, fx) => ({
    id: fx.pickId('user', rng),
    ph_email_sending_status: 'draft',
  })),
  'POST /email/forwarded-email': json((rng, fx) => ({
    emailId: fx.pickId('user', rng),
    to: ['f@fuzz.example'],
  })),
  'POST /legal-email/contacts': json((rng) => ({
    page: rng.int(1, 3),
    pageSize: 10,
    globalSearch: 'fuzz',
  })),
  'POST /legal-user/integrations': json((rng, fx) => ({ userId: fx.pickId('user', rng) })),
  'POST /legal-email/integration': json(() => ({
    email: 'fuzz@fuzz.example',
    imap_host: '127.0.0.1',
    imap_port: 9,
    imap_tls: false,
    password: 'fuzz',
    smtp_host: '127.0.0.1',
    smtp_port: 9,
  })),
  'POST /legal-email/sync': json(() => ({})),
  'GET /legal-user-integration/integrations/rules/:integrationId': {
    params: { integrationId: 'user' },
  },
  'PATCH /legal-user-integration/integrations/rules/:integrationId': {
    params: { integrationId: 'user' },
    body: 'json',
    json: () => ({ rules: [{ field: 'from', contains: 'fuzz', action: 'star' }] }),
  },
  'POST /v1/:provider/toggle': {
    literalParams: { provider: 'imap' },
    body: 'json',
    json: (rng, fx) => ({ integrationId: fx.pickId('user', rng), enabled: rng.chance(0.5) }),
  },
};
