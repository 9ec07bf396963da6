/**
 * What requests and tasks take (delivery-side spec section 5), shared by the server (validation
 * at the boundary) and the renderer's forms. A missing required field is named in its message
 * ("title is required."), so the answer's issues name each one.
 */
import { z } from 'zod';
import { int32, text, uuid } from '../schemas/input';
import { calendarDay } from '../documents/days';
import { estimateHoursSchema } from './estimates';

const missing = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${field} is required.` : undefined,
});

const requiredText = (field: string, max: number) =>
  text(missing(field)).trim().min(1, `${field} is required.`).max(max, `${field} is too long.`);
const requiredId = (field: string) =>
  z.string(missing(field)).pipe(uuid(`${field} must be an id.`));
const requiredInt = (field: string, min = 0) =>
  z.number(missing(field)).int().min(min).max(2_147_483_647);

export const PRIORITIES = [1, 2, 3, 4] as const;
export const PRIORITY_LABEL: Record<number, string> = {
  1: 'Urgent',
  2: 'High',
  3: 'Medium',
  4: 'Low',
};

/** What a request asks for (request_action); the form offers these, the server takes any text. */
export const REQUEST_ACTIONS = ['build', 'fix', 'estimate', 'consult'] as const;

/** Job fields of sourcing requests (request types with is_sourcing). Choices are ours (spec: not shown). */
export const JOB_SETTINGS = ['remote', 'hybrid', 'on_site'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract'] as const;
export const COMPENSATION_TYPES = ['hourly', 'monthly', 'yearly', 'fixed'] as const;
export const JOB_FIELDS = [
  'job_settings',
  'employment_type',
  'compensation_type',
  'compensation',
  'candidate_min_exp',
  'candidate_max_exp',
] as const;
export const NOT_SOURCING_MESSAGE = 'Job fields belong to sourcing requests.';
export const EXPERIENCE_ORDER_MESSAGE =
  'candidate_min_exp must not be more than candidate_max_exp.';

const jobFieldsShape = {
  job_settings: z.array(z.enum(JOB_SETTINGS)).max(JOB_SETTINGS.length).nullish(),
  employment_type: z.enum(EMPLOYMENT_TYPES).nullish(),
  compensation_type: z.enum(COMPENSATION_TYPES).nullish(),
  /** Integer cents. */
  compensation: int32(0).nullish(),
  /** Years. */
  candidate_min_exp: int32(0, 80).nullish(),
  candidate_max_exp: int32(0, 80).nullish(),
};

function experienceInOrder(
  value: { candidate_min_exp?: number | null; candidate_max_exp?: number | null },
  ctx: z.RefinementCtx,
) {
  const { candidate_min_exp: min, candidate_max_exp: max } = value;
  if (min != null && max != null && min > max)
    ctx.addIssue({
      code: 'custom',
      path: ['candidate_min_exp'],
      message: EXPERIENCE_ORDER_MESSAGE,
    });
}

export const createRequestInputSchema = z
  .object({
    title: requiredText('title', 300),
    description: requiredText('description', 20_000),
    project_id: requiredId('project_id'),
    priority: requiredInt('priority', 1).max(4, 'priority is 1 (urgent) to 4 (low).'),
    request_type_id: requiredInt('request_type_id', 1),
    created_by: requiredId('created_by'),
    request_action: requiredText('request_action', 200),
    company_id: requiredId('company_id'),
    status_id: requiredInt('status_id', 1),
    delivery_id: uuid().nullish(),
    ...jobFieldsShape,
  })
  .superRefine(experienceInOrder);
export type CreateRequestInput = z.infer<typeof createRequestInputSchema>;

export const updateRequestInputSchema = z
  .object({
    title: text().trim().min(1, 'title is required.').max(300),
    description: text().trim().min(1, 'description is required.').max(20_000),
    priority: int32(1, 4),
    request_type_id: int32(1),
    request_action: text().trim().min(1, 'request_action is required.').max(200),
    status_id: int32(1),
    delivery_id: uuid().nullable(),
    ...jobFieldsShape,
  })
  .partial()
  .superRefine(experienceInOrder);
export type UpdateRequestInput = z.infer<typeof updateRequestInputSchema>;

/** Task types; "estimated" tasks are estimates only and never on a work board (spec section 4). */
export const TASK_TYPES = ['feature', 'bug', 'chore', 'estimated'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const estimateInputSchema = z.object({
  talent_type_id: int32(1),
  hours: estimateHoursSchema,
});

const estimateListSchema = z
  .array(estimateInputSchema, missing('estimates'))
  .min(1, 'estimates is required.')
  .max(20)
  .refine(
    (lines) => new Set(lines.map((l) => l.talent_type_id)).size === lines.length,
    'One estimate per talent type.',
  );

const stepInputSchema = z.object({
  title: text().trim().min(1, 'A step needs a title.').max(300),
  description: text().max(5_000).default(''),
  priority: int32(0, 1000).default(0),
});

const referenceInputSchema = z.object({
  title: text().trim().min(1, 'A reference needs a title.').max(300),
  url: text().trim().url('A reference is a link.').max(2_000),
});

export const createTaskInputSchema = z.object({
  name: requiredText('name', 300),
  description: requiredText('description', 20_000),
  status_id: requiredInt('status_id', 1),
  task_type: z.string(missing('task_type')),
  request_id: requiredId('request_id'),
  created_by: requiredId('created_by'),
  estimates: estimateListSchema,
  parent_id: uuid().nullish(),
  assignee_id: uuid().nullish(),
  qa_id: uuid().nullish(),
  difficulty_level: int32(1, 5).nullish(),
  steps: z.array(stepInputSchema).max(100).default([]),
  references: z.array(referenceInputSchema).max(50).default([]),
});
export type CreateTaskInput = z.infer<typeof createTaskInputSchema>;

/** A task's edit: every field optional; estimates, steps and references replace the old ones. */
export const updateTaskInputSchema = z
  .object({
    name: text().trim().min(1, 'name is required.').max(300, 'name is too long.'),
    description: text().trim().min(1, 'description is required.').max(20_000),
    task_type: z.enum(TASK_TYPES, { error: 'Invalid type' }),
    difficulty_level: int32(1, 5).nullable(),
    estimates: estimateListSchema,
    steps: z.array(stepInputSchema).max(100),
    references: z.array(referenceInputSchema).max(50),
  })
  .partial();
export type UpdateTaskInput = z.infer<typeof updateTaskInputSchema>;

export const assignTaskInputSchema = z.object({
  id: uuid('Not a task.'),
  assignee_id: uuid().nullable(),
  qa_id: uuid().nullable(),
});

export const moveTaskInputSchema = z.object({
  id: uuid('Not a task.'),
  status_id: int32(1),
  reason: text().trim().max(5_000).nullish(),
  remarks: text().trim().max(5_000).nullish(),
  submission: text().trim().max(5_000).nullish(),
  /** Minutes of work recorded with the move. */
  track_time: int32(0, 100_000).nullish(),
});
export type MoveTaskInput = z.infer<typeof moveTaskInputSchema>;

export const BOARD_KINDS = ['developer', 'qa', 'tech_lead'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];

/** Cards a board column loads at once (the first page of every column, and each "load more"). */
export const BOARD_PAGE = { default: 50, max: 200 } as const;

const boardPageSize = (field: string) =>
  z
    .number()
    .int()
    .min(1, `${field} must be at least 1.`)
    .max(BOARD_PAGE.max, `${field} must be at most ${BOARD_PAGE.max}.`);

/** A board: the first page of each status column. */
export const boardInputSchema = z.object({
  kind: z.enum(BOARD_KINDS),
  project_id: uuid('project_id must be an id.').nullish(),
  per_column: boardPageSize('per_column').nullish(),
});

/** The next page of one column, after the cursor its last page answered. */
export const boardColumnInputSchema = boardInputSchema.omit({ per_column: true }).extend({
  status_id: int32(1),
  after: text().max(200, 'after is not a board cursor.').nullish(),
  limit: boardPageSize('limit').nullish(),
});

export const REQUEST_LISTS = ['customer', 'project_manager'] as const;
export type RequestList = (typeof REQUEST_LISTS)[number];

/** One page of a request list: offset is page × limit (spec section 9), pages counted from 0. */
export const REQUEST_PAGE_DEFAULTS = { page: 0, limit: 10, maxLimit: 100 } as const;

/** A request list's filters (spec section 7: by company, request type and projects). */
export const requestListInputSchema = z.object({
  list: z.enum(REQUEST_LISTS),
  company_id: uuid().nullish(),
  request_type_id: int32(1).nullish(),
  project_ids: z.array(uuid()).max(100).nullish(),
  page: int32(0).default(REQUEST_PAGE_DEFAULTS.page),
  limit: int32(1, REQUEST_PAGE_DEFAULTS.maxLimit).default(REQUEST_PAGE_DEFAULTS.limit),
});
export type RequestListInput = z.infer<typeof requestListInputSchema>;

/** A delivery (spec section 3): a title and two calendar days (YYYY-MM-DD), both optional. */
const day = calendarDay();
export const deliveryInputSchema = z.object({
  title: requiredText('title', 300),
  delivery_date: day.nullish(),
  estimated_delivery_date: day.nullish(),
});
export type DeliveryInput = z.infer<typeof deliveryInputSchema>;
