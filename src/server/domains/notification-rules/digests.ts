/**
 * Digest subscriptions (spec "Email subscription"): a mail listing a company's processed documents
 * (of one document type, or all) per period, to `emails`. Periods end at 07:00 UTC: daily every
 * day, weekly every 7 days, monthly on the starting date's day of the month (the month's last day
 * when shorter), the first one on `starting_date`. A tick sends, per subscription, the latest
 * period end not after now that is later than `last_sent_for` (a process down over several ends
 * sends the latest once), covering the documents created since the previous end. Like the rules
 * (dispatcher.ts) each send runs under the subscription's row lock (FOR UPDATE SKIP LOCKED) with
 * a compare on last_sent_for, and commits after the SMTP server accepted the mail: two processes,
 * or a restart, send each period once. An empty period sends nothing and is marked covered.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DigestFrequency } from '../../../shared/notifications/rules';
import { legalProcessedFile } from '../../db/schemaPipeline';
import { emailSubscription, type EmailSubscriptionRow } from '../../db/schemaNotify';
import { company } from '../../db/schema';
import {
  matchingDocuments,
  MAX_DOCUMENTS_PER_SEND,
  type DispatcherDeps,
  type TickResult,
} from './dispatcher';
import { renderDocumentsMail } from './mail';

const SEND_HOUR_UTC = 7;
const DAY_MS = 86_400_000;

function monthEnd(startDay: string, offset: number): Date {
  const [y, m, d] = startDay.split('-').map(Number) as [number, number, number];
  const month = m - 1 + offset;
  const last = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, month, Math.min(d, last), SEND_HOUR_UTC));
}

/** The n-th period end of a subscription (n = 0: the starting date at 07:00 UTC). */
export function periodEnd(startDay: string, frequency: DigestFrequency, n: number): Date {
  if (frequency === 'monthly') return monthEnd(startDay, n);
  const first = new Date(`${startDay}T0${SEND_HOUR_UTC}:00:00.000Z`).getTime();
  return new Date(first + n * (frequency === 'weekly' ? 7 : 1) * DAY_MS);
}

/** The latest period end not after `now` (its index and the previous end), or none yet. */
export function latestPeriod(
  startDay: string,
  frequency: DigestFrequency,
  now: Date,
): { end: Date; previous: Date; next: Date } | undefined {
  const first = periodEnd(startDay, frequency, 0);
  if (now < first) return undefined;
  let n: number;
  if (frequency === 'monthly') {
    n =
      (now.getUTCFullYear() - first.getUTCFullYear()) * 12 +
      (now.getUTCMonth() - first.getUTCMonth());
    while (n > 0 && periodEnd(startDay, frequency, n) > now) n -= 1;
  } else {
    const step = (frequency === 'weekly' ? 7 : 1) * DAY_MS;
    n = Math.floor((now.getTime() - first.getTime()) / step);
  }
  return {
    end: periodEnd(startDay, frequency, n),
    previous: periodEnd(startDay, frequency, n - 1),
    next: periodEnd(startDay, frequency, n + 1),
  };
}

const FREQUENCY_TITLE: Record<DigestFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export function createDigestDispatcher({ db, clock, mailer, log }: DispatcherDeps) {
  /** Sends the period ending at `end` unless another process (or an earlier tick) did. */
  async function fire(id: string, end: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailSubscription)
        .where(eq(emailSubscription.id, id))
        .for('update', { skipLocked: true });
      if (!row || (row.last_sent_for && row.last_sent_for >= end)) return false;
      const period = latestPeriod(row.starting_date, row.frequency as DigestFrequency, end);
      if (!period || period.end.getTime() !== end.getTime()) return false;
      const from =
        row.last_sent_for && row.last_sent_for > period.previous
          ? row.last_sent_for
          : period.previous;
      const found = await matchingDocuments(
        tx,
        and(
          eq(legalProcessedFile.company_id, row.company_id),
          row.file_type ? eq(legalProcessedFile.legal_file_type_id, row.file_type) : undefined,
          gte(legalProcessedFile.created_at, from),
          lt(legalProcessedFile.created_at, end),
        ),
        MAX_DOCUMENTS_PER_SEND,
      );
      let sent = false;
      if (found.total > 0) {
        if (!mailer) {
          log.warn({ digestId: row.id }, 'digest not sent: no SMTP server configured');
          return false;
        }
        const [firm] = await tx
          .select({ name: company.name })
          .from(company)
          .where(eq(company.id, row.company_id));
        const mail = renderDocumentsMail({
          title: `${FREQUENCY_TITLE[row.frequency as DigestFrequency]} digest of ${firm?.name ?? 'your firm'}`,
          intro: `Documents processed from ${from.toISOString().slice(0, 16).replace('T', ' ')} to ${end
            .toISOString()
            .slice(0, 16)
            .replace('T', ' ')} UTC.`,
          documents: found.documents,
          more: found.total - found.documents.length,
        });
        await mailer.send({ to: row.emails, ...mail });
        sent = true;
      }
      await tx
        .update(emailSubscription)
        .set({ last_sent_for: end, ...(sent ? { last_sent_at: clock() } : {}) })
        .where(eq(emailSubscription.id, row.id));
      return sent;
    });
  }

  async function tick(): Promise<TickResult> {
    const now = clock();
    const rows: Array<
      Pick<EmailSubscriptionRow, 'id' | 'starting_date' | 'frequency' | 'last_sent_for'>
    > = await db
      .select({
        id: emailSubscription.id,
        starting_date: emailSubscription.starting_date,
        frequency: emailSubscription.frequency,
        last_sent_for: emailSubscription.last_sent_for,
      })
      .from(emailSubscription)
      .where(sql`${emailSubscription.starting_date} <= ${now.toISOString().slice(0, 10)}::date + 1`)
      .orderBy(asc(emailSubscription.created_at));
    let sent = 0;
    let next: Date | undefined;
    for (const row of rows) {
      const period = latestPeriod(row.starting_date, row.frequency as DigestFrequency, now);
      const upcoming =
        period?.next ?? periodEnd(row.starting_date, row.frequency as DigestFrequency, 0);
      if (!next || upcoming < next) next = upcoming;
      if (!period || (row.last_sent_for && row.last_sent_for >= period.end)) continue;
      try {
        if (await fire(row.id, period.end)) sent += 1;
      } catch (error) {
        log.error({ digestId: row.id, error: String(error) }, 'digest could not be sent');
      }
    }
    return { sent, ...(next ? { next } : {}) };
  }

  return { tick, fire };
}

export type DigestDispatcher = ReturnType<typeof createDigestDispatcher>;
