/**
 * The server's limits against what the attack of issue 13 sent: a 5,000-alias list query, a
 * selection nested 3,000 deep, many aliased notifications in one mutation, mutations faster than
 * the per-user rate, and a read that would run forever (it waits on a table lock held by the test).
 * Every refusal is a clear error with extensions.code, HTTP 400 or 429, never a 5xx.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { InMemoryCache } from '@apollo/client';
import { Kind, print, type DocumentNode } from 'graphql';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../../src/server/graphql/limits';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { until } from '../support/until';

// Every operation the renderer's feature folders export (as operations.test.ts finds them).
const operationModules = import.meta.glob<Record<string, unknown>>(
  '../../src/renderer/features/*/operations.ts',
  { eager: true },
);

function isDocument(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === Kind.DOCUMENT
  );
}

function registeredOperations(): Array<{ name: string; document: DocumentNode }> {
  return Object.values(operationModules)
    .flatMap((exports) => Object.values(exports))
    .filter(isDocument)
    .flatMap((document) =>
      document.definitions.flatMap((definition) =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.name
          ? [{ name: definition.name.value, document }]
          : [],
      ),
    );
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

async function post(
  server: TestServer,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<Answer> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Answer['body'],
  };
}

const codes = (answer: Answer) => (answer.body.errors ?? []).map((e) => e.extensions?.code);

/** The attack's query: `count` aliased rawFiles(page_size: 100), ~60 bytes each. */
function aliasedRawFiles(count: number): string {
  const fields = Array.from(
    { length: count },
    (_, i) => `a${i}: rawFiles(page_size: 100) { items { id name } total }`,
  );
  return `query { ${fields.join(' ')} }`;
}

/** `{ viewer { viewer { ... } } }` nested `depth` levels (invalid fields: never gets that far). */
function nested(depth: number): string {
  return `query { ${'viewer { '.repeat(depth)}__typename${' }'.repeat(depth)} }`;
}

