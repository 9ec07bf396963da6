/**
 * REST of the smart inbox (spec section 7 "Email"); every call works on the caller's own mailbox.
 * Replies are {data: ...} or {error: {code, message}}.
 * - POST   /legal-email/messages {page, pageSize, filters, is_sent, is_draft, is_read}: the list
 * - GET    /legal-email/unread-count
 * - PATCH  /email {ids, is_read?, is_starred?, is_important?}
 * - PATCH  /legal-email/messages/:id/unread | /star | /unstar
 * - PATCH  /legal-email/messages/bulk-read {messageIds}
 * - DELETE /legal-email/messages/:id
 * - GET    /email/thread-emails?provider&userId&threadId&originalUserId
 * - POST   /email: multipart (field `data`: the JSON of sendEmailSchema; files `attachments`) or JSON
 * - PATCH  /email/draft {id, ph_sender_id, ph_email_sending_status}
 * - POST   /email/forwarded-email {emailId, to, cc, bcc}
 * - POST   /legal-email/contacts {userId, companyIds, page, pageSize, globalSearch}
 * - POST   /legal-user/integrations {userId}: the caller's mail integrations (never a password)
 * - POST   /legal-email/integration {email, imap_*, password, smtp_*}: connect (signs in first)
 * - POST   /legal-email/sync: sync now
 * - GET | PATCH /legal-user-integration/integrations/rules/:integrationId {rules}
 * - POST   /v1/:provider/toggle {integrationId, enabled}
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { MAIL_PROVIDERS } from '../../../shared/mailbox/schemas';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';
import { ValidationError } from '../../errors';
import type { UploadedAttachment } from './send';

export const MAILBOX_ROUTES = [
  'POST /legal-email/messages',
  'GET /legal-email/unread-count',
  'PATCH /email',
  'PATCH /legal-email/messages/:id/unread',
  'PATCH /legal-email/messages/:id/star',
  'PATCH /legal-email/messages/:id/unstar',
  'PATCH /legal-email/messages/bulk-read',
  'DELETE /legal-email/messages/:id',
  'GET /email/thread-emails',
  'POST /email',
  'PATCH /email/draft',
  'POST /email/forwarded-email',
  'POST /legal-email/contacts',
  'POST /legal-user/integrations',
  'POST /legal-email/integration',
  'POST /legal-email/sync',
  'GET /legal-user-integration/integrations/rules/:integrationId',
  'PATCH /legal-user-integration/integrations/rules/:integrationId',
  'POST /v1/:provider/toggle',
] as const;

export const MAILBOX_READ_ONLY_POSTS = [
  'POST /legal-email/messages',
  'POST /legal-email/contacts',
  'POST /legal-user/integrations',
] as const;

const MAX_ATTACHMENTS = 20;

type Params = { id?: string; integrationId?: string; provider?: string };
const params = (request: FastifyRequest) => (request.params ?? {}) as Params;

/** POST /email's body: JSON, or multipart with the JSON in `data` and files in `attachments`. */
async function emailBody(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ body: unknown; attachments: UploadedAttachment[] }> {
  if (!request.isMultipart()) return { body: request.body, attachments: [] };
  let body: unknown;
  const attachments: UploadedAttachment[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: MAX_ATTACHMENTS, fields: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'attachments') {
          await part.toBuffer();
          continue;
        }
        attachments.push({
          filename: part.filename || 'attachment',
          contentType: part.mimetype || 'application/octet-stream',
          content: await part.toBuffer(),
        });
      } else if (part.fieldname === 'data' && typeof part.value === 'string') {
        body = JSON.parse(part.value) as unknown;
      }
    }
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new ValidationError([{ path: 'data', message: 'Must be JSON.' }]);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', 413);
    throw new ValidationError([
      { path: 'attachments', message: 'The body is not a complete multipart/form-data body.' },
    ]);
  }
  if (body === undefined) throw new ValidationError([{ path: 'data', message: 'Required.' }]);
  return { body, attachments };
}

