/**
 * A "test run": what each node of a workflow's saved graph would do with one chosen document,
 * computed without any effect (no run, no log rows, no writes, no calls). Conditions are decided
 * as the engine decides them; actions say what they would do or why they would fail.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  isNodeKind,
  NODE_KINDS,
  nextNodes,
  validateGraph,
  type WorkflowEdge,
  type WorkflowNode,
} from '../../../shared/workflows';
import type { Database } from '../../db/connection';
import { userProfile } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import type { Viewer } from '../../permissions';
import {
  caseMatchedCondition,
  confidenceCondition,
  fieldCondition,
  fillTemplate,
} from './engine/conditions';
import { factsSummary, loadFacts, type DocumentFacts } from './engine/facts';
import { NOT_MATCHED } from './engine/actions';
import { graphError } from './service';
import type { WorkflowRepository } from './repository';

const testRunBody = z.object({ id: z.uuid(), legal_processed_file_id: z.uuid() });

export interface TestStep {
  node_id: string;
  node_type: string;
  outcome: 'would run' | 'would wait' | 'would fail' | 'passed' | 'not started';
  branch?: 'true' | 'false';
  detail: Record<string, unknown>;
}

export function createWorkflowTestRun(db: Database, repo: WorkflowRepository) {
  async function describe(node: WorkflowNode, facts: DocumentFacts): Promise<TestStep> {
    const base = { node_id: node.id, node_type: node.type };
    const config = node.data.config;
    switch (node.type) {
      case 'condition.field': {
        const v = fieldCondition(NODE_KINDS['condition.field'].config.parse(config), facts);
        return { ...base, outcome: 'passed', branch: v.branch, detail: v.output };
      }
      case 'condition.case_matched': {
        const v = caseMatchedCondition(facts);
        return { ...base, outcome: 'passed', branch: v.branch, detail: v.output };
      }
      case 'condition.confidence': {
        const v = confidenceCondition(
          NODE_KINDS['condition.confidence'].config.parse(config),
          facts,
        );
        return { ...base, outcome: 'passed', branch: v.branch, detail: v.output };
      }
      case 'action.sync_case':
      case 'action.crm_activity':
        return facts.legal_case_id
          ? {
              ...base,
              outcome: 'would run',
              detail: { case_id: facts.legal_case_id, case_number: facts.case_number_of_case },
            }
          : { ...base, outcome: 'would fail', detail: { error: NOT_MATCHED } };
      case 'action.notify': {
        const c = NODE_KINDS['action.notify'].config.parse(config);
        const byRole =
          c.roles.length > 0
            ? inArray(sql`${userProfile.legal_user_type}::text`, c.roles)
            : undefined;
        const byId = c.staff_ids.length > 0 ? inArray(userProfile.id, c.staff_ids) : undefined;
        const receivers =
          byRole || byId
            ? await db
                .select({ id: userProfile.id, email: userProfile.email })
                .from(userProfile)
                .where(
                  and(
                    eq(userProfile.company_id, facts.company_id),
                    eq(userProfile.is_deactivated, false),
                    or(byRole, byId),
                  ),
                )
            : [];
        return {
          ...base,
          outcome: 'would run',
          detail: { receivers, emails_not_sent: c.emails, content: fillTemplate(c.message, facts) },
        };
      }
      case 'action.set_fields': {
        const c = NODE_KINDS['action.set_fields'].config.parse(config);
        return {
          ...base,
          outcome: 'would run',
          detail: {
            name: c.name ? fillTemplate(c.name, facts) : facts.name,
            legal_file_type_id: c.file_type_id || facts.legal_file_type_id,
          },
        };
      }
      case 'action.wait_for_review':
        return {
          ...base,
          outcome: facts.reviewed_at ? 'would run' : 'would wait',
          detail: { reviewed_at: facts.reviewed_at },
        };
      case 'action.webhook':
        return {
          ...base,
          outcome: 'would run',
          detail: { url: NODE_KINDS['action.webhook'].config.parse(config).url },
        };
      default:
        return { ...base, outcome: 'passed', detail: {} };
    }
  }

  return async function testRun(viewer: Viewer, raw: unknown) {
    const body = parseInput(testRunBody, raw ?? {});
    const wf = await repo.find(viewer.companyIds, body.id);
    if (!wf) throw notFound();
    const facts = await loadFacts(db, body.legal_processed_file_id);
    if (!facts || facts.is_deleted || facts.company_id !== wf.company_id) throw notFound();
    const nodes = wf.nodes as WorkflowNode[];
    const edges = wf.edges as WorkflowEdge[];
    const check = validateGraph(nodes, edges);
    if (!check.ok) throw graphError(check.problems);
    const trigger = nodes.find(
      (n) => isNodeKind(n.type) && NODE_KINDS[n.type].category === 'trigger',
    )!;
    const steps: TestStep[] = [
      {
        node_id: trigger.id,
        node_type: trigger.type,
        outcome: 'passed',
        detail: factsSummary(facts),
      },
    ];
    const seen = new Set([trigger.id]);
    const queue = nextNodes(trigger.id, edges, null);
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const node = nodes.find((n) => n.id === id);
      if (!node) continue;
      const step = await describe(node, facts);
      steps.push(step);
      if (step.outcome === 'would fail' || step.outcome === 'would wait') continue;
      queue.push(...nextNodes(id, edges, step.branch ?? null));
    }
    for (const node of nodes)
      if (!seen.has(node.id))
        steps.push({ node_id: node.id, node_type: node.type, outcome: 'not started', detail: {} });
    return { workflow_id: wf.id, version: wf.version, legal_processed_file_id: facts.id, steps };
  };
}
