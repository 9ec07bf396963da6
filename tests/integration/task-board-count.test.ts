/**
 * task_board_count (migration 0028): the board columns' counts kept by triggers on task. After
 * every kind of write — inserts, moves, reassignments, soft and hard deletes, a type changed to
 * "estimated", concurrent moves in opposite directions, moves through the server, a rollback — the
 * table says exactly what count(*) over the live board tasks says.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task } from '../../src/server/db/schemaTasks';
import {
  deliveryFixture,
  MOVE_TASK,
  raiseRequest,
  type DeliveryFixture,
} from '../support/deliveryFixture';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let f: DeliveryFixture;
let pool: pg.Pool;
let requestId: string;

const COUNTED = `select project_id, status_id, assignee_id, qa_id, n from task_board_count where n <> 0
  order by 1, 2, 3 nulls first, 4 nulls first`;
const COUNTED_BY_HAND = `select project_id, status_id, assignee_id, qa_id, count(*)::int as n from task
  where not is_deleted and task_type <> 'estimated' group by 1, 2, 3, 4
  order by 1, 2, 3 nulls first, 4 nulls first`;

async function expectExact() {
  const [kept, counted] = await Promise.all([pool.query(COUNTED), pool.query(COUNTED_BY_HAND)]);
  expect(kept.rows).toEqual(counted.rows);
  return counted.rows as Array<{ status_id: number; n: number }>;
}

async function addTasks(n: number, over: Partial<typeof task.$inferInsert> = {}) {
  const rows = await server.db
    .insert(task)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Counted ${i}`,
        description: '',
        status_id: 1,
        task_type: 'feature',
        request_id: requestId,
        company_id: f.customerCompany,
        project_id: f.projectId,
        created_by: f.lead.user.id,
        assignee_id: f.dev.user.id,
        qa_id: f.qa.user.id,
        ...over,
      })),
    )
    .returning({ id: task.id });
  return rows.map((r) => r.id);
}

/** Resolves once some other session waits on a lock (the second mover behind the first). */
async function someoneWaitsOnALock(): Promise<void> {
  for (;;) {
    const r = await pool.query(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((r.rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  f = await deliveryFixture(server);
  requestId = await raiseRequest(server, f);
  pool = new pg.Pool({ connectionString: server.database.url, max: 8 });
});
afterAll(async () => {
  await pool.end();
  await server.close();
});

describe('task_board_count', () => {
  it('given inserts, moves, reassignment, deletes and "estimated", then it matches count(*)', async () => {
    const ids = await addTasks(12);
    await addTasks(3, { task_type: 'estimated' });
    await addTasks(2, { qa_id: null, status_id: 10 });
    await expectExact();
    await pool.query(`update task set status_id = 2 where id = any($1)`, [ids.slice(0, 5)]);
    await pool.query(`update task set assignee_id = $2, qa_id = null where id = $1`, [
      ids[5],
      f.lead.user.id,
    ]);
    await pool.query(`update task set name = 'Renamed' where id = $1`, [ids[6]]);
    await pool.query(`update task set is_deleted = true where id = $1`, [ids[7]]);
    await pool.query(`update task set task_type = 'estimated' where id = $1`, [ids[8]]);
    await pool.query(`update task set task_type = 'feature' where task_type = 'estimated'`);
    await pool.query(`delete from task where id = $1`, [ids[9]]);
    const rows = await expectExact();
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(12 + 3 + 2 + 1 - 1 - 1 - 1);
  });

  it('given a transaction rolled back, then its changes leave the counts as they were', async () => {
    const ids = await addTasks(4);
    const before = await expectExact();
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`update task set status_id = 12 where id = any($1)`, [ids]);
      await client.query(`update task set is_deleted = true where id = $1`, [ids[0]]);
      await client.query(
        `insert into task (name, description, status_id, task_type, request_id, company_id, project_id, created_by)
         values ('Rolled back', '', 3, 'feature', $1, $2, $3, $4)`,
        [requestId, f.customerCompany, f.projectId, f.lead.user.id],
      );
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await expectExact()).toEqual(before);
  });

  it('given two moves in opposite directions at once, then the second waits for the count rows of the first and the counts match', async () => {
    const [a, b] = await addTasks(2);
    await pool.query(`update task set status_id = 2 where id = $1`, [b]);
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('begin');
      await first.query(`update task set status_id = 2 where id = $1`, [a]); // 1 → 2
      await second.query('begin');
      const secondMove = second.query(`update task set status_id = 1 where id = $1`, [b]); // 2 → 1
      await someoneWaitsOnALock();
      await first.query(`update task set assignee_id = null where id = $1`, [a]);
      await first.query('commit');
      await secondMove;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    await expectExact();
  });

  it('given many concurrent moves through the server, some refused, then the board counts are count(*)', async () => {
    const ids = await addTasks(24);
    const answers = await Promise.all(
      [...ids, ...ids.slice(0, 6)].map((id) =>
        server.gql(MOVE_TASK, { input: { id, status_id: 2 } }, f.dev.token),
      ),
    );
    // Each task starts once: of two moves of one task, the second finds it In progress and is refused.
    expect(answers.filter((r) => !r.errors).length).toBe(24);
    await expectExact();
    const board = await server.gql<{
      taskBoard: Array<{ status_id: number; total_count: number }>;
    }>(`query { taskBoard(kind: developer) { status_id total_count } }`, {}, f.dev.token);
    const mine = await pool.query(
      `select status_id, count(*)::int as n from task where assignee_id = $1 and not is_deleted
         and task_type <> 'estimated' group by 1`,
      [f.dev.user.id],
    );
    const expected = new Map(
      (mine.rows as Array<{ status_id: number; n: number }>).map((r) => [r.status_id, r.n]),
    );
    for (const column of board.data!.taskBoard)
      expect(column.total_count).toBe(expected.get(column.status_id) ?? 0);
  });
});
