/** The GraphQL server (graphql-yoga) over schema/*.graphql and every domain's resolvers. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema, createYoga } from 'graphql-yoga';
import { authResolvers } from '../domains/auth/graphql';
import { caseResolvers } from '../domains/cases/graphql';
import { companyResolvers } from '../domains/companies/graphql';
import { notificationResolvers } from '../domains/notifications/graphql';
import { pipelineResolvers } from '../domains/pipeline/graphql';
import { processedFileResolvers } from '../domains/processed-files/graphql';
import { processedFileListResolvers } from '../domains/processed-files/listGraphql';
import { rawFileResolvers } from '../domains/raw-files/graphql';
import { userResolvers } from '../domains/users/graphql';
import type { GraphQLContext, RequestContext } from './context';
import { createErrorMasker } from './errors';
import { guardArguments } from './inputGuard';
import { DateTimeScalar, type ResolverDeps } from './types';

export const GRAPHQL_PATH = '/graphql';

/** The contract: every file of schema/ in name order (the first declares Query and Mutation). */
export function loadTypeDefs(): string {
  // A path, not a URL with a trailing slash: the desktop build rewrites this URL to its copy.
  const folder = fileURLToPath(new URL('./schema', import.meta.url));
  return readdirSync(folder)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .join('\n');
}

function mergeResolvers(
  ...parts: Array<Record<string, Record<string, unknown>>>
): Record<string, Record<string, unknown>> {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part))
      merged[type] = { ...merged[type], ...fields };
  }
  // Every resolver's arguments are checked for text PostgreSQL cannot store before it runs.
  return guardArguments(merged);
}

export function createGraphQLServer(deps: ResolverDeps, log: (error: unknown) => void) {
  const schema = createSchema<GraphQLContext>({
    typeDefs: loadTypeDefs(),
    resolvers: {
      DateTime: DateTimeScalar,
      ...mergeResolvers(
        authResolvers(deps),
        companyResolvers(deps),
        userResolvers(deps),
        notificationResolvers(deps),
        rawFileResolvers(deps),
        pipelineResolvers(deps),
        caseResolvers(deps),
        processedFileResolvers(deps),
        processedFileListResolvers(deps),
      ),
    },
  });
  return createYoga<RequestContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: false,
    landingPage: false,
    // CORS is answered by @fastify/cors for every route alike.
    cors: false,
    logging: false,
    maskedErrors: { maskError: createErrorMasker(log) },
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
