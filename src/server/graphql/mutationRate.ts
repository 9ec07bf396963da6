/**
 * A per-user rate limit on GraphQL mutations (a token bucket per signed-in user id, in this
 * process's memory: src/server/rateLimit.ts). Each root field of a mutation costs one token, so
 * ten aliased createNotification fields cost ten; an operation the bucket cannot pay for is
 * refused whole before any of it runs: HTTP 429, extensions.code TOO_MANY_REQUESTS and a
 * Retry-After header. Mutations without a signed-in user (setUp, signIn) are not counted here:
 * sign-in has its own limit per email and address.
 */
import {
  getOperationAST,
  Kind,
  type DocumentNode,
  type GraphQLError,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { formatError } from '../../shared/errors';
import type { RateLimiter } from '../rateLimit';
import type { RequestContext } from './context';

export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS';

/** Root fields of a selection set, through its fragments (each alias counts). */
export function countRootFields(document: DocumentNode, selectionSet: SelectionSetNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  const count = (set: SelectionSetNode, seen: ReadonlySet<string>): number =>
    set.selections.reduce((total, selection) => {
      if (selection.kind === Kind.FIELD)
        return total + (selection.name.value === '__typename' ? 0 : 1);
      if (selection.kind === Kind.INLINE_FRAGMENT)
        return total + count(selection.selectionSet, seen);
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // Validation refuses fragment cycles; `seen` only keeps this function safe on its own.
      if (!fragment || seen.has(name)) return total;
      return total + count(fragment.selectionSet, new Set([...seen, name]));
    }, 0);
  return count(selectionSet, new Set());
}

export function rateLimitError(retryAfterSeconds: number): GraphQLError {
  return createGraphQLError(formatError(TOO_MANY_REQUESTS), {
    extensions: {
      code: TOO_MANY_REQUESTS,
      retry_after_seconds: retryAfterSeconds,
      http: { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } },
    },
  });
}

function isRequestContext(value: unknown): value is RequestContext {
  return typeof value === 'object' && value !== null && 'auth' in value;
}

/** `onLimited` hears each refusal (for the log: the user id and the cost). */
export function mutationRateLimitPlugin(
  limiter: RateLimiter,
  onLimited: (userId: string, cost: number) => void = () => undefined,
): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      const context: unknown = args.contextValue;
      if (!isRequestContext(context)) return;
      const { auth } = context;
      // A chat guest pays from their own member's bucket.
      const userId =
        auth.kind === 'signed-in'
          ? auth.viewer.user.id
          : auth.kind === 'guest'
            ? `guest:${auth.guest.memberId}`
            : undefined;
      if (!userId) return;
      const cost = countRootFields(args.document, operation.selectionSet);
      if (cost === 0) return;
      const taken = limiter.take(userId, cost);
      if (taken.ok) return;
      onLimited(userId, cost);
      setResultAndStopExecution({ errors: [rateLimitError(taken.retryAfterSeconds)] });
    },
  };
}
