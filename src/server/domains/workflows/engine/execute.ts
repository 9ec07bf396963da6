/** One node's work by its kind: a condition's verdict, an action's effect. */
import { NODE_KINDS, type NodeKind, type WorkflowNode } from '../../../../shared/workflows';
import {
  crmActivity,
  notify,
  setFields,
  syncCase,
  waitForReview,
  type ActionContext,
  type ActionResult,
  type EffectContext,
} from './actions';
import { caseMatchedCondition, confidenceCondition, fieldCondition } from './conditions';
import { activityEffect, syncEffect } from './crmEffects';
import { notifyMail, webhook } from './effects';
import { final } from './errors';

export type NodeResult = ActionResult & { branch?: 'true' | 'false' };
type KindNode = WorkflowNode & { type: NodeKind };
type Effect = Record<string, unknown>;

function checkConfig(node: KindNode): void {
  const parsed = NODE_KINDS[node.type].config.safeParse(node.data.config);
  if (!parsed.success)
    throw final(`This step is not configured: ${parsed.error.issues[0]?.message ?? ''}`.trim());
}

/**
 * The node's external effect, made before its transaction on the worker's connection, so no
 * lock is held while another server answers: the webhook call and the notify step's mail
 * (effects.ts), an external CRM's upload and activities (crmEffects.ts); undefined for the other
 * kinds and for a step that goes to the local CRM.
 */
export async function externalEffect(
  node: KindNode,
  ctx: EffectContext,
): Promise<Effect | undefined> {
  checkConfig(node);
  if (node.type === 'action.webhook')
    return webhook(ctx, NODE_KINDS['action.webhook'].config.parse(node.data.config));
  if (node.type === 'action.notify')
    return notifyMail(ctx, NODE_KINDS['action.notify'].config.parse(node.data.config));
  if (node.type === 'action.sync_case')
    return syncEffect(ctx, NODE_KINDS['action.sync_case'].config.parse(node.data.config));
  if (node.type === 'action.crm_activity')
    return activityEffect(ctx, NODE_KINDS['action.crm_activity'].config.parse(node.data.config));
  return undefined;
}

/** The node's work inside its transaction, given what its external effect returned. */
export async function executeNode(
  node: KindNode,
  ctx: ActionContext,
  effect: Effect | undefined,
): Promise<NodeResult> {
  checkConfig(node);
  const facts = ctx.facts;
  switch (node.type) {
    case 'trigger.document':
    case 'trigger.raw_file':
    case 'trigger.schedule':
      return { output: {} };
    case 'condition.field':
      return fieldCondition(NODE_KINDS['condition.field'].config.parse(node.data.config), facts);
    case 'condition.case_matched':
      return caseMatchedCondition(facts);
    case 'condition.confidence':
      return confidenceCondition(
        NODE_KINDS['condition.confidence'].config.parse(node.data.config),
        facts,
      );
    case 'action.sync_case':
      return syncCase(ctx, NODE_KINDS['action.sync_case'].config.parse(node.data.config), effect);
    case 'action.crm_activity':
      return crmActivity(
        ctx,
        NODE_KINDS['action.crm_activity'].config.parse(node.data.config),
        effect,
      );
    case 'action.notify':
      return notify(ctx, NODE_KINDS['action.notify'].config.parse(node.data.config), effect ?? {});
    case 'action.set_fields':
      return setFields(ctx, NODE_KINDS['action.set_fields'].config.parse(node.data.config));
    case 'action.wait_for_review':
      return waitForReview(ctx);
    case 'action.webhook':
      if (!effect) throw new Error('the webhook step ran without its call');
      return { output: effect };
  }
}
