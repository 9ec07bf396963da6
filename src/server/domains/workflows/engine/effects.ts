/**
 * A step's external effects: the webhook call and the notify step's mail. Each is made before the
 * step's transaction, on the worker's connection outside any transaction, and recorded in
 * workflow_effect (its own commit) as soon as the receiver accepted it, under a key of
 * (run, node, retry round): a repeat of the step (a killed worker, a transient failure later in
 * the step) reads the record instead of calling or mailing again. A person's retry of a Failed step
 * is a new round, so it makes the effect again.
 */
import { eq } from 'drizzle-orm';
import type { NodeConfig } from '../../../../shared/workflows';
import type { Database } from '../../../db/connection';
import { workflowEffect } from '../../../db/schemaWorkflows';
import { escapeHtml } from '../../notification-rules/mail';
import { notifyReceivers, type EffectContext } from './actions';
import { fillTemplate } from './conditions';
import { final, transient } from './errors';
import { callWebhook } from './webhook';

type Output = Record<string, unknown>;

/** The effect's key: one per run, node and retry round (the webhook's Idempotency-Key). */
export const effectKey = (ctx: EffectContext) =>
  `${ctx.run.id}:${ctx.log.node_id}:${ctx.log.retry_round}`;

async function recorded(db: Database, key: string): Promise<Output | undefined> {
  const [done] = await db
    .select({ result: workflowEffect.result })
    .from(workflowEffect)
    .where(eq(workflowEffect.key, key));
  return done?.result as Output | undefined;
}

async function record(db: Database, key: string, nodeLogId: string, result: Output) {
  await db
    .insert(workflowEffect)
    .values({ key, node_log_id: nodeLogId, result })
    .onConflictDoNothing();
}

export async function webhook(
  ctx: EffectContext,
  config: NodeConfig<'action.webhook'>,
): Promise<Output> {
  const key = effectKey(ctx);
  const done = await recorded(ctx.db, key);
  if (done) return { ...done, replayed: true };
  const body = {
    event: 'workflow.node',
    run_id: ctx.run.id,
    workflow_id: ctx.run.workflow_id,
    node_id: ctx.log.node_id,
    trigger: ctx.run.trigger,
    ...(ctx.run.legal_processed_file_id
      ? {
          document: {
            id: ctx.facts.id,
            name: ctx.facts.name,
            file_type: ctx.facts.file_type,
            applicant: ctx.facts.applicant,
            adj_number: ctx.facts.adj_number,
            claim_number: ctx.facts.claim_number,
            legal_case_id: ctx.facts.legal_case_id,
          },
        }
      : {}),
    ...(ctx.run.raw_file_id ? { raw_file: { id: ctx.run.raw_file_id, name: ctx.facts.name } } : {}),
    ...(ctx.run.scheduled_for ? { scheduled_for: ctx.run.scheduled_for.toISOString() } : {}),
  };
  const answer = await callWebhook({
    url: config.url,
    secret: config.secret,
    body,
    idempotencyKey: key,
    allowPrivate: ctx.allowPrivateWebhooks,
  });
  const result = {
    status: answer.status,
    response: answer.body.slice(0, 1000),
    idempotency_key: key,
  };
  // Its own commit: even if this step's transaction is lost now, the call is not made again.
  await record(ctx.db, key, ctx.log.id, result);
  return result;
}

/** An SMTP refusal of the address itself (5xx): final for that address, not for the step. */
function refusedAddress(error: unknown): string | undefined {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600
    ? error instanceof Error
      ? error.message
      : String(error)
    : undefined;
}

/**
 * The notify step's mail: one mail per address (its listed emails and the email of each receiver
 * by role or id), each recorded under `<key>:mail:<address>` once the SMTP server accepted it (or
 * refused the address for good), so a repeat mails only the addresses not yet done. A transient
 * SMTP failure fails the step transiently (it is retried with backoff). Without SMTP settings no
 * mail is sent and the step says so.
 */
export async function notifyMail(
  ctx: EffectContext,
  config: NodeConfig<'action.notify'>,
): Promise<Output> {
  const receivers = await notifyReceivers(ctx.db, ctx.run.company_id, config);
  const addresses = [
    ...new Set([...config.emails, ...receivers.map((r) => r.email)].map((a) => a.toLowerCase())),
  ].sort();
  if (addresses.length === 0) return {};
  if (!ctx.mailer) return { emails_not_sent: addresses, mail: 'No SMTP server is configured.' };
  const content = fillTemplate(config.message, ctx.facts);
  const key = effectKey(ctx);
  const mailed: string[] = [];
  const refused: Array<{ to: string; error: string }> = [];
  for (const to of addresses) {
    const mailKey = `${key}:mail:${to}`;
    const done = await recorded(ctx.db, mailKey);
    if (!done) {
      let result: Output;
      try {
        await ctx.mailer.send({
          to: [to],
          subject: `LexDesk: ${content.split('\n')[0]!.slice(0, 120)}`,
          text: content,
          html: `<p>${escapeHtml(content).replace(/\n/g, '<br>')}</p>`,
          // The same id on a repeat, so a receiving server can fold a mail sent twice.
          messageId: `<${mailKey.replace(/[^a-z0-9.-]/gi, '.')}@workflow.lexdesk>`,
        });
        result = { to, accepted: true };
      } catch (error) {
        const reason = refusedAddress(error);
        if ((error as { code?: unknown }).code === 'EAUTH')
          throw final(`The SMTP server refused the login: ${String(error)}`);
        if (reason === undefined)
          throw transient(`The mail to ${to} could not be sent: ${String(error)}`);
        result = { to, accepted: false, error: reason };
      }
      await record(ctx.db, mailKey, ctx.log.id, result);
      if (result.accepted) mailed.push(to);
      else refused.push({ to, error: String(result.error) });
      continue;
    }
    if (done.accepted) mailed.push(to);
    else refused.push({ to, error: String(done.error) });
  }
  return { mailed, ...(refused.length > 0 ? { mail_refused: refused } : {}) };
}
