/**
 * Issue 21: the demo law firm has task requests in every status, each status reached through the
 * task request service, so their details show subtasks, comments and the activity the server
 * wrote; seeding again adds none.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../src/server/db/schema';
import { legalRequest, legalRequestActivity } from '../../src/server/db/schemaLegalRequests';
import { DEMO_LAW_FIRM, DEMO_PASSWORD, seedDemo } from '../../src/server/seed/demo';
import { LEGAL_REQUEST_STATUSES } from '../../src/shared/legalRequests';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let firmId: string;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.db);
  const [firm] = await server.db.select().from(company).where(eq(company.name, DEMO_LAW_FIRM));
  firmId = firm!.id;
}, 120_000);
afterAll(async () => server.close());

interface Item {
  id: string;
  headline: string;
  status: string;
}
interface Details {
  status: string;
  assignee_name: string | null;
  subtasks: Array<{ headline: string; status: string }>;
  comments: Array<{ comment: string; created_by_name: string | null }>;
  activities: Array<{ type: string; current: string | null; previous: string | null }>;
}

const DETAILS = `query($id: ID!) { legalRequest(id: $id) { status assignee_name
  subtasks { headline status } comments { comment created_by_name }
  activities { type current previous } } }`;

describe('the demo task requests', () => {
  it('given the demo, then the paralegal lists requests in every status, with subtasks, comments and activity written by the server', async () => {
    const token = await server.signIn('paralegal@harborvine.example', DEMO_PASSWORD);
    const page = await server.gql<{
      legalRequests: {
        items: Item[];
        total: number;
        counts: { in_progress: number; on_hold: number; completed: number; total: number };
      };
    }>(
      `query($company: ID!) { legalRequests(company_id: $company, limit: 100) {
        items { id headline status } total counts { in_progress on_hold completed total } } }`,
      { company: firmId },
      token,
    );
    expect(page.errors).toBeUndefined();
    const { items, counts } = page.data!.legalRequests;
    for (const status of LEGAL_REQUEST_STATUSES)
      expect(
        items.map((i) => i.status),
        status,
      ).toContain(status);
    expect(counts).toEqual({ in_progress: 2, on_hold: 1, completed: 1, total: 4 });

    const details = async (headline: string) => {
      const item = items.find((i) => i.headline === headline)!;
      const answer = await server.gql<{ legalRequest: Details }>(DETAILS, { id: item.id }, token);
      expect(answer.errors).toBeUndefined();
      return answer.data!.legalRequest;
    };
    const claims = await details('Import 2019 claim files');
    expect(claims.assignee_name).toBe('Priya Menon');
    expect(claims.subtasks).toEqual([
      { headline: 'Map the 2019 claim folders to case numbers', status: 'In Progress' },
    ]);
    expect(claims.comments.map((c) => c.created_by_name)).toEqual(['Helen Harbor', 'Marcus Hale']);
    expect(claims.activities.map((a) => a.type).sort()).toEqual(
      [
        'created',
        'subtask_added',
        'assignee',
        'automation_review_status',
        'comment_added',
        'comment_added',
      ].sort(),
    );

    const held = await details('Automate QME report intake');
    expect(held.activities).toContainEqual({
      type: 'status',
      current: 'On Hold',
      previous: 'In Progress',
    });

    const done = await details('Weekly hearing calendar export');
    expect(done.subtasks).toEqual([
      { headline: 'Agree the spreadsheet columns', status: 'Completed' },
    ]);
    expect(done.activities[0]).toEqual({
      type: 'status',
      current: 'Completed',
      previous: 'In Progress',
    });
  });

  it('given the demo seeded again, then no task request or activity is added', async () => {
    const before = await server.db.$count(legalRequest, eq(legalRequest.company_id, firmId));
    const activities = await server.db.$count(legalRequestActivity);
    expect(before).toBe(6); // four requests and two subtasks
    expect((await seedDemo(server.db)).created).toBe(false);
    expect(await server.db.$count(legalRequest, eq(legalRequest.company_id, firmId))).toBe(before);
    expect(await server.db.$count(legalRequestActivity)).toBe(activities);
  });
});
