/**
 * The actions. Each runs inside the node's execution transaction, so a database effect (sync to
 * the local case store, a case activity, in-app notifications, set type or name) commits with the
 * node's Completed row or not at all: a crash never repeats it. The external effects (the webhook,
 * the notify step's mail in effects.ts; an external CRM's upload and activities in crmEffects.ts)
 * are made before that transaction; what they returned comes in as `sent` / `mail`.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/connection';
import { userProfile } from '../../../db/schema';
import { legalFileType, legalProcessedFile } from '../../../db/schemaPipeline';
import { documentSyncLog } from '../../../db/schemaWorkflows';
import type { WorkflowCrm } from '../../crm/outbound';
import type { NodeConfig } from '../../../../shared/workflows';
import { insertNotification } from '../../notifications/repository';
import type { Mailer } from '../../notification-rules/mailer';
import { fillTemplate } from './conditions';
import {
  activityOnce,
  crmSent,
  localTarget,
  markFieldsSaved,
  markSynced,
  uploadLocal,
  writeFields,
} from './crmSync';
import { final } from './errors';
import type { DocumentFacts } from './facts';

export interface ActionContext {
  tx: DatabaseTransaction;
  db: Database;
  facts: DocumentFacts;
  run: {
    id: string;
    workflow_id: string;
    company_id: string;
    trigger: string;
    legal_processed_file_id: string | null;
    raw_file_id: string | null;
    scheduled_for: Date | null;
  };
  log: { id: string; node_id: string; retry_round: number; attempts: number };
  allowPrivateWebhooks: boolean;
  /** The company's external CRM, when the engine was given one (else the local CRM only). */
  crm?: WorkflowCrm | undefined;
  /** The server's outgoing mail (SMTP settings); without it the notify step mails no one. */
  mailer: Mailer | undefined;
}

/** What a step's external effect sees: the worker's connection, outside any transaction. */
export type EffectContext = Omit<ActionContext, 'tx'>;

export type ActionResult = { output: Record<string, unknown>; waiting?: boolean };

export const NO_DOCUMENT =
  'This step needs a processed document, and this run was started without one (a raw file or a schedule).';

/** Document steps refuse a run without a processed document (validateGraph refuses such graphs). */
export function requireDocument(ctx: EffectContext): void {
  if (!ctx.run.legal_processed_file_id) throw final(NO_DOCUMENT);
}

export const NOT_MATCHED = 'This document is not matched to a case, so it cannot be synced.';
export const NO_CASE_FOR_ACTIVITY =
  'This document is not matched to a case, so no activity can be added.';

/** What the step's external effect sent to an external CRM (crmEffects.ts), else undefined. */
function sentOf(effect: Record<string, unknown> | undefined) {
  return effect === undefined ? undefined : crmSent.parse(effect);
}

/**
 * Records the CRM case id this step used on the document (workflow_crm_case_ids, keyed by
 * workflow and node; each id once), on the node's transaction: it commits with the step's
 * Completed log or not at all.
 */
async function recordStepCase(ctx: ActionContext, caseId: string): Promise<void> {
  const key = `${ctx.run.workflow_id}:${ctx.log.node_id}`;
  const ids = sql`coalesce(${legalProcessedFile.workflow_crm_case_ids} -> ${key}::text, '[]'::jsonb)`;
  const one = sql`jsonb_build_array(${caseId}::text)`;
  await ctx.tx
    .update(legalProcessedFile)
    .set({
      workflow_crm_case_ids: sql`${legalProcessedFile.workflow_crm_case_ids} || jsonb_build_object(${key}::text, case when ${ids} @> ${one} then ${ids} else ${ids} || ${one} end)`,
    })
    .where(eq(legalProcessedFile.id, ctx.facts.id));
}

/**
 * Sends the document to its case in the company's active CRM (the built-in local CRM when none is
 * active, or when the step asks for it), with the extracted data fields the step names as one
 * activity; records the CRM's case id on the document and a Completed sync log.
 */
export async function syncCase(
  ctx: ActionContext,
  config: NodeConfig<'action.sync_case'>,
  effect: Record<string, unknown> | undefined,
): Promise<ActionResult> {
  requireDocument(ctx);
  const caseId = ctx.facts.legal_case_id;
  if (!caseId) throw final(NOT_MATCHED);
  const sent = sentOf(effect);
  let done: { connector: string; crm_case_id: string; document_id: string };
  let fields;
  if (sent) {
    done = {
      connector: sent.connector,
      crm_case_id: sent.crm_case_id,
      document_id: sent.document_id ?? '',
    };
    fields = sent.fields ?? null;
    await markSynced(ctx, sent.crm_case_id);
  } else {
    const target = localTarget(ctx, caseId);
    const document = await uploadLocal(ctx, target);
    done = { connector: target.name, crm_case_id: target.crm_case_id, document_id: document.id };
    fields = await writeFields(ctx, ctx.tx, target, config.data_fields, config.activity_type);
  }
  await markFieldsSaved(ctx, fields);
  await recordStepCase(ctx, done.crm_case_id);
  const result = {
    case_id: caseId,
    case_number: ctx.facts.case_number_of_case,
    crm_case_id: done.crm_case_id,
    crm_document_id: done.document_id,
    ...(fields
      ? {
          fields: {
            activity_id: fields.activity_id,
            written: fields.written,
            missing: fields.missing,
          },
        }
      : {}),
  };
  const [log] = await ctx.tx
    .insert(documentSyncLog)
    .values({
      company_id: ctx.run.company_id,
      legal_processed_file_id: ctx.facts.id,
      node_log_id: ctx.log.id,
      legal_case_id: caseId,
      connector: done.connector,
      status: 'Completed',
      attempt: ctx.log.attempts,
      data: result,
      ended_at: new Date(),
    })
    .returning({ id: documentSyncLog.id });
  return { output: { ...result, connector: done.connector, sync_log_id: log?.id } };
}

