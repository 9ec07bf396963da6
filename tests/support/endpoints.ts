/**
 * The server's whole surface, enumerated from its own sources: every field of Query, Mutation and
 * Subscription of the GraphQL schema (src/server/graphql/schema/*.graphql) and every REST route of
 * the route table (src/server/http/routes.ts). The tenant-isolation test checks each has a case;
 * the fuzzer (tests/fuzz) walks them all.
 */
import {
  buildSchema,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { loadTypeDefs } from '../../src/server/graphql/yoga';
import { ROUTES } from '../../src/server/http/routes';

export const ROOT_TYPES = ['Query', 'Mutation', 'Subscription'] as const;
export type RootType = (typeof ROOT_TYPES)[number];

/** Routes the server registers besides the route table: health and the GraphQL endpoint. */
export const INFRASTRUCTURE_ROUTES = ['GET /health', 'GET /graphql', 'POST /graphql'] as const;

export interface RootField {
  root: RootType;
  /** `Root.field`, as the isolation cases and the fuzz report name it. */
  name: string;
  field: GraphQLField<unknown, unknown>;
}

let cached: GraphQLSchema | undefined;

/** The GraphQL schema the server serves (its resolvers aside). */
export function graphqlSchema(): GraphQLSchema {
  cached ??= buildSchema(loadTypeDefs());
  return cached;
}

function rootType(schema: GraphQLSchema, root: RootType): GraphQLObjectType | null | undefined {
  if (root === 'Query') return schema.getQueryType();
  if (root === 'Mutation') return schema.getMutationType();
  return schema.getSubscriptionType();
}

/** Every field of Query, Mutation and Subscription, in schema order. */
export function graphqlRootFields(schema: GraphQLSchema = graphqlSchema()): RootField[] {
  return ROOT_TYPES.flatMap((root) =>
    Object.values(rootType(schema, root)?.getFields() ?? {}).map((field) => ({
      root,
      name: `${root}.${field.name}`,
      field,
    })),
  );
}

/** The REST routes of the route table, as `METHOD path`. */
export function restRoutes(): readonly string[] {
  return ROUTES;
}

/** Every endpoint by name: `Root.field` for GraphQL, `METHOD path` for REST. */
export function allEndpoints(): string[] {
  return [...graphqlRootFields().map((field) => field.name), ...restRoutes()];
}
