/**
 * The CRM side of the workflow actions "sync to case" and "create CRM activity": to the company's
 * active external CRM (crm/outbound.ts) when there is one, else to the built-in local CRM on the
 * node's transaction. An external CRM's calls are the step's external effect (execute.ts): made
 * before the step's transaction, on the worker's connection outside any transaction, so no row
 * lock is held while the CRM answers. Each is recorded in workflow_effect (on the server's main
 * pool, its own commit) as soon as the CRM accepted it, under a key of the run and node (not the
 * retry round: a person's retry resumes, it does not send again); a multi-call upload records
 * each step it got through. What the CRM answered goes into the step's transaction, where the
 * database side (document_synced, crm_case_id, is_saved_in_crm, the sync log) commits with the
 * node.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseExecutor } from '../../../db/connection';
import {
  legalCase,
  legalExtractedDataForProcessedFile,
  legalProcessedFile,
} from '../../../db/schemaPipeline';
import { workflowEffect } from '../../../db/schemaWorkflows';
import { logSink, withCallLog } from '../../crm/callLog';
import { CrmCallError, type CrmConnector, type UploadProgress } from '../../crm/connector';
import { createLocalConnector, LOCAL_TYPE } from '../../crm/local';
import type { ExternalCrm } from '../../crm/outbound';
import type { ActionContext, EffectContext } from './actions';
import { final, NodeFailure, transient } from './errors';

export const DEFAULT_FIELDS_ACTIVITY = 'Extracted data';

/** Where a step's CRM calls go: the external CRM's connector or the local one, and the case id there. */
export interface CrmTarget {
  name: string;
  connector: CrmConnector;
  /** The CRM's id of the document's case. */
  crm_case_id: string;
  external: boolean;
}

/** The local CRM on the node's transaction, its calls logged in the integration log. */
export function localCrm(ctx: ActionContext): CrmConnector {
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
export async function throughCrm<T>(name: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NodeFailure) {
      error.connector ??= name;
      throw error;
    }
    if (!(error instanceof CrmCallError)) throw error;
    const failure = error.retryable ? transient(error.message) : final(error.message);
    failure.connector = name;
    throw failure;
  }
}

/** The local CRM for this step: LexDesk's own case, on the node's transaction. */
export function localTarget(ctx: ActionContext, caseId: string): CrmTarget {
  return { name: LOCAL_TYPE, connector: localCrm(ctx), crm_case_id: caseId, external: false };
}

/**
 * The external CRM this step sends to, or null when it goes to the local CRM (no active external
 * CRM, or the step asks for the local one). The case must be one of that CRM's (synced in from
 * it). Read on the worker's connection, before the step's transaction.
 */
export async function externalTarget(
  ctx: EffectContext,
  caseId: string,
  useActive: boolean,
): Promise<CrmTarget | null> {
  const external: ExternalCrm | null =
    useActive && ctx.crm ? await ctx.crm.active(ctx.run.company_id) : null;
  if (!external) return null;
  const [row] = await ctx.db
    .select({
      crm_type: legalCase.crm_type,
      crm_case_ref: legalCase.crm_case_ref,
      case_number: legalCase.case_number,
    })
    .from(legalCase)
    .where(and(eq(legalCase.id, caseId), eq(legalCase.company_id, ctx.run.company_id)));
  if (!row?.crm_case_ref || row.crm_type !== external.crm_type) {
    const which = row?.case_number ? `The case ${row.case_number}` : 'The case';
    const failure = final(
      `${which} is not a case of ${external.label} (it was not synced in from it), so nothing can be sent to it there.`,
    );
    failure.connector = external.crm_type;
    throw failure;
  }
  return {
    name: external.crm_type,
    connector: external.connector,
    crm_case_id: row.crm_case_ref,
    external: true,
  };
}

/**
 * A record in workflow_effect of how far an external effect got, committed on its own on the main
 * pool (the engine's option `crm.effects`), else on the worker's connection.
 */
export function effectRecord(ctx: EffectContext, effect: string): UploadProgress {
  const key = `crm:${ctx.run.id}:${ctx.log.node_id}:${effect}`;
  const db = ctx.crm?.effects ?? ctx.db;
  return {
    async load() {
      const [row] = await db
        .select({ result: workflowEffect.result })
        .from(workflowEffect)
        .where(eq(workflowEffect.key, key));
      return row?.result ?? null;
    },
    async save(state) {
      await db
        .insert(workflowEffect)
        .values({ key, node_log_id: ctx.log.id, result: state as object })
        .onConflictDoUpdate({ target: workflowEffect.key, set: { result: state as object } });
    },
  };
}

/** Creates the activity once per run and step: an external one is recorded, a repeat reads it. */
export async function activityOnce(
  ctx: EffectContext,
  target: CrmTarget,
  effect: string,
  activity: { activity_type: string; note: string },
): Promise<{ id: string; replayed: boolean }> {
  const record = target.external ? effectRecord(ctx, effect) : null;
  const done = (await record?.load()) as { id?: unknown } | null | undefined;
  if (typeof done?.id === 'string') return { id: done.id, replayed: true };
  const row = await throughCrm(target.name, () =>
    target.connector.createActivity({
      case_id: target.crm_case_id,
      document_id: ctx.facts.id,
      activity_type: activity.activity_type,
      note: activity.note,
      date: new Date().toISOString().slice(0, 10),
    }),
  );
  await record?.save({ id: row.id });
  return { id: row.id, replayed: false };
}

