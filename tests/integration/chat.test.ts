/**
 * Chat rooms (issue 21): staff create, rename, favorite and fill rooms; messages (with files
 * uploaded through POST /files/upload) page by keyset; unread counts per member reset when read;
 * the room's events arrive live over graphql-ws. Guests join by an invitation link that expires
 * and works once, and their session reaches their own room only: no people, no other room, no
 * other field. Staff see only their company's rooms.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatGuestInvitation } from '../../src/server/db/schemaChat';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { subscribe } from '../support/live';
import { FIXTURES } from './fixtures/files';
import { upload } from './fixtures/http';
import { rest } from './fixtures/raw-files';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let outsider: TestUser;

type Gql = { errors?: Array<{ extensions?: { code?: string; issues?: unknown[] } }> };
const codeOf = (r: Gql) => r.errors?.[0]?.extensions?.code;

async function ok<T>(query: string, variables: Record<string, unknown>, token: string) {
  const r = await server.gql<T>(query, variables, token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

const CREATE = `mutation($i: CreateChatRoomInput!) { createChatRoom(input: $i) { id name room_type my_member_id members { id user_id is_guest name } } }`;
const ROOMS = `query($c: ID) { chatRooms(company_id: $c) { id name is_favorite unread_count last_message } }`;
const ROOM = `query($r: ID!) { chatRoom(room_id: $r) { id name unread_count can_manage my_member_id
  members { id name email is_guest last_read_message_id }
  intake_script { id title created_at last_updated_at created_by_email required_data } intake_answers { name value } } }`;
const SEND = `mutation($r: ID!, $m: String, $k: [String!], $c: String) { sendChatMessage(room_id: $r, message: $m, attachment_keys: $k, client_id: $c) {
  id message sender_name attached_files { type size name file_url } } }`;
const MESSAGES = `query($r: ID!, $b: ID, $l: Int) { chatMessages(room_id: $r, before: $b, limit: $l) { has_more items { id message } } }`;
const READ = `mutation($r: ID!) { markChatRoomRead(room_id: $r) { unread_count } }`;
const ADD = `mutation($i: AddChatRoomMemberInput!) { addChatRoomMember(input: $i) { member { id name is_guest } invitation_token invitation_expires_at } }`;
const JOIN = `mutation($t: String) { joinChatRoom(token: $t) { token room_id room_name member_id } }`;
const EVENTS = (room: string) =>
  `subscription { chatRoomEvents(room_id: "${room}") { type room_id member_name last_read_message_id message { id message sender_name } } }`;

type RoomEvent = {
  chatRoomEvents: {
    type: string;
    member_name: string | null;
    message: { id: string; message: string; sender_name: string } | null;
  };
};

async function createRoom(name: string, members: string[] = [], token = admin.token) {
  return (
    await ok<{ createChatRoom: { id: string; my_member_id: string } }>(
      CREATE,
      { i: { company_id: companyId, name, member_user_ids: members } },
      token,
    )
  ).createChatRoom;
}

const send = (room: string, message: string, token: string, extra: Record<string, unknown> = {}) =>
  ok<{ sendChatMessage: { id: string } }>(SEND, { r: room, m: message, ...extra }, token).then(
    (d) => d.sendChatMessage,
  );

async function inviteGuest(room: string, name = 'Dana Client') {
  const added = await ok<{
    addChatRoomMember: { invitation_token: string; member: { id: string } };
  }>(ADD, { i: { room_id: room, kind: 'guest', name } }, admin.token);
  return added.addChatRoomMember;
}

beforeAll(async () => {
  server = await startTestServer();
  const firm = await server.signUpCompany({ name: 'Chat Firm', is_legal: true });
  companyId = firm.company.id;
  admin = firm.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  const other = await server.signUpCompany({ name: 'Other Firm', is_legal: true });
  outsider = other.admin;
}, 120_000);
afterAll(async () => server.close());

describe('rooms', () => {
  it('given a new room, then its creator and the chosen users are members, and rename and favorite show in the list', async () => {
    const room = await createRoom('Smith intake', [paralegal.user.id]);
    await ok(
      `mutation($r: ID!) { renameChatRoom(room_id: $r, name: "Smith case") { id } }`,
      { r: room.id },
      admin.token,
    );
    await ok(
      `mutation($r: ID!) { setChatRoomFavorite(room_id: $r, is_favorite: true) { id } }`,
      { r: room.id },
      paralegal.token,
    );
    const mine = await ok<{ chatRooms: Array<{ id: string; name: string; is_favorite: boolean }> }>(
      ROOMS,
      {},
      paralegal.token,
    );
    expect(mine.chatRooms.find((r) => r.id === room.id)).toMatchObject({
      name: 'Smith case',
      is_favorite: true,
    });
    const adminsView = await ok<{ chatRooms: Array<{ id: string; is_favorite: boolean }> }>(
      ROOMS,
      {},
      admin.token,
    );
    expect(adminsView.chatRooms.find((r) => r.id === room.id)?.is_favorite).toBe(false);
  });

  it('given a missing name, then it is named and nothing is written', async () => {
    const r = await server.gql(CREATE, { i: { company_id: companyId } }, admin.token);
    expect(codeOf(r)).toBe('INVALID_INPUT');
    expect(r.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'name', message: 'name is required.' },
    ]);
  });

  it("given another company's staff, then the room answers like a missing one and its company's list is refused", async () => {
    const room = await createRoom('Private');
    expect(codeOf(await server.gql(ROOM, { r: room.id }, outsider.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(MESSAGES, { r: room.id }, outsider.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(SEND, { r: room.id, m: 'hi' }, outsider.token))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await server.gql(ROOMS, { c: companyId }, outsider.token))).toBe('NO_COMPANY');
    const theirs = await ok<{ chatRooms: unknown[] }>(ROOMS, {}, outsider.token);
    expect(theirs.chatRooms).toEqual([]);
    // A user of the same company who is not a member does not reach it either.
    expect(codeOf(await server.gql(ROOM, { r: room.id }, paralegal.token))).toBe('NOT_FOUND');
  });
});

describe('messages', () => {
  it('given messages from one member, then the other has them unread until read, and pages go back by keyset', async () => {
    const room = await createRoom('Paging', [paralegal.user.id]);
    for (let i = 1; i <= 5; i += 1) await send(room.id, `m${i}`, admin.token);
    const unread = await ok<{
      chatRooms: Array<{ id: string; unread_count: number; last_message: string }>;
    }>(ROOMS, {}, paralegal.token);
    expect(unread.chatRooms.find((r) => r.id === room.id)).toMatchObject({
      unread_count: 5,
      last_message: 'm5',
    });
    const own = await ok<{ chatRooms: Array<{ id: string; unread_count: number }> }>(
      ROOMS,
      {},
      admin.token,
    );
    expect(own.chatRooms.find((r) => r.id === room.id)?.unread_count).toBe(0);
    const first = await ok<{
      chatMessages: { has_more: boolean; items: Array<{ id: string; message: string }> };
    }>(MESSAGES, { r: room.id, l: 2 }, paralegal.token);
    expect(first.chatMessages.items.map((m) => m.message)).toEqual(['m4', 'm5']);
    expect(first.chatMessages.has_more).toBe(true);
    const older = await ok<{
      chatMessages: { has_more: boolean; items: Array<{ message: string }> };
    }>(MESSAGES, { r: room.id, l: 3, b: first.chatMessages.items[0]!.id }, paralegal.token);
    expect(older.chatMessages.items.map((m) => m.message)).toEqual(['m1', 'm2', 'm3']);
    expect(older.chatMessages.has_more).toBe(false);
    const read = await ok<{ markChatRoomRead: { unread_count: number } }>(
      READ,
      { r: room.id },
      paralegal.token,
    );
    expect(read.markChatRoomRead.unread_count).toBe(0);
  });

  it('given a pdf uploaded for the company, then a message carries it; a key of another company is refused', async () => {
    const room = await createRoom('Files');
    const up = await upload(
      `${server.url}/files/upload?company_id=${companyId}`,
      'brief.pdf',
      FIXTURES.pdf,
      admin.token,
    );
    const key = (up.body as unknown as { key: string }).key;
    const sent = await ok<{
      sendChatMessage: {
        attached_files: Array<{ type: string; size: number; name: string; file_url: string }>;
      };
    }>(SEND, { r: room.id, m: 'See brief', k: [key] }, admin.token);
    expect(sent.sendChatMessage.attached_files).toEqual([
      expect.objectContaining({
        type: 'application/pdf',
        size: FIXTURES.pdf.length,
        name: 'brief.pdf',
      }),
    ]);
    const theirs = await upload(
      `${server.url}/files/upload`,
      'x.pdf',
      FIXTURES.pdf,
      outsider.token,
    );
    const foreign = (theirs.body as unknown as { key: string }).key;
    const refused = await server.gql(SEND, { r: room.id, m: 'x', k: [foreign] }, admin.token);
    expect(codeOf(refused)).toBe('INVALID_INPUT');

    // The composer sends files alone with an empty text; an empty text alone is refused.
    const filesOnly = await ok<{
      sendChatMessage: { message: string; attached_files: Array<{ name: string }> };
    }>(SEND, { r: room.id, m: '', k: [key] }, admin.token);
    expect(filesOnly.sendChatMessage).toMatchObject({
      message: '',
      attached_files: [{ name: 'brief.pdf' }],
    });
    const empty = await server.gql(SEND, { r: room.id, m: '  ', k: [] }, admin.token);
    expect(empty.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'message', message: 'message is required.' },
    ]);
  });

  it('given a send retried with the same client_id, then one message is stored', async () => {
    const room = await createRoom('Retry');
    const a = await send(room.id, 'once', admin.token, { c: 'client-1' });
    const b = await send(room.id, 'once', admin.token, { c: 'client-1' });
    expect(b.id).toBe(a.id);
    const page = await ok<{ chatMessages: { items: unknown[] } }>(
      MESSAGES,
      { r: room.id },
      admin.token,
    );
    expect(page.chatMessages.items).toHaveLength(1);
  });

  it("given two members following the room live, then each sees the other's messages, typing and read mark", async () => {
    const room = await createRoom('Live', [paralegal.user.id]);
    const adminFeed = subscribe<RoomEvent>(server.url, admin.token, EVENTS(room.id));
    const paraFeed = subscribe<RoomEvent>(server.url, paralegal.token, EVENTS(room.id));
    expect((await adminFeed.next()).chatRoomEvents.type).toBe('SUBSCRIBED');
    expect((await paraFeed.next()).chatRoomEvents.type).toBe('SUBSCRIBED');
    await send(room.id, 'hello from admin', admin.token);
    const got = (await paraFeed.next()).chatRoomEvents;
    expect(got).toMatchObject({ type: 'MESSAGE', message: { message: 'hello from admin' } });
    expect((await adminFeed.next()).chatRoomEvents.type).toBe('MESSAGE');
    await ok(`mutation($r: ID!) { sendChatTyping(room_id: $r) }`, { r: room.id }, paralegal.token);
    const typing = (await adminFeed.next()).chatRoomEvents;
    expect(typing.type).toBe('TYPING');
    await send(room.id, 'reply', paralegal.token);
    expect((await adminFeed.next()).chatRoomEvents.message?.message).toBe('reply');
    await ok(READ, { r: room.id }, admin.token);
    expect((await paraFeed.next()).chatRoomEvents.type).toBe('TYPING');
    expect((await paraFeed.next()).chatRoomEvents.type).toBe('MESSAGE');
    expect((await paraFeed.next()).chatRoomEvents.type).toBe('READ');
    await Promise.all([adminFeed.dispose(), paraFeed.dispose()]);
  });

  it("given another company's staff, then following the room is refused", async () => {
    const room = await createRoom('No followers');
    const feed = subscribe<RoomEvent>(server.url, outsider.token, EVENTS(room.id));
    await expect(feed.next()).rejects.toThrow(/NOT_FOUND/);
    await feed.dispose();
  });
});

describe('guests', () => {
  it('given an invitation link, then the guest joins once, sees only their room, chats in it and cannot list people or reach anything else', async () => {
    const room = await createRoom('With guest', [paralegal.user.id]);
    const other = await createRoom('Staff only');
    await send(room.id, 'Welcome', admin.token);
    const invite = await inviteGuest(room.id);
    const joined = await ok<{ joinChatRoom: { token: string; room_id: string } }>(
      JOIN,
      { t: invite.invitation_token },
      '',
    );
    const guest = joined.joinChatRoom.token;
    expect(joined.joinChatRoom.room_id).toBe(room.id);
    expect(codeOf(await server.gql(JOIN, { t: invite.invitation_token }))).toBe(
      'CHAT_GUEST_LINK_INVALID',
    );

    const rooms = await ok<{ chatRooms: Array<{ id: string; unread_count: number }> }>(
      ROOMS,
      {},
      guest,
    );
    expect(rooms.chatRooms).toEqual([expect.objectContaining({ id: room.id, unread_count: 1 })]);
    const detail = await ok<{
      chatRoom: { can_manage: boolean; members: Array<{ email: string | null }> };
    }>(ROOM, { r: room.id }, guest);
    expect(detail.chatRoom.can_manage).toBe(false);
    expect(detail.chatRoom.members.every((m) => m.email === null)).toBe(true);
    const sent = await ok<{ sendChatMessage: { sender_name: string } }>(
      SEND,
      { r: room.id, m: 'Hi, Dana here' },
      guest,
    );
    expect(sent.sendChatMessage.sender_name).toBe('Dana Client');

    expect(codeOf(await server.gql(ROOM, { r: other.id }, guest))).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(MESSAGES, { r: other.id }, guest))).toBe('NOT_FOUND');
    const refused = [
      await server.gql(
        `query($c: ID!) { usersByCompany(company_id: $c) { id } }`,
        { c: companyId },
        guest,
      ),
      await server.gql(
        `query($c: ID!) { legalPeople(company_id: $c) { __typename } }`,
        { c: companyId },
        guest,
      ),
      await server.gql(
        `query($c: ID!) { legalContacts(company_id: $c) { id } }`,
        { c: companyId },
        guest,
      ),
      await server.gql(`query { intakeScripts { total } }`, {}, guest),
      await server.gql(ADD, { i: { room_id: room.id, kind: 'guest', name: 'Friend' } }, guest),
      await server.gql(CREATE, { i: { company_id: companyId, name: 'Mine' } }, guest),
      await server.gql(
        `mutation($r: ID!) { renameChatRoom(room_id: $r, name: "x") { id } }`,
        { r: room.id },
        guest,
      ),
    ];
    expect(refused.map(codeOf)).toEqual(Array(7).fill('FORBIDDEN'));
    const viewer = await server.gql<{ viewer: unknown }>(`query { viewer { id } }`, {}, guest);
    expect(viewer.data?.viewer ?? null).toBeNull();
    const rest = await fetch(
      `${server.url}/raw-files/processed-files-count?company_id=${companyId}`,
      {
        headers: { authorization: `Bearer ${guest}` },
      },
    );
    expect(rest.status).toBe(403);
  });

  it('given a guest following their room, then they hear staff messages live, and another room is refused', async () => {
    const room = await createRoom('Guest live');
    const other = await createRoom('Not theirs');
    const { invitation_token } = await inviteGuest(room.id, 'Live Guest');
    const guest = (await ok<{ joinChatRoom: { token: string } }>(JOIN, { t: invitation_token }, ''))
      .joinChatRoom.token;
    const feed = subscribe<RoomEvent>(server.url, guest, EVENTS(room.id));
    expect((await feed.next()).chatRoomEvents.type).toBe('SUBSCRIBED');
    await send(room.id, 'For the guest', admin.token);
    expect((await feed.next()).chatRoomEvents.message?.message).toBe('For the guest');
    await feed.dispose();
    const elsewhere = subscribe<RoomEvent>(server.url, guest, EVENTS(other.id));
    await expect(elsewhere.next()).rejects.toThrow(/NOT_FOUND/);
    await elsewhere.dispose();
  });

  it("given a guest, then they attach files they uploaded in their own room only, and another room's attachments stay unreadable", async () => {
    const room = await createRoom('Guest files');
    const other = await createRoom('Staff files');
    const staffUp = await upload(
      `${server.url}/files/upload?company_id=${companyId}`,
      'staff.pdf',
      FIXTURES.pdf,
      admin.token,
    );
    const staffKey = (staffUp.body as unknown as { key: string }).key;
    const inOther = await ok<{ sendChatMessage: { attached_files: Array<{ file_url: string }> } }>(
      SEND,
      { r: other.id, m: 'Internal', k: [staffKey] },
      admin.token,
    );
    const otherLink = inOther.sendChatMessage.attached_files[0]!.file_url;
    const { invitation_token } = await inviteGuest(room.id, 'Filing Guest');
    const guest = (await ok<{ joinChatRoom: { token: string } }>(JOIN, { t: invitation_token }, ''))
      .joinChatRoom.token;

    // The same upload path and its type check.
    const wrongType = await upload(`${server.url}/files/upload`, 'x.exe', FIXTURES.pdf, guest);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error?.message).toBe('Invalid file type or format');
    const elsewhere = await upload(
      `${server.url}/files/upload?company_id=${outsider.user.company_id}`,
      'a.pdf',
      FIXTURES.pdf,
      guest,
    );
    expect(elsewhere).toMatchObject({ status: 404, body: { error: { code: 'NO_COMPANY' } } });
    const up = await upload(`${server.url}/files/upload`, 'injury.pdf', FIXTURES.pdf, guest);
    expect(up.status).toBe(200);
    const key = (up.body as unknown as { key: string }).key;

    const sent = await ok<{
      sendChatMessage: { attached_files: Array<{ name: string; type: string; file_url: string }> };
    }>(SEND, { r: room.id, m: 'My report', k: [key] }, guest);
    expect(sent.sendChatMessage.attached_files).toEqual([
      expect.objectContaining({ name: 'injury.pdf', type: 'application/pdf' }),
    ]);
    const mine = await fetch(sent.sendChatMessage.attached_files[0]!.file_url);
    expect(mine.status).toBe(200);
    const staffSees = await ok<{
      chatMessages: { items: Array<{ message: string }> };
    }>(MESSAGES, { r: room.id }, admin.token);
    expect(staffSees.chatMessages.items.map((m) => m.message)).toContain('My report');

    // Nowhere else: not a staff upload, not in another room, and no file by the guest session alone.
    const notTheirs = await server.gql(SEND, { r: room.id, m: 'x', k: [staffKey] }, guest);
    expect(codeOf(notTheirs)).toBe('INVALID_INPUT');
    expect(notTheirs.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'attachment_keys.0', message: 'Upload the file in this chat before attaching it.' },
    ]);
    expect(codeOf(await server.gql(SEND, { r: other.id, m: 'x', k: [key] }, guest))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await server.gql(MESSAGES, { r: other.id }, guest))).toBe('NOT_FOUND');
    const unsigned = new URL(otherLink);
    const bySession = await fetch(`${server.url}${unsigned.pathname}`, {
      headers: { authorization: `Bearer ${guest}` },
    });
    expect(bySession.status).toBe(401);
    const ownBySession = await fetch(`${server.url}/files/${key}`, {
      headers: { authorization: `Bearer ${guest}` },
    });
    expect(ownBySession.status).toBe(401);
    expect((await fetch(otherLink)).status).toBe(200);
  });

  it('given an expired invitation, then joining is refused as expired', async () => {
    const room = await createRoom('Expiring');
    const invite = await inviteGuest(room.id, 'Late Guest');
    await server.db
      .update(chatGuestInvitation)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(chatGuestInvitation.member_id, invite.member.id));
    expect(codeOf(await server.gql(JOIN, { t: invite.invitation_token }))).toBe(
      'CHAT_GUEST_LINK_EXPIRED',
    );
  });

  it('given a legal contact of another company, then adding them is refused; of this company, they get a link', async () => {
    const room = await createRoom('Contacts');
    const mk = (token: string, company: string) =>
      ok<{ createLegalContact: { id: string } }>(
        `mutation($i: CreateLegalContactInput!) { createLegalContact(input: $i) { id } }`,
        { i: { company_id: company, name: 'Carol Contact', display_name: 'Carol Contact' } },
        token,
      ).then((d) => d.createLegalContact.id);
    const ours = await mk(admin.token, companyId);
    const theirs = await mk(outsider.token, outsider.user.company_id);
    const refused = await server.gql(
      ADD,
      { i: { room_id: room.id, kind: 'contact', contact_id: theirs } },
      admin.token,
    );
    expect(codeOf(refused)).toBe('INVALID_INPUT');
    const added = await ok<{
      addChatRoomMember: { member: { name: string; is_guest: boolean }; invitation_token: string };
    }>(ADD, { i: { room_id: room.id, kind: 'contact', contact_id: ours } }, admin.token);
    expect(added.addChatRoomMember.member).toEqual({
      id: expect.any(String),
      name: 'Carol Contact',
      is_guest: true,
    });
    expect(added.addChatRoomMember.invitation_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });
});

describe('intake scripts', () => {
  const CREATE_SCRIPT = `mutation($i: CreateIntakeScriptInput!) { createIntakeScript(input: $i) { id title subject dialog required_data } }`;
  const LIST = `query($p: Int, $s: Int) { intakeScripts(page: $p, page_size: $s) { total page page_size total_pages items { id title } } }`;
  const script = (title: string) => ({
    company_id: companyId,
    title,
    subject: 'New injury',
    dialog: ['Hello, we need a few details.'],
    required_data: ['Date of injury', 'Employer'],
  });

  it('given no fields, then each required one is named', async () => {
    const r = await server.gql(CREATE_SCRIPT, { i: {} }, admin.token);
    expect(r.errors?.[0]?.extensions?.issues).toEqual(
      ['company_id', 'title', 'subject', 'dialog', 'required_data'].map((path) => ({
        path,
        message: `${path} is required.`,
      })),
    );
  });

  it('given seven scripts, then the list is page 1 of size 5 by default; update and soft delete follow', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 7; i += 1)
      ids.push(
        (
          await ok<{ createIntakeScript: { id: string } }>(
            CREATE_SCRIPT,
            { i: script(`Script ${i}`) },
            admin.token,
          )
        ).createIntakeScript.id,
      );
    const page = await ok<{
      intakeScripts: {
        total: number;
        page: number;
        page_size: number;
        total_pages: number;
        items: Array<{ title: string }>;
      };
    }>(LIST, {}, paralegal.token);
    expect(page.intakeScripts).toMatchObject({ total: 7, page: 1, page_size: 5, total_pages: 2 });
    expect(page.intakeScripts.items.map((s) => s.title)).toEqual([
      'Script 7',
      'Script 6',
      'Script 5',
      'Script 4',
      'Script 3',
    ]);
    const updated = await ok<{ updateIntakeScript: { title: string; required_data: string[] } }>(
      `mutation($i: UpdateIntakeScriptInput!) { updateIntakeScript(input: $i) { title required_data } }`,
      { i: { id: ids[0], title: 'Renamed', required_data: ['Claim number'] } },
      admin.token,
    );
    expect(updated.updateIntakeScript).toEqual({
      title: 'Renamed',
      required_data: ['Claim number'],
    });
    await ok(`mutation($id: ID!) { deleteIntakeScript(id: $id) }`, { id: ids[1] }, admin.token);
    const after = await ok<{ intakeScripts: { total: number } }>(LIST, {}, admin.token);
    expect(after.intakeScripts.total).toBe(6);

    // The same through REST (spec section 7): GET /legal-intake?page&pageSize&company_id, GET /legal-intake/:id.
    const restPage = await rest<{
      total: number;
      page: number;
      page_size: number;
      items: Array<{ title: string }>;
    }>(server, 'GET', `/legal-intake?company_id=${companyId}`, paralegal.token);
    expect(restPage.status).toBe(200);
    expect(restPage.body.data).toMatchObject({ total: 6, page: 1, page_size: 5, total_pages: 2 });
    expect(restPage.body.data!.items.map((s) => s.title)).toEqual([
      'Script 7',
      'Script 6',
      'Script 5',
      'Script 4',
      'Script 3',
    ]);
    const second = await rest<{ page: number; items: Array<{ title: string }> }>(
      server,
      'GET',
      '/legal-intake?page=2&pageSize=4',
      paralegal.token,
    );
    expect(second.body.data).toMatchObject({ page: 2, page_size: 4 });
    expect(second.body.data!.items.map((s) => s.title)).toEqual(['Script 3', 'Renamed']);
    const one = await rest<{ title: string; required_data: string[] }>(
      server,
      'GET',
      `/legal-intake/${ids[0]}`,
      paralegal.token,
    );
    expect(one.body.data).toMatchObject({ title: 'Renamed', required_data: ['Claim number'] });
    const deleted = await rest(server, 'GET', `/legal-intake/${ids[1]}`, admin.token);
    expect(deleted).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    const bad = await rest(server, 'GET', '/legal-intake?page=0&pageSize=x', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      issues: [
        { path: 'page', message: 'page is at least 1.' },
        { path: 'pageSize', message: 'pageSize must be a whole number.' },
      ],
    });
    expect((await rest(server, 'GET', '/legal-intake/not-an-id', admin.token)).status).toBe(400);
    const theirs = await rest(server, 'GET', `/legal-intake/${ids[2]}`, outsider.token);
    expect(theirs).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    expect(
      codeOf(
        await server.gql(
          `query($id: ID!) { intakeScript(id: $id) { id } }`,
          { id: ids[2] },
          outsider.token,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      codeOf(
        await server.gql(
          `mutation($id: ID!) { deleteIntakeScript(id: $id) }`,
          { id: ids[2] },
          outsider.token,
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('given a room following a script, then the answers a guest gives are kept with the room; unknown ones are refused', async () => {
    const s = (
      await ok<{ createIntakeScript: { id: string } }>(
        CREATE_SCRIPT,
        { i: script('Room script') },
        admin.token,
      )
    ).createIntakeScript;
    const room = (
      await ok<{ createChatRoom: { id: string; room_type: string } }>(
        CREATE,
        { i: { company_id: companyId, name: 'Intake room', intake_script_id: s.id } },
        admin.token,
      )
    ).createChatRoom;
    expect(room.room_type).toBe('intake');
    const { invitation_token } = await inviteGuest(room.id, 'Intake Guest');
    const guest = (await ok<{ joinChatRoom: { token: string } }>(JOIN, { t: invitation_token }, ''))
      .joinChatRoom.token;
    const SAVE = `mutation($r: ID!, $a: [IntakeAnswerInput!]) { saveChatIntakeAnswers(room_id: $r, answers: $a) { intake_answers { name value } } }`;
    await ok(SAVE, { r: room.id, a: [{ name: 'date of injury', value: '2026-03-01' }] }, guest);
    await ok(SAVE, { r: room.id, a: [{ name: 'Employer', value: 'Acme' }] }, admin.token);
    const unknown = await server.gql(
      SAVE,
      { r: room.id, a: [{ name: 'Shoe size', value: '9' }] },
      guest,
    );
    expect(codeOf(unknown)).toBe('INVALID_INPUT');
    const detail = await ok<{
      chatRoom: {
        intake_script: { id: string; created_at: string; last_updated_at: string };
        intake_answers: Array<{ name: string; value: string }>;
      };
    }>(ROOM, { r: room.id }, admin.token);
    expect(detail.chatRoom.intake_script.id).toBe(s.id);
    // The room's script is the whole IntakeScript (its dates too), as the scripts list answers it.
    expect(Date.parse(detail.chatRoom.intake_script.created_at)).not.toBeNaN();
    expect(Date.parse(detail.chatRoom.intake_script.last_updated_at)).not.toBeNaN();
    expect(detail.chatRoom.intake_answers).toEqual([
      { name: 'Date of injury', value: '2026-03-01' },
      { name: 'Employer', value: 'Acme' },
    ]);
    const foreign = await server.gql(
      `mutation($r: ID!, $s: ID) { setChatRoomIntakeScript(room_id: $r, intake_script_id: $s) { id } }`,
      { r: room.id, s: '00000000-0000-4000-8000-000000000000' },
      admin.token,
    );
    expect(codeOf(foreign)).toBe('INVALID_INPUT');
  });
});
