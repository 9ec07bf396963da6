/**
 * The live feed of a company's raw files and documents (companyFilesChanged) against real
 * PostgreSQL and the real pipeline: the triggers of migration 0011 announce each write, the bus
 * hands it to that company's subscribers only, and a subscriber hears when its file finishes
 * processing. Another company's subscriber hears nothing of it, and cannot follow a company it
 * cannot see.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { subscribe, type LiveFeed } from '../support/live';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { until } from '../support/until';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { seedDocuments, seedRawFile } from './fixtures/documents';
import { holdRunsAtClassification, settledRow } from './fixtures/pipeline-runs';
import { registerOne, tusClient } from './fixtures/raw-files';

interface Change {
  companyFilesChanged: { company_id: string; reason: 'subscribed' | 'changed' } | null;
}
const LIVE = 'subscription { companyFilesChanged { company_id reason } }';
const LIVE_FOR = (id: string) =>
  `subscription { companyFilesChanged(company_id: "${id}") { company_id reason } }`;

let server: TestServer;
let a: { companyId: string; admin: TestUser };
let b: { companyId: string; admin: TestUser };
const feeds: Array<LiveFeed<Change>> = [];

function follow(user: TestUser, query = LIVE): LiveFeed<Change> {
  const feed = subscribe<Change>(server.url, user.token, query);
  feeds.push(feed);
  return feed;
}

async function upload(user: TestUser, companyId: string, bytes: Uint8Array): Promise<string> {
  const file = await registerOne(server, user.token, companyId, { name: 'bundle.pdf', bytes });
  const tus = tusClient(server, user.token);
  const created = await tus.create(file.id, bytes.length, 'bundle.pdf');
  expect(created.status).toBe(201);
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
  return file.id;
}

beforeAll(async () => {
  server = await startTestServer(
    { pipelineWorkers: 1 },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
  const first = await server.signUpCompany({ is_legal: true });
  const second = await server.signUpCompany({ is_legal: true });
  a = { companyId: first.company.id, admin: first.admin };
  b = { companyId: second.company.id, admin: second.admin };
}, 120_000);
afterAll(async () => {
  for (const feed of feeds) await feed.dispose();
  await server.close();
});

describe('companyFilesChanged', () => {
  it("given subscribers of two companies, when A's uploaded bundle finishes processing, then A hears it and B hears nothing", async () => {
    const hold = await holdRunsAtClassification(server);
    let id: string;
    try {
      id = await upload(a.admin, a.companyId, await makeTextPdf(BUNDLE_PAGES));
      // The run marked the file Processing and stopped before writing anything else.
      await until(() => hold.holding(), 60_000, 'the run to reach the hold');
    } catch (error) {
      await hold.release();
      throw error;
    }
    const feedA = follow(a.admin);
    const feedB = follow(b.admin);
    expect((await feedA.next(30_000)).companyFilesChanged).toEqual({
      company_id: a.companyId,
      reason: 'subscribed',
    });
    expect((await feedB.next(30_000)).companyFilesChanged).toEqual({
      company_id: b.companyId,
      reason: 'subscribed',
    });

    // B's bus listener records every event it is handed from here on.
    const handedToB: string[] = [];
    const offB = server.app.lexdesk.bus.onCompanyFilesChanged(b.companyId, (event) =>
      handedToB.push(event.company_id),
    );
    await hold.release();
    expect((await feedA.next(60_000)).companyFilesChanged).toEqual({
      company_id: a.companyId,
      reason: 'changed',
    });
    const finished = await settledRow(server, id);
    expect(finished.status).toBe('Processed');
    expect(finished.no_of_pages).toBe(6);

    // B writes a raw file of its own: the first event B hears is that one, and the bus handed B
    // nothing before it (events arrive in commit order on one listening connection).
    await seedRawFile(server, b.companyId);
    expect((await feedB.next(30_000)).companyFilesChanged).toEqual({
      company_id: b.companyId,
      reason: 'changed',
    });
    offB();
    expect(handedToB).toEqual([b.companyId]);
  }, 180_000);

  it('given a subscriber, when documents are written or a raw file is deleted, then each write is heard', async () => {
    const feed = follow(a.admin);
    expect((await feed.next(30_000)).companyFilesChanged?.reason).toBe('subscribed');
    const raw = await seedRawFile(server, a.companyId);
    expect((await feed.next(30_000)).companyFilesChanged?.reason).toBe('changed');
    await seedDocuments(server, a.companyId, [{ name: 'a document' }], raw);
    expect((await feed.next(30_000)).companyFilesChanged?.reason).toBe('changed');
    await server.db.update(rawFile).set({ is_deleted: true }).where(eq(rawFile.id, raw));
    expect((await feed.next(30_000)).companyFilesChanged).toEqual({
      company_id: a.companyId,
      reason: 'changed',
    });
  });

  it("given a user of B, when they ask to follow A's files, then they are refused", async () => {
    const feed = follow(b.admin, LIVE_FOR(a.companyId));
    await expect(feed.next(30_000)).rejects.toThrow(/No Company Found/);
  });
});
