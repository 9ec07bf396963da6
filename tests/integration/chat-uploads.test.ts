/**
 * Unsent chat uploads (issue 21): a chip taken out of the composer removes its file at once
 * (removeChatUpload, the uploader only, while unsent), and the sweep removes uploads never
 * attached after CHAT_UPLOAD_RETENTION_MS, row and bytes, keeping attached and recent ones. The
 * sweep's "now" is passed in (an injected clock); an upload's age is set on its row. The races
 * between attaching and the sweep are staged with row locks the test holds, and waited for
 * through pg_stat_activity (a backend waiting on a lock), never with sleeps.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_UPLOAD_RETENTION_MS } from '../../src/shared/chat';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { storedFile } from '../../src/server/db/schema';
import { chatUpload } from '../../src/server/db/schemaChat';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { FIXTURES } from './fixtures/files';
import { upload } from './fixtures/http';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let outsider: TestUser;

type Gql = { errors?: Array<{ message?: string; extensions?: { code?: string } }> };
const codeOf = (r: Gql) => r.errors?.[0]?.extensions?.code;

const REMOVE = 'mutation($k: String!) { removeChatUpload(key: $k) }';
const SEND = `mutation($r: ID!, $m: String, $k: [String!]) { sendChatMessage(room_id: $r, message: $m, attachment_keys: $k) {
  id attached_files { name } } }`;
const MESSAGES = 'query($r: ID!) { chatMessages(room_id: $r) { items { message } } }';
const JOIN = 'mutation($t: String) { joinChatRoom(token: $t) { token } }';

async function ok<T>(query: string, variables: Record<string, unknown>, token: string) {
  const r = await server.gql<T>(query, variables, token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

async function createRoom(name: string): Promise<string> {
  const d = await ok<{ createChatRoom: { id: string } }>(
    'mutation($i: CreateChatRoomInput!) { createChatRoom(input: $i) { id } }',
    { i: { company_id: companyId, name, member_user_ids: [paralegal.user.id] } },
    admin.token,
  );
  return d.createChatRoom.id;
}

/** A composer upload in `room` (staff name the room; a guest's session names theirs). */
async function chatUploadIn(room: string | null, token: string, name = 'report.pdf') {
  const query = room ? `?chat_room_id=${room}` : '';
  const up = await upload(`${server.url}/files/upload${query}`, name, FIXTURES.pdf, token);
  expect(up.status).toBe(200);
  return (up.body as unknown as { key: string }).key;
}

const bytesPath = (key: string) => join(server.config.dataDir, 'files', companyId, key);
const bytesExist = (key: string) =>
  access(bytesPath(key)).then(
    () => true,
    () => false,
  );
async function stored(key: string) {
  const rows = await server.db.select().from(storedFile).where(eq(storedFile.key, key));
  return rows.length === 1 && (await bytesExist(key));
}
async function gone(key: string) {
  const rows = await server.db.select().from(storedFile).where(eq(storedFile.key, key));
  const uploads = await server.db.select().from(chatUpload).where(eq(chatUpload.file_key, key));
  return rows.length === 0 && uploads.length === 0 && !(await bytesExist(key));
}

/** Sets an upload's age as of `now` (the clock handed to the sweep). */
async function uploadedAgo(key: string, now: Date, ms: number) {
  await server.db
    .update(chatUpload)
    .set({ created_at: new Date(now.getTime() - ms) })
    .where(eq(chatUpload.file_key, key));
}

/** Resolves once `count` backends of this database wait on a lock (the staged race's step). */
async function waitersOnLocks(count: number) {
  await expect
    .poll(
      async () => {
        const r = await server.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return r.rows[0]?.n ?? 0;
      },
      { timeout: 20_000, interval: 20 },
    )
    .toBe(count);
}

/** Holds `lock` in a transaction of its own until `release()`; resolves once it is held. */
async function holdLock(lock: ReturnType<typeof sql>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = server.db.transaction(async (tx) => {
    await tx.execute(lock);
    held();
    await released;
  });
  await isHeld;
  return async () => {
    release();
    await done;
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const firm = await server.signUpCompany({ name: 'Upload Firm', is_legal: true });
  companyId = firm.company.id;
  admin = firm.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  outsider = (await server.signUpCompany({ name: 'Elsewhere', is_legal: true })).admin;
}, 120_000);
afterAll(async () => server.close());

