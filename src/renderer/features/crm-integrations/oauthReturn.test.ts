import { describe, expect, it } from 'vitest';
import { oauthReturnHash, redirectUriOf } from './oauthReturn';

describe('the return from the CRM sign-in', () => {
  it('given code and state and a pending company, then the callback route carries all three', () => {
    expect(oauthReturnHash('?code=c%201&state=s', 'company-1')).toBe(
      '#/crm-integrations/callback?code=c+1&state=s&company_id=company-1',
    );
  });

  it('given no pending sign-in, or no code, then it is an ordinary load', () => {
    expect(oauthReturnHash('?code=c&state=s', null)).toBeNull();
    expect(oauthReturnHash('?state=s', 'company-1')).toBeNull();
    expect(oauthReturnHash('', 'company-1')).toBeNull();
  });

  it('the redirect address is the app itself without query or fragment', () => {
    expect(redirectUriOf({ origin: 'http://127.0.0.1:4700', pathname: '/' })).toBe(
      'http://127.0.0.1:4700/',
    );
  });
});
