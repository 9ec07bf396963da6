/**
 * Every endpoint of the server, named as the tests name them: `Query.<field>`,
 * `Mutation.<field>`, `Subscription.<field>` from the GraphQL schema, and `METHOD /path` from the
 * REST route list. The tenant-isolation and permission-model tests both check their coverage
 * against this one enumeration; the fuzzer (tests/fuzz) walks them all.
 */
import {
  buildSchema,
  getNamedType,
  type GraphQLField,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { loadTypeDefs } from '../../src/server/graphql/yoga';
import { ROUTES } from '../../src/server/http/routes';

export const ROOT_TYPES = ['Query', 'Mutation', 'Subscription'] as const;
export type RootType = (typeof ROOT_TYPES)[number];

/** Routes every server has besides ROUTES: the health check and GraphQL's own. */
export const INFRASTRUCTURE_ROUTES = ['GET /health', 'GET /graphql', 'POST /graphql'] as const;

let cached: GraphQLSchema | undefined;

/** The GraphQL schema the server serves (its resolvers aside), built once. */
export function serverSchema(): GraphQLSchema {
  cached ??= buildSchema(loadTypeDefs());
  return cached;
}

export function rootType(schema: GraphQLSchema, root: RootType): GraphQLObjectType | undefined {
  const type =
    root === 'Query'
      ? schema.getQueryType()
      : root === 'Mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  return type ?? undefined;
}

/** `Root.field` for every field of Query, Mutation and Subscription. */
export function graphqlEndpoints(schema: GraphQLSchema = serverSchema()): string[] {
  return ROOT_TYPES.flatMap((root) =>
    Object.keys(rootType(schema, root)?.getFields() ?? {}).map((field) => `${root}.${field}`),
  );
}

export interface RootField {
  root: RootType;
  /** `Root.field`, as the isolation cases and the fuzz report name it. */
  name: string;
  field: GraphQLField<unknown, unknown>;
}

/** Every field of Query, Mutation and Subscription with its definition, in schema order. */
export function graphqlRootFields(schema: GraphQLSchema = serverSchema()): RootField[] {
  return ROOT_TYPES.flatMap((root) =>
    Object.values(rootType(schema, root)?.getFields() ?? {}).map((field) => ({
      root,
      name: `${root}.${field.name}`,
      field,
    })),
  );
}

/** The listed REST routes (`METHOD /path`). */
export function restEndpoints(): string[] {
  return [...ROUTES];
}

/** Every GraphQL field and listed REST route. */
export function allEndpoints(): string[] {
  return [...graphqlEndpoints(), ...restEndpoints()];
}

/** What a running server registered, without the infrastructure routes. */
export function registeredRestRoutes(registered: readonly string[]): string[] {
  const infrastructure: readonly string[] = INFRASTRUCTURE_ROUTES;
  return registered.filter((route) => !infrastructure.includes(route));
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';

export interface SampleOptions {
  /** The value of every ID (default: an id that names nothing). */
  id?: string;
  /** Optional arguments and input fields too, so that each can be spoiled (default: required only). */
  everyField?: boolean;
}

const isRequired = (entry: { type: GraphQLInputType; defaultValue?: unknown }) =>
  isNonNullType(entry.type) && entry.defaultValue === undefined;

/** A well-formed value of an input type: one element per list, nested inputs 5 levels at most. */
export function sampleValue(
  type: GraphQLInputType,
  options: SampleOptions = {},
  depth = 0,
): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, options, depth);
  if (isListType(type)) return [sampleValue(type.ofType, options, depth)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    if (depth > 4) return {};
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => options.everyField || isRequired(field))
        .map((field) => [field.name, sampleValue(field.type, options, depth + 1)]),
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return options.id ?? SOME_ID;
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'DateTime':
        return new Date(0).toISOString();
      default:
        return 'x';
    }
  }
  throw new Error(`no sample for input type ${String(type)}`);
}

/**
 * A valid operation calling `Root.field`: its arguments (required ones, or every one with
 * `everyField`) as variables with well-formed values, selecting `__typename` of an object result.
 */
export function minimalOperation(
  endpoint: string,
  schema: GraphQLSchema = serverSchema(),
  options: SampleOptions = {},
): { query: string; variables: Record<string, unknown> } {
  const [root, name] = endpoint.split('.') as [RootType, string];
  const field = rootType(schema, root)?.getFields()[name];
  if (!field) throw new Error(`${endpoint} is not a field of the schema`);
  const sent = field.args.filter((arg) => options.everyField || isRequired(arg));
  const declared = sent.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = sent.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const keyword = root === 'Query' ? 'query' : root === 'Mutation' ? 'mutation' : 'subscription';
  return {
    query: `${keyword}${declared ? `(${declared})` : ''} { ${name}${passed ? `(${passed})` : ''}${selection} }`,
    variables: Object.fromEntries(sent.map((arg) => [arg.name, sampleValue(arg.type, options)])),
  };
}
