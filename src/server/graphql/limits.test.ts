import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { createErrorMasker } from './errors';
import { documentSizeRefusal, graphqlLimitsPlugin, GRAPHQL_LIMITS, type LimitName } from './limits';

const schema = createSchema({
  typeDefs: `
    type Query { a: Int, node: Node, search(text: String): Int, many(ids: [Int]): Int }
    type Node { a: Int, node: Node }
  `,
  resolvers: { Query: { a: () => 1, search: () => 2 } },
});

function server(options: { limits?: boolean } = {}) {
  const refused: Array<{ limit: LimitName; detail: string }> = [];
  const logged: unknown[] = [];
  const yoga = createYoga({
    schema,
    logging: false,
    maskedErrors: { maskError: createErrorMasker((error) => logged.push(error)) },
    plugins:
      options.limits === false
        ? []
        : [graphqlLimitsPlugin((limit, detail) => refused.push({ limit, detail }))],
  });
  async function send(query: string, accept = 'application/json') {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as {
      data?: unknown;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    };
    return { status: response.status, body };
  }
  return { send, refused, logged };
}

const aliases = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `s${i}: search(text: "SECRET-${i}")`).join(' ')} }`;
const chain = (depth: number, leaf = 'a') =>
  `{ ${'node { '.repeat(depth - 1)}${leaf}${' }'.repeat(depth - 1)} }`;
/** Exactly `n` tokens: "{ many ( ids : [" and "] ) }" are 9. */
const withTokens = (n: number) =>
  `{ many(ids: [${Array.from({ length: n - 9 }, (_, i) => i).join(' ')}]) }`;
const tightlyNested = (depth: number) => `{${'a{'.repeat(depth)}b${'}'.repeat(depth)}}`;

describe('documentSizeRefusal', () => {
  it('given a small document, then none', () => {
    expect(documentSizeRefusal('{ a node { a } }')).toBeUndefined();
  });

  it('given more tokens than allowed, then the token limit; exactly the limit passes', () => {
    expect(documentSizeRefusal(withTokens(GRAPHQL_LIMITS.maxTokens))).toBeUndefined();
    expect(documentSizeRefusal(withTokens(GRAPHQL_LIMITS.maxTokens + 1))).toEqual({
      limit: 'tokens',
      detail: `Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded.`,
    });
  });

  it('given comments, then they count toward the size but are not tokens', () => {
    const commented = `{ a }\n${'# note\n'.repeat(1000)}`;
    expect(commented.length).toBeLessThan(GRAPHQL_LIMITS.maxDocumentChars);
    expect(documentSizeRefusal(commented)).toBeUndefined();
    const long = `{ a }\n#${'x'.repeat(GRAPHQL_LIMITS.maxDocumentChars)}`;
    expect(documentSizeRefusal(long)).toEqual({
      limit: 'size',
      detail: `Document size limit of ${GRAPHQL_LIMITS.maxDocumentChars} characters exceeded, found ${long.length}.`,
    });
  });

  it('given a syntax error within the limits, then none: the parser reports it', () => {
    expect(documentSizeRefusal('{ a "unterminated')).toBeUndefined();
  });
});

describe('graphqlLimitsPlugin', () => {
  it.each([
    ['aliases', aliases(GRAPHQL_LIMITS.maxAliases + 1), aliases(GRAPHQL_LIMITS.maxAliases)],
    ['depth', chain(GRAPHQL_LIMITS.maxDepth + 1), chain(GRAPHQL_LIMITS.maxDepth)],
    [
      'directives',
      `{ ${'a @include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)}}`,
      `{ ${'a @include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives)}}`,
    ],
    // 60 scalars at depth 12 cost 60 x 1.5^11 (~86) each: over 5,000; 50 are under it.
    [
      'cost',
      chain(GRAPHQL_LIMITS.maxDepth, 'a '.repeat(60)),
      chain(GRAPHQL_LIMITS.maxDepth, 'a '.repeat(50)),
    ],
    ['tokens', withTokens(GRAPHQL_LIMITS.maxTokens + 1), withTokens(GRAPHQL_LIMITS.maxTokens)],
  ] as const)(
    'given a document over the %s limit, then 400 QUERY_TOO_COMPLEX naming it; one at the limit runs',
    async (limit, over, atLimit) => {
      const { send, refused } = server();
      const answer = await send(over);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit });
      expect(refused.map((r) => r.limit)).toEqual([limit]);
      const ok = await send(atLimit);
      expect(ok.status).toBe(200);
      expect(ok.body.errors).toBeUndefined();
    },
  );

  it('given either JSON media type, then the refusal is 400 (never a spec 200)', async () => {
    const { send } = server();
    for (const accept of ['application/json', 'application/graphql-response+json', '*/*'])
      expect((await send(tightlyNested(3000), accept)).status).toBe(400);
  });

  it('given a refusal, then what it reports names no value of the document', async () => {
    const { send, refused } = server();
    const answer = await send(aliases(GRAPHQL_LIMITS.maxAliases + 5));
    expect(answer.body.errors?.[0]?.message).toBe(
      `This request is too large or too complex: Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded, found ${GRAPHQL_LIMITS.maxAliases + 5}. Please ask for less at once.`,
    );
    expect(JSON.stringify(refused)).not.toContain('SECRET');
  });

  it('given a selection nested 3,000 deep, then 400 QUERY_TOO_COMPLEX; without the limits it was a stack overflow', async () => {
    const deep = tightlyNested(3000);
    const limited = await server().send(deep);
    expect(limited.status).toBe(400);
    expect(limited.body.errors?.[0]?.extensions).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      limit: 'tokens',
    });
    // A 300-deep one within the token limit is parsed, then refused in validation (by its cost,
    // the rule graphql-armor runs before depth).
    const parsed = await server().send(tightlyNested(300));
    expect(parsed.status).toBe(400);
    expect(parsed.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    // The guard matters: without it the same document overflows the stack, a masked internal error.
    const bare = server({ limits: false });
    const unlimited = await bare.send(deep);
    expect(unlimited.body.errors?.[0]?.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(bare.logged[0]).toBeInstanceOf(RangeError);
  });
});
