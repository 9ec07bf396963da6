/**
 * The node kinds of a workflow graph and the zod schema of each kind's configuration: the one
 * contract the editor (renderer) and the engine (server) share. A node's `type` is its kind; its
 * configuration lives in `data.config`.
 */
import { isValidCron } from '../cron';
import { z } from 'zod';

/** Fields of a processed document a condition can look at (section 3, legal_processed_file). */
export const WORKFLOW_FIELDS = [
  'name',
  'applicant',
  'defendant',
  'case_number',
  'adj_number',
  'eams_number',
  'claim_number',
  'wcab_number',
  'date_of_injury',
  'date_of_incident',
  'file_type',
  'folder',
  'content',
] as const;
export type WorkflowField = (typeof WORKFLOW_FIELDS)[number];

export const WORKFLOW_FIELD_LABELS: Record<WorkflowField, string> = {
  name: 'Name',
  applicant: 'Applicant',
  defendant: 'Defendant',
  case_number: 'Case number',
  adj_number: 'ADJ number',
  eams_number: 'EAMS number',
  claim_number: 'Claim number',
  wcab_number: 'WCAB number',
  date_of_injury: 'Date of injury',
  date_of_incident: 'Date of incident',
  file_type: 'File type',
  folder: 'Folder',
  content: 'Document text',
};

const id = z.string().trim().min(1);
const ids = z.array(id);

/** True when the text compiles as a JavaScript regular expression (case-insensitive use). */
export function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'i');
    return true;
  } catch {
    return false;
  }
}

export const documentTriggerConfig = z.object({
  /** completed: the pipeline wrote the document; reviewed: a person marked it reviewed. */
  event: z.enum(['completed', 'reviewed']),
  /** legal_file_type ids; empty means every type. */
  file_type_ids: ids.default([]),
  /** legal_document_folder ids; empty means every folder. */
  folder_ids: ids.default([]),
});

export const rawFileTriggerConfig = z.object({
  /** Only raw files that arrived by email, or any raw file. */
  only_email: z.boolean().default(false),
});

export const scheduleTriggerConfig = z.object({
  cron: z
    .string()
    .trim()
    .min(1, 'Enter a schedule.')
    .refine(isValidCron, 'The schedule is not a valid cron expression.'),
  /** IANA zone; the server's own zone when empty. */
  timezone: z.string().trim().default(''),
});

export const fieldConditionConfig = z
  .object({
    field: z.enum(WORKFLOW_FIELDS),
    operator: z.enum(['equals', 'contains', 'matches', 'is_empty']),
    value: z.string().default(''),
  })
  .superRefine((c, ctx) => {
    if (c.operator !== 'is_empty' && c.value.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Enter the value to compare with.',
      });
    }
    if (c.operator === 'matches' && !isValidPattern(c.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'The pattern is not valid.' });
    }
  });

/** True branch: the document is matched to a case. */
export const caseMatchedConditionConfig = z.object({});

export const confidenceConditionConfig = z.object({
  /** Which of the pipeline's confidences: the page split or the type. */
  measure: z.enum(['split', 'type']),
  /** True branch when the confidence is below this (0..1); a missing confidence counts as 0. */
  threshold: z
    .number()
    .gt(0, 'The threshold must be above 0.')
    .lte(1, 'The threshold is at most 1.'),
});

export const syncCaseActionConfig = z.object({
  /**
   * Where the document goes: `crm` is the company's active CRM integration (the built-in local
   * case store when none is active), `local` always the built-in case store.
   */
  connector: z.enum(['crm', 'local']).default('crm'),
  /** Extracted data fields (names) written to the case with the document, as one activity. */
  data_fields: z.array(z.string().trim().min(1)).max(50).default([]),
  /** The activity type of that activity (default "Extracted data"). */
  activity_type: z.string().trim().max(100).default(''),
});

export const crmActivityActionConfig = z.object({
  activity_type: z.string().trim().min(1, 'Choose an activity type.'),
  note: z.string().default(''),
});

export const notifyActionConfig = z
  .object({
    /** legal_user_type values of the company's users (e.g. admin, user). */
    roles: z.array(z.string().trim().min(1)).default([]),
    /** user_profile ids of the company. */
    staff_ids: ids.default([]),
    emails: z.array(z.email('An email address is not valid.')).default([]),
    message: z.string().trim().min(1, 'Enter the message.'),
  })
  .refine((c) => c.roles.length + c.staff_ids.length + c.emails.length > 0, {
    message: 'Choose at least one recipient.',
    path: ['roles'],
  });

