/**
 * Provider two: SmartAdvocate CaseSync API (see README.md here), a password sign-in connector
 * (../passwordSignIn.ts). Sign-in is a SmartAdvocate user's name and password
 * (`POST /CaseSyncAPI/Users/authenticate`), answered with a JWT whose `exp` is its expiry; there is
 * no refresh token, so the sign-in itself is kept sealed with the token and used to sign in again
 * before `exp` and after a 401. Cases are read with the documented
 * `GET /CaseSyncAPI/case/CaseInfo?Casenumber=<pattern>` (`%` matches any case number).
 *
 * SmartAdvocate's published pages show no document upload and no note insert (only "Insert Note"
 * named as a permission), so `uploadDocument` and `createActivity` refuse, saying so, instead of
 * calling an address the documentation does not give.
 */
import { z } from 'zod';
import type { CrmConnector } from '../connector';
import type { CrmHttpOptions, TokenStore } from '../http';
import {
  createPasswordSignInConnector,
  crmCase,
  type PasswordSignInProvider,
} from '../passwordSignIn';

export const SMARTADVOCATE_TYPE = 'smartadvocate';

/** Sign in again this long before the token's `exp`. */
export const RESIGN_MARGIN_MS = 5 * 60_000;

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

export const SMARTADVOCATE: PasswordSignInProvider = {
  type: SMARTADVOCATE_TYPE,
  name: 'SmartAdvocate',
  authPath: '/CaseSyncAPI/Users/authenticate',
  tokenAnswer: authAnswer.transform((a) => a.token),
  expiresAt: (token) => jwtExpiry(token),
  resignMarginMs: RESIGN_MARGIN_MS,
  refusal: 'Authentication failed',
  /** Every case in one answer: CaseInfo with the pattern `%`. */
  cases: {
    path: '/CaseSyncAPI/case/CaseInfo',
    query: { Casenumber: '%' },
    answer: z.array(caseInfo).transform((list) =>
      list.map((c) =>
        crmCase({
          case_id: c.caseID,
          case_number: c.caseNumber?.trim() || null,
          name: c.caseName ?? null,
          client_name:
            (c.plaintiffs ?? []).find((p) => p.primary)?.name ?? c.plaintiffs?.[0]?.name ?? null,
          legal_case_status: c.caseStatus ?? null,
          legal_case_type: c.caseType ?? null,
          date_of_incident: c.incident?.incidentDate?.slice(0, 10) ?? null,
        }),
      ),
    ),
  },
  notDocumented: { upload: 'document upload', activity: 'note or activity insert' },
};

export function createSmartAdvocateConnector(
  store: TokenStore,
  http: Omit<CrmHttpOptions, 'auth'>,
): CrmConnector {
  return createPasswordSignInConnector(SMARTADVOCATE, store, http);
}
