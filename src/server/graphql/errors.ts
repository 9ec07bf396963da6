/**
 * GraphQL error masking: an AppError becomes { message: catalogue text, extensions.code }, with
 * field issues for invalid input; GraphQL's own parse/validation errors pass through; anything
 * else is logged and replaced by the generic message, so internals never leak.
 */
import { GraphQLError } from 'graphql';
import { AppError, ERROR_SCREEN } from '../../shared/errors';
import { inputErrorOf, ValidationError } from '../errors';

export const INTERNAL_ERROR_CODE = 'INTERNAL_SERVER_ERROR';

/**
 * By name, not instanceof: graphql ships CommonJS and ESM builds, and a bundler or test runner may
 * load both, so an error from one copy is not an instance of the other's class.
 */
function asGraphQLError(error: unknown): GraphQLError | undefined {
  return error instanceof Error && error.name === 'GraphQLError'
    ? (error as GraphQLError)
    : undefined;
}

export function createErrorMasker(log: (error: unknown) => void) {
  return function maskError(error: unknown): Error {
    const graphQLError = asGraphQLError(error);
    const unwrapped = graphQLError ? graphQLError.originalError : error;
    // A database error caused by the caller's values (validation's safety net) answers as bad input.
    const inputError = unwrapped instanceof AppError ? undefined : inputErrorOf(unwrapped);
    if (inputError) log(unwrapped);
    const original = inputError ?? unwrapped;
    if (original instanceof AppError) {
      return new GraphQLError(original.message, {
        nodes: graphQLError?.nodes,
        path: graphQLError?.path,
        extensions: {
          code: original.code,
          ...(original instanceof ValidationError ? { issues: original.issues } : {}),
        },
      });
    }
    if (graphQLError && (!original || asGraphQLError(original))) return graphQLError;
    log(original ?? error);
    return new GraphQLError(ERROR_SCREEN.title, {
      nodes: graphQLError?.nodes,
      path: graphQLError?.path,
      extensions: { code: INTERNAL_ERROR_CODE },
    });
  };
}