export const setFieldsActionConfig = z
  .object({
    /** A legal_file_type id (the folder follows the type). */
    file_type_id: z.string().trim().default(''),
    /** A new name; {applicant}, {file_type}, {date_of_injury} and {name} are filled in. */
    name: z.string().trim().default(''),
  })
  .refine((c) => c.file_type_id !== '' || c.name !== '', {
    message: 'Choose a type or enter a name.',
    path: ['file_type_id'],
  });

export const waitForReviewActionConfig = z.object({});

export const webhookActionConfig = z.object({
  url: z
    .url('Enter a web address starting with http:// or https://.')
    .refine(
      (u) => /^https?:\/\//i.test(u),
      'Enter a web address starting with http:// or https://.',
    ),
  /** The HMAC-SHA256 key of the X-LexDesk-Signature header. */
  secret: z.string().min(16, 'The signing secret needs at least 16 characters.'),
});

/** Every node kind with its schema, its category and its palette label. */
export const NODE_KINDS = {
  'trigger.document': {
    category: 'trigger',
    label: 'Document completed or reviewed',
    config: documentTriggerConfig,
  },
  'trigger.raw_file': {
    category: 'trigger',
    label: 'Raw file received',
    config: rawFileTriggerConfig,
  },
  'trigger.schedule': { category: 'trigger', label: 'Schedule', config: scheduleTriggerConfig },
  'condition.field': { category: 'condition', label: 'Field', config: fieldConditionConfig },
  'condition.case_matched': {
    category: 'condition',
    label: 'Case matched',
    config: caseMatchedConditionConfig,
  },
  'condition.confidence': {
    category: 'condition',
    label: 'Confidence below',
    config: confidenceConditionConfig,
  },
  'action.sync_case': { category: 'action', label: 'Sync to case', config: syncCaseActionConfig },
  'action.crm_activity': {
    category: 'action',
    label: 'Create CRM activity',
    config: crmActivityActionConfig,
  },
  'action.notify': { category: 'action', label: 'Notify', config: notifyActionConfig },
  'action.set_fields': {
    category: 'action',
    label: 'Set type or name',
    config: setFieldsActionConfig,
  },
  'action.wait_for_review': {
    category: 'action',
    label: 'Wait for review',
    config: waitForReviewActionConfig,
  },
  'action.webhook': { category: 'action', label: 'Call webhook', config: webhookActionConfig },
} as const;

export type NodeKind = keyof typeof NODE_KINDS;
export type NodeCategory = (typeof NODE_KINDS)[NodeKind]['category'];
export type NodeConfig<K extends NodeKind> = z.infer<(typeof NODE_KINDS)[K]['config']>;
export const NODE_KIND_NAMES = Object.keys(NODE_KINDS) as NodeKind[];

export function isNodeKind(value: unknown): value is NodeKind {
  return typeof value === 'string' && Object.hasOwn(NODE_KINDS, value);
}

export function categoryOf(kind: NodeKind): NodeCategory {
  return NODE_KINDS[kind].category;
}

/** The output handles of a condition; other nodes have a single unnamed output. */
export const BRANCH_HANDLES = ['true', 'false'] as const;
export type BranchHandle = (typeof BRANCH_HANDLES)[number];

/** A fresh, valid-as-possible configuration for a node dropped from the palette. */
export function defaultConfig(kind: NodeKind): Record<string, unknown> {
  switch (kind) {
    case 'trigger.document':
      return { event: 'completed', file_type_ids: [], folder_ids: [] };
    case 'trigger.raw_file':
      return { only_email: false };
    case 'trigger.schedule':
      return { cron: '0 8 * * 1-5', timezone: '' };
    case 'condition.field':
      return { field: 'name', operator: 'contains', value: '' };
    case 'condition.case_matched':
    case 'action.wait_for_review':
      return {};
    case 'condition.confidence':
      return { measure: 'type', threshold: 0.6 };
    case 'action.sync_case':
      return { connector: 'crm', data_fields: [], activity_type: '' };
    case 'action.crm_activity':
      return { activity_type: '', note: '' };
    case 'action.notify':
      return { roles: [], staff_ids: [], emails: [], message: '' };
    case 'action.set_fields':
      return { file_type_id: '', name: '' };
    case 'action.webhook':
      return { url: '', secret: '' };
  }
}
