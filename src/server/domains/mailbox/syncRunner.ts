/**
 * One sync of one mailbox with its rules: syncMailbox brings the mail in; each new inbox message
 * is matched against the integration's filtering rules, its PDFs become raw files (mailImport.ts)
 * and the rules' flags are written back to the IMAP server after the folder walk (imapflow runs
 * one command at a time). The counts land in last_sync_result. One sync per mailbox at a time in
 * this process; a second caller waits for the running one. A sync that stored many messages ends
 * with VACUUM (ANALYZE) of mail_message (settle).
 */
import { eq, sql } from 'drizzle-orm';
import { mailIntegration, mailMessage, type MailIntegrationRow } from '../../db/schemaMail';
import type { MailboxContext } from './context';
import { withImap } from './integration';
import { importPdfAttachments, mailboxOwner } from './mailImport';
import { rowOfParsed, flagsOf } from './parse';
import { importsPdfs, matchingActions, ruleFlags, storedRules } from './rules';
import { syncMailbox, type NewMessage, type SyncCounts } from './sync';

export interface SyncResult extends SyncCounts {
  raw_files: number;
  error?: string;
}

/** A sync that stored at least this many messages is followed by VACUUM (ANALYZE) mail_message. */
const VACUUM_AFTER = 1000;

/**
 * After a bulk load (a first sync): marks the new pages all-visible and refreshes the planner's
 * numbers, so the list's page and count are index-only walks at once, not a sequential scan and
 * sort until autovacuum comes by (PostgreSQL's advice after bulk loading). ANALYZE alone was
 * measured as the cheaper choice (mail_message holds every firm's mail, and VACUUM reads all of
 * it): at 50,000 messages the list was not as fast after it (p50 9.5 ms, p95 29.9 ms at load
 * 4-10, the walks reading heap pages for visibility) as after VACUUM (ANALYZE) (p50 2.6 ms, p95
 * 4.9 ms at load 5-4), so the VACUUM stays; the runs' loads differed, see docs/PERFORMANCE.md.
 */
async function settle(ctx: MailboxContext): Promise<void> {
  try {
    await ctx.db.execute(sql`vacuum (analyze) mail_message`);
  } catch (error) {
    ctx.log.warn({ err: String(error) }, 'mail_message vacuum after a large sync failed');
  }
}

export function createSyncRunner(ctx: MailboxContext) {
  const running = new Map<string, Promise<SyncResult>>();

  async function run(integration: MailIntegrationRow): Promise<SyncResult> {
    const rules = storedRules(integration.rules);
    const owner = await mailboxOwner(ctx.db, integration.user_id);
    const sink = ctx.sink();
    const pendingFlags: Array<{ id: string; path: string; uid: number; flags: string[] }> = [];
    let rawFiles = 0;
    const onNew = async (message: NewMessage) => {
      if (!message.folder.isInbox) return;
      const row = rowOfParsed(message.parsed, '', new Date());
      const actions = matchingActions(rules, row);
      const flags = ruleFlags(actions);
      if (flags.length > 0)
        pendingFlags.push({ id: message.id, path: message.path, uid: message.uid, flags });
      if (owner && sink && importsPdfs(rules, actions))
        rawFiles += (
          await importPdfAttachments(
            { db: ctx.db, rawFiles: ctx.rawFiles, sink },
            owner,
            message.id,
            message.parsed.attachments,
          )
        ).length;
    };
    let result: SyncResult;
    try {
      const counts = await withImap(ctx, integration, async (client) => {
        const synced = await syncMailbox(
          { db: ctx.db, log: ctx.log, onNew },
          client,
          integration.id,
        );
        for (const pending of pendingFlags) {
          const lock = await client.getMailboxLock(pending.path);
          try {
            await client.messageFlagsAdd(String(pending.uid), pending.flags, { uid: true });
          } finally {
            lock.release();
          }
          const set = new Set(pending.flags);
          const flags = flagsOf(set, { isInbox: true, specialUse: '\\Inbox' });
          await ctx.db
            .update(mailMessage)
            .set({
              ...(set.has('\\Seen') ? { is_read: flags.is_read } : {}),
              ...(set.has('\\Flagged') ? { is_starred: flags.is_starred } : {}),
              ...(set.has('$Important') ? { is_important: flags.is_important } : {}),
            })
            .where(eq(mailMessage.id, pending.id));
        }
        return synced;
      });
      result = { ...counts, raw_files: rawFiles };
      if (counts.fetched >= VACUUM_AFTER) await settle(ctx);
    } catch (error) {
      ctx.log.error({ err: error, integrationId: integration.id }, 'mailbox sync failed');
      result = {
        folders: 0,
        fetched: 0,
        skipped: 0,
        flag_updates: 0,
        removed: 0,
        raw_files: rawFiles,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    await ctx.db
      .update(mailIntegration)
      .set({ last_sync: new Date(), last_sync_result: result })
      .where(eq(mailIntegration.id, integration.id));
    ctx.cache.invalidate(integration.id);
    return result;
  }

  return {
    sync(integration: MailIntegrationRow): Promise<SyncResult> {
      const current = running.get(integration.id);
      if (current) return current;
      const started = run(integration).finally(() => running.delete(integration.id));
      running.set(integration.id, started);
      return started;
    },
  };
}
export type SyncRunner = ReturnType<typeof createSyncRunner>;
