/** Resolver helper types and the pieces every domain's resolvers share. */
import type { PipelineQueue } from '../domains/pipeline/queue';
import { GraphQLScalarType, Kind } from 'graphql';
import type { ErrorCode } from '../../shared/errors';
import { failAs } from '../errors';
import type { Services } from '../services';
import type { GraphQLContext } from './context';

export type Resolver<TParent, TArgs, TResult> = (
  parent: TParent,
  args: TArgs,
  context: GraphQLContext,
) => TResult | Promise<TResult>;

export interface ResolverDeps {
  services: Services;
  /** Logs an unexpected failure before it is replaced by the operation's catalogue message. */
  logError: (error: unknown, operation: string) => void;
  /** Called after a session is revoked by sign-out (closes its live sockets). */
  onSignedOut: (sessionId: string) => void;
  /** The document pipeline's queue (reprocessing a raw file). */
  pipeline: Pick<PipelineQueue, 'enqueue'>;
}

/** Runs a resolver body; unexpected failures become `code`'s catalogue message. */
export function guarded<T>(
  deps: ResolverDeps,
  code: ErrorCode,
  operation: string,
  work: () => Promise<T>,
): Promise<T> {
  return failAs(code, work, (error) => deps.logError(error, operation));
}

/** Signs a stored file path (/files/<key>) into a link the renderer can show. */
export function fileLink(
  deps: ResolverDeps,
  context: GraphQLContext,
  stored: string | null,
): string | null {
  return stored ? deps.services.files.signer.sign(stored, context.origin) : null;
}

export const DateTimeScalar = new GraphQLScalarType<Date | string, string>({
  name: 'DateTime',
  description: 'An ISO-8601 date and time in UTC.',
  serialize(value) {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return new Date(value).toISOString();
    throw new TypeError('DateTime cannot represent this value');
  },
  parseValue(value) {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw new TypeError('DateTime must be an ISO-8601 string');
    return new Date(value);
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || Number.isNaN(Date.parse(ast.value)))
      throw new TypeError('DateTime must be an ISO-8601 string');
    return new Date(ast.value);
  },
});
