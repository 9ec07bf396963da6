/**
 * `npm run demo` at first start: the demo companies are seeded, then the sample bundles are
 * uploaded as the paralegal and go through the real pipeline, so a newcomer finds raw files,
 * split and typed documents, matched cases and documents left to review.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, userProfile } from '../../src/server/db/schema';
import { legalCase } from '../../src/server/db/schemaPipeline';
import { DEMO_CASES } from '../../src/server/seed/demoCases';
import { seedDemo } from '../../src/server/seed/demo';
import { DEMO_FILES_DIR, DEMO_UPLOADER, uploadDemoFiles } from '../../src/server/seed/demoFiles';
import { startTestServer, type TestServer } from '../support/server';
import { liveDocuments } from './fixtures/documents';
import { settledRow } from './fixtures/pipeline-runs';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    { pipelineWorkers: 1 },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
}, 120_000);
afterAll(async () => server.close());

describe('the demo company at first start', () => {
  it('given a fresh demo, when its sample files are uploaded, then the pipeline splits, types and matches them into documents to try', async () => {
    const seeded = await seedDemo(server.db);
    expect(seeded.created).toBe(true);
    const modesBefore = await Promise.all(
      ['Scanner batch 0412.pdf', 'Alvarez QME and mail.pdf', 'Gonzalez settlement papers.pdf'].map(
        async (name) => (await stat(path.join(DEMO_FILES_DIR, name))).mode,
      ),
    );

    const uploads = await uploadDemoFiles(server.app.lexdesk);

    expect(uploads.map((u) => u.name).sort()).toEqual([
      'Alvarez QME and mail.pdf',
      'Gonzalez settlement papers.pdf',
      'Scanner batch 0412.pdf',
    ]);
    const rows = await Promise.all(uploads.map((u) => settledRow(server, u.rawFileId, 240_000)));
    for (const row of rows) {
      expect(row.status, row.name).toBe('Processed');
      expect(row.no_of_pages, row.name).toBeGreaterThan(1);
    }
    const [uploader] = await server.db
      .select()
      .from(userProfile)
      .where(eq(userProfile.email, DEMO_UPLOADER));
    expect(rows.every((row) => row.uploaded_by === uploader!.id)).toBe(true);

    const documents = (
      await Promise.all(uploads.map((u) => liveDocuments(server, u.rawFileId)))
    ).flat();
    // Each bundle holds several documents; the pipeline finds more than one in every file.
    for (const u of uploads)
      expect((await liveDocuments(server, u.rawFileId)).length, u.name).toBeGreaterThan(1);
    const cases = await server.db
      .select({ id: legalCase.id, number: legalCase.case_number })
      .from(legalCase)
      .where(
        inArray(
          legalCase.case_number,
          DEMO_CASES.map((c) => c.case_number),
        ),
      );
    const matchedNumbers = new Set(
      documents
        .map((d) => cases.find((c) => c.id === d.legal_case_id)?.number)
        .filter((n): n is string => n !== undefined),
    );
    // Two of the demo cases get their paper; the scanner batch is about a client not yet a case.
    expect([...matchedNumbers].sort()).toEqual(['HV-2022-0871', 'HV-2023-0415']);
    expect(documents.some((d) => d.legal_case_id === null)).toBe(true);

    // The originals are untouched (storage links and makes private only its own copy) and the
    // paralegal's upload session is over.
    const modesAfter = await Promise.all(
      uploads.map(async (u) => (await stat(path.join(DEMO_FILES_DIR, u.name))).mode),
    );
    expect(modesAfter.sort()).toEqual(modesBefore.sort());
    const sessions = await server.db
      .select()
      .from(session)
      .where(eq(session.user_id, uploader!.id));
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
  }, 300_000);
});
