/**
 * Outgoing mail of the smart inbox (spec section 7: POST /email, PATCH /email/draft, POST
 * /email/forwarded-email): the message is built once (nodemailer's MailComposer), sent over the
 * mailbox's SMTP server with the envelope naming every To, Cc and Bcc, and the same bytes are
 * APPENDed to its Sent folder (\Seen); a draft is APPENDed to Drafts (\Draft) instead, and
 * replaces the draft it was saved over. The folders are synced after, so the answer is the row.
 */
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { simpleParser, type AddressObject } from 'mailparser';
import { AppError } from '../../../shared/errors';
import { draftPatchSchema, forwardSchema, sendEmailSchema } from '../../../shared/mailbox/schemas';
import { mailFolder, mailMessage, type MailIntegrationRow } from '../../db/schemaMail';
import { parseInput } from '../../errors';
import type { Viewer } from '../../permissions';
import { checkOwnUser, ownIntegration, ownMessages, type MailboxContext } from './context';
import { smtpSettingsFor, withImap } from './integration';
import type { SyncRunner } from './syncRunner';

export interface UploadedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const textOfHtml = (html: string) =>
  html
    .replace(/<(br|\/p|\/div)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

function addressesOf(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((o) => o.value.map((v) => v.address ?? '')).filter(Boolean);
}

export function createSender(ctx: MailboxContext, runner: SyncRunner) {
  async function folderPath(integration: MailIntegrationRow, specialUse: string, fallback: string) {
    const [folder] = await ctx.db
      .select({ path: mailFolder.path })
      .from(mailFolder)
      .where(
        and(eq(mailFolder.integration_id, integration.id), eq(mailFolder.special_use, specialUse)),
      );
    return folder?.path ?? fallback;
  }

  /** APPENDs `raw` to the folder (deleting `replaces` there first), syncs, returns the new row. */
  async function store(
    integration: MailIntegrationRow,
    path: string,
    raw: Buffer,
    flags: string[],
    replaces?: { path: string; uid: number },
  ) {
    const appended = await withImap(ctx, integration, async (client) => {
      if (replaces) {
        const lock = await client.getMailboxLock(replaces.path);
        try {
          await client.messageDelete(String(replaces.uid), { uid: true });
        } finally {
          lock.release();
        }
      }
      return client.append(path, raw, flags);
    });
    await runner.sync(integration);
    if (!appended || !appended.uid) return null;
    const [row] = await ctx.db
      .select({ id: mailMessage.id, thread_id: mailMessage.thread_id })
      .from(mailMessage)
      .innerJoin(mailFolder, eq(mailFolder.id, mailMessage.folder_id))
      .where(
        and(
          eq(mailFolder.integration_id, integration.id),
          eq(mailFolder.path, path),
          eq(mailMessage.uid, appended.uid),
        ),
      );
    return row ?? null;
  }

  async function transmit(
    integration: MailIntegrationRow,
    envelope: { from: string; to: string[] },
    raw: Buffer,
  ) {
    const transport = nodemailer.createTransport({
      ...(await smtpSettingsFor(ctx, integration)),
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    try {
      const info = await transport.sendMail({ envelope, raw });
      if ((info.rejected ?? []).length > 0) throw new AppError('SEND_EMAIL_FAILED', 502);
    } finally {
      transport.close();
    }
  }

  async function compose(options: Mail.Options, keepBcc: boolean): Promise<Buffer> {
    const composer = new MailComposer(options);
    const message = composer.compile();
    message.keepBcc = keepBcc;
    return message.build();
  }

  return {
    async send(viewer: Viewer, raw: unknown, attachments: UploadedAttachment[] = []) {
      const input = parseInput(sendEmailSchema, raw);
      checkOwnUser(viewer, input.userId);
      if (input.companyId !== viewer.user.company_id) throw new AppError('NO_COMPANY', 404);
      const integration = await ownIntegration(ctx, viewer);
      const replaced = input.draftId
        ? (await ownMessages(ctx, integration, [input.draftId]))[0]
        : undefined;
      if (replaced && !replaced.is_draft) throw new AppError('NOT_FOUND', 404);
      const draft = input.sending_status === 'draft';
      const options: Mail.Options = {
        from: integration.email,
        to: input.to,
        cc: input.cc,
        bcc: input.bcc,
        subject: input.subject,
        html: input.htmlBody,
        text: textOfHtml(input.htmlBody),
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
        ...(input.reference ? { inReplyTo: input.reference, references: [input.reference] } : {}),
      };
      const bytes = await compose(options, draft);
      const replaces = replaced ? { path: replaced.folder_path, uid: replaced.uid } : undefined;
      if (draft) {
        const row = await store(
          integration,
          await folderPath(integration, '\\Drafts', 'Drafts'),
          bytes,
          ['\\Draft', '\\Seen'],
          replaces,
        );
        return { status: 'draft', message: row };
      }
      await transmit(
        integration,
        { from: integration.email, to: [...input.to, ...input.cc, ...input.bcc] },
        await compose(options, false),
      );
      const row = await store(
        integration,
        await folderPath(integration, '\\Sent', 'Sent'),
        bytes,
        ['\\Seen'],
        replaces,
      );
      return { status: 'sent', message: row };
    },

    /** A draft's sender and sending status; `send` sends it as saved and moves it to Sent. */
    async updateDraft(viewer: Viewer, raw: unknown) {
      const input = parseInput(draftPatchSchema, raw);
      const integration = await ownIntegration(ctx, viewer);
      const [draft] = await ownMessages(ctx, integration, [input.id]);
      if (!draft?.is_draft) throw new AppError('NOT_FOUND', 404);
      await ctx.db
        .update(mailMessage)
        .set({
          sender_id: input.ph_sender_id ?? viewer.user.id,
          sending_status: input.ph_email_sending_status,
        })
        .where(eq(mailMessage.id, draft.id));
      if (input.ph_email_sending_status !== 'send')
        return { status: 'draft', message: { id: draft.id } };
      const source = await downloadSource(draft.folder_path, draft.uid, integration);
      const parsed = await simpleParser(source);
      const to = [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...addressesOf(parsed.bcc)];
      if (to.length === 0) throw new AppError('INVALID_INPUT', 400);
      const options: Mail.Options = {
        from: integration.email,
        to: addressesOf(parsed.to),
        cc: addressesOf(parsed.cc),
        subject: parsed.subject ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : escapeHtml(parsed.text ?? ''),
        text: parsed.text ?? '',
        attachments: parsed.attachments.map((a) => ({
          filename: a.filename ?? 'attachment',
          contentType: a.contentType,
          content: a.content,
        })),
      };
      const bytes = await compose(options, false);
      await transmit(integration, { from: integration.email, to }, bytes);
      const row = await store(
        integration,
        await folderPath(integration, '\\Sent', 'Sent'),
        bytes,
        ['\\Seen'],
        {
          path: draft.folder_path,
          uid: draft.uid,
        },
      );
      return { status: 'sent', message: row };
    },

    async forward(viewer: Viewer, raw: unknown) {
      const input = parseInput(forwardSchema, raw);
      const integration = await ownIntegration(ctx, viewer);
      const [original] = await ownMessages(ctx, integration, [input.emailId]);
      const source = await downloadSource(original!.folder_path, original!.uid, integration);
      const parsed = await simpleParser(source);
      const header = [
        '---------- Forwarded message ---------',
        `From: ${parsed.from?.text ?? ''}`,
        `Date: ${parsed.date?.toUTCString() ?? ''}`,
        `Subject: ${parsed.subject ?? ''}`,
        `To: ${addressesOf(parsed.to).join(', ')}`,
      ];
      const originalHtml =
        typeof parsed.html === 'string'
          ? parsed.html
          : `<pre>${escapeHtml(parsed.text ?? '')}</pre>`;
      const options: Mail.Options = {
        from: integration.email,
        to: input.to,
        cc: input.cc,
        bcc: input.bcc,
        subject: /^fwd?:/i.test(parsed.subject ?? '')
          ? parsed.subject
          : `Fwd: ${parsed.subject ?? ''}`,
        html: `<p>${header.map(escapeHtml).join('<br>')}</p>${originalHtml}`,
        text: `${header.join('\n')}\n\n${parsed.text ?? ''}`,
        attachments: parsed.attachments.map((a) => ({
          filename: a.filename ?? 'attachment',
          contentType: a.contentType,
          content: a.content,
        })),
        ...(parsed.messageId ? { references: [parsed.messageId] } : {}),
      };
      const bytes = await compose(options, false);
      await transmit(
        integration,
        { from: integration.email, to: [...input.to, ...input.cc, ...input.bcc] },
        bytes,
      );
      const row = await store(integration, await folderPath(integration, '\\Sent', 'Sent'), bytes, [
        '\\Seen',
      ]);
      return { status: 'sent', message: row };
    },
  };

  async function downloadSource(
    path: string,
    uid: number,
    integration: MailIntegrationRow,
  ): Promise<Buffer> {
    return withImap(ctx, integration, async (client) => {
      const lock = await client.getMailboxLock(path, { readOnly: true });
      try {
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) throw new AppError('NOT_FOUND', 404);
        return message.source;
      } finally {
        lock.release();
      }
    });
  }
}