export function registerMailboxRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  const mailbox = services.mailbox;
  const handle = viewerRoute(services.auth, 'mailbox request');
  const read = { readOnly: true };

  app.post(
    '/legal-email/messages',
    handle('FETCH_MESSAGES_FAILED', (viewer, request) => mailbox.list(viewer, request.body)),
  );
  app.get(
    '/legal-email/unread-count',
    handle('FETCH_MESSAGES_FAILED', (viewer) => mailbox.unread(viewer), read),
  );
  app.patch(
    '/email',
    handle('UPDATE_MESSAGES_FAILED', (viewer, request) => mailbox.patchFlags(viewer, request.body)),
  );
  const one = {
    unread: { is_read: false },
    star: { is_starred: true },
    unstar: { is_starred: false },
  };
  for (const [action, flags] of Object.entries(one))
    app.patch(
      `/legal-email/messages/:id/${action}`,
      handle('UPDATE_MESSAGES_FAILED', (viewer, request) =>
        mailbox.oneFlag(viewer, params(request).id, flags),
      ),
    );
  app.patch(
    '/legal-email/messages/bulk-read',
    handle('MARK_MESSAGES_READ_FAILED', (viewer, request) =>
      mailbox.bulkRead(viewer, request.body),
    ),
  );
  app.delete(
    '/legal-email/messages/:id',
    handle('DELETE_MESSAGE_FAILED', (viewer, request) =>
      mailbox.remove(viewer, params(request).id),
    ),
  );
  app.get(
    '/email/thread-emails',
    handle(
      'FETCH_MESSAGES_FAILED',
      (viewer, request) => mailbox.thread(viewer, request.query),
      read,
    ),
  );
  app.post(
    '/email',
    handle('SEND_EMAIL_FAILED', async (viewer, request) => {
      const { body, attachments } = await emailBody(request, config.uploadMaxBytes);
      return mailbox.send(viewer, body, attachments);
    }),
  );
  app.patch(
    '/email/draft',
    handle('SEND_EMAIL_FAILED', (viewer, request) => mailbox.updateDraft(viewer, request.body)),
  );
  app.post(
    '/email/forwarded-email',
    handle('FORWARD_EMAIL_FAILED', (viewer, request) => mailbox.forward(viewer, request.body)),
  );
  app.post(
    '/legal-email/contacts',
    handle('FETCH_CONTACTS_FAILED', (viewer, request) => mailbox.contacts(viewer, request.body)),
  );
  app.post(
    '/legal-user/integrations',
    handle('FETCH_INTEGRATIONS_FAILED', async (viewer, request) => {
      const userId = (request.body as { userId?: unknown } | null)?.userId;
      if (userId !== undefined && userId !== viewer.user.id) return [];
      const own = await mailbox.integration(viewer);
      return own ? [own] : [];
    }),
  );
  app.post(
    '/legal-email/integration',
    handle('SAVE_MAILBOX_FAILED', (viewer, request) => mailbox.connect(viewer, request.body)),
  );
  app.post(
    '/legal-email/sync',
    handle('SYNC_MAILBOX_FAILED', (viewer) => mailbox.sync(viewer)),
  );
  app.get(
    '/legal-user-integration/integrations/rules/:integrationId',
    handle(
      'FETCH_MAILBOX_FAILED',
      (viewer, request) => mailbox.rules(viewer, params(request).integrationId),
      read,
    ),
  );
  app.patch(
    '/legal-user-integration/integrations/rules/:integrationId',
    handle('SAVE_MAILBOX_FAILED', (viewer, request) =>
      mailbox.updateRules(viewer, params(request).integrationId, request.body),
    ),
  );
  app.post(
    '/v1/:provider/toggle',
    handle('TOGGLE_OUTLOOK_FAILED', (viewer, request) => {
      if (!(MAIL_PROVIDERS as readonly string[]).includes(params(request).provider ?? ''))
        throw new AppError('NOT_FOUND', 404);
      return mailbox.toggle(viewer, request.body);
    }),
  );
}
