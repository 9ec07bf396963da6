/**
 * Tenant isolation of chat rooms and intake scripts: company A has a room (with a message and an
 * intake script). B's admin and B's provider manager list nothing of A, cannot read (GraphQL or
 * REST), change, join the feed of, add to or write in A's room or script, and A's ids answer
 * exactly like missing ones.
 */
import { expect } from 'vitest';
import { subscribe } from '../../support/live';
import { FIXTURES } from '../fixtures/files';
import { upload } from '../fixtures/http';
import { MISSING, type IsolationContext, type IsolationModule } from './context';

let roomOfA = '';
let scriptOfA = '';
/** An unsent chat upload of A's admin in A's room. */
let uploadOfA = '';

async function asA<T>(c: IsolationContext, query: string, variables: Record<string, unknown>) {
  const r = await c.server.gql<T>(query, variables, c.adminA.token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

export const setup: IsolationModule['setup'] = async (c) => {
  scriptOfA = (
    await asA<{ createIntakeScript: { id: string } }>(
      c,
      'mutation($i: CreateIntakeScriptInput!) { createIntakeScript(input: $i) { id } }',
      {
        i: {
          company_id: c.companyA,
          title: 'Secret script',
          subject: 'Secret subject',
          dialog: ['Secret line'],
          required_data: ['Secret field'],
        },
      },
    )
  ).createIntakeScript.id;
  roomOfA = (
    await asA<{ createChatRoom: { id: string } }>(
      c,
      'mutation($i: CreateChatRoomInput!) { createChatRoom(input: $i) { id } }',
      { i: { company_id: c.companyA, name: 'Secret room', intake_script_id: scriptOfA } },
    )
  ).createChatRoom.id;
  await asA(
    c,
    'mutation($r: ID!) { sendChatMessage(room_id: $r, message: "Secret message") { id } }',
    {
      r: roomOfA,
    },
  );
  const up = await upload(
    `${c.server.url}/files/upload?chat_room_id=${roomOfA}`,
    'secret.pdf',
    FIXTURES.pdf,
    c.adminA.token,
  );
  expect(up.status).toBe(200);
  uploadOfA = (up.body as unknown as { key: string }).key;
};

/** A's room and script, as A's admin sees them (unchanged by B's attempts). */
async function aStillHas(c: IsolationContext) {
  const d = await asA<{
    chatRoom: { name: string; members: unknown[]; intake_answers: unknown[] };
    chatMessages: { items: Array<{ message: string }> };
    intakeScript: { title: string };
  }>(
    c,
    `query($r: ID!, $s: ID!) { chatRoom(room_id: $r) { name members { id } intake_answers { name } }
      chatMessages(room_id: $r) { items { message } } intakeScript(id: $s) { title } }`,
    { r: roomOfA, s: scriptOfA },
  );
  expect(d.chatRoom).toEqual({
    name: 'Secret room',
    members: [expect.anything()],
    intake_answers: [],
  });
  expect(d.chatMessages.items).toEqual([{ message: 'Secret message' }]);
  expect(d.intakeScript.title).toBe('Secret script');
  // A's unsent upload is still there (its bytes through A's session).
  const file = await fetch(`${c.server.url}/files/${uploadOfA}`, {
    headers: { authorization: `Bearer ${c.adminA.token}` },
  });
  expect(file.status).toBe(200);
}

function same(query: string, vars: (id: string) => Record<string, unknown>, idOf: () => string) {
  return (ctx: () => IsolationContext) => async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(query, vars, idOf(), token);
      expect(JSON.stringify(r)).not.toContain('Secret');
    }
    await aStillHas(c);
  };
}

const room = () => roomOfA;
const script = () => scriptOfA;
const company = (c: () => IsolationContext) => () => c().companyA;

async function firstEvent(url: string, token: string, query: string) {
  const feed = subscribe<unknown>(url, token, query);
  try {
    return JSON.stringify(await feed.next(30_000));
  } catch (error) {
    return String(error);
  } finally {
    await feed.dispose();
  }
}

