/**
 * Provider three: the ContactsLaw REST API (see README.md here), a password sign-in connector
 * (../passwordSignIn.ts). A ContactsLaw member signs in with user name and password
 * (`POST /api/Authenticate`), answered `{Result: <token>, Message}`; the token goes as
 * `Authorization: Bearer`. ContactsLaw issues no refresh token and ends a token after 30 minutes
 * without use (or when its daemon restarts), so the sign-in is kept sealed with the token and used
 * again before 30 minutes have passed since the sign-in, and after any 401.
 *
 * Cases are the member's matters, `GET /api/Files` (all workgroups, archived ones too), answered
 * in one list: the page documents no paging parameter. `POST /api/Documents` exists, but its
 * metadata part follows an XML schema (XmlDocument.xsd) whose content is not in the documentation
 * read, and no operation creating an activity or note is documented; so `uploadDocument` and
 * `createActivity` refuse, saying so, and call nothing.
 */
import { z } from 'zod';
import type { CrmConnector } from '../connector';
import type { CrmHttpOptions, TokenStore } from '../http';
import {
  createPasswordSignInConnector,
  crmCase,
  type PasswordSignInProvider,
} from '../passwordSignIn';

export const CONTACTSLAW_TYPE = 'contactslaw';

/** ContactsLaw ends a token after this long without use. */
export const IDLE_EXPIRY_MS = 30 * 60_000;
/** Sign in again this long before the idle expiry counted from the sign-in. */
export const RESIGN_MARGIN_MS = 5 * 60_000;

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

/** A matter's state from the three flags ContactsLaw lists. */
export function matterStatus(f: z.output<typeof file>): string | null {
  if (f.IsArchived) return 'Archived';
  if (f.IsClosed) return 'Closed';
  if (f.IsActive === true) return 'Active';
  if (f.IsActive === false) return 'Inactive';
  return null;
}

export const CONTACTSLAW: PasswordSignInProvider = {
  type: CONTACTSLAW_TYPE,
  name: 'ContactsLaw',
  authPath: '/api/Authenticate',
  tokenAnswer: authAnswer.transform((a) => a.Result),
  expiresAt: (_token, now) => new Date(now + IDLE_EXPIRY_MS),
  resignMarginMs: RESIGN_MARGIN_MS,
  refusal: 'Failed to authenticate',
  /** The member's matters in one answer (`GET /api/Files` documents no paging). */
  cases: {
    path: '/api/Files',
    query: { deptWorkgroup: '0', includeArchived: 'true' },
    answer: filesAnswer.transform((a) =>
      (a.Result ?? []).map((f) =>
        crmCase({
          case_id: f.File,
          case_number: f.FileNumber?.trim() || null,
          name: f.Matter ?? null,
          client_name: f.FileAs ?? null,
          legal_case_status: matterStatus(f),
        }),
      ),
    ),
  },
  notDocumented: {
    upload: 'document metadata format for its upload',
    activity: 'activity or note insert',
  },
};

export function createContactsLawConnector(
  store: TokenStore,
  http: Omit<CrmHttpOptions, 'auth'>,
  now: () => number = Date.now,
): CrmConnector {
  return createPasswordSignInConnector(CONTACTSLAW, store, http, now);
}
