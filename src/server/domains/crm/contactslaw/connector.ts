/**
 * Provider three: the ContactsLaw REST API (see README.md here). A ContactsLaw member signs in with
 * user name and password (`POST /api/Authenticate`), answered `{Result: <token>, Message}`; the
 * token goes as `Authorization: Bearer`. ContactsLaw issues no refresh token and ends a token after
 * 30 minutes without use (or when its daemon restarts), so the sign-in is kept sealed with the
 * token and used again before 30 minutes have passed since the sign-in, and after any 401.
 *
 * Cases are the member's matters, `GET /api/Files` (all workgroups, archived ones too), answered
 * in one list: the page documents no paging parameter. `POST /api/Documents` exists, but its
 * metadata part follows an XML schema (XmlDocument.xsd) whose content is not in the documentation
 * read, and no operation creating an activity or note is documented; so `uploadDocument` and
 * `createActivity` refuse, saying so, and call nothing.
 */
import { z } from 'zod';
import { CrmCallError, type CrmConnector, type CrmTokens } from '../connector';
import { createCrmHttp, storedTokenAuth, type CrmHttpOptions, type TokenStore } from '../http';

export const CONTACTSLAW_TYPE = 'contactslaw';

/** ContactsLaw ends a token after this long without use. */
export const IDLE_EXPIRY_MS = 30 * 60_000;
/** Sign in again this long before the idle expiry counted from the sign-in. */
export const RESIGN_MARGIN_MS = 5 * 60_000;

const AUTH_PATH = '/api/Authenticate';
const FILES_PATH = '/api/Files';

const authAnswer = z.object({
  Result: z.string().min(1),
  Message: z.string().nullish(),
});

const file = z.object({
  File: z.union([z.number(), z.string()]).transform(String),
  FileNumber: z.string().nullish(),
  Matter: z.string().nullish(),
  FileAs: z.string().nullish(),
  CreatedDate: z.string().nullish(),
  IsClosed: z.boolean().nullish(),
  IsActive: z.boolean().nullish(),
  IsArchived: z.boolean().nullish(),
});
const filesAnswer = z.object({
  Result: z.array(file).nullish(),
  Message: z.string().nullish(),
});

/** What the sealed "refresh" part holds for ContactsLaw: the sign-in, to sign in again. */
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

/** A matter's state from the three flags ContactsLaw lists. */
export function matterStatus(f: z.output<typeof file>): string | null {
  if (f.IsArchived) return 'Archived';
  if (f.IsClosed) return 'Closed';
  if (f.IsActive === true) return 'Active';
  if (f.IsActive === false) return 'Inactive';
  return null;
}

const NOT_DOCUMENTED = (what: string) =>
  new CrmCallError(
    `ContactsLaw's published API documents no ${what}; LexDesk does not send it.`,
    null,
    false,
  );

export function createContactsLawConnector(
  store: TokenStore,
  http: Omit<CrmHttpOptions, 'auth'>,
  now: () => number = Date.now,
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
    const { Result } = parsed(authAnswer, answer.json);
    const tokens: CrmTokens = {
      access_token: Result,
      refresh_token: JSON.stringify({ username, password }),
      expires_at: new Date(now() + IDLE_EXPIRY_MS),
    };
    await store.save(tokens);
    return tokens;
  }

  const refresh = (): Promise<CrmTokens> => {
    renewing ??= (async () => {
      const current = await store.load();
      const secret = current?.refresh_token ? readSecret(current.refresh_token) : null;
      if (!secret?.success) throw new CrmCallError('Failed to authenticate', 401, false);
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
    type: CONTACTSLAW_TYPE,

    async signIn(input) {
      const { email, password } = input;
      if (!email || !password) throw new CrmCallError('Failed to authenticate', null, false);
      return authenticate('sign_in', email, password);
    },

    refresh,

    /** The member's matters in one answer (`GET /api/Files` documents no paging). */
    async listCases(cursor) {
      if (cursor) return { cases: [], next: null };
      const answer = await client.call('list_cases', {
        method: 'GET',
        path: FILES_PATH,
        query: { deptWorkgroup: '0', includeArchived: 'true' },
      });
      return {
        cases: (parsed(filesAnswer, answer.json).Result ?? []).map((f) => ({
          case_id: f.File,
          case_number: f.FileNumber?.trim() || null,
          name: f.Matter ?? null,
          client_name: f.FileAs ?? null,
          eams_number: null,
          wcab_number: null,
          primary_number: null,
          alternate_number: null,
          legal_case_status: matterStatus(f),
          legal_case_type: null,
          date_of_incident: null,
          date_of_injury: null,
        })),
        next: null,
      };
    },

    async uploadDocument() {
      throw NOT_DOCUMENTED('document metadata format for its upload');
    },

    async createActivity() {
      throw NOT_DOCUMENTED('activity or note insert');
    },
  };
}
