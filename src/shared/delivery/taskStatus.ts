/**
 * The task status machine (spec delivery-side sections 4 and 6; issue 19), shared by the server,
 * which enforces it, and the renderer, which offers only the moves it allows.
 *
 * A status is a numeric id with a name. The spec fixes only 10 ("available for QA" is status 10
 * with no qa_id); the other ids are this product's. Every transition has one named actor:
 * - the assignee starts work, submits it for review, and resumes after a failed review or test;
 * - the tech lead of the task's project passes review, or fails it with a reason;
 * - the task's QA person passes testing (the task is complete), or fails it with a reason.
 * A task with subtasks completes only when all of them are complete.
 */
import { AVAILABLE_FOR_QA_STATUS_ID } from '../constants';

export const TASK_STATUS = {
  TODO: 1,
  IN_PROGRESS: 2,
  READY_FOR_REVIEW: 3,
  FAILED_REVIEW: 4,
  READY_FOR_TESTING: AVAILABLE_FOR_QA_STATUS_ID,
  FAILED_TESTING: 11,
  COMPLETE: 12,
} as const;

export type TaskStatusId = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

/** Statuses in board order, with their names. */
export const TASK_STATUSES: ReadonlyArray<{ id: TaskStatusId; name: string }> = [
  { id: TASK_STATUS.TODO, name: 'To do' },
  { id: TASK_STATUS.IN_PROGRESS, name: 'In progress' },
  { id: TASK_STATUS.READY_FOR_REVIEW, name: 'Ready for review' },
  { id: TASK_STATUS.FAILED_REVIEW, name: 'Failed review' },
  { id: TASK_STATUS.READY_FOR_TESTING, name: 'Ready for testing' },
  { id: TASK_STATUS.FAILED_TESTING, name: 'Failed testing' },
  { id: TASK_STATUS.COMPLETE, name: 'Complete' },
];

export function isTaskStatusId(value: number): value is TaskStatusId {
  return TASK_STATUSES.some((s) => s.id === value);
}

export function statusName(id: number): string {
  return TASK_STATUSES.find((s) => s.id === id)?.name ?? `status ${id}`;
}

export type TaskActor = 'assignee' | 'tech_lead' | 'qa';

export const ACTOR_LABEL: Record<TaskActor, string> = {
  assignee: 'assignee',
  tech_lead: 'tech lead',
  qa: 'QA person',
};

/** The notifications of spec section 4. */
export type TaskNotificationKind =
  'ready_for_review' | 'failed_review' | 'ready_for_testing' | 'passed_testing' | 'failed_testing';

export interface TaskTransition {
  action:
    | 'start'
    | 'submit_for_review'
    | 'pass_review'
    | 'fail_review'
    | 'pass_testing'
    | 'fail_testing'
    | 'resume_after_review'
    | 'resume_after_testing';
  /** Button and log wording. */
  label: string;
  from: TaskStatusId;
  to: TaskStatusId;
  actor: TaskActor;
  needsReason: boolean;
  notify: TaskNotificationKind | null;
}

const S = TASK_STATUS;

export const TASK_TRANSITIONS: readonly TaskTransition[] = [
  {
    action: 'start',
    label: 'Start work',
    from: S.TODO,
    to: S.IN_PROGRESS,
    actor: 'assignee',
    needsReason: false,
    notify: null,
  },
  {
    action: 'submit_for_review',
    label: 'Submit for review',
    from: S.IN_PROGRESS,
    to: S.READY_FOR_REVIEW,
    actor: 'assignee',
    needsReason: false,
    notify: 'ready_for_review',
  },
  {
    action: 'resume_after_review',
    label: 'Resume work',
    from: S.FAILED_REVIEW,
    to: S.IN_PROGRESS,
    actor: 'assignee',
    needsReason: false,
    notify: null,
  },
  {
    action: 'resume_after_testing',
    label: 'Resume work',
    from: S.FAILED_TESTING,
    to: S.IN_PROGRESS,
    actor: 'assignee',
    needsReason: false,
    notify: null,
  },
  {
    action: 'pass_review',
    label: 'Pass review',
    from: S.READY_FOR_REVIEW,
    to: S.READY_FOR_TESTING,
    actor: 'tech_lead',
    needsReason: false,
    notify: 'ready_for_testing',
  },
  {
    action: 'fail_review',
    label: 'Fail review',
    from: S.READY_FOR_REVIEW,
    to: S.FAILED_REVIEW,
    actor: 'tech_lead',
    needsReason: true,
    notify: 'failed_review',
  },
  {
    action: 'pass_testing',
    label: 'Pass testing',
    from: S.READY_FOR_TESTING,
    to: S.COMPLETE,
    actor: 'qa',
    needsReason: false,
    notify: 'passed_testing',
  },
  {
    action: 'fail_testing',
    label: 'Fail testing',
    from: S.READY_FOR_TESTING,
    to: S.FAILED_TESTING,
    actor: 'qa',
    needsReason: true,
    notify: 'failed_testing',
  },
];

