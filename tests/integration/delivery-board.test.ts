/**
 * Boards a column at a time (domains/tasks/board.ts): each status column answers its own count
 * and first page, so a full column never starves a later one, and "load more" walks one column
 * by keyset cursor, newest first, without skipping or repeating a card (ties on updated_at too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task } from '../../src/server/db/schemaTasks';
import { TASK_STATUSES } from '../../src/shared/delivery/taskStatus';
import { deliveryFixture, raiseRequest, type DeliveryFixture } from '../support/deliveryFixture';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let f: DeliveryFixture;
/** To do's ids, newest first (updated_at, then id, descending). */
let todo: string[] = [];

interface Column {
  status_id: number;
  total_count: number;
  next_cursor: string | null;
  cards: Array<{ id: string; name: string; status_id: number }>;
}
const COLUMN = 'status_id total_count next_cursor cards { id name status_id }';
const BOARD = `query($kind: BoardKind!, $per: Int) { taskBoard(kind: $kind, per_column: $per) { ${COLUMN} } }`;
const MORE = `query($kind: BoardKind!, $status: Int!, $after: String, $limit: Int) {
  taskBoardColumn(kind: $kind, status_id: $status, after: $after, limit: $limit) { ${COLUMN} } }`;

beforeAll(async () => {
  server = await startTestServer();
  f = await deliveryFixture(server);
  const requestId = await raiseRequest(server, f);
  const base = Date.parse('2026-01-01T00:00:00Z');
  const row = (name: string, status_id: number, at: number, task_type = 'feature') => ({
    name,
    description: '',
    status_id,
    task_type,
    request_id: requestId,
    company_id: f.customerCompany,
    project_id: f.projectId,
    created_by: f.lead.user.id,
    assignee_id: f.dev.user.id,
    updated_at: new Date(base + at * 60_000),
  });
  // 30 in To do, every third pair sharing a minute (ties broken by id); 3 Complete, 2 estimated.
  await server.db
    .insert(task)
    .values([
      ...Array.from({ length: 30 }, (_, i) => row(`Todo ${i}`, 1, Math.floor(i / 3) * 2 + (i % 2))),
      ...Array.from({ length: 3 }, (_, i) => row(`Done ${i}`, 12, 100 + i)),
      row('Estimate A', 3, 200, 'estimated'),
      row('Estimate B', 3, 201, 'estimated'),
    ]);
  const rows = await server.db.execute<{ id: string }>(
    `select id from task where status_id = 1 and project_id = '${f.projectId}' order by updated_at desc, id desc`,
  );
  todo = rows.rows.map((r) => r.id);
});
afterAll(async () => server.close());

async function board(per?: number) {
  const r = await server.gql<{ taskBoard: Column[] }>(
    BOARD,
    { kind: 'tech_lead', per },
    f.lead.token,
  );
  expect(r.errors).toBeUndefined();
  return r.data!.taskBoard;
}

describe('a board, a column at a time', () => {
  it('given a full first column, then every column has its count and own first page, later ones not starved', async () => {
    const cols = await board(7);
    expect(cols.map((c) => c.status_id)).toEqual(TASK_STATUSES.map((s) => s.id));
    const byStatus = new Map(cols.map((c) => [c.status_id, c]));
    expect(byStatus.get(1)).toMatchObject({ total_count: 30 });
    expect(byStatus.get(1)!.cards.map((c) => c.id)).toEqual(todo.slice(0, 7));
    expect(byStatus.get(1)!.next_cursor).toEqual(expect.any(String));
    expect(byStatus.get(12)!.total_count).toBe(3);
    expect(byStatus.get(12)!.cards.map((c) => c.name)).toEqual(['Done 2', 'Done 1', 'Done 0']);
    expect(byStatus.get(12)!.next_cursor).toBeNull();
    // Estimated tasks are never on a board, and are not counted.
    expect(byStatus.get(3)).toMatchObject({ total_count: 0, cards: [], next_cursor: null });
  });

  it('given the default page size, then a column answers 50 at most', async () => {
    const cols = await board();
    expect(cols.find((c) => c.status_id === 1)!.cards).toHaveLength(30);
  });

  it('given load more down one column, then each card comes once, in order, and the last page says so', async () => {
    const first = (await board(4)).find((c) => c.status_id === 1)!;
    const seen = first.cards.map((c) => c.id);
    let after = first.next_cursor;
    let pages = 0;
    while (after) {
      const r = await server.gql<{ taskBoardColumn: Column }>(
        MORE,
        { kind: 'tech_lead', status: 1, after, limit: 4 },
        f.lead.token,
      );
      expect(r.errors).toBeUndefined();
      const page = r.data!.taskBoardColumn;
      expect(page.total_count).toBe(30);
      expect(page.cards.every((c) => c.status_id === 1)).toBe(true);
      seen.push(...page.cards.map((c) => c.id));
      after = page.next_cursor;
      pages++;
    }
    expect(pages).toBe(7);
    expect(seen).toEqual(todo);
  });

  it('given a card moved meanwhile, then the next page neither repeats nor skips the rest', async () => {
    const first = (await board(5)).find((c) => c.status_id === 1)!;
    // The developer starts the newest card: it leaves To do.
    const moved = await server.gql(
      'mutation($input: MoveTaskInput!) { moveTask(input: $input) { id } }',
      { input: { id: todo[0], status_id: 2 } },
      f.dev.token,
    );
    expect(moved.errors).toBeUndefined();
    const r = await server.gql<{ taskBoardColumn: Column }>(
      MORE,
      { kind: 'tech_lead', status: 1, after: first.next_cursor, limit: 5 },
      f.lead.token,
    );
    expect(r.data!.taskBoardColumn.total_count).toBe(29);
    expect(r.data!.taskBoardColumn.cards.map((c) => c.id)).toEqual(todo.slice(5, 10));
    const inProgress = (await board(5)).find((c) => c.status_id === 2)!;
    expect(inProgress.cards.map((c) => c.id)).toEqual([todo[0]]);
  });

  it('given bad paging input, then each is refused with its message', async () => {
    const refused = async (variables: Record<string, unknown>, query = MORE) => {
      const r = await server.gql(
        query,
        { kind: 'tech_lead', status: 1, ...variables },
        f.lead.token,
      );
      expect(r.data).toBeNull();
      return r.errors?.[0]?.extensions?.issues;
    };
    expect(await refused({ after: 'not-a-cursor' })).toEqual([
      { path: 'after', message: 'after is not a board cursor.' },
    ]);
    expect(await refused({ status: 5 })).toEqual([
      { path: 'status_id', message: 'status_id is not a status.' },
    ]);
    expect(await refused({ limit: 0 })).toEqual([
      { path: 'limit', message: 'limit must be at least 1.' },
    ]);
    expect(await refused({ per: 201 }, BOARD)).toEqual([
      { path: 'per_column', message: 'per_column must be at most 200.' },
    ]);
  });

  it('given another user, then a cursor of this board shows them nothing of it', async () => {
    const first = (await board(4)).find((c) => c.status_id === 1)!;
    const r = await server.gql<{ taskBoardColumn: Column }>(
      MORE,
      { kind: 'tech_lead', status: 1, after: first.next_cursor },
      f.customer.token,
    );
    expect(r.data?.taskBoardColumn).toMatchObject({ total_count: 0, cards: [], next_cursor: null });
  });
});
