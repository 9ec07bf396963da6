/**
 * Provider two: SmartAdvocate CaseSync API (see README.md here). Sign-in is a SmartAdvocate user's
 * name and password (`POST /CaseSyncAPI/Users/authenticate`), answered with a JWT whose `exp` is
 * its expiry; there is no refresh token, so the sign-in itself is kept sealed with the token and
 * used to sign in again before `exp` and after a 401. Cases are read with the documented
 * `GET /CaseSyncAPI/case/CaseInfo?Casenumber=<pattern>` (`%` matches any case number).
 *
 * SmartAdvocate's published pages show no document upload and no note insert (only "Insert Note"
 * named as a permission), so `uploadDocument` and `createActivity` refuse, saying so, instead of
 * calling an address the documentation does not give.
 */
import { z } from 'zod';
import { CrmCallError, type CrmConnector, type CrmTokens } from '../connector';
import { createCrmHttp, storedTokenAuth, type CrmHttpOptions, type TokenStore } from '../http';

export const SMARTADVOCATE_TYPE = 'smartadvocate';

/** Sign in again this long before the token's `exp`. */
export const RESIGN_MARGIN_MS = 5 * 60_000;

const AUTH_PATH = '/CaseSyncAPI/Users/authenticate';
const CASE_INFO_PATH = '/CaseSyncAPI/case/CaseInfo';

const authAnswer = z.object({
  username: z.string().nullish(),
  userID: z.union([z.number(), z.string()]).nullish(),
  token: z.string().min(1),
});

const person = z.object({
  name: z.string().nullish(),
  primary: z.boolean().nullish(),
});
const caseInfo = z.object({
  caseID: z.union([z.number(), z.string()]).transform(String),
  caseNumber: z.string().nullish(),
  caseName: z.string().nullish(),
  caseType: z.string().nullish(),
  caseStatus: z.string().nullish(),
  plaintiffs: z.array(person).nullish(),
  incident: z.object({ incidentDate: z.string().nullish() }).nullish(),
});
const caseInfoAnswer = z.array(caseInfo);

/** What the sealed "refresh" part holds for SmartAdvocate: the sign-in, to sign in again. */
const signInSecret = z.object({ username: z.string().min(1), password: z.string().min(1) });

function readSecret(value: string) {
  try {
    return signInSecret.safeParse(JSON.parse(value));
  } catch {
    return null;
  }
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new CrmCallError('Invalid response structure', null, false);
  return result.data;
}

/** The `exp` claim of a JWT (read, not verified: the token is SmartAdvocate's to check). */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

const NOT_DOCUMENTED = (what: string) =>
  new CrmCallError(
    `SmartAdvocate's published API documents no ${what}; LexDesk does not send it.`,
    null,
    false,
  );

export function createSmartAdvocateConnector(
  store: TokenStore,
  http: Omit<CrmHttpOptions, 'auth'>,
): CrmConnector {
  const unsigned = createCrmHttp(http);
  let renewing: Promise<CrmTokens> | null = null;

  async function authenticate(
    operation: 'sign_in' | 'refresh',
    username: string,
    password: string,
  ): Promise<CrmTokens> {
    const answer = await unsigned.call(operation, {
      method: 'POST',
      path: AUTH_PATH,
      signed: false,
      json: { Username: username, Password: password },
    });
    const { token } = parsed(authAnswer, answer.json);
    const tokens: CrmTokens = {
      access_token: token,
      refresh_token: JSON.stringify({ username, password }),
      expires_at: jwtExpiry(token),
    };
    await store.save(tokens);
    return tokens;
  }

  const refresh = (): Promise<CrmTokens> => {
    renewing ??= (async () => {
      const current = await store.load();
      const secret = current?.refresh_token ? readSecret(current.refresh_token) : null;
      if (!secret?.success) throw new CrmCallError('Authentication failed', 401, false);
      return authenticate('refresh', secret.data.username, secret.data.password);
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  };

  const client = createCrmHttp({
    ...http,
    auth: storedTokenAuth(store, refresh, RESIGN_MARGIN_MS),
  });

  return {
    type: SMARTADVOCATE_TYPE,

    async signIn(input) {
      const { email, password } = input;
      if (!email || !password) throw new CrmCallError('Authentication failed', null, false);
      return authenticate('sign_in', email, password);
    },

    refresh,

    /** Every case in one answer: CaseInfo with the pattern `%` (SmartAdvocate documents no paging). */
    async listCases(cursor) {
      if (cursor) return { cases: [], next: null };
      const answer = await client.call('list_cases', {
        method: 'GET',
        path: CASE_INFO_PATH,
        query: { Casenumber: '%' },
      });
      return {
        cases: parsed(caseInfoAnswer, answer.json).map((c) => ({
          case_id: c.caseID,
          case_number: c.caseNumber?.trim() || null,
          name: c.caseName ?? null,
          client_name:
            (c.plaintiffs ?? []).find((p) => p.primary)?.name ?? c.plaintiffs?.[0]?.name ?? null,
          eams_number: null,
          wcab_number: null,
          primary_number: null,
          alternate_number: null,
          legal_case_status: c.caseStatus ?? null,
          legal_case_type: c.caseType ?? null,
          date_of_incident: c.incident?.incidentDate?.slice(0, 10) ?? null,
          date_of_injury: null,
        })),
        next: null,
      };
    },

    async uploadDocument() {
      throw NOT_DOCUMENTED('document upload');
    },

    async createActivity() {
      throw NOT_DOCUMENTED('note or activity insert');
    },
  };
}
