/**
 * Tenant isolation of the smart inbox: A's admin has a mailbox with one message (written straight
 * into the tables, so no IMAP server is needed); B's user and B's provider manager cannot read,
 * flag, delete, forward or thread it, nor read or change A's integration and rules, and A's ids
 * answer exactly like missing ones. Calls without an id work on the caller's own mailbox, which
 * B's users do not have.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailFolder, mailIntegration, mailMessage } from '../../../src/server/db/schemaMail';
import type { IsolationContext, IsolationModule } from './context';

let integrationOfA = '';
let messageOfA = '';
const THREAD = '<secret-thread@a.example>';

export const setup: IsolationModule['setup'] = async (ctx) => {
  const ring = ctx.server.app.lexdesk.services.crmRing;
  const [integration] = await ctx.server.db
    .insert(mailIntegration)
    .values({
      company_id: ctx.companyA,
      user_id: ctx.adminA.user.id,
      email: 'secret@a.example',
      imap_host: '127.0.0.1',
      imap_port: 9,
      imap_tls: false,
      imap_user: 'secret@a.example',
      imap_password_sealed: ring.seal('secret-password'),
      smtp_host: '127.0.0.1',
      smtp_port: 9,
      rules: '[]',
    })
    .returning({ id: mailIntegration.id });
  integrationOfA = integration!.id;
  const [folder] = await ctx.server.db
    .insert(mailFolder)
    .values({
      integration_id: integrationOfA,
      path: 'INBOX',
      special_use: '\\Inbox',
      uidvalidity: 1,
    })
    .returning({ id: mailFolder.id });
  const [message] = await ctx.server.db
    .insert(mailMessage)
    .values({
      integration_id: integrationOfA,
      folder_id: folder!.id,
      uid: 1,
      thread_id: THREAD,
      subject: 'secret settlement',
      from_address: 'secret@client.example',
      sent_at: new Date(),
      is_inbox: true,
    })
    .returning({ id: mailMessage.id });
  messageOfA = message!.id;
};

async function unchanged(ctx: IsolationContext) {
  const [row] = await ctx.server.db
    .select()
    .from(mailMessage)
    .where(eq(mailMessage.id, messageOfA));
  expect(row).toMatchObject({ is_read: false, is_starred: false, is_trash: false });
  const [integration] = await ctx.server.db
    .select()
    .from(mailIntegration)
    .where(eq(mailIntegration.id, integrationOfA));
  // (last_sync may move: the background sync tries A's own mailbox.)
  expect(integration).toMatchObject({ is_active: true, rules: '[]' });
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

const none = () => ({});

export const cases: IsolationModule['cases'] = (ctx) => {
  const byMessage =
    (method: string, path: (id: string) => string, body: (id: string) => unknown = none) =>
    async () => {
      await both(ctx(), method, path, body, messageOfA);
    };
  const byIntegration =
    (method: string, path: (id: string) => string, body: (id: string) => unknown = none) =>
    async () => {
      await both(ctx(), method, path, body, integrationOfA);
    };
  const byUser = (method: string, path: string, body: (id: string) => unknown) => async () => {
    await both(ctx(), method, () => path, body, ctx().adminA.user.id);
  };
  return {
    'POST /legal-email/messages': byUser('POST', '/legal-email/messages', () => ({
      filters: { search: 'secret' },
    })),
    'GET /legal-email/unread-count': async () => {
      await both(
        ctx(),
        'GET',
        () => '/legal-email/unread-count',
        () => undefined,
        messageOfA,
      );
    },
    'PATCH /email': byMessage(
      'PATCH',
      () => '/email',
      (id) => ({ ids: [id], is_read: true }),
    ),
    'PATCH /legal-email/messages/:id/unread': byMessage(
      'PATCH',
      (id) => `/legal-email/messages/${id}/unread`,
    ),
    'PATCH /legal-email/messages/:id/star': byMessage(
      'PATCH',
      (id) => `/legal-email/messages/${id}/star`,
    ),
    'PATCH /legal-email/messages/:id/unstar': byMessage(
      'PATCH',
      (id) => `/legal-email/messages/${id}/unstar`,
    ),
    'PATCH /legal-email/messages/bulk-read': byMessage(
      'PATCH',
      () => '/legal-email/messages/bulk-read',
      (id) => ({
        messageIds: [id],
      }),
    ),
    'DELETE /legal-email/messages/:id': byMessage(
      'DELETE',
      (id) => `/legal-email/messages/${id}`,
      () => undefined,
    ),
    'GET /email/thread-emails': async () => {
      await both(
        ctx(),
        'GET',
        (id) =>
          `/email/thread-emails?provider=imap&threadId=${encodeURIComponent(THREAD)}&userId=${id}`,
        () => undefined,
        ctx().adminA.user.id,
      );
    },
    'POST /email': byUser('POST', '/email', (id) => ({
      companyId: ctx().companyA,
      userId: id,
      provider: 'imap',
      to: ['x@b.example'],
      subject: 's',
      htmlBody: '<p>x</p>',
    })),
    'PATCH /email/draft': byMessage(
      'PATCH',
      () => '/email/draft',
      (id) => ({
        id,
        ph_email_sending_status: 'send',
      }),
    ),
    'POST /email/forwarded-email': byMessage(
      'POST',
      () => '/email/forwarded-email',
      (id) => ({
        emailId: id,
        to: ['x@b.example'],
      }),
    ),
    'POST /legal-email/contacts': byUser('POST', '/legal-email/contacts', (id) => ({
      userId: id,
      globalSearch: 'secret',
    })),
    'POST /legal-user/integrations': byUser('POST', '/legal-user/integrations', (id) => ({
      userId: id,
    })),
    'POST /legal-email/integration': async () => {
      // Connecting makes the caller's own mailbox only: A's stays as it was.
      const c = ctx();
      await c.restSameAsMissing(
        'POST',
        () => '/legal-email/integration',
        () => ({}),
        c.adminA.user.id,
      );
      await unchanged(c);
    },
    'POST /legal-email/sync': byUser('POST', '/legal-email/sync', () => ({})),
    'GET /legal-user-integration/integrations/rules/:integrationId': byIntegration(
      'GET',
      (id) => `/legal-user-integration/integrations/rules/${id}`,
      () => undefined,
    ),
    'PATCH /legal-user-integration/integrations/rules/:integrationId': byIntegration(
      'PATCH',
      (id) => `/legal-user-integration/integrations/rules/${id}`,
      () => ({ rules: [{ field: 'from', contains: 'a', action: 'star' }] }),
    ),
    'POST /v1/:provider/toggle': byIntegration(
      'POST',
      () => '/v1/imap/toggle',
      (id) => ({
        integrationId: id,
        enabled: false,
      }),
    ),
  };
};
