/**
 * Every endpoint of the server, named as the tests name them: `Query.<field>`,
 * `Mutation.<field>`, `Subscription.<field>` from the GraphQL schema, and `METHOD /path` from the
 * REST route list. The tenant-isolation and permission-model tests both check their coverage
 * against this one enumeration.
 */
import {
  buildSchema,
  getNamedType,
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

export function serverSchema(): GraphQLSchema {
  return buildSchema(loadTypeDefs());
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

/** A well-formed value of an input type: required fields only, one element per list. */
function sampleValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType);
  if (isListType(type)) return [sampleValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type))
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type) && field.defaultValue === undefined)
        .map((field) => [field.name, sampleValue(field.type)]),
    );
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return SOME_ID;
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
 * The smallest valid operation calling `Root.field`: its required arguments as variables with
 * well-formed values (ids name nothing), selecting `__typename` of an object result.
 */
export function minimalOperation(
  endpoint: string,
  schema: GraphQLSchema = serverSchema(),
): { query: string; variables: Record<string, unknown> } {
  const [root, name] = endpoint.split('.') as [RootType, string];
  const field = rootType(schema, root)?.getFields()[name];
  if (!field) throw new Error(`${endpoint} is not a field of the schema`);
  const required = field.args.filter(
    (arg) => isNonNullType(arg.type) && arg.defaultValue === undefined,
  );
  const declared = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = required.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const keyword = root === 'Query' ? 'query' : root === 'Mutation' ? 'mutation' : 'subscription';
  return {
    query: `${keyword}${declared ? `(${declared})` : ''} { ${name}${passed ? `(${passed})` : ''}${selection} }`,
    variables: Object.fromEntries(required.map((arg) => [arg.name, sampleValue(arg.type)])),
  };
}
