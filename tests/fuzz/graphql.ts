/**
 * GraphQL targets: one per field of Query, Mutation and Subscription, built from the schema. Each
 * case is a well-formed operation on that field (every argument from its type, a selection of its
 * leaves two levels deep) broken in one way: a variable malformed, missing or extra, the values
 * inlined as literals, many aliases, a selection or list nested deep, repeated directives.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { graphqlRootFields, type RootField } from '../support/endpoints';
import type { Fixtures } from './fixtures';
import { mutateJson, pickJsonMutation, sweepJson, type Sweep } from './mutate';
import type { Rng } from './prng';
import type { FuzzCase, Target } from './types';
import { validValue } from './graphql-values';

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
/** Stands for a deeply nested list literal, written into the query text after it is built. */
const DEEP = 'fuzz-deep-literal';
const DEEP_LITERAL = JSON.stringify(DEEP);

/** The field's leaves, and its objects' leaves `depth` levels down. */
export function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named)) return '{ __typename }';
  const parts = Object.values(named.getFields())
    .filter((field) => field.args.every((arg) => !isNonNullType(arg.type)))
    .map((field) => {
      if (isLeafType(getNamedType(field.type))) return field.name;
      return depth > 0 ? `${field.name} ${selectionOf(field.type, depth - 1)}` : '';
    })
    .filter(Boolean);
  return `{ ${parts.length > 0 ? parts.join(' ') : '__typename'} }`;
}

/** A value as a GraphQL literal (enums bare when the type says so). */
export function literalOf(value: unknown, type?: GraphQLInputType): string {
  const inner = type && isNonNullType(type) ? type.ofType : type;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string')
    return inner && isEnumType(inner) && NAME.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const item = inner && isListType(inner) ? inner.ofType : undefined;
    return `[${value.map((v) => literalOf(v, item)).join(', ')}]`;
  }
  const fields = inner && isInputObjectType(inner) ? inner.getFields() : {};
  return `{ ${Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${literalOf(v, fields[key]?.type)}`)
    .join(', ')} }`;
}

const keywordOf = (root: RootField['root']) => root.toLowerCase();

interface Operation {
  query: string;
  variables: Record<string, unknown>;
}

/** The operation for `variables` (an argument per key; keys no argument has become unknown ones). */
function operation(
  entry: RootField,
  variables: Record<string, unknown>,
  options: { literal?: boolean; aliases?: number; selection?: string; directives?: string } = {},
): Operation {
  const args = new Map(entry.field.args.map((arg) => [arg.name, arg.type]));
  const defs: string[] = [];
  const passed: string[] = [];
  const sent: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(variables)) {
    if (!NAME.test(key)) {
      sent[key] = value; // not a name: stays an undeclared variable
      continue;
    }
    const type = args.get(key);
    if (options.literal) {
      passed.push(`${key}: ${literalOf(value, type)}`);
      continue;
    }
    defs.push(`$${key}: ${type ? String(type) : 'String'}`);
    passed.push(`${key}: $${key}`);
    sent[key] = value;
  }
  const call = `${entry.field.name}${passed.length > 0 ? `(${passed.join(', ')})` : ''}${options.directives ?? ''} ${options.selection ?? selectionOf(entry.field.type, 1)}`;
  const count = options.aliases ?? 1;
  const body =
    count === 1 ? call : Array.from({ length: count }, (_, i) => `a${i}: ${call}`).join('\n');
  const head = `${keywordOf(entry.root)} Fuzz${defs.length > 0 ? `(${defs.join(', ')})` : ''}`;
  return { query: `${head} { ${body} }`, variables: sent };
}

function deepSelection(depth: number): string {
  return `${'{ x '.repeat(depth)}{ y }${' }'.repeat(depth)}`;
}

function generate(entry: RootField, rng: Rng, fixtures: Fixtures, sweep?: Sweep): FuzzCase {
  const variables: Record<string, unknown> = {};
  const ctx = { fieldName: entry.field.name, rng, fixtures, omitOptional: 0.4 };
  for (const arg of entry.field.args) {
    if (!isNonNullType(arg.type) && rng.chance(0.3)) continue;
    variables[arg.name] = validValue(arg.type, arg.name, ctx);
  }
  let op: Operation;
  let mutation: string;
  let kind = '-';
  let where = '-';
  const roll = rng.next();
  const hasArgs = Object.keys(variables).length > 0;
  if (sweep && hasArgs) {
    const broken = sweepJson(variables, sweep);
    ({ mutation, kind, where } = broken);
    op = operation(entry, broken.value as Record<string, unknown>);
  } else if (roll < 0.05) {
    mutation = 'valid';
    op = operation(entry, variables);
  } else if (roll < 0.66 && hasArgs) {
    const broken = mutateJson(variables, rng, pickJsonMutation(rng));
    const literal = rng.chance(0.2);
    ({ kind, where } = broken);
    mutation = literal ? `${broken.mutation}-literal` : broken.mutation;
    op = operation(entry, broken.value as Record<string, unknown>, { literal });
  } else if (roll < 0.74) {
    const count = rng.pick(entry.root === 'Mutation' ? [10, 100] : [10, 100, 1000]);
    mutation = 'aliases';
    kind = `x${count}`;
    op = operation(entry, variables, { aliases: count });
  } else if (roll < 0.82) {
    const depth = rng.pick([50, 1_000, 3_000, 10_000]);
    mutation = 'deep-selection';
    kind = `depth ${depth}`;
    op = operation(entry, variables, { selection: deepSelection(depth) });
  } else if (roll < 0.88 && hasArgs) {
    const name = rng.pick(Object.keys(variables));
    const depth = rng.pick([50, 1_000, 5_000]);
    mutation = 'deep-list-literal';
    kind = `depth ${depth}`;
    where = name;
    op = operation(entry, { ...variables, [name]: DEEP }, { literal: true });
    op.query = op.query.replace(DEEP_LITERAL, `${'['.repeat(depth)}1${']'.repeat(depth)}`);
  } else if (roll < 0.94) {
    const count = rng.pick([20, 500, 5_000]);
    mutation = 'many-directives';
    kind = `x${count}`;
    op = operation(entry, variables, { directives: ' @include(if: true)'.repeat(count) });
  } else {
    mutation = 'unknown-selection';
    op = operation(entry, variables, { selection: '{ __typename nope { deeper } }' });
  }
  const body = Buffer.from(JSON.stringify({ query: op.query, variables: op.variables }));
  return {
    target: entry.name,
    mutation,
    kind,
    where,
    role: entry.field.name === 'signOut' ? 'A.admin' : fixtures.pickRole(rng),
    disposableSession: entry.field.name === 'signOut',
    request: {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    },
  };
}

export function graphqlTargets(): Target[] {
  return graphqlRootFields().map((entry) => ({
    name: entry.name,
    generate: (rng, fixtures, sweep) => generate(entry, rng, fixtures, sweep),
  }));
}