/** The local CRM keeps the document where it is (its bytes are never read), on the transaction. */
export function uploadLocal(ctx: ActionContext, target: CrmTarget): Promise<{ id: string }> {
  return throughCrm(target.name, () =>
    target.connector.uploadDocument({
      case_id: target.crm_case_id,
      document_id: ctx.facts.id,
      name: ctx.facts.name,
      content_type: 'application/pdf',
      read: () => Promise.reject(new Error('the local CRM does not read document bytes')),
    }),
  );
}

/**
 * Sends the document's PDF to the case of an external CRM (resuming an upload a failure or crash
 * interrupted), outside any transaction.
 */
export async function uploadExternal(
  ctx: EffectContext,
  target: CrmTarget,
): Promise<{ id: string }> {
  const [file] = await ctx.db
    .select({ key: legalProcessedFile.s3_key })
    .from(legalProcessedFile)
    .where(eq(legalProcessedFile.id, ctx.facts.id));
  const key = file?.key;
  const crm = ctx.crm;
  if (!key || !crm) {
    const failure = final('This document has no PDF yet, so it cannot be sent to the CRM.');
    failure.connector = target.name;
    throw failure;
  }
  return throughCrm(target.name, () =>
    target.connector.uploadDocument({
      case_id: target.crm_case_id,
      document_id: ctx.facts.id,
      name: /\.pdf$/i.test(ctx.facts.name) ? ctx.facts.name : `${ctx.facts.name}.pdf`,
      content_type: 'application/pdf',
      progress: effectRecord(ctx, 'document'),
      read: async () => {
        const bytes = await crm.readFile(ctx.run.company_id, key);
        if (!bytes) throw final('The PDF of this document is missing from storage.');
        return bytes;
      },
    }),
  );
}

/** What writing the step's fields did: the activity, the fields written and those without value. */
export const fieldsWritten = z.object({
  activity_id: z.string(),
  written: z.array(z.string()),
  missing: z.array(z.string()),
  /** The extracted values written (marked is_saved_in_crm with the node). */
  value_ids: z.array(z.string()),
});
export type FieldsWritten = z.infer<typeof fieldsWritten>;

/**
 * The extracted values of `fields` on the document as one activity's note ("Field: value" lines),
 * written once; `on` reads the values (the transaction for the local CRM, the worker's connection
 * for an external one). The caller marks the values written `is_saved_in_crm` (markFieldsSaved).
 */
export async function writeFields(
  ctx: EffectContext,
  on: DatabaseExecutor,
  target: CrmTarget,
  fields: string[],
  activityType: string,
): Promise<FieldsWritten | null> {
  if (fields.length === 0) return null;
  const x = legalExtractedDataForProcessedFile;
  const rows = await on
    .select({ id: x.id, data_field: x.data_field, value: x.extracted_value })
    .from(x)
    .where(
      and(
        eq(x.processed_file_id, ctx.facts.id),
        eq(x.is_deleted, false),
        inArray(x.data_field, fields),
      ),
    );
  const valued = rows.filter((r) => r.value !== null && r.value.trim() !== '');
  const written = fields.filter((f) => valued.some((r) => r.data_field === f));
  const missing = fields.filter((f) => !written.includes(f));
  if (written.length === 0) return { activity_id: '', written, missing, value_ids: [] };
  const note = written
    .map((f) => `${f}: ${valued.find((r) => r.data_field === f)?.value ?? ''}`)
    .join('\n');
  const activity = await activityOnce(ctx, target, 'fields', {
    activity_type: activityType || DEFAULT_FIELDS_ACTIVITY,
    note: `${ctx.facts.name}\n${note}`,
  });
  return { activity_id: activity.id, written, missing, value_ids: valued.map((r) => r.id) };
}

/** Marks the extracted values a step wrote to the CRM, on the step's transaction. */
export async function markFieldsSaved(ctx: ActionContext, fields: FieldsWritten | null) {
  if (!fields || fields.value_ids.length === 0) return;
  const x = legalExtractedDataForProcessedFile;
  await ctx.tx.update(x).set({ is_saved_in_crm: true }).where(inArray(x.id, fields.value_ids));
}

/** The document synced to its case in an external CRM (the local CRM sets its own in its upload). */
export async function markSynced(ctx: ActionContext, crmCaseId: string): Promise<void> {
  await ctx.tx
    .update(legalProcessedFile)
    .set({
      document_synced: true,
      crm_case_id: crmCaseId,
      sync_status: 'synced',
      updated_at: new Date(),
    })
    .where(eq(legalProcessedFile.id, ctx.facts.id));
}

/** What an external CRM accepted in a step's effect phase, handed to the step's transaction. */
export const crmSent = z.object({
  connector: z.string(),
  crm_case_id: z.string(),
  document_id: z.string().optional(),
  fields: fieldsWritten.nullable().optional(),
  activity_id: z.string().optional(),
  replayed: z.boolean().optional(),
});
export type CrmSent = z.infer<typeof crmSent>;