describe('GraphQL document limits and the mutation rate', () => {
  let server: TestServer;
  let admin: TestUser;
  let companyId: string;
  beforeAll(async () => {
    // A small bucket that refills once in ~17 minutes: no test here depends on refill timing.
    server = await startTestServer({ mutationRateLimit: { burst: 5, perSecond: 0.001 } });
    const signedUp = await server.signUpCompany({ is_legal: true });
    admin = signedUp.admin;
    companyId = signedUp.company.id;
  });
  afterAll(async () => server.close());

  it('given the 5,000-alias rawFiles query (299 KB), when sent, then 400 QUERY_TOO_COMPLEX and nothing runs', async () => {
    const query = aliasedRawFiles(5000);
    expect(query.length).toBeGreaterThan(290_000);
    const answer = await post(server, query, {}, admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [
        {
          message: `This request is too large or too complex: Document size limit of ${GRAPHQL_LIMITS.maxDocumentChars} characters exceeded, found ${query.length}. Please ask for less at once.`,
          extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'size' },
        },
      ],
    });
  });

  it('given the same attack cut to fit the size limit, then 400 naming the token limit', async () => {
    const fields = Array.from({ length: 300 }, (_, i) => `a${i}: rawFiles { total }`);
    const query = `query { ${fields.join(' ')} }`;
    expect(query.length).toBeLessThan(GRAPHQL_LIMITS.maxDocumentChars);
    const answer = await post(server, query, {}, admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toEqual({
      message: `This request is too large or too complex: Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded. Please ask for less at once.`,
      extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'tokens' },
    });
  });

  it('given a few aliases more than allowed (within the token limit), then 400 naming the alias limit', async () => {
    const answer = await post(
      server,
      aliasedRawFiles(GRAPHQL_LIMITS.maxAliases + 1),
      {},
      admin.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      limit: 'aliases',
    });
    expect(answer.body.errors?.[0]?.message).toContain(
      `Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded, found ${GRAPHQL_LIMITS.maxAliases + 1}.`,
    );
  });

  it('given a selection nested 3,000 deep, then 400 QUERY_TOO_COMPLEX (no stack overflow) and the server still answers', async () => {
    const answer = await post(server, nested(3000), {}, admin.token);
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['QUERY_TOO_COMPLEX']);
    // Written tightly (18 KB, within the size limit) it is refused by its tokens.
    const tight = `query{${'a{'.repeat(3000)}b${'}'.repeat(3000)}}`;
    const tightAnswer = await post(server, tight, {}, admin.token);
    expect(tightAnswer.status).toBe(400);
    expect(tightAnswer.body.errors?.[0]?.extensions).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      limit: 'tokens',
    });
    // Over GET too (the query in the URL; 400 levels keep the URL under Node's header limit).
    const viaGet = await fetch(`${server.url}/graphql?query=${encodeURIComponent(nested(400))}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(viaGet.status).toBe(400);
    const after = await post(server, '{ viewer { user { id } } }', {}, admin.token);
    expect(after.status).toBe(200);
    expect(after.body.errors).toBeUndefined();
  });

  it('given a nesting deeper than the depth limit but within the token limit, then 400 naming the depth limit', async () => {
    const depth = GRAPHQL_LIMITS.maxDepth + 5;
    const answer = await post(server, nested(depth), {}, admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      limit: 'depth',
    });
  });

  it('given 300 aliased createNotification fields in one mutation, then 400 and no notification is created', async () => {
    const colleague = await server.addUser({ companyId });
    const fields = Array.from(
      { length: 300 },
      (_, i) => `n${i}: createNotification(input: $input) { id }`,
    );
    const answer = await post(
      server,
      `mutation($input: CreateNotificationInput!) { ${fields.join(' ')} }`,
      { input: { content: 'spam', receiver_id: colleague.user.id } },
      admin.token,
    );
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['QUERY_TOO_COMPLEX']);
    const unread = await post(server, '{ unreadNotificationCount }', {}, colleague.token);
    expect(unread.body.data).toEqual({ unreadNotificationCount: 0 });
  });

  it('given a user over the mutation rate, then 429 TOO_MANY_REQUESTS with Retry-After, and another user is not affected', async () => {
    const { admin: hasty } = await server.signUpCompany();
    const { admin: other } = await server.signUpCompany();
    for (let i = 0; i < 5; i += 1) {
      const ok = await post(server, 'mutation { markAllNotificationsRead }', {}, hasty.token);
      expect(ok.status).toBe(200);
      expect(ok.body.errors).toBeUndefined();
    }
    const refused = await post(server, 'mutation { markAllNotificationsRead }', {}, hasty.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused.body.errors).toEqual([
      {
        message: PRODUCT_ERRORS.TOO_MANY_REQUESTS,
        extensions: { code: 'TOO_MANY_REQUESTS', retry_after_seconds: Number(refused.retryAfter) },
      },
    ]);
    // Reads are not counted.
    const read = await post(server, '{ viewer { user { id } } }', {}, hasty.token);
    expect(read.status).toBe(200);
    const otherUser = await post(server, 'mutation { markAllNotificationsRead }', {}, other.token);
    expect(otherUser.status).toBe(200);
    expect(otherUser.body.errors).toBeUndefined();
  });

  it('given aliased mutations costing more than the tokens left, then the whole operation is refused: nothing of it runs', async () => {
    const { company, admin: sender } = await server.signUpCompany();
    const receiver = await server.addUser({ companyId: company.id });
    const create = (count: number) =>
      post(
        server,
        `mutation($input: CreateNotificationInput!) { ${Array.from(
          { length: count },
          (_, i) => `n${i}: createNotification(input: $input) { id }`,
        ).join(' ')} }`,
        { input: { content: 'hello', receiver_id: receiver.user.id } },
        sender.token,
      );
    const first = await create(3);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.data ?? {})).toHaveLength(3);
    const second = await create(3); // 2 tokens left
    expect(second.status).toBe(429);
    expect(codes(second)).toEqual(['TOO_MANY_REQUESTS']);
    const unread = await post(server, '{ unreadNotificationCount }', {}, receiver.token);
    expect(unread.body.data).toEqual({ unreadNotificationCount: 3 });
  });

  it('given a subscription over a limit (graphql-ws), then it is refused with QUERY_TOO_COMPLEX and the socket stays open', async () => {
    let closedWith: number | undefined;
    const client = createClient({
      url: `${server.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${admin.token}` },
      retryAttempts: 0,
      on: { closed: (event) => (closedWith = (event as { code?: number }).code) },
    });
    try {
      const refusal = (document: string) =>
        new Promise<unknown>((resolve) => {
          client.subscribe(
            { query: document },
            { next: () => undefined, error: resolve, complete: () => resolve('completed') },
          );
        });
      const aliased = `subscription { ${Array.from(
        { length: GRAPHQL_LIMITS.maxAliases + 1 },
        (_, i) => `n${i}: notificationAdded { id }`,
      ).join(' ')} }`;
      const overAliases = await refusal(aliased);
      expect(overAliases).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'QUERY_TOO_COMPLEX', limit: 'aliases' }),
        }),
      ]);
      const tooDeep = await refusal(`subscription{${'a{'.repeat(3000)}b${'}'.repeat(3000)}}`);
      expect(tooDeep).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'QUERY_TOO_COMPLEX', limit: 'tokens' }),
        }),
      ]);
      expect(closedWith).toBeUndefined();
    } finally {
      await client.dispose();
    }
  });

  it('given every operation the renderer sends (with the __typename Apollo adds), then none is over a limit', async () => {
    const cache = new InMemoryCache();
    const operations = registeredOperations();
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const operation of operations) {
      const sent = print(cache.transformDocument(operation.document));
      // Signed out and without variables: validated (where the limits apply), then refused.
      const answer = await post(server, sent);
      expect(codes(answer), operation.name).not.toContain('QUERY_TOO_COMPLEX');
      expect(answer.status, operation.name).toBeLessThan(500);
    }
  });
});

describe('the read statement timeout', () => {
  const READ_TIMEOUT_MS = 1500;
  let server: TestServer;
  let admin: TestUser;
  let locker: pg.Client;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.setEncoding('utf8');
    logStream.on('data', (chunk: string) => logLines.push(...chunk.split('\n').filter(Boolean)));
    server = await startTestServer(
      { readTimeoutMs: READ_TIMEOUT_MS, logLevel: 'warn' },
      { logStream },
    );
    admin = (await server.signUpCompany({ is_legal: true })).admin;
    locker = new pg.Client({ connectionString: server.database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await server.close();
  });

  /** Backends of the test database waiting for a lock (the reads and writes held up). */
  async function waiting(): Promise<number> {
    const result = await locker.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return result.rows[0]?.n ?? 0;
  }

  /** Holds an exclusive lock on raw_file (every read of it waits) while `work` runs. */
  async function withRawFilesLocked<T>(work: () => Promise<T>): Promise<T> {
    await locker.query('begin');
    await locker.query('lock table raw_file in access exclusive mode');
    try {
      return await work();
    } finally {
      await locker.query('rollback');
    }
  }

  it('given a GraphQL query that cannot finish, then QUERY_TIMEOUT with its clear message, not an internal error, and no connection left waiting', async () => {
    const answer = await withRawFilesLocked(async () => {
      const stopped = await post(server, '{ rawFiles(page_size: 5) { total } }', {}, admin.token);
      // Each of its statements is cancelled by the server while the lock is still held: none
      // keeps a connection waiting (the list and its count run side by side, so the second one
      // may end a moment after the answer).
      await until(async () => (await waiting()) === 0);
      return stopped;
    });
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: PRODUCT_ERRORS.QUERY_TIMEOUT,
        extensions: { code: 'QUERY_TIMEOUT' },
      }),
    ]);
    // The pool is usable afterwards: the same read answers once the lock is gone.
    const again = await post(server, '{ rawFiles(page_size: 5) { total } }', {}, admin.token);
    expect(again.body.errors).toBeUndefined();
  });

  it('given a REST GET that cannot finish, then 400 QUERY_TIMEOUT', async () => {
    const response = await withRawFilesLocked(() =>
      fetch(`${server.url}/raw-files/rawFilesDetails?rawFileId=${randomUUID()}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'QUERY_TIMEOUT', message: PRODUCT_ERRORS.QUERY_TIMEOUT },
    });
  });

  it('given a mutation waiting longer than the read timeout, then it is not stopped: it finishes once the lock goes', async () => {
    let mutation: Promise<Answer> | undefined;
    await withRawFilesLocked(async () => {
      mutation = post(
        server,
        'mutation($id: ID!) { deleteRawFile(id: $id) { id } }',
        { id: randomUUID() },
        admin.token,
      );
      await until(async () => (await waiting()) === 1);
      // A read started after the mutation began waiting is stopped after READ_TIMEOUT_MS...
      const read = await post(server, '{ rawFiles(page_size: 5) { total } }', {}, admin.token);
      expect(codes(read)).toEqual(['QUERY_TIMEOUT']);
      // ...while the mutation, waiting at least as long, still waits once the read's statements
      // are all cancelled (were it stopped too, this would reach 0).
      let left = 0;
      await until(async () => (left = await waiting()) <= 1);
      expect(left).toBe(1);
    });
    const answer = await mutation!;
    expect(codes(answer)).toEqual(['NOT_FOUND']);
  });

  it('given refused and stopped operations, then the log names the limit and the path, never the values sent', async () => {
    const secret = `SECRET-${randomUUID()}`;
    const before = logLines.length;
    await post(
      server,
      `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `r${i}: rawFiles(search: "${secret}") { total }`).join(' ')} }`,
      {},
      admin.token,
    );
    const stopped = await withRawFilesLocked(() =>
      post(
        server,
        'query($s: String) { rawFiles(search: $s) { total } }',
        { s: secret },
        admin.token,
      ),
    );
    expect(codes(stopped)).toEqual(['QUERY_TIMEOUT']);
    const lines = logLines.slice(before);
    const refusals = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'limit', limit: 'aliases' }),
        expect.objectContaining({ kind: 'timeout', path: 'rawFiles' }),
      ]),
    );
    expect(lines.join('\n')).not.toContain(secret);
  });
});
