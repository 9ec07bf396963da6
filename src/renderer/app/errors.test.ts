import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { ERRORS, PRODUCT_ERRORS } from '../../shared/errors';
import { describeError, NETWORK_UNREACHABLE, readErrorCode } from './errors';

describe('describeError', () => {
  it('given a GraphQL error with a catalogue code, then its message is shown', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [
        {
          message: PRODUCT_ERRORS.INVALID_CREDENTIALS,
          extensions: { code: 'INVALID_CREDENTIALS' },
        },
      ],
    });
    expect(describeError(error, 'fallback')).toBe(PRODUCT_ERRORS.INVALID_CREDENTIALS);
    expect(readErrorCode(error)?.code).toBe('INVALID_CREDENTIALS');
  });

  it('given a GraphQL error without a known code, then the operation fallback is shown, not internals', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'column "x" does not exist' }],
    });
    expect(describeError(error, ERRORS.UPDATE_ABOUT_ME_FAILED)).toBe(ERRORS.UPDATE_ABOUT_ME_FAILED);
  });

  it('given an HTTP error whose body holds a coded GraphQL error, then that message is shown', () => {
    const body = JSON.stringify({
      errors: [{ message: PRODUCT_ERRORS.FORBIDDEN, extensions: { code: 'FORBIDDEN' } }],
    });
    const error = new ServerError('Response not successful', {
      response: new Response(body, { status: 403 }),
      bodyText: body,
    });
    expect(describeError(error, 'fallback')).toBe(PRODUCT_ERRORS.FORBIDDEN);
  });

  it('given the server is unreachable, then the user is told so', () => {
    expect(describeError(new TypeError('Failed to fetch'), 'fallback')).toBe(NETWORK_UNREACHABLE);
  });

  it('given a bridge error with a catalogue code, then its message is shown', () => {
    expect(
      describeError({ code: 'FORBIDDEN', message: PRODUCT_ERRORS.FORBIDDEN }, 'fallback'),
    ).toBe(PRODUCT_ERRORS.FORBIDDEN);
  });
});
