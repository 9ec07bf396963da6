/** The GraphQL server (graphql-yoga) over schema/*.graphql and every domain's resolvers. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema, createYoga } from 'graphql-yoga';
import { authResolvers } from '../domains/auth/graphql';
import { caseResolvers } from '../domains/cases/graphql';
import { companyResolvers } from '../domains/companies/graphql';
import { processedFileListResolvers } from '../domains/document-center/graphql';
import { documentTypeResolvers } from '../domains/document-types/graphql';
import { liveFilesResolvers } from '../domains/live-files/graphql';
import { workflowLogResolvers } from '../domains/workflows/graphql';
import { processedFileResolvers } from '../domains/documents/graphql';
import { savedViewResolvers } from '../domains/saved-views/graphql';
import { deliveryRequestResolvers } from '../domains/tasks/requestPageGraphql';
import { activityTypeResolvers } from '../domains/activity-types/graphql';
import { dataExtractionResolvers } from '../domains/data-extraction/graphql';
import { legalPeopleResolvers } from '../domains/legal-people/graphql';
import { legalRequestResolvers } from '../domains/legal-requests/graphql';
import { chatResolvers } from '../domains/chat/graphql';
import { notificationRuleResolvers } from '../domains/notification-rules/graphql';
import { deliveryTaskResolvers } from '../domains/tasks/graphql';
import { projectResolvers } from '../domains/projects/graphql';
import { talentResolvers } from '../domains/talent/graphql';
import { notificationResolvers } from '../domains/notifications/graphql';
import { pipelineResolvers } from '../domains/pipeline/graphql';
import { rawFileResolvers } from '../domains/raw-files/graphql';
import { userResolvers } from '../domains/users/graphql';
import { peopleResolvers } from '../domains/users/managementGraphql';
import type { ReadScope } from '../db/connection';
import type { RateLimiter } from '../rateLimit';
import type { GraphQLContext, RequestContext } from './context';
import { createErrorMasker } from './errors';
import { guardArguments } from './inputGuard';
import { graphqlLimitsPlugin, type LimitName } from './limits';
import { mutationRateLimitPlugin } from './mutationRate';
import { readTimeoutPlugin } from './readTimeout';
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

/** What guards every operation before and while it runs (limits.ts, mutationRate.ts, readTimeout.ts). */
export interface OperationGuards {
  /** Runs a query operation with the read statement timeout (DatabaseHandle.readScope). */
  readScope: ReadScope;
  /** Root mutation fields per signed-in user. */
  mutationLimiter: RateLimiter;
  /** A refused or stopped operation, for the log: never the document or its variables. */
  onRefused: (
    event:
      | { kind: 'limit'; limit: LimitName; detail: string }
      | { kind: 'rate'; userId: string; cost: number }
      | { kind: 'timeout'; path: string },
  ) => void;
}

export function createGraphQLServer(
  deps: ResolverDeps,
  log: (error: unknown) => void,
  guards: OperationGuards,
) {
  const schema = createSchema<GraphQLContext>({
    typeDefs: loadTypeDefs(),
    resolvers: {
      DateTime: DateTimeScalar,
      ...mergeResolvers(
        authResolvers(deps),
        companyResolvers(deps),
        userResolvers(deps),
        peopleResolvers(deps),
        notificationResolvers(deps),
        rawFileResolvers(deps),
        pipelineResolvers(deps),
        caseResolvers(deps),
        processedFileResolvers(deps),
        processedFileListResolvers(deps),
        documentTypeResolvers(deps),
        liveFilesResolvers(deps),
        workflowLogResolvers(deps),
        savedViewResolvers(deps),
        legalPeopleResolvers(deps),
        legalRequestResolvers(deps),
        chatResolvers(deps),
        dataExtractionResolvers(deps),
        activityTypeResolvers(deps),
        notificationRuleResolvers(deps),
        deliveryTaskResolvers(deps),
        deliveryRequestResolvers(deps),
        projectResolvers(deps),
        talentResolvers(deps),
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
    maskedErrors: {
      maskError: createErrorMasker(log, (path) =>
        guards.onRefused({ kind: 'timeout', path: (path ?? []).join('.') }),
      ),
    },
    plugins: [
      graphqlLimitsPlugin((limit, detail) => guards.onRefused({ kind: 'limit', limit, detail })),
      mutationRateLimitPlugin(guards.mutationLimiter, (userId, cost) =>
        guards.onRefused({ kind: 'rate', userId, cost }),
      ),
      readTimeoutPlugin(guards.readScope),
    ],
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
