/**
 * Issue 15 item 3: the pipeline tells the person who uploaded a raw file how its run ended. A
 * bundle uploaded by a paralegal gives them "3 documents ready" (linking to the raw file); a letter
 * without a case number adds a needs-review notice linking to the review queue; a password-protected
 * file gives its uploader the failure in words, linking to the raw file. The notices are written with the run's
 * final status: a stale rerun adds none, "Process again" adds one per new run, and nobody else
 * (the admin) is notified. Every link opens a real screen.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification } from '../../src/server/db/schema';
import { createStorage } from '../../src/server/domains/files/s3/createStorage';
import { processRawFile } from '../../src/server/domains/pipeline/processRawFile';
import { PIPELINE_NOTICE_MODULE } from '../../src/server/domains/pipeline/notices';
import { makeEncryptedPdf, makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { isAppPath } from '../../src/shared/routes';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { settledRow } from './fixtures/pipeline-runs';
import { registerOne, tusClient } from './fixtures/raw-files';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;

async function upload(name: string, bytes: Uint8Array, token: string): Promise<string> {
  const file = await registerOne(server, token, companyId, { name, bytes });
  const tus = tusClient(server, token);
  const created = await tus.create(file.id, bytes.length, name);
  expect(created.status).toBe(201);
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
  return file.id;
}

/** The processing notices of `user`, oldest first. */
async function noticesOf(user: TestUser) {
  const rows = await server.db
    .select()
    .from(notification)
    .where(
      and(
        eq(notification.receiver_id, user.user.id),
        eq(notification.module, PIPELINE_NOTICE_MODULE),
      ),
    );
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

beforeAll(async () => {
  server = await startTestServer(
    { pipelineWorkers: 1 },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
}, 120_000);
afterAll(async () => server.close());

describe('notifications of a pipeline run', () => {
  it('given a bundle uploaded by the paralegal, then they hear "3 documents ready", once per run', async () => {
    const rawId = await upload('bundle.pdf', await makeTextPdf(BUNDLE_PAGES), paralegal.token);
    expect((await settledRow(server, rawId)).status).toBe('Processed');

    const notices = await noticesOf(paralegal);
    expect(notices.map((n) => [n.content, n.redirect])).toEqual([
      ['3 documents ready from "bundle.pdf".', `/raw-files/${rawId}`],
    ]);
    for (const n of notices) {
      expect(n).toMatchObject({ sender_id: null, company_id: companyId, is_read: false });
      expect(isAppPath(n.redirect!)).toBe(true);
    }
    expect(await noticesOf(admin)).toEqual([]);

    // The paralegal's own list shows them (GraphQL, newest first).
    const listed = await server.gql<{ notifications: { items: Array<{ content: string }> } }>(
      '{ notifications(limit: 10) { items { content } } }',
      {},
      paralegal.token,
    );
    expect(listed.data?.notifications.items.map((i) => i.content)).toEqual(
      expect.arrayContaining(['3 documents ready from "bundle.pdf".']),
    );

    // A stale job for the processed file (a retry, a recovered crash) writes nothing new.
    const stale = await processRawFile(
      {
        db: server.db,
        storage: createStorage(server.config),
        ocr: () => Promise.reject(new Error('a stale run reads no pages')),
      },
      rawId,
    );
    expect(stale.status).toBe('skipped');
    expect(await noticesOf(paralegal)).toHaveLength(1);

    // "Process again" is a new run: it is reported again, once.
    const again = await server.gql<{ reprocessRawFile: { id: string } }>(
      'mutation($id: ID!) { reprocessRawFile(id: $id) { id } }',
      { id: rawId },
      paralegal.token,
    );
    expect(again.errors).toBeUndefined();
    expect((await settledRow(server, rawId)).status).toBe('Processed');
    const after = await noticesOf(paralegal);
    expect(after.map((n) => n.content)).toEqual([
      '3 documents ready from "bundle.pdf".',
      '3 documents ready from "bundle.pdf".',
    ]);
  }, 180_000);

  it('given a letter with no case number, then the uploader also hears it needs review, linking to the queue', async () => {
    const before = (await noticesOf(paralegal)).length;
    const letter = await makeTextPdf([['Dear Ms. Reyes,', 'Thank you for your call today.']]);
    const rawId = await upload('letter.pdf', letter, paralegal.token);
    expect((await settledRow(server, rawId)).status).toBe('Processed');
    const notices = (await noticesOf(paralegal)).slice(before);
    expect(notices.map((n) => [n.content, n.redirect, n.extra_content])).toEqual([
      ['1 document ready from "letter.pdf".', `/raw-files/${rawId}`, null],
      ['1 document from "letter.pdf" needs review.', '/review', 'No case number: 1.'],
    ]);
  }, 120_000);

  it('given a password-protected file, then the uploader hears why in words, linking to the file, and no storage key', async () => {
    const before = (await noticesOf(admin)).length;
    const bytes = new Uint8Array(await makeEncryptedPdf('secret'));
    const rawId = await upload('locked.pdf', bytes, admin.token);
    const row = await settledRow(server, rawId);
    expect(row.status).toBe('UNACCESSIBLE');

    const notices = (await noticesOf(admin)).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      content: '"locked.pdf" could not be processed: the file is password-protected.',
      redirect: `/raw-files/${rawId}`,
      extra_content: 'Open the file to see what happened and to process it again.',
    });
    expect(notices[0]!.content).not.toContain(row.s3_key!);
  }, 120_000);
});
