/**
 * Issue 13, items 7 and 8: stored uploads are owner-only on disk, a PDF header on something that
 * does not end like a PDF is refused at the finish, and the same bytes under two idempotency keys
 * give one raw file, processed once (also when both finish at the same moment).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawFile, rawFileLog, storedFile } from '../../src/server/db/schema';
import { contentLockName } from '../../src/server/domains/raw-files/duplicates';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { paddedPdf } from './fixtures/files';
import { createRawFiles, registerOne, sha256, tusClient } from './fixtures/raw-files';
import { until } from '../support/until';

let server: TestServer;
let companyId: string;
let admin: TestUser;

const modeOf = async (target: string) => (await stat(target)).mode & 0o777;
/** A PDF no other test uses, so the duplicate rules see only this test's uploads. */
const uniquePdf = () => paddedPdf(randomBytes(40 * 1024));

async function send(rawFileId: string, bytes: Uint8Array) {
  const tus = tusClient(server, admin.token);
  const created = await tus.create(rawFileId, bytes.length, 'file.pdf');
  expect(created.status).toBe(201);
  return tus.patch(created.location, 0, bytes);
}

const rowOf = async (id: string) =>
  (await server.db.select().from(rawFile).where(eq(rawFile.id, id)))[0];

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
});
afterAll(() => server.close());

describe('stored uploads are owner-only', () => {
  it('given a finished upload, then its file is 0600 and the folders on the way are 0700', async () => {
    const bytes = uniquePdf();
    const file = await registerOne(server, admin.token, companyId, { name: 'modes.pdf', bytes });
    expect((await send(file.id, bytes)).status).toBe(204);
    const row = await rowOf(file.id);
    expect(row?.status).toBe('Uploaded');
    const files = path.join(server.config.dataDir, 'files');
    expect(await modeOf(path.join(files, companyId, row!.s3_key!))).toBe(0o600);
    expect(await modeOf(path.join(files, companyId))).toBe(0o700);
    expect(await modeOf(files)).toBe(0o700);
    const staging = path.join(server.config.dataDir, 'uploads-incomplete');
    expect(await modeOf(staging)).toBe(0o700);
    for (const entry of await readdir(staging))
      expect(await modeOf(path.join(staging, entry))).toBe(0o600);
  });
});

describe('a PDF must end like a PDF', () => {
  it('given %PDF-1.4 before an executable, then the finish refuses it with the spec message and logs why', async () => {
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n\x7fELF\x02\x01\x01', 'latin1'),
      randomBytes(100 * 1024),
    ]);
    const file = await registerOne(server, admin.token, companyId, { name: 'tool.pdf', bytes });
    const done = await send(file.id, bytes);
    expect(done.status).toBe(415);
    expect(JSON.parse(done.text)).toEqual({
      error: { code: 'INVALID_FILE_TYPE', message: 'Invalid file type or format' },
    });
    expect((await rowOf(file.id))?.status).toBe('Uploading_Failed');
    const logs = await server.db
      .select()
      .from(rawFileLog)
      .where(and(eq(rawFileLog.raw_file_id, file.id), eq(rawFileLog.field, 'upload_error')));
    expect(logs.map((log) => log.updated_value)).toEqual([expect.stringMatching(/%%EOF/)]);
  });
});