/** An activity of the chosen type on the document's case, in the company's active CRM. */
export async function crmActivity(
  ctx: ActionContext,
  config: NodeConfig<'action.crm_activity'>,
  effect: Record<string, unknown> | undefined,
): Promise<ActionResult> {
  requireDocument(ctx);
  const caseId = ctx.facts.legal_case_id;
  if (!caseId) throw final(NO_CASE_FOR_ACTIVITY);
  const note = fillTemplate(config.note, ctx.facts);
  const sent = sentOf(effect);
  let done: { connector: string; crm_case_id: string; activity_id: string; replayed?: boolean };
  if (sent) {
    done = {
      connector: sent.connector,
      crm_case_id: sent.crm_case_id,
      activity_id: sent.activity_id ?? '',
      ...(sent.replayed ? { replayed: true } : {}),
    };
  } else {
    const target = localTarget(ctx, caseId);
    const row = await activityOnce(ctx, target, 'activity', {
      activity_type: config.activity_type,
      note,
    });
    done = { connector: target.name, crm_case_id: target.crm_case_id, activity_id: row.id };
  }
  await recordStepCase(ctx, done.crm_case_id);
  return {
    output: {
      activity_id: done.activity_id,
      case_id: caseId,
      crm_case_id: done.crm_case_id,
      connector: done.connector,
      activity_type: config.activity_type,
      note,
      ...(done.replayed ? { replayed: true } : {}),
    },
  };
}

/** The company's active users the notify step names by legal role or by id, with their email. */
export async function notifyReceivers(
  db: DatabaseExecutor,
  companyId: string,
  config: NodeConfig<'action.notify'>,
): Promise<Array<{ id: string; email: string }>> {
  const byRole =
    config.roles.length > 0
      ? inArray(sql`${userProfile.legal_user_type}::text`, config.roles)
      : undefined;
  const byId = config.staff_ids.length > 0 ? inArray(userProfile.id, config.staff_ids) : undefined;
  if (!byRole && !byId) return [];
  return db
    .select({ id: userProfile.id, email: userProfile.email })
    .from(userProfile)
    .where(
      and(
        eq(userProfile.company_id, companyId),
        eq(userProfile.is_deactivated, false),
        or(byRole, byId),
      ),
    );
}

/** In-app notifications to the receivers, in the step's transaction; `mail` is what effects.ts sent. */
export async function notify(
  ctx: ActionContext,
  config: NodeConfig<'action.notify'>,
  mail: Record<string, unknown>,
): Promise<ActionResult> {
  const receivers = await notifyReceivers(ctx.tx, ctx.run.company_id, config);
  const content = fillTemplate(config.message, ctx.facts);
  for (const r of receivers)
    await insertNotification(ctx.tx, {
      content,
      receiver_id: r.id,
      module: 'workflow',
      redirect: ctx.run.legal_processed_file_id
        ? `/processed-file/${ctx.run.legal_processed_file_id}`
        : ctx.run.raw_file_id
          ? `/raw-files/${ctx.run.raw_file_id}`
          : null,
      company_id: ctx.run.company_id,
    });
  return { output: { notified: receivers.map((r) => r.id), content, ...mail } };
}

export async function setFields(
  ctx: ActionContext,
  config: NodeConfig<'action.set_fields'>,
): Promise<ActionResult> {
  requireDocument(ctx);
  const set: { legal_file_type_id?: string; name?: string } = {};
  if (config.file_type_id) {
    const [type] = await ctx.tx
      .select({ id: legalFileType.id })
      .from(legalFileType)
      .where(
        and(
          eq(legalFileType.id, config.file_type_id),
          eq(legalFileType.company_id, ctx.run.company_id),
          eq(legalFileType.is_deleted, false),
        ),
      );
    if (!type) throw final('The file type chosen for this step no longer exists.');
    set.legal_file_type_id = type.id;
  }
  if (config.name) set.name = fillTemplate(config.name, ctx.facts).slice(0, 300);
  await ctx.tx
    .update(legalProcessedFile)
    .set({ ...set, updated_at: new Date(), version: sql`${legalProcessedFile.version} + 1` })
    .where(eq(legalProcessedFile.id, ctx.facts.id));
  return {
    output: {
      before: { name: ctx.facts.name, legal_file_type_id: ctx.facts.legal_file_type_id },
      after: set,
    },
  };
}

export function waitForReview(ctx: ActionContext): ActionResult {
  requireDocument(ctx);
  if (ctx.facts.reviewed_at) return { output: { reviewed_at: ctx.facts.reviewed_at } };
  return { output: { waiting: true }, waiting: true };
}
