/**
 * The three work boards, a column (status) at a time: each column answers its own count and its
 * newest cards (updated_at, then id, descending) up to a per-column limit, with a keyset cursor
 * for the next page of that column alone, so a full column never starves a later one. Cards carry
 * only what a board card shows and what the status machine needs to offer its moves.
 * Indexes: task_board_status_idx (tech lead), task_assignee_idx (developer), task_qa_idx (QA).
 * Column counts come from task_board_count (migration 0028, kept by triggers on task) wherever
 * the board's own condition is the viewer's whole reach, so they cost rows per key, not per task.
 */
import { and, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import { userProfile } from '../../db/schema';
import { project, projectTeamMember, request } from '../../db/schemaDelivery';
import { task, taskBoardCount } from '../../db/schemaTasks';
import { ValidationError } from '../../errors';
import { deliveryReach, type Viewer } from '../../permissions';
import { isUuid } from '../../errors';
import { TASK_STATUS, TASK_STATUSES, statusName } from '../../../shared/delivery/taskStatus';
import type { BoardKind } from '../../../shared/delivery/inputs';
import { taskScope } from './scope';

const assignee = alias(userProfile, 'assignee');
const qa = alias(userProfile, 'qa');
const fullName = (u: { id: AnyPgColumn; first_name: AnyPgColumn; last_name: AnyPgColumn }) =>
  sql<
    string | null
  >`case when ${u.id} is null then null else ${u.first_name} || ' ' || ${u.last_name} end`;

/** updated_at to the microsecond, in UTC: a cursor must not lose the precision PostgreSQL keeps. */
const updatedAtText = sql<string>`to_char(${task.updated_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CARD = {
  id: task.id,
  name: task.name,
  status_id: task.status_id,
  task_type: task.task_type,
  assignee_id: task.assignee_id,
  assignee_name: fullName(assignee),
  qa_id: task.qa_id,
  qa_name: fullName(qa),
  project_name: project.name,
  tech_lead_id: project.tech_lead_id,
  request_title: request.title,
  total_estimated_hours: task.total_estimated_hours,
  difficulty_level: task.difficulty_level,
  open_subtask_count: sql<number>`(select count(*)::int from "task" as "subtask"
    where "subtask"."parent_id" = ${task.id} and "subtask"."is_deleted" = false and "subtask"."status_id" <> ${TASK_STATUS.COMPLETE})`,
};

export type BoardCardRecord = Awaited<
  ReturnType<ReturnType<typeof selectCards>['execute']>
>[number];
/** The columns a board's condition reads, on task and on task_board_count alike. */
interface BoardColumns {
  project_id: AnyPgColumn;
  status_id: AnyPgColumn;
  assignee_id: AnyPgColumn;
  qa_id: AnyPgColumn;
}

interface PageKey {
  id: string;
  status_id: number;
  cursor_at: string;
}

export interface BoardColumnRecord {
  status_id: number;
  status_name: string;
  total_count: number;
  cards: BoardCardRecord[];
  /** Where the next page of this column starts; null when this page is its last. */
  next_cursor: string | null;
}

function selectCards(db: Database) {
  return db
    .select(CARD)
    .from(task)
    .innerJoin(request, eq(request.id, task.request_id))
    .innerJoin(project, eq(project.id, task.project_id))
    .leftJoin(assignee, eq(assignee.id, task.assignee_id))
    .leftJoin(qa, eq(qa.id, task.qa_id));
}

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)~([0-9a-f-]{36})$/;

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}~${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !isUuid(match[2]!) || Number.isNaN(Date.parse(match[1]!)))
    throw new ValidationError([{ path: 'after', message: 'after is not a board cursor.' }]);
  return { at: match[1]!, id: match[2]! };
}

export function createBoardQueries(db: Database) {
  /**
   * Which tasks are on `kind`'s board for the viewer (not yet split by status): `where` over task,
   * and, when the board's own condition is the whole of the viewer's reach there, `counted` — the
   * same condition over task_board_count, whose rows hold exactly the live non-"estimated" tasks.
   * A tech lead's projects are looked up first, so the planner sees how many they are (a lead of
   * every project walks the status index newest first; a lead of a few, those projects' entries).
   * They go as one array parameter (`= any($1::uuid[])`), not a list of parameters: the planner
   * still sees every value, but seven arms of 50 parameters cost 19 ms of planning (and drizzle
   * time building them) where one array costs 2 ms. The cards' ids likewise (cardsOf).
   */
  async function onBoard(
    viewer: Viewer,
    kind: BoardKind,
    projectId?: string | null,
  ): Promise<{ where: SQL; counted: SQL | null }> {
    const me = viewer.user.id;
    const led =
      kind === 'tech_lead'
        ? (
            await db.select({ id: project.id }).from(project).where(eq(project.tech_lead_id, me))
          ).map((p) => p.id)
        : [];
    const mine = (t: BoardColumns): SQL | undefined =>
      kind === 'developer'
        ? eq(t.assignee_id, me)
        : kind === 'tech_lead'
          ? led.length > 0
            ? sql`${t.project_id} = any(${sql.param(led)}::uuid[])`
            : sql`false`
          : or(
              eq(t.qa_id, me),
              and(
                eq(t.status_id, TASK_STATUS.READY_FOR_TESTING),
                isNull(t.qa_id),
                sql`${t.project_id} in (select ${projectTeamMember.project_id} from ${projectTeamMember}
                  where ${projectTeamMember.user_profile_id} = ${me} and ${projectTeamMember.is_deleted} = false)`,
              ),
            );
    const within = (t: BoardColumns) =>
      and(mine(t), projectId ? eq(t.project_id, projectId) : undefined)!;
    // Talent see what they are assigned, test or lead (scope.ts): for them the developer and tech
    // lead boards' own condition is already within scope, and so is QA's for a QA user.
    const implied =
      deliveryReach(viewer) === 'assigned' && (kind !== 'qa' || viewer.userType === 'qa');
    return {
      where: and(
        eq(task.is_deleted, false),
        ne(task.task_type, 'estimated'),
        implied ? undefined : taskScope(viewer),
        within(task),
      )!,
      counted: implied ? within(taskBoardCount) : null,
    };
  }

  /**
   * One column's page, keys only (task alone, walking a board index newest first): `limit` + 1
   * rows are read to know whether another page follows. The cards' joins come after (cardsOf).
   */
  function page(where: SQL, statusId: number, limit: number, after?: { at: string; id: string }) {
    return db
      .select({ id: task.id, status_id: task.status_id, cursor_at: updatedAtText.as('cursor_at') })
      .from(task)
      .where(
        and(
          where,
          eq(task.status_id, statusId),
          after
            ? sql`(${task.updated_at}, ${task.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(task.updated_at), desc(task.id))
      .limit(limit + 1);
  }

  /** Cards per status: from task_board_count where it answers for the board, else counted. */
  async function counts(
    board: { where: SQL; counted: SQL | null },
    statusId?: number,
  ): Promise<Map<number, number>> {
    const rows = board.counted
      ? await db
          .select({
            status_id: taskBoardCount.status_id,
            n: sql<number>`coalesce(sum(${taskBoardCount.n}), 0)::int`,
          })
          .from(taskBoardCount)
          .where(
            and(
              board.counted,
              statusId === undefined ? undefined : eq(taskBoardCount.status_id, statusId),
            ),
          )
          .groupBy(taskBoardCount.status_id)
      : await db
          .select({ status_id: task.status_id, n: sql<number>`count(*)::int` })
          .from(task)
          .where(
            and(board.where, statusId === undefined ? undefined : eq(task.status_id, statusId)),
          )
          .groupBy(task.status_id);
    return new Map(rows.map((r) => [r.status_id, r.n]));
  }

  /** The cards of `keys`, in their order. */
  async function cardsOf(
    keys: ReadonlyArray<{ id: string }>,
  ): Promise<Map<string, BoardCardRecord>> {
    if (keys.length === 0) return new Map();
    const ids = keys.map((k) => k.id);
    const rows = await selectCards(db).where(sql`${task.id} = any(${sql.param(ids)}::uuid[])`);
    return new Map(rows.map((r) => [r.id, r]));
  }

  function toColumn(
    statusId: number,
    total: number,
    keys: ReadonlyArray<PageKey>,
    cards: Map<string, BoardCardRecord>,
    limit: number,
  ): BoardColumnRecord {
    const more = keys.length > limit;
    const shown = keys.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      status_id: statusId,
      status_name: statusName(statusId),
      total_count: total,
      cards: shown.flatMap((k) => cards.get(k.id) ?? []),
      next_cursor: more && last ? encodeCursor(last.cursor_at, last.id) : null,
    };
  }

  return {
    /** Every status column's count and first `perColumn` cards, in the machine's order. */
    async columns(
      viewer: Viewer,
      kind: BoardKind,
      projectId: string | null | undefined,
      perColumn: number,
    ): Promise<BoardColumnRecord[]> {
      const board = await onBoard(viewer, kind, projectId);
      const [first, second, ...rest] = TASK_STATUSES.map((s) => page(board.where, s.id, perColumn));
      const [keys, totals] = await Promise.all([
        unionAll(first!, second!, ...rest) as unknown as Promise<PageKey[]>,
        counts(board),
      ]);
      const cards = await cardsOf(keys);
      return TASK_STATUSES.map((s) =>
        toColumn(
          s.id,
          totals.get(s.id) ?? 0,
          keys.filter((k) => k.status_id === s.id),
          cards,
          perColumn,
        ),
      );
    },

    /** The page of one column after `cursor` (its first page when there is none). */
    async column(
      viewer: Viewer,
      kind: BoardKind,
      projectId: string | null | undefined,
      statusId: number,
      limit: number,
      cursor?: string | null,
    ): Promise<BoardColumnRecord> {
      const after = cursor ? decodeCursor(cursor) : undefined;
      const board = await onBoard(viewer, kind, projectId);
      const [keys, totals] = await Promise.all([
        page(board.where, statusId, limit, after),
        counts(board, statusId),
      ]);
      return toColumn(statusId, totals.get(statusId) ?? 0, keys, await cardsOf(keys), limit);
    },
  };
}

export type BoardQueries = ReturnType<typeof createBoardQueries>;
