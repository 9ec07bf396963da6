/**
 * The external CRM's calls of the sync and activity steps, as their external effect (execute.ts):
 * made before the step's transaction on the worker's connection, each recorded in workflow_effect
 * as soon as the CRM accepted it (crmSync.ts). Undefined when the step goes to the local CRM, which
 * works on the step's transaction instead (actions.ts).
 */
import { fillTemplate } from './conditions';
import type { NodeConfig } from '../../../../shared/workflows';
import { NO_CASE_FOR_ACTIVITY, NOT_MATCHED, requireDocument, type EffectContext } from './actions';
import { activityOnce, externalTarget, uploadExternal, writeFields, type CrmSent } from './crmSync';
import { final } from './errors';

export async function syncEffect(
  ctx: EffectContext,
  config: NodeConfig<'action.sync_case'>,
): Promise<CrmSent | undefined> {
  requireDocument(ctx);
  const caseId = ctx.facts.legal_case_id;
  if (!caseId) throw final(NOT_MATCHED);
  const target = await externalTarget(ctx, caseId, config.connector === 'crm');
  if (!target) return undefined;
  const document = await uploadExternal(ctx, target);
  const fields = await writeFields(ctx, ctx.db, target, config.data_fields, config.activity_type);
  return {
    connector: target.name,
    crm_case_id: target.crm_case_id,
    document_id: document.id,
    fields,
  };
}

export async function activityEffect(
  ctx: EffectContext,
  config: NodeConfig<'action.crm_activity'>,
): Promise<CrmSent | undefined> {
  requireDocument(ctx);
  const caseId = ctx.facts.legal_case_id;
  if (!caseId) throw final(NO_CASE_FOR_ACTIVITY);
  const target = await externalTarget(ctx, caseId, true);
  if (!target) return undefined;
  const row = await activityOnce(ctx, target, 'activity', {
    activity_type: config.activity_type,
    note: fillTemplate(config.note, ctx.facts),
  });
  return {
    connector: target.name,
    crm_case_id: target.crm_case_id,
    activity_id: row.id,
    ...(row.replayed ? { replayed: true } : {}),
  };
}