/** The people of a task the machine asks about. */
export interface TaskParties {
  assignee_id: string | null;
  qa_id: string | null;
  /** The tech lead of the task's project. */
  tech_lead_id: string | null;
}

export interface TaskState extends TaskParties {
  status_id: number;
  /** Subtasks that are not complete (0 when it has none). */
  open_subtask_count: number;
}

/** The roles `userId` holds on a task (one person may hold several). */
export function rolesOf(userId: string, task: TaskParties): Set<TaskActor> {
  const roles = new Set<TaskActor>();
  if (task.assignee_id === userId) roles.add('assignee');
  if (task.tech_lead_id === userId) roles.add('tech_lead');
  if (task.qa_id === userId) roles.add('qa');
  return roles;
}

/** Status 10 with no QA person yet. */
export function isAvailableForQa(task: Pick<TaskState, 'status_id' | 'qa_id'>): boolean {
  return task.status_id === AVAILABLE_FOR_QA_STATUS_ID && task.qa_id === null;
}

export type TransitionDecision =
  { ok: true; transition: TaskTransition } | { ok: false; message: string };

export const TRANSITION_MESSAGES = {
  unknownStatus: (to: number) => `There is no task status ${to}.`,
  same: (name: string) => `The task is already in ${name}.`,
  noSuchMove: (from: string, to: string) => `A task cannot move from ${from} to ${to}.`,
  wrongActor: (actor: string, from: string, to: string) =>
    `Only the task's ${actor} can move it from ${from} to ${to}.`,
  noActor: (actor: string) => `This task has no ${actor} yet; assign one first.`,
  availableForQa: 'This task is available for QA: a QA person must take it before testing it.',
  reasonRequired: (label: string) => `Give a reason to ${label.toLowerCase()}.`,
  openSubtasks: 'A task completes only when all of its subtasks are complete.',
} as const;

/** Whether `userId` may move `task` to status `to`; the refusal says why in words. */
export function decideTransition(
  task: TaskState,
  userId: string,
  to: number,
  reason?: string | null,
): TransitionDecision {
  const fromName = statusName(task.status_id);
  if (!isTaskStatusId(to)) return { ok: false, message: TRANSITION_MESSAGES.unknownStatus(to) };
  if (to === task.status_id) return { ok: false, message: TRANSITION_MESSAGES.same(fromName) };
  const transition = TASK_TRANSITIONS.find((t) => t.from === task.status_id && t.to === to);
  if (!transition)
    return { ok: false, message: TRANSITION_MESSAGES.noSuchMove(fromName, statusName(to)) };
  if (!rolesOf(userId, task).has(transition.actor)) {
    if (transition.actor === 'qa' && isAvailableForQa(task))
      return { ok: false, message: TRANSITION_MESSAGES.availableForQa };
    const holder = { assignee: task.assignee_id, tech_lead: task.tech_lead_id, qa: task.qa_id }[
      transition.actor
    ];
    if (holder === null)
      return { ok: false, message: TRANSITION_MESSAGES.noActor(ACTOR_LABEL[transition.actor]) };
    const label = ACTOR_LABEL[transition.actor];
    return { ok: false, message: TRANSITION_MESSAGES.wrongActor(label, fromName, statusName(to)) };
  }
  if (transition.needsReason && !(reason ?? '').trim())
    return { ok: false, message: TRANSITION_MESSAGES.reasonRequired(transition.label) };
  if (to === TASK_STATUS.COMPLETE && task.open_subtask_count > 0)
    return { ok: false, message: TRANSITION_MESSAGES.openSubtasks };
  return { ok: true, transition };
}

/** The moves `userId` may make on `task` (reasons not yet asked): the board's drop targets. */
export function allowedMoves(task: TaskState, userId: string): TaskTransition[] {
  return TASK_TRANSITIONS.filter(
    (t) =>
      t.from === task.status_id &&
      decideTransition(task, userId, t.to, t.needsReason ? 'reason' : null).ok,
  );
}

/** Who hears of a transition (never the person who made it). */
export function notificationRecipients(
  kind: TaskNotificationKind,
  task: TaskParties,
  actorId: string,
): string[] {
  const wanted: Array<string | null> = {
    ready_for_review: [task.tech_lead_id],
    failed_review: [task.assignee_id],
    ready_for_testing: [task.qa_id],
    passed_testing: [task.assignee_id, task.tech_lead_id],
    failed_testing: [task.assignee_id, task.tech_lead_id],
  }[kind];
  return [...new Set(wanted.filter((id): id is string => id !== null && id !== actorId))];
}

/** The notification's words. */
export function notificationContent(kind: TaskNotificationKind, taskName: string): string {
  return {
    ready_for_review: `"${taskName}" is ready for review.`,
    failed_review: `"${taskName}" failed review.`,
    ready_for_testing: `"${taskName}" is ready for testing.`,
    passed_testing: `"${taskName}" passed testing and is complete.`,
    failed_testing: `"${taskName}" failed testing.`,
  }[kind];
}
