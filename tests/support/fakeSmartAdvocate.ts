/**
 * A local HTTP server on loopback that speaks the parts of SmartAdvocate's CaseSync API that its
 * knowledge base documents and LexDesk uses (src/server/domains/crm/smartadvocate/README.md):
 * `POST /CaseSyncAPI/Users/authenticate` {Username, Password} → {username, userID, token} with the
 * token an HS256 JWT carrying `exp`; every other call needs `Authorization: Bearer <token>`;
 * `GET /CaseSyncAPI/case/CaseInfo?Casenumber=<pattern>` (`%` any run of characters) → the matching
 * cases. Tests inject faults per path (401, 429 with Retry-After, 5xx), expire tokens, and read what
 * was received (fakePasswordCrm.ts, the core shared with the ContactsLaw fake).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { send, startFakePasswordCrm, type FakePasswordCrm } from './fakePasswordCrm';

export interface FakeSaCase {
  caseID: number;
  caseNumber: string | null;
  caseType: string;
  caseStatus: string;
  officeName: string;
  plaintiffs: Array<{ id: number; name: string; role: string; primary: boolean }>;
}

export interface FakeSmartAdvocate extends FakePasswordCrm {
  cases: FakeSaCase[];
  /** Seconds the next issued tokens live. */
  setLifetime(seconds: number): void;
}

const SECRET = randomUUID();

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
}

/** SQL LIKE with `%` only (what the documentation shows). */
function likes(pattern: string, value: string): boolean {
  const escaped = pattern
    .split('%')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'i').test(value);
}

export async function startFakeSmartAdvocate(
  options: { username?: string; password?: string } = {},
): Promise<FakeSmartAdvocate> {
  const cases: FakeSaCase[] = [];
  let lifetime = 3600;
  const userID = 677;
  const username = options.username ?? 'paralegal@harborvine.example';

  const core = await startFakePasswordCrm({
    username,
    password: options.password ?? 'sa-secret-1!',
    signInPath: '/CaseSyncAPI/Users/authenticate',
    messageKey: 'message',
    malformed: [400, 'Invalid request'],
    wrong: [400, 'Username or password is incorrect'],
    unauthorized: 'Unauthorized',
    crashed: 'fake failed',
    complete: () => true,
    issue() {
      const now = Math.floor(Date.now() / 1000);
      const token = jwt({
        id: String(userID),
        nbf: now,
        exp: now + lifetime,
        iat: now,
        jti: randomUUID(),
      });
      return { token, answer: { username: core.username, userID, token } };
    },
    serve(method, url, res) {
      if (method !== 'GET' || url.pathname !== '/CaseSyncAPI/case/CaseInfo') return false;
      const pattern = url.searchParams.get('Casenumber') ?? '';
      send(
        res,
        200,
        cases.filter((c) => c.caseNumber !== null && likes(pattern, c.caseNumber)),
      );
      return true;
    },
  });
  return Object.assign(core, {
    cases,
    setLifetime(seconds: number) {
      lifetime = seconds;
    },
  });
}