describe('a chip taken out of the composer', () => {
  it('given the uploader removes an unsent upload, then its row and bytes are gone at once', async () => {
    const room = await createRoom('Removed chip');
    const key = await chatUploadIn(room, admin.token);
    expect(await stored(key)).toBe(true);
    expect(
      (await ok<{ removeChatUpload: boolean }>(REMOVE, { k: key }, admin.token)).removeChatUpload,
    ).toBe(true);
    expect(await gone(key)).toBe(true);
    // Gone means gone: a second remove and an attach both find nothing.
    expect(codeOf(await server.gql(REMOVE, { k: key }, admin.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(SEND, { r: room, m: 'x', k: [key] }, admin.token))).toBe(
      'INVALID_INPUT',
    );
  });

  it('given another member of the room, then they cannot remove it, and another company cannot see it', async () => {
    const room = await createRoom('Not yours');
    const key = await chatUploadIn(room, admin.token);
    const byColleague = await server.gql(REMOVE, { k: key }, paralegal.token);
    expect(codeOf(byColleague)).toBe('CHAT_UPLOAD_NOT_YOURS');
    expect(byColleague.errors?.[0]?.message).toBe(PRODUCT_ERRORS.CHAT_UPLOAD_NOT_YOURS);
    const byOutsider = await server.gql(REMOVE, { k: key }, outsider.token);
    expect(codeOf(byOutsider)).toBe('NOT_FOUND');
    expect(byOutsider.errors?.[0]?.message).toBe(PRODUCT_ERRORS.NOT_FOUND);
    expect(await stored(key)).toBe(true);
  });

  it('given a sent file, then it cannot be removed and stays readable', async () => {
    const room = await createRoom('Sent file');
    const key = await chatUploadIn(room, admin.token);
    await ok(SEND, { r: room, m: 'Here it is', k: [key] }, admin.token);
    const r = await server.gql(REMOVE, { k: key }, admin.token);
    expect(codeOf(r)).toBe('CHAT_UPLOAD_SENT');
    expect(r.errors?.[0]?.message).toBe(PRODUCT_ERRORS.CHAT_UPLOAD_SENT);
    expect(await stored(key)).toBe(true);
  });

  it('given a guest, then they remove their own unsent upload and not a staff one', async () => {
    const room = await createRoom('Guest chips');
    const staffKey = await chatUploadIn(room, admin.token);
    const added = await ok<{ addChatRoomMember: { invitation_token: string } }>(
      'mutation($i: AddChatRoomMemberInput!) { addChatRoomMember(input: $i) { invitation_token } }',
      { i: { room_id: room, kind: 'guest', name: 'Chip Guest' } },
      admin.token,
    );
    const guest = (
      await ok<{ joinChatRoom: { token: string } }>(
        JOIN,
        { t: added.addChatRoomMember.invitation_token },
        '',
      )
    ).joinChatRoom.token;
    const own = await chatUploadIn(null, guest);
    expect(codeOf(await server.gql(REMOVE, { k: staffKey }, guest))).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(REMOVE, { k: own }, admin.token))).toBe('CHAT_UPLOAD_NOT_YOURS');
    await ok(REMOVE, { k: own }, guest);
    expect(await gone(own)).toBe(true);
    expect(await stored(staffKey)).toBe(true);
  });

  it('given a staff upload naming a room they are not in, then it is refused like a missing room', async () => {
    const room = await createRoom('Closed room');
    const up = await upload(
      `${server.url}/files/upload?chat_room_id=${room}`,
      'a.pdf',
      FIXTURES.pdf,
      outsider.token,
    );
    expect(up).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' }, url: '' } });
    const notAnId = await upload(
      `${server.url}/files/upload?chat_room_id=not-a-room`,
      'a.pdf',
      FIXTURES.pdf,
      admin.token,
    );
    expect(notAnId).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
  });
});

