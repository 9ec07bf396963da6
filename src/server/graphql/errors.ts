/**
 * GraphQL error masking: an AppError becomes { message: catalogue text, extensions.code }, with
 * field issues for invalid input (a database error caused by the caller's values, validation's safety
 * net, answers as bad input and is logged sanitized); a read stopped by the read timeout becomes QUERY_TIMEOUT (logged
 * as a warning with its path, never the statement or its values); GraphQL's own parse/validation
 * errors pass through; anything else is logged and replaced by the generic message, so internals
 * never leak. Answers are made with yoga's createGraphQLError, whose class is the one yoga checks
 * with instanceof (for the HTTP status), whichever build of graphql this module was loaded with.
 */
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { AppError, ERROR_SCREEN } from '../../shared/errors';
import { expectedFailure, inputErrorOf, ValidationError } from '../errors';

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

export function createErrorMasker(
  log: (error: unknown) => void,
  onTimeout: (path: ReadonlyArray<string | number> | undefined) => void = () => undefined,
) {
  return function maskError(error: unknown): Error {
    const graphQLError = asGraphQLError(error);
    const original = graphQLError ? graphQLError.originalError : error;
    const inputError = original instanceof AppError ? undefined : inputErrorOf(original);
    if (inputError) log(original);
    const expected = inputError ?? expectedFailure(original);
    if (expected) {
      if (expected.code === 'QUERY_TIMEOUT') onTimeout(graphQLError?.path);
      return createGraphQLError(expected.message, {
        nodes: graphQLError?.nodes,
        path: graphQLError?.path,
        extensions: {
          code: expected.code,
          ...(expected instanceof ValidationError ? { issues: expected.issues } : {}),
        },
      });
    }
    if (graphQLError && (!original || asGraphQLError(original))) return graphQLError;
    log(original ?? error);
    return createGraphQLError(ERROR_SCREEN.title, {
      nodes: graphQLError?.nodes,
      path: graphQLError?.path,
      extensions: { code: INTERNAL_ERROR_CODE },
    });
  };
}
