/** Resolvers of requests, tasks and boards (schema/50-delivery-tasks.graphql). */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import {
  allowedMoves,
  isAvailableForQa,
  TASK_STATUSES,
  type TaskState,
} from '../../../shared/delivery/taskStatus';
import type { BoardCardRecord } from './board';
import type { RequestRecord } from './requests';
import type { TaskRecord } from './taskQueries';

type Args = Record<string, unknown>;

const movesOf = (t: TaskState, userId: string) =>
  allowedMoves(t, userId).map((m) => ({
    to_status_id: m.to,
    label: m.label,
    needs_reason: m.needsReason,
  }));

/** Optional input fields left null are treated as absent (so a missing required one is named). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** An edit's nulls mean "unchanged", except difficulty_level, where null clears it. */
function editInput(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const level = (input as { difficulty_level?: unknown }).difficulty_level;
  const rest = withoutNulls(input) as Record<string, unknown>;
  return level === null ? { ...rest, difficulty_level: null } : rest;
}

export function deliveryTaskResolvers(deps: ResolverDeps) {
  const requests = deps.services.deliveryRequests;
  const tasks = deps.services.deliveryTasks;
  const queries = deps.services.deliveryTaskQueries;
  const editor = deps.services.deliveryTaskEditor;
  const leads = deps.services.deliveryLeadViews;
  const read = <T>(op: string, work: () => Promise<T>) =>
    guarded(deps, 'FETCH_CURRENT_TASK_FAILED', op, work);
  const writeTask = <T>(op: string, work: () => Promise<T>) =>
    guarded(deps, 'UPDATE_TASK_FAILED', op, work);

  return {
    Query: {
      taskStatuses: (_: unknown, __: Args, context: GraphQLContext) => {
        requireViewer(context);
        return TASK_STATUSES;
      },
      requests: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'GET_TASK_REQUESTS_FAILED', 'requests', () =>
          requests.list(requireViewer(context), args),
        ),
      request: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'GET_TASK_REQUESTS_FAILED', 'request', () =>
          requests.get(requireViewer(context), args),
        ),
      task: (_: unknown, args: Args, context: GraphQLContext) =>
        read('task', () => tasks.get(requireViewer(context), args)),
      tasksByRequest: (_: unknown, args: { request_id: string }, context: GraphQLContext) =>
        read('tasksByRequest', async () => {
          const viewer = requireViewer(context);
          await requests.get(viewer, { id: args.request_id });
          return queries.byRequest(viewer, args.request_id);
        }),
      taskBoard: (_: unknown, args: Args, context: GraphQLContext) =>
        read('taskBoard', () => tasks.board(requireViewer(context), withoutNulls(args))),
      taskBoardColumn: (_: unknown, args: Args, context: GraphQLContext) =>
        read('taskBoardColumn', () =>
          tasks.boardColumn(requireViewer(context), withoutNulls(args)),
        ),
      techLeadDashboard: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'NO_TL_REQUESTS', 'techLeadDashboard', () =>
          leads.dashboard(requireViewer(context), withoutNulls(args)),
        ),
      techLeadBacklog: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'NO_TL_BACKLOG', 'techLeadBacklog', () =>
          leads.backlog(requireViewer(context), withoutNulls(args)),
        ),
    },
    Mutation: {
      createRequest: (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        guarded(deps, 'ADD_REQUEST_FAILED', 'createRequest', () =>
          requests.create(requireViewer(context), withoutNulls(args.input)),
        ),
      updateRequest: (_: unknown, args: { id: unknown; input: unknown }, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_REQUEST_FAILED', 'updateRequest', () =>
          requests.update(requireViewer(context), args),
        ),
      deleteRequest: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_REQUEST_FAILED', 'deleteRequest', () =>
          requests.remove(requireViewer(context), args),
        ),
      createTask: (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        writeTask('createTask', () =>
          tasks.create(requireViewer(context), withoutNulls(args.input)),
        ),
      updateTask: (_: unknown, args: { id: unknown; input: unknown }, context: GraphQLContext) =>
        writeTask('updateTask', () =>
          editor.update(requireViewer(context), { id: args.id, input: editInput(args.input) }),
        ),
      assignTask: (_: unknown, args: Args, context: GraphQLContext) =>
        writeTask('assignTask', () =>
          tasks.assign(requireViewer(context), {
            id: args.id,
            assignee_id: args.assignee_id ?? null,
            qa_id: args.qa_id ?? null,
          }),
        ),
      takeTaskForQa: (_: unknown, args: Args, context: GraphQLContext) =>
        writeTask('takeTaskForQa', () => tasks.takeForQa(requireViewer(context), args)),
      deleteTask: (_: unknown, args: Args, context: GraphQLContext) =>
        writeTask('deleteTask', () => tasks.remove(requireViewer(context), args)),
      moveTask: (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        writeTask('moveTask', () => tasks.move(requireViewer(context), args.input)),
    },
    Request: {
      status: (r: RequestRecord) => ({ id: r.status_id, name: r.status_name }),
      tasks: (r: RequestRecord, _: Args, context: GraphQLContext) =>
        read('Request.tasks', () => queries.byRequest(requireViewer(context), r.id)),
    },
    BoardCard: {
      available_for_qa: (c: BoardCardRecord) => isAvailableForQa(c),
      allowed_moves: (c: BoardCardRecord, _: Args, context: GraphQLContext) =>
        movesOf(c, requireViewer(context).user.id),
    },
    Task: {
      status: (t: TaskRecord) => ({ id: t.status_id, name: t.status_name }),
      available_for_qa: (t: TaskRecord) => isAvailableForQa(t),
      estimates: (t: TaskRecord) => read('Task.estimates', () => queries.estimates(t.id)),
      steps: (t: TaskRecord) => read('Task.steps', () => queries.steps(t.id)),
      references: (t: TaskRecord) => read('Task.references', () => queries.references(t.id)),
      status_logs: (t: TaskRecord) => read('Task.status_logs', () => queries.logs(t.id)),
      subtasks: (t: TaskRecord, _: Args, context: GraphQLContext) =>
        read('Task.subtasks', () => queries.subtasks(requireViewer(context), t.id)),
      allowed_moves: (t: TaskRecord, _: Args, context: GraphQLContext) =>
        movesOf(t, requireViewer(context).user.id),
    },
  };
}