describe('the sweep of unsent uploads', () => {
  it('given uploads older than the retention, then unattached ones go (row and bytes), attached and recent ones stay', async () => {
    const room = await createRoom('Sweep');
    const now = new Date(Date.now() + 7 * 24 * 3600_000);
    const old = await chatUploadIn(room, admin.token, 'old.pdf');
    const oldSent = await chatUploadIn(room, admin.token, 'old-sent.pdf');
    const recent = await chatUploadIn(room, admin.token, 'recent.pdf');
    const plain = (
      await upload(`${server.url}/files/upload`, 'plain.pdf', FIXTURES.pdf, admin.token)
    ).body as unknown as { key: string };
    await ok(SEND, { r: room, m: 'Sent long ago', k: [oldSent] }, admin.token);
    await uploadedAgo(old, now, CHAT_UPLOAD_RETENTION_MS + 1);
    await uploadedAgo(oldSent, now, CHAT_UPLOAD_RETENTION_MS + 60_000);
    await uploadedAgo(recent, now, CHAT_UPLOAD_RETENTION_MS - 60_000);
    await server.db
      .update(storedFile)
      .set({ created_at: new Date(now.getTime() - 30 * 24 * 3600_000) })
      .where(eq(storedFile.key, plain.key));

    const removed = await server.app.lexdesk.services.chatUploads.sweep(now, 1);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await gone(old)).toBe(true);
    expect(await stored(oldSent)).toBe(true);
    expect(await stored(recent)).toBe(true);
    // A file uploaded without a chat room is no chat upload: never swept.
    expect(await stored(plain.key)).toBe(true);
    const seen = await ok<{ chatMessages: { items: Array<{ message: string }> } }>(
      MESSAGES,
      { r: room },
      admin.token,
    );
    expect(seen.chatMessages.items.map((m) => m.message)).toEqual(['Sent long ago']);
  });

  it('given more due uploads than a batch, then every batch runs until none is left', async () => {
    const room = await createRoom('Batches');
    const now = new Date(Date.now() + 14 * 24 * 3600_000);
    const keys = [];
    for (let i = 0; i < 5; i += 1) keys.push(await chatUploadIn(room, admin.token, `b${i}.pdf`));
    for (const key of keys) await uploadedAgo(key, now, CHAT_UPLOAD_RETENTION_MS + 1);
    expect(await server.app.lexdesk.services.chatUploads.sweep(now, 2)).toBeGreaterThanOrEqual(5);
    for (const key of keys) expect(await gone(key)).toBe(true);
  });

  it('given another server process sweeping, then this one stops at once and the next run removes what is due', async () => {
    const room = await createRoom('Two processes');
    const now = new Date(Date.now() + 16 * 24 * 3600_000);
    const key = await chatUploadIn(room, admin.token);
    await uploadedAgo(key, now, CHAT_UPLOAD_RETENTION_MS + 1);
    const release = await holdLock(
      sql`select pg_advisory_xact_lock(hashtext('lexdesk.chat-upload-sweep'))`,
    );
    expect(await server.app.lexdesk.services.chatUploads.sweep(now)).toBe(0);
    expect(await stored(key)).toBe(true);
    await release();
    expect(await server.app.lexdesk.services.chatUploads.sweep(now)).toBeGreaterThanOrEqual(1);
    expect(await gone(key)).toBe(true);
  });

  it('given a send attaching an old upload while the sweep runs, then the sweep skips it and the sent file is kept', async () => {
    const room = await createRoom('Attach first');
    const now = new Date(Date.now() + 21 * 24 * 3600_000);
    const key = await chatUploadIn(room, admin.token);
    await uploadedAgo(key, now, CHAT_UPLOAD_RETENTION_MS + 1);
    // The send stops after attaching (its chat_upload row locked and marked), at the room's row.
    const release = await holdLock(sql`select id from chat_room where id = ${room} for update`);
    const sending = server.gql<{ sendChatMessage: { attached_files: Array<{ name: string }> } }>(
      SEND,
      { r: room, m: 'Just in time', k: [key] },
      admin.token,
    );
    await waitersOnLocks(1);
    await server.app.lexdesk.services.chatUploads.sweep(now);
    expect(await stored(key)).toBe(true);
    await release();
    const sent = await sending;
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.sendChatMessage.attached_files).toEqual([{ name: 'report.pdf' }]);
    // Later sweeps leave it too: it is attached.
    await server.app.lexdesk.services.chatUploads.sweep(now);
    expect(await stored(key)).toBe(true);
  });

  it('given the sweep holding an old upload when a send attaches it, then the send is refused and no message refers to a removed file', async () => {
    const room = await createRoom('Sweep first');
    const now = new Date(Date.now() + 28 * 24 * 3600_000);
    const key = await chatUploadIn(room, admin.token);
    await uploadedAgo(key, now, CHAT_UPLOAD_RETENTION_MS + 1);
    // The sweep stops after locking its batch, at deleting the stored_file row the test holds.
    const release = await holdLock(
      sql`select key from stored_file where key = ${key} for key share`,
    );
    const sweeping = server.app.lexdesk.services.chatUploads.sweep(now);
    await waitersOnLocks(1);
    const sending = server.gql(SEND, { r: room, m: 'Too late', k: [key] }, admin.token);
    await waitersOnLocks(2);
    await release();
    expect(await sweeping).toBeGreaterThanOrEqual(1);
    const refused = await sending;
    expect(codeOf(refused)).toBe('INVALID_INPUT');
    expect(await gone(key)).toBe(true);
    const seen = await ok<{ chatMessages: { items: unknown[] } }>(
      MESSAGES,
      { r: room },
      admin.token,
    );
    expect(seen.chatMessages.items).toEqual([]);
  });
});
