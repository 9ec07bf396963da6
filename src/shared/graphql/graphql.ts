/**
 * The one way main and renderer write a GraphQL operation: `graphql(text, [fragments])`. The
 * selection is written once, as GraphQL; gql.tada infers its result and variables types from the
 * schema type that `npm run codegen` generates from src/server/graphql/schema/*.graphql
 * (introspection.generated.d.ts). Run-time checking of results and variables against the same
 * schema is in check.ts. Fragments are not masked: a fragment's fields are plain fields of the
 * result that spreads it.
 */
import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './introspection.generated';

export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: {
    ID: string;
    /** An ISO-8601 timestamp as text. */
    DateTime: string;
  };
}>();

export type { FragmentOf, ResultOf, VariablesOf, TadaDocumentNode } from 'gql.tada';