describe('the same bytes under two idempotency keys', () => {
  it('given a stored upload, when the same bytes are registered under a new key, then the answer is the existing raw file', async () => {
    const bytes = uniquePdf();
    const first = await registerOne(server, admin.token, companyId, { name: 'a.pdf', bytes });
    expect((await send(first.id, bytes)).status).toBe(204);
    const again = await createRawFiles(server, admin.token, companyId, [
      { name: 'a copy.pdf', bytes, idempotency_key: randomUUID() },
    ]);
    expect(again.body.data?.[0]).toMatchObject({
      created: false,
      raw_file: { id: first.id, status: 'Uploaded' },
    });
    const live = await server.db
      .select()
      .from(rawFile)
      .where(and(eq(rawFile.sha256, sha256(bytes)), eq(rawFile.is_deleted, false)));
    expect(live.map((row) => row.id)).toEqual([first.id]);
  });

  it('given two finishes of the same bytes waiting at the same moment, then they are decided one after the other: one kept, one duplicate', async () => {
    const bytes = uniquePdf();
    const files = await Promise.all(
      [0, 1].map((i) =>
        registerOne(server, admin.token, companyId, { name: `race-${i}.pdf`, bytes }),
      ),
    );
    // Hold the content lock from outside, so both finishes must be waiting on it together.
    const holder = new pg.Client({ connectionString: server.database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      const name = contentLockName(companyId, sha256(bytes));
      const key = await holder.query<{ key: string }>(
        'SELECT hashtextextended($1, 0)::text AS key',
        [name],
      );
      await holder.query('SELECT pg_advisory_xact_lock($1::bigint)', [key.rows[0]!.key]);
      const patched = Promise.all(files.map((file) => send(file.id, bytes)));
      await until(async () => {
        const waiting = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
             AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
          [key.rows[0]!.key],
        );
        return (waiting.rows[0]?.n ?? 0) >= 2;
      });
      await holder.query('COMMIT');
      expect((await patched).map((reply) => reply.status)).toEqual([204, 204]);
    } finally {
      await holder.end();
    }
    const rows = await Promise.all(files.map((file) => rowOf(file.id)));
    expect(rows.filter((row) => row && !row.is_deleted).map((row) => row?.status)).toEqual([
      'Uploaded',
    ]);
    expect(rows.filter((row) => row?.is_deleted)).toHaveLength(1);
  });

  it('given two uploads of the same bytes finishing at once, then one raw file is kept and queued for processing, the other removed as its duplicate', async () => {
    const enqueue = vi.spyOn(server.app.lexdesk.pipeline, 'enqueue');
    try {
      const bytes = uniquePdf();
      const keys = [randomUUID(), randomUUID()];
      const registered = await Promise.all(
        keys.map((key, i) =>
          registerOne(server, admin.token, companyId, {
            name: `scan-${i}.pdf`,
            bytes,
            idempotency_key: key,
          }),
        ),
      );
      expect(new Set(registered.map((file) => file.id)).size).toBe(2);
      const patched = await Promise.all(registered.map((file) => send(file.id, bytes)));
      expect(patched.map((reply) => reply.status)).toEqual([204, 204]);

      const rows = await Promise.all(registered.map((file) => rowOf(file.id)));
      const kept = rows.filter((row) => row && !row.is_deleted);
      const removed = rows.filter((row) => row?.is_deleted);
      expect(kept.map((row) => row?.status)).toEqual(['Uploaded']);
      expect(removed).toHaveLength(1);
      const keptId = kept[0]!.id;
      const removedId = removed[0]!.id;
      // Processed once: only the kept raw file was queued for the pipeline.
      const queued = enqueue.mock.calls.map(([id]) => id);
      expect(queued.filter((id) => registered.some((file) => file.id === id))).toEqual([keptId]);
      // Its log says whose duplicate it is, and only one copy of the bytes is stored.
      const log = await server.db
        .select()
        .from(rawFileLog)
        .where(and(eq(rawFileLog.raw_file_id, removedId), eq(rawFileLog.field, 'duplicate_of')));
      expect(log.map((entry) => entry.updated_value)).toEqual([keptId]);
      const stored = await server.db
        .select()
        .from(storedFile)
        .where(eq(storedFile.sha256, sha256(bytes)));
      expect(stored.map((file) => file.key)).toEqual([kept[0]!.s3_key]);

      // A client retrying with the removed raw file's key learns the kept one.
      const retried = await createRawFiles(server, admin.token, companyId, [
        {
          name: 'scan.pdf',
          bytes,
          idempotency_key: keys[registered.findIndex((file) => file.id === removedId)],
        },
      ]);
      expect(retried.body.data?.[0]?.raw_file.id).toBe(keptId);
    } finally {
      enqueue.mockRestore();
    }
  });
});
