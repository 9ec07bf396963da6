/**
 * The smart inbox (spec section 7 "Email"): the caller's own mailbox integration (connect, toggle,
 * filtering rules, sync), the paged list and unread count (cached as section 9 says), threads,
 * contacts and flag changes written to the IMAP server first and then to the table. Sending,
 * drafts and forwarding are in send.ts.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CACHE_SECONDS } from '../../../shared/constants';
import { AppError } from '../../../shared/errors';
import {
  bulkReadSchema,
  contactsQuerySchema,
  mailIntegrationInputSchema,
  mailRulesSchema,
  messageFlagsPatchSchema,
  messageListQuerySchema,
  threadQuerySchema,
  toggleSchema,
} from '../../../shared/mailbox/schemas';
import { uuid } from '../../../shared/schemas/input';
import { mailFolder, mailIntegration, mailMessage } from '../../db/schemaMail';
import { parseInput } from '../../errors';
import type { Viewer } from '../../permissions';
import { createTtlCache } from './cache';
import {
  checkOwnUser,
  groupByFolder,
  ownIntegration,
  ownMessages,
  type MailboxContext,
} from './context';
import {
  integrationOfUser,
  publicIntegration,
  saveIntegration,
  withImap,
  imapClient,
} from './integration';
import { contacts, listMessages, listTotal, threadMessages, unreadCount } from './queries';
import { storedRules } from './rules';
import { createSender } from './send';
import { createSyncRunner } from './syncRunner';

export type MailboxDeps = Omit<MailboxContext, 'cache'>;

export function createMailboxService(deps: MailboxDeps) {
  const ctx: MailboxContext = { ...deps, cache: createTtlCache() };
  const runner = createSyncRunner(ctx);
  const sender = createSender(ctx, runner);

  async function ownById(viewer: Viewer, integrationId: unknown) {
    const id = parseInput(z.object({ integrationId: uuid() }), { integrationId }).integrationId;
    const row = await ownIntegration(ctx, viewer);
    if (row.id !== id) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /** Sets or clears IMAP flags on messages (grouped by folder), then the same in the table. */
  async function setFlags(
    viewer: Viewer,
    ids: readonly string[],
    changes: {
      is_read?: boolean | undefined;
      is_starred?: boolean | undefined;
      is_important?: boolean | undefined;
    },
  ) {
    const integration = await ownIntegration(ctx, viewer);
    const messages = await ownMessages(ctx, integration, ids);
    const imapFlag = { is_read: '\\Seen', is_starred: '\\Flagged', is_important: '$Important' };
    await withImap(ctx, integration, async (client) => {
      for (const [path, group] of groupByFolder(messages)) {
        const uids = group.map((m) => m.uid).join(',');
        const lock = await client.getMailboxLock(path);
        try {
          for (const key of Object.keys(imapFlag) as Array<keyof typeof imapFlag>) {
            const value = changes[key];
            if (value === undefined) continue;
            if (value) await client.messageFlagsAdd(uids, [imapFlag[key]], { uid: true });
            else await client.messageFlagsRemove(uids, [imapFlag[key]], { uid: true });
          }
        } finally {
          lock.release();
        }
      }
    });
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    for (const message of messages)
      await ctx.db.update(mailMessage).set(set).where(eq(mailMessage.id, message.id));
    ctx.cache.invalidate(integration.id);
    return { updated: messages.length };
  }

  return {
    runner,
    ...sender,

    async integration(viewer: Viewer) {
      const row = await integrationOfUser(ctx.db, viewer.user.id);
      return row ? publicIntegration(row) : null;
    },

    /**
     * Saves the settings after a successful IMAP sign-in with them (else AUTHENTICATION_FAILED);
     * an IMAP or SMTP server the settings do not allow is refused first (MAIL_SERVER_NOT_ALLOWED).
     */
    async connect(viewer: Viewer, raw: unknown) {
      const input = parseInput(mailIntegrationInputSchema, raw);
      await ctx.servers.check('smtp', input.smtp_host, input.smtp_port);
      const trial = await imapClient(ctx.servers, {
        host: input.imap_host,
        port: input.imap_port,
        secure: input.imap_tls,
        user: input.imap_user ?? input.email,
        pass: input.password,
      });
      try {
        await trial.connect();
        await trial.logout();
      } catch (error) {
        ctx.log.warn({ err: String(error) }, 'mailbox sign-in failed');
        trial.close();
        throw new AppError('AUTHENTICATION_FAILED', 400);
      }
      const row = await saveIntegration(
        ctx.db,
        ctx.ring,
        { userId: viewer.user.id, companyId: viewer.user.company_id },
        input,
      );
      ctx.cache.invalidate(row.id);
      return publicIntegration(row);
    },

    async toggle(viewer: Viewer, raw: unknown) {
      const input = parseInput(toggleSchema, raw);
      const row = await ownById(viewer, input.integrationId);
      const [updated] = await ctx.db
        .update(mailIntegration)
        .set({ is_active: input.enabled, updated_at: new Date() })
        .where(eq(mailIntegration.id, row.id))
        .returning();
      return publicIntegration(updated!);
    },

    async rules(viewer: Viewer, integrationId: unknown) {
      const row = await ownById(viewer, integrationId);
      return { integrationId: row.id, rules: storedRules(row.rules) };
    },

    async updateRules(viewer: Viewer, integrationId: unknown, raw: unknown) {
      const row = await ownById(viewer, integrationId);
      const { rules } = parseInput(z.object({ rules: mailRulesSchema }), raw);
      await ctx.db
        .update(mailIntegration)
        .set({ rules: JSON.stringify(rules), updated_at: new Date() })
        .where(eq(mailIntegration.id, row.id));
      return { integrationId: row.id, rules };
    },

    async sync(viewer: Viewer) {
      const row = await ownIntegration(ctx, viewer);
      // A server the settings no longer allow answers with that, not a failed sync.
      await ctx.servers.check('imap', row.imap_host, row.imap_port);
      const result = await runner.sync(row);
      if (result.error) throw new AppError('SYNC_MAILBOX_FAILED', 502);
      return result;
    },

    async list(viewer: Viewer, raw: unknown) {
      const query = parseInput(messageListQuerySchema, raw ?? {});
      const row = await ownIntegration(ctx, viewer);
      // The total is the same for every page of a filter: counted once per filter and cached
      // (and dropped) with the pages, not counted again for each page.
      const { page: _page, ...filter } = query;
      const total = () =>
        ctx.cache.get(row.id, `total:${JSON.stringify(filter)}`, CACHE_SECONDS.messages, () =>
          listTotal(ctx.db, row.id, query),
        );
      return ctx.cache.get(row.id, `list:${JSON.stringify(query)}`, CACHE_SECONDS.messages, () =>
        listMessages(ctx.db, row.id, query, total),
      );
    },

    async unread(viewer: Viewer) {
      const row = await ownIntegration(ctx, viewer);
      const count = await ctx.cache.get(row.id, 'unread', CACHE_SECONDS.unreadMessages, () =>
        unreadCount(ctx.db, row.id),
      );
      return { unread: count };
    },

    async thread(viewer: Viewer, raw: unknown) {
      const query = parseInput(threadQuerySchema, raw);
      checkOwnUser(viewer, query.userId);
      checkOwnUser(viewer, query.originalUserId);
      const row = await ownIntegration(ctx, viewer);
      const messages = await threadMessages(ctx.db, row.id, query.threadId);
      if (messages.length === 0) throw new AppError('NOT_FOUND', 404);
      return { threadId: query.threadId, messages };
    },

    async contacts(viewer: Viewer, raw: unknown) {
      const query = parseInput(contactsQuerySchema, raw ?? {});
      checkOwnUser(viewer, query.userId);
      const row = await ownIntegration(ctx, viewer);
      return contacts(ctx.db, row.id, query);
    },

    patchFlags(viewer: Viewer, raw: unknown) {
      const { ids, ...flags } = parseInput(messageFlagsPatchSchema, raw);
      return setFlags(viewer, ids, flags);
    },
    bulkRead(viewer: Viewer, raw: unknown) {
      return setFlags(viewer, parseInput(bulkReadSchema, raw).messageIds, { is_read: true });
    },
    oneFlag(viewer: Viewer, id: unknown, flags: { is_read?: boolean; is_starred?: boolean }) {
      const parsed = parseInput(z.object({ id: uuid() }), { id }).id;
      return setFlags(viewer, [parsed], flags);
    },

    /** Moves the message to Trash; one already in Trash (or a mailbox without one) is expunged. */
    async remove(viewer: Viewer, rawId: unknown) {
      const id = parseInput(z.object({ id: uuid() }), { id: rawId }).id;
      const integration = await ownIntegration(ctx, viewer);
      const [message] = await ownMessages(ctx, integration, [id]);
      const [trash] = await ctx.db
        .select()
        .from(mailFolder)
        .where(
          and(eq(mailFolder.integration_id, integration.id), eq(mailFolder.special_use, '\\Trash')),
        );
      await withImap(ctx, integration, async (client) => {
        const lock = await client.getMailboxLock(message!.folder_path);
        try {
          if (trash && !message!.is_trash)
            await client.messageMove(String(message!.uid), trash.path, { uid: true });
          else await client.messageDelete(String(message!.uid), { uid: true });
        } finally {
          lock.release();
        }
      });
      await ctx.db.delete(mailMessage).where(eq(mailMessage.id, id));
      ctx.cache.invalidate(integration.id);
      // The moved copy arrives in Trash with the next sync of that folder.
      if (trash && !message!.is_trash) await runner.sync(integration);
      return { id, deleted: true };
    },
  };
}
export type MailboxService = ReturnType<typeof createMailboxService>;
