import { parse, type OperationDefinitionNode } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../permissions';
import { createRateLimiter } from '../rateLimit';
import type { RequestContext } from './context';
import { countRootFields, mutationRateLimitPlugin } from './mutationRate';

function rootFields(source: string): number {
  const document = parse(source);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === 'OperationDefinition',
  );
  if (!operation) throw new Error('no operation');
  return countRootFields(document, operation.selectionSet);
}

describe('countRootFields', () => {
  it('given fields, aliases, fragments and __typename, then each root field counts once and __typename not at all', () => {
    expect(rootFields('mutation { bump }')).toBe(1);
    expect(rootFields('mutation { a: bump b: bump c: bump __typename }')).toBe(3);
    expect(
      rootFields('mutation { ...F ... { x: bump } } fragment F on Mutation { bump y: bump }'),
    ).toBe(3);
  });

  it('given a fragment spread twice, then its fields count twice (each spread runs them)', () => {
    expect(rootFields('mutation { ...F ...F } fragment F on Mutation { a: bump }')).toBe(2);
  });
});

const viewer = (id: string) => ({ user: { id } }) as unknown as Viewer;

function server(burst: number) {
  const limited: Array<{ userId: string; cost: number }> = [];
  let calls = 0;
  const yoga = createYoga<RequestContext>({
    schema: createSchema<RequestContext>({
      typeDefs: 'type Query { a: Int } type Mutation { bump: Int }',
      resolvers: { Query: { a: () => 1 }, Mutation: { bump: () => (calls += 1) } },
    }),
    logging: false,
    plugins: [
      mutationRateLimitPlugin(createRateLimiter({ burst, perSecond: 0.001 }), (userId, cost) =>
        limited.push({ userId, cost }),
      ),
    ],
  });
  async function send(query: string, userId?: string) {
    const auth: RequestContext['auth'] = userId
      ? { kind: 'signed-in', viewer: viewer(userId) }
      : { kind: 'anonymous' };
    const response = await yoga.fetch(
      'http://localhost/graphql',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      },
      { auth, ip: '127.0.0.1', origin: 'http://localhost' },
    );
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as {
        data?: unknown;
        errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
      },
    };
  }
  return { send, limited, calls: () => calls };
}

describe('mutationRateLimitPlugin', () => {
  it('given a signed-in user past the bucket, then 429 TOO_MANY_REQUESTS with Retry-After and the resolver does not run', async () => {
    const { send, limited, calls } = server(2);
    expect((await send('mutation { bump }', 'u1')).status).toBe(200);
    expect((await send('mutation { bump }', 'u1')).status).toBe(200);
    const refused = await send('mutation { bump }', 'u1');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1000');
    expect(refused.body).toEqual({
      errors: [
        {
          message: 'Too many changes in a short time. Please wait a few seconds and try again.',
          extensions: { code: 'TOO_MANY_REQUESTS', retry_after_seconds: 1000 },
        },
      ],
    });
    expect(calls()).toBe(2);
    expect(limited).toEqual([{ userId: 'u1', cost: 1 }]);
  });

  it('given queries and signed-out callers, then they are not counted', async () => {
    const { send } = server(1);
    for (let i = 0; i < 3; i += 1) {
      expect((await send('{ a }', 'u1')).status).toBe(200);
      expect((await send('mutation { bump }')).status).toBe(200);
    }
    expect((await send('mutation { bump }', 'u1')).status).toBe(200);
  });

  it('given aliased root fields, then each costs a token and an operation over what is left runs not at all', async () => {
    const { send, calls } = server(3);
    expect((await send('mutation { a: bump b: bump }', 'u1')).status).toBe(200);
    const refused = await send('mutation { a: bump b: bump }', 'u1');
    expect(refused.status).toBe(429);
    expect(calls()).toBe(2);
    expect((await send('mutation { bump }', 'u1')).status).toBe(200);
  });

  it('given two users, then each has their own bucket', async () => {
    const { send } = server(1);
    expect((await send('mutation { bump }', 'u1')).status).toBe(200);
    expect((await send('mutation { bump }', 'u1')).status).toBe(429);
    expect((await send('mutation { bump }', 'u2')).status).toBe(200);
  });
});
