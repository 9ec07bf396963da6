import { AsyncLocalStorage } from 'node:async_hooks';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { ReadScope } from '../db/connection';
import { readTimeoutPlugin } from './readTimeout';

describe('readTimeoutPlugin', () => {
  const scope = new AsyncLocalStorage<true>();
  // Each resolver answers whether it runs inside the read scope, after an await.
  const inScope = async () => {
    await Promise.resolve();
    return scope.getStore() === true;
  };
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: 'type Query { scoped: Boolean } type Mutation { scoped: Boolean }',
      resolvers: { Query: { scoped: inScope }, Mutation: { scoped: inScope } },
    }),
    logging: false,
    plugins: [readTimeoutPlugin(((work: () => unknown) => scope.run(true, work)) as ReadScope)],
  });
  const send = async (query: string, operationName?: string) => {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, operationName }),
    });
    return (await response.json()) as { data?: { scoped: boolean } };
  };

  it('given a query, then its resolvers run inside the read scope', async () => {
    expect((await send('{ scoped }')).data).toEqual({ scoped: true });
  });

  it('given a mutation, then its resolvers run outside it', async () => {
    expect((await send('mutation { scoped }')).data).toEqual({ scoped: false });
  });

  it('given a document with both, then the operation chosen by name decides', async () => {
    const both = 'query Q { scoped } mutation M { scoped }';
    expect((await send(both, 'Q')).data).toEqual({ scoped: true });
    expect((await send(both, 'M')).data).toEqual({ scoped: false });
  });
});
