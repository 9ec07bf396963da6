/**
 * The one "password sign-in connector" behind providers two (SmartAdvocate) and three (ContactsLaw):
 * a CRM whose API signs in with a user name and password, answers a bearer token and issues no
 * refresh token. The sign-in itself is kept sealed with the token (the "refresh" part of
 * `CrmTokens`) and used to sign in again `resignMarginMs` before the token's expiry and after any
 * 401 (http.ts retries the call once); concurrent renewals share one sign-in. Cases are read with
 * one documented call answering every case (neither provider documents paging).
 *
 * What differs per provider is a parameter (`PasswordSignInProvider`): the sign-in path and how the
 * token is read from its answer, the token's expiry rule, the message of a refused stored sign-in,
 * the cases call and its mapping to the case summary, and what its documentation does not give
 * (`uploadDocument` and `createActivity` refuse, naming it, and call nothing).
 */
import { z } from 'zod';
import { CrmCallError, type CrmCase, type CrmConnector, type CrmTokens } from './connector';
import { createCrmHttp, storedTokenAuth, type CrmHttpOptions, type TokenStore } from './http';

export interface PasswordSignInProvider {
  /** The crm_type. */
  type: string;
  /** The provider's name, as in "<name>'s published API documents no …". */
  name: string;
  /** `POST` here with `{Username, Password}` signs in. */
  authPath: string;
  /** The sign-in's answer to its token (an answer it does not parse is "Invalid response structure"). */
  tokenAnswer: z.ZodType<string, unknown>;
  /** When a token just issued at `now` (ms) stops working; null when unknown. */
  expiresAt(token: string, now: number): Date | null;
  /** Sign in again this long before `expiresAt`. */
  resignMarginMs: number;
  /** The message when a sign-in is missing a part or no stored sign-in can be read. */
  refusal: string;
  /** The documented call answering every case, and its answer mapped to the case summary. */
  cases: { path: string; query: Record<string, string>; answer: z.ZodType<CrmCase[], unknown> };
  /** What the documentation does not give for a document upload and an activity. */
  notDocumented: { upload: string; activity: string };
}

/** What the sealed "refresh" part holds: the sign-in, to sign in again. */
const signInSecret = z.object({ username: z.string().min(1), password: z.string().min(1) });

function readSecret(value: string): z.output<typeof signInSecret> | null {
  try {
    const secret = signInSecret.safeParse(JSON.parse(value));
    return secret.success ? secret.data : null;
  } catch {
    return null;
  }
}

/** A case summary with the fields the provider does not answer left empty. */
export function crmCase(fields: Pick<CrmCase, 'case_id'> & Partial<CrmCase>): CrmCase {
  return {
    case_number: null,
    name: null,
    client_name: null,
    eams_number: null,
    wcab_number: null,
    primary_number: null,
    alternate_number: null,
    legal_case_status: null,
    legal_case_type: null,
    date_of_incident: null,
    date_of_injury: null,
    ...fields,
  };
}

function parsed<T>(schema: z.ZodType<T, unknown>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CrmCallError('Invalid response structure', null, false);
  return result.data;
}

export function createPasswordSignInConnector(
  provider: PasswordSignInProvider,
  store: TokenStore,
  http: Omit<CrmHttpOptions, 'auth'>,
  now: () => number = Date.now,
): CrmConnector {
  const unsigned = createCrmHttp(http);
  let renewing: Promise<CrmTokens> | null = null;
  const notDocumented = (what: string) =>
    new CrmCallError(
      `${provider.name}'s published API documents no ${what}; LexDesk does not send it.`,
      null,
      false,
    );

  async function authenticate(
    operation: 'sign_in' | 'refresh',
    username: string,
    password: string,
  ): Promise<CrmTokens> {
    const answer = await unsigned.call(operation, {
      method: 'POST',
      path: provider.authPath,
      signed: false,
      json: { Username: username, Password: password },
    });
    const token = parsed(provider.tokenAnswer, answer.json);
    const tokens: CrmTokens = {
      access_token: token,
      refresh_token: JSON.stringify({ username, password }),
      expires_at: provider.expiresAt(token, now()),
    };
    await store.save(tokens);
    return tokens;
  }

  const refresh = (): Promise<CrmTokens> => {
    renewing ??= (async () => {
      const current = await store.load();
      const secret = current?.refresh_token ? readSecret(current.refresh_token) : null;
      if (!secret) throw new CrmCallError(provider.refusal, 401, false);
      return authenticate('refresh', secret.username, secret.password);
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  };

  const client = createCrmHttp({
    ...http,
    auth: storedTokenAuth(store, refresh, provider.resignMarginMs),
  });

  return {
    type: provider.type,

    async signIn(input) {
      const { email, password } = input;
      if (!email || !password) throw new CrmCallError(provider.refusal, null, false);
      return authenticate('sign_in', email, password);
    },

    refresh,

    /** Every case in one answer (the provider documents no paging). */
    async listCases(cursor) {
      if (cursor) return { cases: [], next: null };
      const answer = await client.call('list_cases', {
        method: 'GET',
        path: provider.cases.path,
        query: provider.cases.query,
      });
      return { cases: parsed(provider.cases.answer, answer.json), next: null };
    },

    async uploadDocument() {
      throw notDocumented(provider.notDocumented.upload);
    },

    async createActivity() {
      throw notDocumented(provider.notDocumented.activity);
    },
  };
}
