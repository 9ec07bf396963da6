import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, PRODUCT_ERRORS } from '../../src/shared/errors';
import { subscribe } from '../support/live';
import { startTestServer, type TestServer } from '../support/server';

const CREATE =
  'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id content module redirect is_read sender { id } sender_name receiver { id } } }';
const LIST =
  'query($limit: Int, $offset: Int) { notifications(limit: $limit, offset: $offset) { total unread_count items { id content is_read } } }';
const UNREAD = '{ unreadNotificationCount }';
const MARK = 'mutation($id: ID!) { markNotificationRead(id: $id) { id is_read } }';
const MARK_ALL = 'mutation { markAllNotificationsRead }';
const LIVE = 'subscription { notificationAdded { id content sender_name receiver { id } } }';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function pair() {
  const { company, admin } = await server.signUpCompany();
  const colleague = await server.addUser({ companyId: company.id });
  return { company, sender: admin, receiver: colleague };
}

describe('notifications', () => {
  it('given three notifications, when the receiver lists them, then they come newest first with counts and paging', async () => {
    const { sender, receiver } = await pair();
    for (const content of ['first', 'second', 'third']) {
      const created = await server.gql(
        CREATE,
        {
          input: {
            content,
            receiver_id: receiver.user.id,
            module: 'tests',
            redirect: '/notifications',
          },
        },
        sender.token,
      );
      expect(created.errors).toBeUndefined();
    }
    const page = await server.gql<{
      notifications: { total: number; unread_count: number; items: Array<{ content: string }> };
    }>(LIST, { limit: 2, offset: 0 }, receiver.token);
    expect(page.data?.notifications.total).toBe(3);
    expect(page.data?.notifications.unread_count).toBe(3);
    expect(page.data?.notifications.items.map((n) => n.content)).toEqual(['third', 'second']);
    const rest = await server.gql<{ notifications: { items: Array<{ content: string }> } }>(
      LIST,
      { limit: 2, offset: 2 },
      receiver.token,
    );
    expect(rest.data?.notifications.items.map((n) => n.content)).toEqual(['first']);
    const senderView = await server.gql<{ notifications: { total: number } }>(
      LIST,
      {},
      sender.token,
    );
    expect(senderView.data?.notifications.total).toBe(0);
  });

  it('given unread notifications, when one is marked read and then all, then the unread count falls to zero', async () => {
    const { sender, receiver } = await pair();
    const ids: string[] = [];
    for (const content of ['a', 'b', 'c']) {
      const created = await server.gql<{ createNotification: { id: string } }>(
        CREATE,
        { input: { content, receiver_id: receiver.user.id } },
        sender.token,
      );
      ids.push(created.data!.createNotification.id);
    }
    expect(
      (await server.gql<{ unreadNotificationCount: number }>(UNREAD, {}, receiver.token)).data
        ?.unreadNotificationCount,
    ).toBe(3);
    const marked = await server.gql(MARK, { id: ids[0] }, receiver.token);
    expect(marked.data?.markNotificationRead).toEqual({ id: ids[0], is_read: true });
    expect(
      (await server.gql<{ unreadNotificationCount: number }>(UNREAD, {}, receiver.token)).data
        ?.unreadNotificationCount,
    ).toBe(2);
    const all = await server.gql<{ markAllNotificationsRead: number }>(
      MARK_ALL,
      {},
      receiver.token,
    );
    expect(all.data?.markAllNotificationsRead).toBe(2);
    expect(
      (await server.gql<{ unreadNotificationCount: number }>(UNREAD, {}, receiver.token)).data
        ?.unreadNotificationCount,
    ).toBe(0);
  });

  it("given someone else's notification, when marking it read, then it is not found and stays unread", async () => {
    const { sender, receiver } = await pair();
    const created = await server.gql<{ createNotification: { id: string } }>(
      CREATE,
      { input: { content: 'private', receiver_id: receiver.user.id } },
      sender.token,
    );
    const id = created.data!.createNotification.id;
    const attempt = await server.gql(MARK, { id }, sender.token);
    expect(attempt.errors?.[0]?.message).toBe(PRODUCT_ERRORS.NOTIFICATION_NOT_FOUND);
    expect(
      (await server.gql<{ unreadNotificationCount: number }>(UNREAD, {}, receiver.token)).data
        ?.unreadNotificationCount,
    ).toBe(1);
  });

  it('given the creation helper, when called, then sender, receiver, module and redirect are stored; bad input is refused', async () => {
    const { sender, receiver } = await pair();
    const created = await server.gql(
      CREATE,
      {
        input: {
          content: ' Hello ',
          receiver_id: receiver.user.id,
          module: 'documents',
          redirect: '/documents/1',
        },
      },
      sender.token,
    );
    expect(created.data?.createNotification).toMatchObject({
      content: 'Hello',
      module: 'documents',
      redirect: '/documents/1',
      is_read: false,
      sender: { id: sender.user.id },
      sender_name: `Test ${sender.user.last_name}`,
      receiver: { id: receiver.user.id },
    });
    const external = await server.gql(
      CREATE,
      { input: { content: 'x', receiver_id: receiver.user.id, redirect: 'https://evil.example' } },
      sender.token,
    );
    expect(external.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    // A page the app does not have (the demo's old /settings/company) is refused too.
    const missingPage = await server.gql(
      CREATE,
      { input: { content: 'x', receiver_id: receiver.user.id, redirect: '/settings/company' } },
      sender.token,
    );
    expect(missingPage.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(missingPage.errors?.[0]?.extensions?.issues)).toContain(
      'The redirect must open a page of the app',
    );
    const empty = await server.gql(
      CREATE,
      { input: { content: '   ', receiver_id: receiver.user.id } },
      sender.token,
    );
    expect(empty.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    const nobody = await server.gql(
      CREATE,
      { input: { content: 'x', receiver_id: '00000000-0000-4000-8000-000000000000' } },
      sender.token,
    );
    expect(nobody.errors?.[0]?.message).toBe(ERRORS.NO_USER_PROFILE);
  });
});

describe('live notifications over graphql-ws', () => {
  it('given a subscribed receiver, when notifications are created for them and for someone else, then only theirs arrive, in order', async () => {
    const { sender, receiver } = await pair();
    const feed = subscribe<{
      notificationAdded: { content: string; sender_name: string; receiver: { id: string } };
    }>(server.url, receiver.token, LIVE);
    await feed.connected;
    await server.subscribed(receiver.user.id);
    await server.gql(
      CREATE,
      { input: { content: 'for someone else', receiver_id: sender.user.id } },
      receiver.token,
    );
    await server.gql(
      CREATE,
      { input: { content: 'live one', receiver_id: receiver.user.id } },
      sender.token,
    );
    await server.gql(
      CREATE,
      { input: { content: 'live two', receiver_id: receiver.user.id } },
      sender.token,
    );
    const first = await feed.next();
    const second = await feed.next();
    expect(first.notificationAdded).toMatchObject({
      content: 'live one',
      receiver: { id: receiver.user.id },
    });
    expect(second.notificationAdded.content).toBe('live two');
    await expect(feed.next(500)).rejects.toThrow(/no event/);
    await feed.dispose();
  });

  it('given a receiver with unread notifications, when they subscribe to the count, then it comes first and follows each new notification of theirs only', async () => {
    const { sender, receiver } = await pair();
    await server.gql(
      CREATE,
      { input: { content: 'before subscribing', receiver_id: receiver.user.id } },
      sender.token,
    );
    const feed = subscribe<{ unreadNotificationCountChanged: number }>(
      server.url,
      receiver.token,
      'subscription { unreadNotificationCountChanged }',
    );
    // The first value says the listener is in place: nothing created after it can be missed.
    expect((await feed.next()).unreadNotificationCountChanged).toBe(1);
    await server.gql(
      CREATE,
      { input: { content: 'for someone else', receiver_id: sender.user.id } },
      receiver.token,
    );
    await server.gql(
      CREATE,
      { input: { content: 'live one', receiver_id: receiver.user.id } },
      sender.token,
    );
    expect((await feed.next()).unreadNotificationCountChanged).toBe(2);
    await server.gql('mutation { markAllNotificationsRead }', {}, receiver.token);
    await server.gql(
      CREATE,
      { input: { content: 'live two', receiver_id: receiver.user.id } },
      sender.token,
    );
    expect((await feed.next()).unreadNotificationCountChanged).toBe(1);
    await feed.dispose();
  });

  it('given no token or a bad token, when connecting, then the server refuses with 4403', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const feed = subscribe(server.url, token, LIVE);
      expect(await feed.closed).toBe(4403);
      await feed.dispose();
    }
  });

  it('given an open subscription, when the session signs out, then the socket is closed', async () => {
    const { receiver } = await pair();
    const feed = subscribe(server.url, receiver.token, LIVE);
    await feed.connected;
    await server.gql('mutation { signOut }', {}, receiver.token);
    expect(await feed.closed).toBe(4403);
    await feed.dispose();
  });
});
