/**
 * Task requests (legal-side spec sections 3 "legal_request", 4, 5): what they take, their statuses
 * and the moves allowed between them. Shared by the server (validation at the boundary, the status
 * machine) and the renderer (the form, the tabs, which moves to offer). A missing required field
 * is named in its message ("headline is required."), so the answer's issues name each one.
 */
import { z } from 'zod';
import { calendarDay } from './documents/days';
import { text, uuid } from './schemas/input';

export const LEGAL_REQUEST_STATUSES = ['In Progress', 'On Hold', 'Completed'] as const;
export type LegalRequestStatus = (typeof LEGAL_REQUEST_STATUSES)[number];
export const INITIAL_LEGAL_REQUEST_STATUS: LegalRequestStatus = 'In Progress';

/**
 * The moves a request's status may make (the spec leaves them open; docs/ARCHITECTURE.md "Task
 * requests" says why): work in progress can be put on hold or completed; work on hold can only be
 * resumed (it waits on something, and the team confirms it is done by working it again); completed
 * work can be reopened when the firm finds it is not done. Staying put is not a move.
 */
export const LEGAL_REQUEST_MOVES: Readonly<
  Record<LegalRequestStatus, readonly LegalRequestStatus[]>
> = {
  'In Progress': ['On Hold', 'Completed'],
  'On Hold': ['In Progress'],
  Completed: ['In Progress'],
};

export function canMoveLegalRequest(from: LegalRequestStatus, to: LegalRequestStatus): boolean {
  return LEGAL_REQUEST_MOVES[from].includes(to);
}

/** Priorities (spec: values not shown), highest first. */
export const LEGAL_REQUEST_PRIORITIES = ['Urgent', 'High', 'Medium', 'Low'] as const;

/** The delivery side's review of a request for automation (spec: values not shown). */
export const AUTOMATION_REVIEW_STATUSES = [
  'Not Reviewed',
  'In Review',
  'Automatable',
  'Not Automatable',
] as const;

/** What an activity row records (its `type`); current and previous hold the values as text. */
export const LEGAL_REQUEST_ACTIVITY_TYPES = [
  'created',
  'headline',
  'priority',
  'category',
  'due_date',
  'details',
  'requested_by',
  'status',
  'assignee',
  'automation_review_status',
  'subtask_added',
  'comment_added',
  'comment_edited',
  'comment_deleted',
  'attachment_added',
  'deleted',
] as const;
export type LegalRequestActivityType = (typeof LEGAL_REQUEST_ACTIVITY_TYPES)[number];

export const HEADLINE_MAX = 300;
export const CATEGORY_MAX = 100;
export const DETAILS_MAX = 20_000;
export const COMMENT_MAX = 10_000;
export const ATTACHMENTS_MAX = 10;
export const LEGAL_REQUEST_PAGE_MAX = 100;
export const LEGAL_REQUEST_PAGE_DEFAULT = 10;

const missing = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${field} is required.` : undefined,
});
const requiredText = (field: string, max: number) =>
  text(missing(field)).trim().min(1, `${field} is required.`).max(max, `${field} is too long.`);
const requiredId = (field: string) =>
  z.string(missing(field)).pipe(uuid(`${field} must be an id.`));
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `${field} is required.`
        : `${field} is one of ${values.join(', ')}.`,
  });
const dueDate = z
  .string(missing('due_date'))
  .pipe(calendarDay('due_date is a date written YYYY-MM-DD.'));

export const createLegalRequestInput = z.object({
  company_id: requiredId('company_id'),
  requested_by: requiredId('requested_by'),
  headline: requiredText('headline', HEADLINE_MAX),
  priority: oneOf('priority', LEGAL_REQUEST_PRIORITIES),
  category: requiredText('category', CATEGORY_MAX),
  due_date: dueDate,
  details: requiredText('details', DETAILS_MAX),
  /** A subtask of this request (of the same company; subtasks have none of their own). */
  parent_task_id: uuid('parent_task_id must be an id.').nullish(),
});
export type CreateLegalRequestInput = z.infer<typeof createLegalRequestInput>;

export const updateLegalRequestInput = z.object({
  id: uuid(),
  headline: text().trim().min(1, 'headline is required.').max(HEADLINE_MAX).optional(),
  priority: oneOf('priority', LEGAL_REQUEST_PRIORITIES).optional(),
  category: text().trim().min(1, 'category is required.').max(CATEGORY_MAX).optional(),
  due_date: z.string().pipe(calendarDay('due_date is a date written YYYY-MM-DD.')).optional(),
  details: text().trim().min(1, 'details is required.').max(DETAILS_MAX).optional(),
  requested_by: uuid('requested_by must be an id.').optional(),
  status: oneOf('status', LEGAL_REQUEST_STATUSES).optional(),
});
export type UpdateLegalRequestInput = z.infer<typeof updateLegalRequestInput>;

/** The delivery side's fields; null clears one, absent leaves it. */
export const workLegalRequestInput = z.object({
  id: uuid(),
  assignee_id: uuid('assignee_id must be an id.').nullish(),
  automation_review_status: oneOf('automation_review_status', AUTOMATION_REVIEW_STATUSES).nullish(),
});

export const legalRequestListInput = z.object({
  company_id: requiredId('company_id'),
  limit: z
    .number()
    .int()
    .min(1, 'limit is at least 1.')
    .max(LEGAL_REQUEST_PAGE_MAX, `limit is at most ${LEGAL_REQUEST_PAGE_MAX}.`)
    .nullish(),
  offset: z.number().int().min(0, 'offset is 0 or more.').max(1_000_000).nullish(),
  search: text().max(200, 'search is too long.').nullish(),
  status: oneOf('status', LEGAL_REQUEST_STATUSES).nullish(),
});

const attachmentKeys = z
  .array(text().min(1).max(64), { error: 'attachment_keys is a list of uploaded file keys.' })
  .max(ATTACHMENTS_MAX, `At most ${ATTACHMENTS_MAX} files per comment.`)
  .nullish();

export const addCommentInput = z.object({
  request_id: uuid(),
  comment: requiredText('comment', COMMENT_MAX),
  attachment_keys: attachmentKeys,
});
export const editCommentInput = z.object({
  id: uuid(),
  comment: requiredText('comment', COMMENT_MAX),
});
export const idInput = z.object({ id: uuid() });
export const requestIdInput = z.object({ request_id: uuid() });
