/**
 * The boundary check for GraphQL: the outgoing variables and the incoming result of every
 * operation are checked against the server's schema along the operation's own selection
 * (shared/graphql/check.ts), so no selection is written twice. A mismatch never reaches a
 * component as malformed data; it becomes a GraphQL error with a catalogue code
 * (INVALID_RESPONSE_STRUCTURE for results, INVALID_INPUT for variables) that screens show as text.
 */
import { ApolloLink } from '@apollo/client';
import { map, of } from 'rxjs';
import { ERRORS, PRODUCT_ERRORS } from '../../shared/errors';
import { checkResult, checkVariables } from '../../shared/graphql/check';

export interface ValidationReporter {
  (message: string, details: { operation: string | undefined; problems: string[] }): void;
}

const consoleReporter: ValidationReporter = (message, details) => {
  console.error(`[graphql] ${message}`, details);
};

export function createValidationLink(report: ValidationReporter = consoleReporter): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const name = operation.operationName;
    const variableProblems = checkVariables(operation.query, operation.variables);
    if (variableProblems.length > 0) {
      report('Variables do not match the operation schema', {
        operation: name,
        problems: variableProblems,
      });
      return of({
        errors: [{ message: PRODUCT_ERRORS.INVALID_INPUT, extensions: { code: 'INVALID_INPUT' } }],
      });
    }
    return forward(operation).pipe(
      map((result) => {
        // Results that already carry errors may hold partial data; the errors are what counts.
        if (!('data' in result) || result.data == null || (result.errors?.length ?? 0) > 0)
          return result;
        const problems = checkResult(operation.query, result.data, operation.variables);
        if (problems.length === 0) return result;
        report('Response does not match the operation schema', { operation: name, problems });
        return {
          data: null,
          errors: [
            {
              message: ERRORS.INVALID_RESPONSE_STRUCTURE,
              extensions: { code: 'INVALID_RESPONSE_STRUCTURE' },
            },
          ],
        };
      }),
    );
  });
}
