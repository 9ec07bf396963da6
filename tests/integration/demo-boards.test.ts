/**
 * Issue 19: the demo seeds tasks in every status, so the developer, QA and tech-lead boards each
 * have cards, and each of those people has a move to try (the machine decides which).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_PASSWORD } from '../../src/server/seed/demo';
import { TASK_STATUSES } from '../../src/shared/delivery/taskStatus';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.db);
}, 120_000);
afterAll(async () => server.close());

interface Card {
  name: string;
  status_id: number;
  qa_id: string | null;
  allowed_moves: Array<{ to_status_id: number; needs_reason: boolean }>;
}

async function board(email: string, kind: string): Promise<Card[]> {
  const token = await server.signIn(email, DEMO_PASSWORD);
  const answer = await server.gql<{ taskBoard: Array<{ cards: Card[] }> }>(
    'query($kind: BoardKind!) { taskBoard(kind: $kind) { cards { name status_id qa_id allowed_moves { to_status_id needs_reason } } } }',
    { kind },
    token,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.taskBoard.flatMap((column) => column.cards);
}

describe('the demo boards', () => {
  it('given the demo, then the tech lead sees a task in every status and can pass or fail the review', async () => {
    const cards = await board('techlead@northwind.example', 'tech_lead');
    const statuses = new Set(cards.map((card) => card.status_id));
    for (const status of TASK_STATUSES) expect(statuses, status.name).toContain(status.id);
    const inReview = cards.find((card) => card.name === 'Download button');
    expect(inReview?.allowed_moves.some((move) => move.needs_reason)).toBe(true);
  });

  it('given the demo, then the developer and QA boards have cards with a move to make', async () => {
    const mine = await board('dev@northwind.example', 'developer');
    expect(mine.some((card) => card.allowed_moves.length > 0)).toBe(true);
    const testing = await board('qa@northwind.example', 'qa');
    // One task waits for any QA person (status 10, no qa_id); another is already theirs.
    expect(testing.some((card) => card.status_id === 10 && card.qa_id === null)).toBe(true);
    expect(testing.some((card) => card.qa_id !== null && card.allowed_moves.length > 0)).toBe(true);
  });
});
