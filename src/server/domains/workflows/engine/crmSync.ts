/**
 * The CRM side of the workflow actions "sync to case" and "create CRM activity": to the company's
 * active external CRM (crm/outbound.ts) when there is one, else to the built-in local CRM on the
 * node's transaction. An external CRM's effects cannot join that transaction, so each is recorded
 * in workflow_effect (its own commit) as soon as the CRM accepted it, under a key of the run and
 * node (not the retry round: a person's retry resumes, it does not send again); a multi-call
 * upload records each step it got through. The database side (document_synced, crm_case_id,
 * is_saved_in_crm) still commits with the node.
 */
import { and, eq, inArray } from 'drizzle-orm';
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
import type { ActionContext } from './actions';
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

/**
 * The CRM this step sends to. External: the case must be one of that CRM's (synced in from it);
 * the local CRM takes LexDesk's own case.
 */
export async function crmTarget(
  ctx: ActionContext,
  caseId: string,
  useActive: boolean,
): Promise<CrmTarget> {
  const external: ExternalCrm | null =
    useActive && ctx.crm ? await ctx.crm.active(ctx.run.company_id) : null;
  if (!external)
    return { name: LOCAL_TYPE, connector: localCrm(ctx), crm_case_id: caseId, external: false };
  const [row] = await ctx.tx
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
 * A record in workflow_effect of how far an external effect got, committed on its own (on the
 * main pool: the worker's connection is inside the step's transaction, which may still roll back).
 */
export function effectRecord(ctx: ActionContext, effect: string): UploadProgress {
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
  ctx: ActionContext,
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

/** Sends the document's PDF to the case (resuming an upload a failure or crash interrupted). */
export async function uploadOnce(ctx: ActionContext, target: CrmTarget): Promise<{ id: string }> {
  if (!target.external)
    return throughCrm(target.name, () =>
      target.connector.uploadDocument({
        case_id: target.crm_case_id,
        document_id: ctx.facts.id,
        name: ctx.facts.name,
        content_type: 'application/pdf',
        // The local CRM keeps the document where it is: its bytes are never read.
        read: () => Promise.reject(new Error('the local CRM does not read document bytes')),
      }),
    );
  const [file] = await ctx.tx
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
  const id = await throughCrm(target.name, () =>
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
  // The case's CRM id on the document (the local CRM sets its own in its upload).
  await ctx.tx
    .update(legalProcessedFile)
    .set({
      document_synced: true,
      crm_case_id: target.crm_case_id,
      sync_status: 'synced',
      updated_at: new Date(),
    })
    .where(eq(legalProcessedFile.id, ctx.facts.id));
  return id;
}

/**
 * The extracted values of `fields` on the document as one activity's note ("Field: value" lines),
 * written once; the values written are marked `is_saved_in_crm` with the node.
 */
export async function writeFields(
  ctx: ActionContext,
  target: CrmTarget,
  fields: string[],
  activityType: string,
): Promise<{ activity_id: string; written: string[]; missing: string[] } | null> {
  if (fields.length === 0) return null;
  const x = legalExtractedDataForProcessedFile;
  const rows = await ctx.tx
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
  if (written.length === 0) return { activity_id: '', written, missing };
  const note = written
    .map((f) => `${f}: ${valued.find((r) => r.data_field === f)?.value ?? ''}`)
    .join('\n');
  const activity = await activityOnce(ctx, target, 'fields', {
    activity_type: activityType || DEFAULT_FIELDS_ACTIVITY,
    note: `${ctx.facts.name}\n${note}`,
  });
  await ctx.tx
    .update(x)
    .set({ is_saved_in_crm: true })
    .where(
      inArray(
        x.id,
        valued.map((r) => r.id),
      ),
    );
  return { activity_id: activity.id, written, missing };
}
