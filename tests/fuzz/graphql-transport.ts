/**
 * The GraphQL endpoint itself (POST and GET /graphql) and /health: requests broken before any
 * field is reached (bad JSON, wrong content type, query not a string, batches, GET with a
 * mutation, huge or empty documents, an unknown operation name, persisted-query extensions).
 */
import type { Fixtures } from './fixtures';
import { badJson, CONTENT_TYPES, oddQuery } from './payloads';
import type { Rng } from './prng';
import type { FuzzCase, Target } from './types';
import { urlEncode } from './values';

const VIEWER = '{ viewer { user { id email } company { id name } } }';

const BODIES: Record<string, (rng: Rng) => unknown> = {
  'query-not-string': () => ({ query: 42 }),
  'query-missing': () => ({ variables: {} }),
  'query-empty': () => ({ query: '' }),
  'variables-string': () => ({ query: VIEWER, variables: '{"a":1}' }),
  'variables-array': () => ({ query: VIEWER, variables: [1, 2] }),
  'operation-unknown': () => ({ query: `query A ${VIEWER} query B ${VIEWER}`, operationName: 'C' }),
  'operation-missing': () => ({ query: `query A ${VIEWER} query B ${VIEWER}` }),
  'operation-name-object': () => ({ query: VIEWER, operationName: { a: 1 } }),
  batch: (rng) => Array.from({ length: rng.pick([2, 50, 1_000]) }, () => ({ query: VIEWER })),
  'empty-batch': () => [],
  'persisted-query': () => ({
    extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } },
  }),
  'huge-comment': (rng) => ({ query: `#${'c'.repeat(rng.pick([100_000, 900_000]))}\n${VIEWER}` }),
  'many-tokens': (rng) => ({ query: `{ ${'__typename '.repeat(rng.pick([1_000, 100_000]))} }` }),
  'many-operations': () => ({
    query: Array.from({ length: 2_000 }, (_, i) => `query Q${i} { __typename }`).join('\n'),
    operationName: 'Q1999',
  }),
  'fragment-cycle': () => ({
    query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
  }),
  'introspection-deep': () => ({
    query: `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`,
  }),
  'nul-in-document': () => ({ query: `{ viewer\u0000 { user { id } } }` }),
  'surrogate-in-document': () => ({ query: `{ viewer { user { id } } } # \ud800` }),
  'syntax-error': () => ({ query: '{ viewer { user { id } ' }),
  'subscription-over-post': () => ({ query: 'subscription { notificationAdded { id } }' }),
  'string-escape': () => ({ query: '{ company(id: "\\u0000\\uD800\\uDFFF\\u{110000}") { id } }' }),
};

function postCase(rng: Rng): Omit<FuzzCase, 'role'> {
  const roll = rng.next();
  let headers: Record<string, string> = { 'content-type': 'application/json' };
  let body: Buffer;
  let mutation = 'graphql-body';
  let kind: string;
  if (roll < 0.2) {
    const broken = badJson(JSON.stringify({ query: VIEWER }), rng);
    mutation = 'bad-json';
    kind = broken.kind;
    body = broken.value;
  } else if (roll < 0.35) {
    mutation = 'content-type';
    kind = rng.pick([...CONTENT_TYPES, 'application/graphql', 'application/graphql-response+json']);
    headers = { 'content-type': kind };
    body = Buffer.from(kind.includes('graphql') ? VIEWER : JSON.stringify({ query: VIEWER }));
  } else {
    kind = rng.pick(Object.keys(BODIES));
    body = Buffer.from(JSON.stringify(BODIES[kind]!(rng)));
  }
  return {
    target: 'POST /graphql',
    mutation,
    kind,
    where: 'body',
    request: { method: 'POST', path: '/graphql', headers, body },
  };
}

function getCase(rng: Rng): Omit<FuzzCase, 'role'> {
  const variants: Record<string, () => string> = {
    query: () => `query=${urlEncode(VIEWER)}`,
    mutation: () => `query=${urlEncode('mutation { signOut }')}`,
    'bad-variables': () => `query=${urlEncode(VIEWER)}&variables=${urlEncode('{not json')}`,
    'array-params': () => `query=a&query=b&variables=1&variables=2`,
    odd: () => oddQuery(rng).value,
    none: () => '',
  };
  const kind = rng.pick(Object.keys(variants));
  const query = variants[kind]!();
  return {
    target: 'GET /graphql',
    mutation: 'graphql-get',
    kind,
    where: 'query',
    request: {
      method: 'GET',
      path: query ? `/graphql?${query}` : '/graphql',
      headers: { accept: rng.pick(['application/json', 'text/html', 'text/event-stream', '*/*']) },
    },
  };
}

function healthCase(rng: Rng): Omit<FuzzCase, 'role'> {
  const odd = oddQuery(rng);
  return {
    target: 'GET /health',
    mutation: 'odd-query',
    kind: odd.kind,
    where: 'query',
    request: { method: 'GET', path: `/health?${odd.value}`, headers: {} },
  };
}

const BUILDERS: Record<string, (rng: Rng) => Omit<FuzzCase, 'role'>> = {
  'POST /graphql': postCase,
  'GET /graphql': getCase,
  'GET /health': healthCase,
};

/** Targets for the routes the server registers besides the route table (health, /graphql). */
export function infrastructureTarget(route: string): Target | undefined {
  const builder = BUILDERS[route];
  if (!builder) return undefined;
  return {
    name: route,
    generate: (rng: Rng, fixtures: Fixtures) => ({ ...builder(rng), role: fixtures.pickRole(rng) }),
  };
}