export const cases: IsolationModule['cases'] = (ctx) => {
  const list: Record<string, (ctx: () => IsolationContext) => () => Promise<void>> = {
    'Query.chatRooms': same(
      'query($c: ID) { chatRooms(company_id: $c) { id name last_message } }',
      (id) => ({ c: id }),
      company(ctx),
    ),
    'Query.chatRoom': same(
      'query($r: ID!) { chatRoom(room_id: $r) { id name } }',
      (id) => ({ r: id }),
      room,
    ),
    'Query.chatMessages': same(
      'query($r: ID!) { chatMessages(room_id: $r) { items { message } } }',
      (id) => ({ r: id }),
      room,
    ),
    'Query.intakeScripts': same(
      'query($c: ID) { intakeScripts(company_id: $c) { total items { title } } }',
      (id) => ({ c: id }),
      company(ctx),
    ),
    'Query.intakeScript': same(
      'query($id: ID!) { intakeScript(id: $id) { title } }',
      (id) => ({ id }),
      script,
    ),
    'Mutation.createChatRoom': same(
      'mutation($c: ID) { createChatRoom(input: {company_id: $c, name: "Planted"}) { id } }',
      (id) => ({ c: id }),
      company(ctx),
    ),
    'Mutation.renameChatRoom': same(
      'mutation($r: ID!) { renameChatRoom(room_id: $r, name: "Taken over") { id } }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.setChatRoomFavorite': same(
      'mutation($r: ID!) { setChatRoomFavorite(room_id: $r, is_favorite: true) { id } }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.setChatRoomIntakeScript': same(
      'mutation($r: ID!) { setChatRoomIntakeScript(room_id: $r, intake_script_id: null) { id } }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.addChatRoomMember': same(
      'mutation($r: ID) { addChatRoomMember(input: {room_id: $r, kind: "guest", name: "Spy"}) { invitation_token } }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.sendChatMessage': same(
      'mutation($r: ID!) { sendChatMessage(room_id: $r, message: "Planted") { id } }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.removeChatUpload': same(
      'mutation($k: String!) { removeChatUpload(key: $k) }',
      (id) => ({ k: id }),
      () => uploadOfA,
    ),
    'Mutation.markChatRoomRead': same(
      'mutation($r: ID!) { markChatRoomRead(room_id: $r) { unread_count } }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.sendChatTyping': same(
      'mutation($r: ID!) { sendChatTyping(room_id: $r) }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.saveChatIntakeAnswers': same(
      'mutation($r: ID!) { saveChatIntakeAnswers(room_id: $r, answers: [{name: "Secret field", value: "Planted"}]) { id } }',
      (id) => ({ r: id }),
      room,
    ),
    'Mutation.createIntakeScript': same(
      'mutation($c: ID) { createIntakeScript(input: {company_id: $c, title: "P", subject: "P", dialog: [], required_data: []}) { id } }',
      (id) => ({ c: id }),
      company(ctx),
    ),
    'Mutation.updateIntakeScript': same(
      'mutation($id: ID!) { updateIntakeScript(input: {id: $id, title: "Taken over"}) { id } }',
      (id) => ({ id }),
      script,
    ),
    'Mutation.deleteIntakeScript': same(
      'mutation($id: ID!) { deleteIntakeScript(id: $id) }',
      (id) => ({ id }),
      script,
    ),
  };
  const built = Object.fromEntries(Object.entries(list).map(([name, make]) => [name, make(ctx)]));
  const follow = (query: (id: string) => string) => async () => {
    const c = ctx();
    for (const user of [c.userB, c.managerOfB]) {
      const aboutA = await firstEvent(c.server.url, user.token, query(roomOfA));
      expect(aboutA).toEqual(await firstEvent(c.server.url, user.token, query(MISSING)));
      expect(aboutA).not.toContain('Secret');
    }
  };
  const restRead = (path: (id: string) => string, idOf: () => string) => async () => {
    const c = ctx();
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.restSameAsMissing('GET', path, () => undefined, idOf(), token);
      expect(JSON.stringify(r)).not.toContain('Secret');
    }
    await aStillHas(c);
  };
  return {
    ...built,
    'GET /legal-intake': restRead((id) => `/legal-intake?company_id=${id}`, company(ctx)),
    'GET /legal-intake/:id': restRead((id) => `/legal-intake/${id}`, script),
    'Subscription.chatRoomEvents': follow(
      (id) => `subscription { chatRoomEvents(room_id: "${id}") { type message { message } } }`,
    ),
    'Subscription.chatRoomsChanged': async () => {
      const c = ctx();
      const q = (id: string) =>
        `subscription { chatRoomsChanged(company_id: "${id}") { type room_id } }`;
      for (const user of [c.userB, c.managerOfB]) {
        const aboutA = await firstEvent(c.server.url, user.token, q(c.companyA));
        expect(aboutA).toEqual(await firstEvent(c.server.url, user.token, q(MISSING)));
        expect(aboutA).toMatch(/No Company Found/);
      }
    },
    // The link is the credential: a made-up token reaches nothing, and joining adds no one to A.
    'Mutation.joinChatRoom': async () => {
      const c = ctx();
      const r = await c.server.gql(
        'mutation { joinChatRoom(token: "guest_not_a_real_invitation_token") { room_id } }',
        {},
        c.userB.token,
      );
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'CHAT_GUEST_LINK_INVALID' });
      await aStillHas(c);
    },
  };
};
