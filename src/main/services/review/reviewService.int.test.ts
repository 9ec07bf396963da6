/**
 * Offline review against the real LexDesk server (embedded PostgreSQL, tests/support/server.ts)
 * behind a TCP proxy that can be cut and restored on the same port: the server "goes away" and
 * comes back with the same data.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentChange } from '../../../shared/documents';
import type { ReviewStatus } from '../../../shared/ipc/review';
import { startTestServer, type TestServer } from '../../../../tests/support/server';
import { until } from '../../../../tests/support/until';
import { createReviewService, type ReviewService } from './reviewService';
import { insertDocuments, PDF_BYTES, startProxy, type Proxy } from './testSupport';

let server: TestServer;
let proxy: Proxy;
let companyId: string;
let adminToken: string;
let otherToken: string;
const dirs: string[] = [];
const running: ReviewService[] = [];

beforeAll(async () => {
  proxy = await startProxy(() => server.url);
  server = await startTestServer({ publicUrl: proxy.url });
  const { company, admin } = await server.signUpCompany({ is_legal: true });
  companyId = company.id;
  adminToken = admin.token;
  const other = await server.addUser({
    companyId,
    userType: 'customer',
    legalUserType: 'admin',
  });
  otherToken = other.token;
});
afterEach(async () => {
  for (const service of running.splice(0)) await service.close();
  await proxy.restore();
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const DOC_FIELDS = 'id company_id version url name applicant defendant edited_fields';

async function serverDocument(id: string): Promise<Record<string, unknown>> {
  const answer = await server.gql<{ processedFile: Record<string, unknown> | null }>(
    `query($id: ID!) { processedFile(id: $id) { ${DOC_FIELDS} } }`,
    { id },
    adminToken,
  );
  if (!answer.data?.processedFile) throw new Error(`no document: ${JSON.stringify(answer)}`);
  return answer.data.processedFile;
}

/** The document as the renderer loads it: through the server URL the app uses (signed PDF link included). */
async function loadedDocument(id: string): Promise<never> {
  const response = await fetch(`${proxy.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      query: `query($id: ID!) { processedFile(id: $id) { ${DOC_FIELDS} } }`,
      variables: { id },
    }),
  });
  const answer = (await response.json()) as { data: { processedFile: never } };
  return answer.data.processedFile;
}

async function serverEdit(id: string, changes: Record<string, unknown>, token: string) {
  const answer = await server.gql<{ updateProcessedFile: { saved: boolean } }>(
    'mutation($id: ID!, $changes: ProcessedFileChanges!) { updateProcessedFile(id: $id, changes: $changes) { saved } }',
    { id, changes },
    token,
  );
  expect(answer.data?.updateProcessedFile.saved).toBe(true);
}

interface Harness {
  service: ReviewService;
  statuses: ReviewStatus[];
  dataDir: string;
}

function start(options: { dataDir?: string; token?: string; limitBytes?: number } = {}): Harness {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'lexdesk-review-'));
  if (!options.dataDir) dirs.push(dataDir);
  const statuses: ReviewStatus[] = [];
  const service = createReviewService({
    file: path.join(dataDir, 'desktop', 'review.db'),
    pdfDir: path.join(dataDir, 'desktop', 'review-cache', 'pdf'),
    serverUrl: () => proxy.url,
    token: () => Promise.resolve(options.token ?? adminToken),
    cacheLimitBytes: () => Promise.resolve(options.limitBytes ?? 100 * 1024 * 1024),
    onChanged: (status) => statuses.push(status),
    log: process.env.H5DBG ? (line) => console.log('LOG', line) : () => undefined,
    connectivity: { baseDelayMs: 50, maxDelayMs: 200, onlineCheckMs: 60_000 },
    requestTimeoutMs: 2_000,
  });
  running.push(service);
  return { service, statuses, dataDir };
}

async function stop(harness: Harness): Promise<void> {
  await harness.service.close();
  running.splice(running.indexOf(harness.service), 1);
}

const edit = (documentId: string, applicant: string) => ({
  documentId,
  companyId,
  kind: 'update' as const,
  changes: { applicant },
  base: { applicant: 'Original Applicant' },
});

describe('offline review against the server', () => {
  it("given the server answers, when a change is saved, then it is saved at once and the cached copy is the server's answer", async () => {
    const [id] = await insertDocuments(server, companyId, ['Online letter']);
    if (!id) throw new Error('no document');
    const { service } = start();
    await service.cacheDocuments([await loadedDocument(id)]);

    const outcome = await service.save(edit(id, 'Saved Online'));

    expect(outcome).toMatchObject({ status: 'saved', conflicts: [] });
    expect(outcome.document).toMatchObject({ id, applicant: 'Saved Online', version: 2 });
    expect(await serverDocument(id)).toMatchObject({ applicant: 'Saved Online' });
    expect(await service.outbox()).toEqual([]);
  });

  it('given the server goes away, when three documents are edited and the app restarts, then the edits wait on disk; when the server is back, two land and the one another user changed meanwhile waits for the user, who keeps theirs', async () => {
    const ids = await insertDocuments(server, companyId, ['Letter A', 'Letter B', 'Letter C']);
    const first = start();
    await first.service.cacheDocuments(await Promise.all(ids.map((id) => loadedDocument(id))), {
      companyId,
      statusType: 'all',
    });
    await first.service.idle();
    const cached = await first.service.getCached(ids[0] ?? '');
    expect(cached).toMatchObject({ hasPdf: true });

    await proxy.cut();
    const outcomes = [];
    for (const [index, id] of ids.entries()) {
      outcomes.push(await first.service.save(edit(id, `Offline ${index + 1}`)));
    }
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['queued', 'queued', 'queued']);
    expect(await first.service.status()).toMatchObject({ online: false, pending: 3 });
    // What is cached stays readable offline: the changed copy and its PDF.
    expect((await first.service.getCached(ids[1] ?? '')).document?.applicant).toBe('Offline 2');
    const pdf = await first.service.getPdf(ids[1] ?? '');
    expect(Buffer.from(pdf ?? '', 'base64').equals(PDF_BYTES)).toBe(true);
    expect((await first.service.listCached(companyId, 'all')).map((d) => d.id)).toEqual(ids);
    await stop(first);

    // Meanwhile another user changes one of the same fields on the server.
    await serverEdit(ids[2] ?? '', { applicant: 'Changed On Server' }, otherToken);

    const second = start({ dataDir: first.dataDir });
    await until(
      async () => (await second.service.status()).online === false,
      20_000,
      'offline at start',
    );
    expect(await second.service.status()).toMatchObject({ pending: 3, conflicts: 0 });

    await proxy.restore();
    await until(
      () => second.statuses.some((s) => s.online && s.pending === 0 && s.conflicts === 1),
      20_000,
      'the outbox to be sent',
    );
    expect(await serverDocument(ids[0] ?? '')).toMatchObject({ applicant: 'Offline 1' });
    expect(await serverDocument(ids[1] ?? '')).toMatchObject({ applicant: 'Offline 2' });
    expect(await serverDocument(ids[2] ?? '')).toMatchObject({ applicant: 'Changed On Server' });

    const [conflict] = await second.service.outbox();
    expect(conflict).toMatchObject({
      documentId: ids[2],
      documentName: 'Letter C',
      state: 'conflict',
      conflicts: [
        {
          field: 'applicant',
          base_value: '"Original Applicant"',
          server_value: '"Changed On Server"',
          your_value: '"Offline 3"',
        },
      ],
    });
    // The user still sees their own value until they choose.
    expect((await second.service.getCached(ids[2] ?? '')).document?.applicant).toBe('Offline 3');

    const resolved = await second.service.resolveConflict(conflict?.id ?? '', {
      applicant: 'mine',
    });
    expect(resolved).toMatchObject({ status: 'saved', conflicts: [] });
    expect(resolved.document?.applicant).toBe('Offline 3');
    expect(await serverDocument(ids[2] ?? '')).toMatchObject({ applicant: 'Offline 3' });
    expect(await second.service.outbox()).toEqual([]);
    expect(await second.service.status()).toMatchObject({ pending: 0, conflicts: 0 });
  });

  it("given a conflict, when the user keeps the server's value, then nothing is sent and the cached copy shows the server's value", async () => {
    const [id] = await insertDocuments(server, companyId, ['Letter D']);
    if (!id) throw new Error('no document');
    const { service } = start();
    await service.cacheDocuments([await loadedDocument(id)]);
    await serverEdit(id, { applicant: 'Theirs' }, otherToken);

    const outcome = await service.save(edit(id, 'Mine'));
    expect(outcome).toMatchObject({ status: 'conflict' });

    const resolved = await service.resolveConflict(outcome.outboxId, { applicant: 'server' });
    expect(resolved).toMatchObject({ status: 'saved' });
    expect(resolved.document?.applicant).toBe('Theirs');
    expect(await serverDocument(id)).toMatchObject({ applicant: 'Theirs' });
  });

  it('given the answer to a save is lost, when the server is reached again, then the change is sent again and lands once, without a conflict', async () => {
    const [id] = await insertDocuments(server, companyId, ['Letter E']);
    if (!id) throw new Error('no document');
    const harness = start();
    await harness.service.cacheDocuments([await loadedDocument(id)]);
    proxy.swallowAnswers();

    const outcome = await harness.service.save(edit(id, 'Sent Twice'));
    expect(outcome.status).toBe('queued');
    // The server did save it; only the answer was lost.
    expect(await serverDocument(id)).toMatchObject({ applicant: 'Sent Twice', version: 2 });

    expect(await harness.service.outbox()).toMatchObject([{ state: 'pending' }]);
    await proxy.restore();
    await until(
      async () => (await harness.service.outbox()).length === 0,
      20_000,
      'the resend to be confirmed',
    );
    expect(await harness.service.status()).toMatchObject({
      online: true,
      pending: 0,
      conflicts: 0,
    });
    expect(await serverDocument(id)).toMatchObject({ applicant: 'Sent Twice', version: 2 });
  });

  it('given a value the server refuses, when saved, then the change is kept as failed with the reason until the user discards it', async () => {
    const [id] = await insertDocuments(server, companyId, ['Letter F']);
    if (!id) throw new Error('no document');
    const { service } = start();
    await service.cacheDocuments([await loadedDocument(id)]);

    // A real day, but the end of an injury period on a document without its start.
    await expect(
      service.save({
        documentId: id,
        companyId,
        kind: 'update',
        changes: { date_of_injury_end: '2023-03-01' },
        base: { date_of_injury_end: null },
      }),
    ).rejects.toMatchObject({ code: 'REVIEW_REFUSED' });
    const [failed] = await service.outbox();
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed?.lastError).toBeTruthy();
    expect(await service.status()).toMatchObject({ failed: 1 });

    expect(await service.discard(failed?.id ?? '')).toBe(true);
    expect(await service.outbox()).toEqual([]);
  });

  it("given another user signs in on the same computer, when they look, then they neither see nor send the first user's changes", async () => {
    const [id] = await insertDocuments(server, companyId, ['Letter G']);
    if (!id) throw new Error('no document');
    const first = start();
    await first.service.cacheDocuments([await loadedDocument(id)]);
    await proxy.cut();
    await first.service.save(edit(id, 'First user'));
    await stop(first);
    await proxy.restore();

    const second = start({ dataDir: first.dataDir, token: otherToken });
    await second.service.flush();
    expect(await second.service.outbox()).toEqual([]);
    expect((await second.service.getCached(id)).document).toBeNull();
    expect(await serverDocument(id)).toMatchObject({ applicant: 'Original Applicant' });
    await stop(second);

    const back = start({ dataDir: first.dataDir });
    await until(
      async () => (await back.service.outbox()).length === 0,
      20_000,
      'the first user’s send',
    );
    expect(await serverDocument(id)).toMatchObject({ applicant: 'First user' });
  });

  it('given a change with a field the server does not have, when saved, then it is refused before anything is stored', async () => {
    const { service } = start();
    // A caller outside the types (the contract's schema refuses this before the service).
    const notEditable = { is_exception: false } as unknown as DocumentChange;
    await expect(
      service.save({
        documentId: 'x',
        companyId,
        kind: 'update',
        changes: notEditable,
        base: {},
      }),
    ).rejects.toMatchObject({ code: 'REVIEW_INVALID' });
    // Nor a day that is not one (the shared rule of src/shared/documents).
    await expect(
      service.save({
        documentId: 'x',
        companyId,
        kind: 'update',
        changes: { date_of_injury: '2023-02-30' },
        base: {},
      }),
    ).rejects.toMatchObject({ code: 'REVIEW_INVALID' });
    expect(await service.outbox()).toEqual([]);
  });
});
