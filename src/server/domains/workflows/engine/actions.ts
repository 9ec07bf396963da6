/**
 * The actions. Each runs inside the node's execution transaction, so a database effect (sync to
 * the local case store, a case activity, in-app notifications, set type or name) commits with the
 * node's Completed row or not at all: a crash never repeats it. The external effects (the webhook,
 * the notify step's mail) are made before that transaction, in effects.ts.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/connection';
import { userProfile } from '../../../db/schema';
import { legalFileType, legalProcessedFile } from '../../../db/schemaPipeline';
import { documentSyncLog } from '../../../db/schemaWorkflows';
import { logSink, withCallLog } from '../../crm/callLog';
import { CrmCallError } from '../../crm/connector';
import { createLocalConnector, LOCAL_TYPE } from '../../crm/local';
import type { NodeConfig } from '../../../../shared/workflows';
import { insertNotification } from '../../notifications/repository';
import type { Mailer } from '../../notification-rules/mailer';
import { fillTemplate } from './conditions';
import { final, transient } from './errors';
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
  /** The server's outgoing mail (SMTP settings); without it the notify step mails no one. */
  mailer: Mailer | undefined;
}

/** What a step's external effect sees: the worker's connection, outside any transaction. */
export type EffectContext = Omit<ActionContext, 'tx'>;

export type ActionResult = { output: Record<string, unknown>; waiting?: boolean };

export const NO_DOCUMENT =
  'This step needs a processed document, and this run was started without one (a raw file or a schedule).';

/** Document steps refuse a run without a processed document (validateGraph refuses such graphs). */
function requireDocument(ctx: ActionContext): void {
  if (!ctx.run.legal_processed_file_id) throw final(NO_DOCUMENT);
}

export const NOT_MATCHED = 'This document is not matched to a case, so it cannot be synced.';

/**
 * Where "sync to case" sends a document. Each goes through the CRM connector interface
 * (domains/crm/connector.ts); only the built-in local CRM is offered to workflows for now.
 */
export interface CaseConnector {
  name: string;
  sync(ctx: ActionContext): Promise<{ case_id: string; case_number: string | null }>;
}

/** The local CRM on the node's transaction, its calls logged in the integration log. */
function localCrm(ctx: ActionContext) {
  return withCallLog(
    createLocalConnector(ctx.tx, ctx.run.company_id),
    logSink(ctx.tx, {
      company_id: ctx.run.company_id,
      integration_id: null,
      crm_type: LOCAL_TYPE,
      sync_type: 'workflow',
    }),
  );
}

/** A connector's refusal as the node's failure: 429, 5xx and network are tried again. */
async function throughCrm<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CrmCallError)
      throw error.retryable ? transient(error.message) : final(error.message);
    throw error;
  }
}

export const localCaseStore: CaseConnector = {
  name: 'local',
  async sync(ctx) {
    const caseId = ctx.facts.legal_case_id;
    if (!caseId) throw final(NOT_MATCHED);
    await throughCrm(() =>
      localCrm(ctx).uploadDocument({
        case_id: caseId,
        document_id: ctx.facts.id,
        name: ctx.facts.name,
        content_type: 'application/pdf',
        // The local CRM keeps the document where it is: its bytes are never read.
        read: () => Promise.reject(new Error('the local CRM does not read document bytes')),
      }),
    );
    return { case_id: caseId, case_number: ctx.facts.case_number_of_case };
  },
};

const CONNECTORS: Record<string, CaseConnector> = { local: localCaseStore };

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

export async function syncCase(
  ctx: ActionContext,
  config: NodeConfig<'action.sync_case'>,
): Promise<ActionResult> {
  requireDocument(ctx);
  const connector = CONNECTORS[config.connector];
  if (!connector) throw final(`The connector ${config.connector} is not available.`);
  const result = await connector.sync(ctx);
  await recordStepCase(ctx, result.case_id);
  const [log] = await ctx.tx
    .insert(documentSyncLog)
    .values({
      company_id: ctx.run.company_id,
      legal_processed_file_id: ctx.facts.id,
      node_log_id: ctx.log.id,
      legal_case_id: result.case_id,
      connector: connector.name,
      status: 'Completed',
      attempt: ctx.log.attempts,
      data: result,
      ended_at: new Date(),
    })
    .returning({ id: documentSyncLog.id });
  return { output: { ...result, connector: connector.name, sync_log_id: log?.id } };
}

export async function crmActivity(
  ctx: ActionContext,
  config: NodeConfig<'action.crm_activity'>,
): Promise<ActionResult> {
  requireDocument(ctx);
  const caseId = ctx.facts.legal_case_id;
  if (!caseId) throw final('This document is not matched to a case, so no activity can be added.');
  const note = fillTemplate(config.note, ctx.facts);
  const row = await throughCrm(() =>
    localCrm(ctx).createActivity({
      case_id: caseId,
      document_id: ctx.facts.id,
      activity_type: config.activity_type,
      note,
      date: new Date().toISOString().slice(0, 10),
    }),
  );
  await recordStepCase(ctx, caseId);
  return {
    output: { activity_id: row.id, case_id: caseId, activity_type: config.activity_type, note },
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
