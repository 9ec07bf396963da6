/**
 * Issue 15 item 12: "Process again" is the person's act, so the raw file's change log names them
 * (not "LexDesk pipeline"), with their email, id and role; the runs it starts stay the pipeline's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile, rawFileLog } from '../../src/server/db/schema';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedRawFile } from './fixtures/documents';

let server: TestServer;
let companyId: string;
let paralegal: TestUser;

const REPROCESS = 'mutation($id: ID!) { reprocessRawFile(id: $id) { id status } }';

beforeAll(async () => {
  // No workers: the request is what is under test, not the run it queues.
  server = await startTestServer();
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
}, 120_000);
afterAll(async () => server.close());

async function requestLogs(rawId: string) {
  const rows = await server.db.select().from(rawFileLog).where(eq(rawFileLog.raw_file_id, rawId));
  return rows
    .filter((row) => row.action_type === 'reprocess_requested')
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

describe('the audit of "Process again"', () => {
  it('given a paralegal asks to process a file again, then the change log names them', async () => {
    const rawId = await seedRawFile(server, companyId);
    await server.db.update(rawFile).set({ s3_key: 'stored/key.pdf' }).where(eq(rawFile.id, rawId));

    const reply = await server.gql<{ reprocessRawFile: { status: string } }>(
      REPROCESS,
      { id: rawId },
      paralegal.token,
    );
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.reprocessRawFile.status).toBe('Uploaded');

    const { user } = paralegal;
    const expected = {
      field: 'status',
      updated_by_username: `${user.first_name} ${user.last_name}`,
      updated_by_email: user.email,
      update_by_user_id: user.id,
      updated_by_role: 'paralegal',
    };
    expect(await requestLogs(rawId)).toEqual([
      expect.objectContaining({
        ...expected,
        original_value: 'Processed',
        updated_value: 'Uploaded',
      }),
    ]);

    // Asked again before any run started: the second request is recorded too, with its author.
    const second = await server.gql(REPROCESS, { id: rawId }, paralegal.token);
    expect(second.errors).toBeUndefined();
    const logs = await requestLogs(rawId);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({
      ...expected,
      original_value: 'Uploaded',
      updated_value: 'Uploaded',
    });
    expect(logs.map((l) => l.updated_by_username)).not.toContain('LexDesk pipeline');
  });
});
