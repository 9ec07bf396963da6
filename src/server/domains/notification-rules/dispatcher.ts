/**
 * Fires notification rules. A tick looks at every active rule:
 * - `document_processed`: the company's processed documents (document-center rows) of the rule's
 *   file types, created since the rule, that no history row of the rule lists yet;
 * - `schedule`: the latest cron time not after now and later than both the rule's creation and
 *   its `last_fired_for` (a process down over several times fires the latest once), with the
 *   documents of its file types created since the previous fire.
 * Each rule is fired in one transaction holding its row lock (FOR UPDATE SKIP LOCKED): the rule is
 * re-read, the documents chosen, the mail sent over SMTP, the in-app notifications and the history
 * row written, and last_sent_at / last_fired_for moved; all commit together. A second process (or
 * a second tick) skips a locked rule and, once it is committed, finds nothing left to send. A mail
 * failure rolls everything back and the next tick tries again. The one window left: a crash after
 * the SMTP server accepted the mail and before the commit sends it again on the next tick.
 * The clock is injected, so tests move time by hand.
 */
import { Cron } from 'croner';
import { dueTime } from '../../../shared/cron';
import { CENTER } from '../document-center/listConditions';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { parseRulesText, type NotificationRules } from '../../../shared/notifications/rules';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile } from '../../db/schema';
import { legalStaff } from '../../db/schemaPeople';
import { legalFileType, legalProcessedFile } from '../../db/schemaPipeline';
import {
  notificationSubscription,
  notificationSubscriptionHistory,
  type NotificationSubscriptionRow,
} from '../../db/schemaNotify';
import { insertNotification } from '../notifications/repository';
import { renderDocumentsMail, type MailDocument } from './mail';
import type { Mailer } from './mailer';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The most documents one send lists (the rest go in the next send). */
export const MAX_DOCUMENTS_PER_SEND = 200;

export interface DispatcherLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatcherDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer | undefined;
  log: DispatcherLog;
}

export interface TickResult {
  /** Sends this tick made (a history row each). */
  sent: number;
  /** The earliest next cron time of a schedule rule, if any. */
  next?: Date;
}

