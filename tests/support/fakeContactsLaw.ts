/**
 * A local HTTP server on loopback that speaks the parts of the ContactsLaw REST API that its
 * documentation gives and LexDesk uses (src/server/domains/crm/contactslaw/README.md):
 * `POST /api/Authenticate` {Username, Password} → {Result: <token>, Message}, 400 for a missing
 * credential and 401 for a wrong one; every other call needs `Authorization: Bearer <token>` (or
 * the `accessToken` query parameter) and answers 401 once the token was unused for the idle window
 * (30 minutes, as documented) or the daemon "restarted" (`expireTokens`); `GET /api/Files`
 * (`member`, `deptWorkgroup`, `includeArchived`) → {Result: [matter items]}, archived ones only when
 * asked. The documentation gives no paging for it, so neither does the fake. Tests inject faults per
 * path (401, 429 with Retry-After, 5xx) and read what was received (fakePasswordCrm.ts, the core
 * shared with the SmartAdvocate fake).
 */
import { randomBytes } from 'node:crypto';
import { send, startFakePasswordCrm, type FakePasswordCrm } from './fakePasswordCrm';

export interface FakeClFile {
  Client: number;
  File: number;
  Matter: string;
  CreatedDate: string;
  MgrSupr: string;
  Unbilled: number;
  Trust: number;
  Debtors: number;
  Disbs: number;
  IsClosed: boolean;
  IsActive: boolean;
  IsArchived: boolean;
  FileNumber: string | null;
  FileAs: string;
}

/** `expireTokens` is the daemon restarting: every token issued so far stops working. */
export interface FakeContactsLaw extends FakePasswordCrm {
  files: FakeClFile[];
}

/** Tokens end after this long unused (the documented 30 minutes). */
const IDLE_MS = 30 * 60_000;

export async function startFakeContactsLaw(
  options: { username?: string; password?: string } = {},
): Promise<FakeContactsLaw> {
  const files: FakeClFile[] = [];
  const core = await startFakePasswordCrm({
    username: options.username ?? 'records@harbourlane.example',
    password: options.password ?? 'cl-secret-3!',
    signInPath: '/api/Authenticate',
    messageKey: 'Message',
    malformed: [400, 'Missing/incomplete credentials.'],
    wrong: [401, 'Invalid credentials or deactivated user account.'],
    unauthorized: 'Access token is invalid, expired or not specified.',
    crashed: 'An internal error occurred.',
    complete: (c) => typeof c.Username === 'string' && typeof c.Password === 'string',
    issue() {
      const token = randomBytes(24).toString('base64');
      return { token, answer: { Result: token } };
    },
    idleMs: IDLE_MS,
    tokenQuery: 'accessToken',
    serve(method, url, res) {
      if (method !== 'GET' || url.pathname !== '/api/Files') return false;
      const archived = url.searchParams.get('includeArchived') === 'true';
      send(res, 200, { Result: files.filter((f) => archived || !f.IsArchived) });
      return true;
    },
  });
  return Object.assign(core, { files });
}