/** The documents a send lists, oldest first, at most `limit`, plus the total matching. */
export async function matchingDocuments(
  tx: DatabaseExecutor,
  where: ReturnType<typeof and>,
  limit: number,
): Promise<{ documents: MailDocument[]; total: number }> {
  const rows = await tx
    .select({
      id: legalProcessedFile.id,
      name: legalProcessedFile.name,
      type: legalFileType.name,
      created_at: legalProcessedFile.created_at,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(legalProcessedFile)
    .leftJoin(legalFileType, eq(legalFileType.id, legalProcessedFile.legal_file_type_id))
    .where(and(CENTER, where))
    .orderBy(asc(legalProcessedFile.created_at), asc(legalProcessedFile.id))
    .limit(limit);
  return {
    documents: rows.map(({ total: _total, ...d }) => d),
    total: rows[0]?.total ?? 0,
  };
}

/** Who a rule reaches: mail addresses (deduplicated, lower-case) and the users to notify in-app. */
async function resolveRecipients(
  tx: DatabaseExecutor,
  companyId: string,
  recipients: NotificationRules['recipients'],
): Promise<{ emails: string[]; users: Array<{ id: string; email: string }> }> {
  const users =
    recipients.roles.length === 0
      ? []
      : await tx
          .select({ id: userProfile.id, email: userProfile.email })
          .from(userProfile)
          .where(
            and(
              eq(userProfile.company_id, companyId),
              eq(userProfile.is_deactivated, false),
              inArray(userProfile.legal_user_type, recipients.roles),
            ),
          )
          .orderBy(asc(userProfile.email));
  const staff =
    recipients.legal_staff.length === 0
      ? []
      : await tx
          .select({ email: legalStaff.email })
          .from(legalStaff)
          .where(
            and(
              eq(legalStaff.company_id, companyId),
              eq(legalStaff.is_deleted, false),
              inArray(legalStaff.id, recipients.legal_staff),
            ),
          );
  const emails = [
    ...new Set(
      [...users.map((u) => u.email), ...staff.map((s) => s.email), ...recipients.external_emails]
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].sort();
  return { emails, users };
}

export function createRuleDispatcher({ db, clock, mailer, log }: DispatcherDeps) {
  /** Fires one rule (for `due` when it is a schedule rule); true if it sent. */
  async function fire(ruleId: string, due: Date | undefined): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(notificationSubscription)
        .where(
          and(
            eq(notificationSubscription.id, ruleId),
            eq(notificationSubscription.is_active, true),
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return false;
      const parsed = parseRulesText(row.rules);
      if (!parsed.ok) return false;
      const rules = parsed.rules;
      const fileTypes = rules.trigger.metadata.file_types;
      const ofCompany = and(
        eq(legalProcessedFile.company_id, row.company_id),
        fileTypes.length > 0
          ? inArray(legalProcessedFile.legal_file_type_id, fileTypes)
          : undefined,
      );
      let found: { documents: MailDocument[]; total: number };
      if (rules.trigger.type === 'schedule') {
        if (!due || (row.last_fired_for && row.last_fired_for >= due)) return false;
        const since = row.last_fired_for ?? row.created_at;
        found = await matchingDocuments(
          tx,
          and(
            ofCompany,
            gt(legalProcessedFile.created_at, since),
            lte(legalProcessedFile.created_at, due),
          ),
          MAX_DOCUMENTS_PER_SEND,
        );
        if (found.total === 0) {
          await tx
            .update(notificationSubscription)
            .set({ last_fired_for: due })
            .where(eq(notificationSubscription.id, row.id));
          return false;
        }
      } else {
        if (due) return false;
        found = await matchingDocuments(
          tx,
          and(
            ofCompany,
            sql`${legalProcessedFile.created_at} >= ${row.created_at}`,
            sql`not exists (select 1 from ${notificationSubscriptionHistory} h where h.notification_subscription_id = ${row.id} and h.process_file_ids @> array[${legalProcessedFile.id}])`,
          ),
          MAX_DOCUMENTS_PER_SEND,
        );
        if (found.total === 0) return false;
      }
      await send(tx, row, rules, found, due);
      return true;
    });
  }

  async function send(
    tx: DatabaseExecutor,
    row: NotificationSubscriptionRow,
    rules: NotificationRules,
    found: { documents: MailDocument[]; total: number },
    due: Date | undefined,
  ): Promise<void> {
    const { documents, total } = found;
    const now = clock();
    const recipients = await resolveRecipients(tx, row.company_id, rules.recipients);
    const mail = renderDocumentsMail({
      title: row.name,
      intro:
        rules.trigger.type === 'schedule'
          ? `Documents processed since the last report (scheduled ${rules.trigger.metadata.cron_expression}).`
          : 'New processed documents matched this notification rule.',
      documents,
      more: total - documents.length,
    });
    let emailContent: string | null = null;
    if (rules.delivery.includes('email') && recipients.emails.length > 0) {
      if (mailer) {
        await mailer.send({ to: recipients.emails, ...mail });
        emailContent = mail.html;
      } else {
        log.warn({ ruleId: row.id }, 'notification rule mail not sent: no SMTP server configured');
      }
    }
    if (rules.delivery.includes('in_app')) {
      const content =
        documents.length === 1
          ? `${row.name}: ${documents[0]!.name}`
          : `${row.name}: ${total} new documents`;
      for (const user of recipients.users)
        await insertNotification(tx, {
          content: content.slice(0, 500),
          receiver_id: user.id,
          sender_id: null,
          module: 'notification_rules',
          redirect: documents.length === 1 ? `/documents/${documents[0]!.id}` : '/documents',
          extra_content: JSON.stringify({
            notification_subscription_id: row.id,
            process_file_ids: documents.map((d) => d.id),
          }),
          company_id: row.company_id,
        });
    }
    await tx.insert(notificationSubscriptionHistory).values({
      notification_subscription_id: row.id,
      process_file_ids: documents.map((d) => d.id),
      file: documents.map((d) => d.name).join('\n'),
      email_content: emailContent,
      recipients: [
        ...recipients.emails,
        ...(rules.delivery.includes('in_app') && !rules.delivery.includes('email')
          ? recipients.users.map((u) => u.email)
          : []),
      ].filter((e, i, all) => all.indexOf(e) === i),
      fired_for: due ?? null,
    });
    await tx
      .update(notificationSubscription)
      .set({ last_sent_at: now, ...(due ? { last_fired_for: due } : {}) })
      .where(eq(notificationSubscription.id, row.id));
  }

  /** Fires every due rule once. */
  async function tick(): Promise<TickResult> {
    const now = clock();
    const rules = await db
      .select({
        id: notificationSubscription.id,
        rules: notificationSubscription.rules,
        created_at: notificationSubscription.created_at,
        last_fired_for: notificationSubscription.last_fired_for,
      })
      .from(notificationSubscription)
      .where(eq(notificationSubscription.is_active, true))
      .orderBy(desc(notificationSubscription.created_at));
    let sent = 0;
    let next: Date | undefined;
    for (const rule of rules) {
      const parsed = parseRulesText(rule.rules);
      if (!parsed.ok) {
        log.error({ ruleId: rule.id }, 'notification rule cannot be read');
        continue;
      }
      try {
        if (parsed.rules.trigger.type === 'schedule') {
          const cron = new Cron(parsed.rules.trigger.metadata.cron_expression ?? '', {
            paused: true,
            timezone: 'UTC',
          });
          const after =
            rule.last_fired_for && rule.last_fired_for > rule.created_at
              ? rule.last_fired_for
              : rule.created_at;
          const due = dueTime(cron, after, now);
          if (due && (await fire(rule.id, due))) sent += 1;
          const upcoming = cron.nextRun(now);
          if (upcoming && (!next || upcoming < next)) next = upcoming;
        } else {
          // A burst of documents beyond one send's limit goes out in several sends.
          while (await fire(rule.id, undefined)) sent += 1;
        }
      } catch (error) {
        log.error({ ruleId: rule.id, error: String(error) }, 'notification rule could not fire');
      }
    }
    return { sent, ...(next ? { next } : {}) };
  }

  /**
   * Fires the active document rules of one company now (the wake-up on its documents' pg NOTIFY,
   * so a rule does not wait for the next tick); schedule rules stay with the tick.
   */
  async function fireDocumentRules(companyId: string): Promise<number> {
    const rules = await db
      .select({ id: notificationSubscription.id, rules: notificationSubscription.rules })
      .from(notificationSubscription)
      .where(
        and(
          eq(notificationSubscription.company_id, companyId),
          eq(notificationSubscription.is_active, true),
        ),
      )
      .orderBy(desc(notificationSubscription.created_at));
    let sent = 0;
    for (const rule of rules) {
      const parsed = parseRulesText(rule.rules);
      if (!parsed.ok || parsed.rules.trigger.type !== 'document_processed') continue;
      try {
        while (await fire(rule.id, undefined)) sent += 1;
      } catch (error) {
        log.error({ ruleId: rule.id, error: String(error) }, 'notification rule could not fire');
      }
    }
    return sent;
  }

  return { tick, fire, fireDocumentRules };
}

export type RuleDispatcher = ReturnType<typeof createRuleDispatcher>;
