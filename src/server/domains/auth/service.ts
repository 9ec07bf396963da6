/** Sign-in, sessions, first-run set-up and the Viewer (who is calling and what they may see). */
import { AppError } from '../../../shared/errors';
import { setUpInputSchema, signInInputSchema } from '../../../shared/schemas';
import { parseInput } from '../../errors';
import { GUEST_TOKEN_PREFIX } from '../../../shared/chat';
import { companyScope, type ChatGuest, type Viewer } from '../../permissions';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import type { AuthRepository, SignInLimits, UserWithType } from './repository';
import { hashSessionToken, newSessionToken } from './tokens';
import { createViewerHints } from './viewerHints';

/**
 * Failed sign-ins allowed before TOO_MANY_SIGN_IN_ATTEMPTS (even for the right password), each in
 * a sliding window: 5 a minute from one address, and 20 in 15 minutes from all addresses together,
 * so guesses spread over many addresses are bounded too (at most 1,920 a day per account). The
 * price of the second: anyone can keep an account locked by failing 20 times every 15 minutes.
 */
export const SIGN_IN_LIMIT = {
  perEmailAndIp: { failures: 5, windowSeconds: 60 },
  perEmail: { failures: 20, windowSeconds: 15 * 60 },
} as const satisfies SignInLimits;

/** Attempts older than every window are deleted as new ones come. */
const SIGN_IN_RECORD_SECONDS = Math.max(
  SIGN_IN_LIMIT.perEmailAndIp.windowSeconds,
  SIGN_IN_LIMIT.perEmail.windowSeconds,
);

/** `guest`: a chat guest's session (domains/chat/guests.ts); it reaches its one room only. */
export type Authentication =
  | { kind: 'anonymous' }
  | { kind: 'invalid' }
  | { kind: 'signed-in'; viewer: Viewer }
  | { kind: 'guest'; guest: ChatGuest };

/** Resolves a chat guest's session token (tokens starting with GUEST_TOKEN_PREFIX). */
export interface GuestSessions {
  authenticate(token: string): Promise<ChatGuest | undefined>;
}

export interface AuthResult {
  token: string;
  viewer: Viewer;
}

export function createAuthService(
  repo: AuthRepository,
  options: { sessionTtlHours: number; guests?: GuestSessions },
) {
  const hints = createViewerHints();

  async function viewerFor(found: UserWithType, sessionId: string): Promise<Viewer> {
    const needsAssigned = found.userType === 'internal_manager';
    const needsAll = found.userType === 'internal_admin';
    const [assigned, all] = await Promise.all([
      needsAssigned ? repo.companyIdsAssignedTo(found.user.id) : Promise.resolve([]),
      needsAll ? repo.allCompanyIds() : Promise.resolve([]),
    ]);
    return {
      user: found.user,
      userType: found.userType,
      sessionId,
      ...companyScope(found.user, found.userType, assigned, all),
    };
  }

  async function startSession(found: UserWithType): Promise<AuthResult> {
    const token = newSessionToken();
    const expires = new Date(Date.now() + options.sessionTtlHours * 3600_000);
    const created = await repo.insertSession({
      token_hash: hashSessionToken(token),
      user_id: found.user.id,
      expires_at: expires,
    });
    // Deactivated since it was read: refused as if seen then.
    if (!created) throw new AppError('ACCOUNT_DEACTIVATED', 403);
    return { token, viewer: await viewerFor(found, created.id) };
  }

  return {
    /** Resolves a bearer token; `invalid` means a token was given but is unknown, revoked or expired. */
    async authenticate(token: string | undefined): Promise<Authentication> {
      if (!token) return { kind: 'anonymous' };
      if (token.startsWith(GUEST_TOKEN_PREFIX)) {
        const guest = await options.guests?.authenticate(token);
        return guest ? { kind: 'guest', guest } : { kind: 'invalid' };
      }
      // One statement per request: session, user, type and company scope, read fresh each time,
      // so a revoked session, a deactivated user or a changed role counts from the next request.
      const tokenHash = hashSessionToken(token);
      const live = await repo.findLiveViewer(tokenHash);
      if (!live || live.user.is_deactivated) {
        hints.forget(tokenHash);
        return { kind: 'invalid' };
      }
      if (live.stale) await repo.touchSession(live.sessionId);
      const viewer: Viewer = {
        user: live.user,
        userType: live.userType,
        sessionId: live.sessionId,
        ...companyScope(live.user, live.userType, live.assignedCompanyIds, live.allCompanyIds),
      };
      hints.remember(tokenHash, viewer);
      return { kind: 'signed-in', viewer };
    },

    /**
     * The viewer this token resolved to at its last fresh check (viewerHints.ts), for work that
     * may start beside a fresh `authenticate` and is answered only if that agrees.
     */
    recentViewer(token: string | undefined): Viewer | undefined {
      return token ? hints.get(hashSessionToken(token)) : undefined;
    },

    /**
     * Count, check and record as one step per attempt: the attempt is recorded as a failure before
     * its password is checked (atomically with the count, see reserveAttempt), so parallel guesses
     * cannot all pass the count before any is recorded. A right password releases its own record;
     * earlier failures keep counting until their window passes. Known and unknown emails take the
     * same path and the same time (a decoy hash is checked).
     */
    async signIn(raw: { email: string; password: string }, ip: string): Promise<AuthResult> {
      const input = parseInput(signInInputSchema, raw);
      const attempt = await repo.reserveAttempt(input.email, ip, SIGN_IN_LIMIT);
      if (attempt === undefined) throw new AppError('TOO_MANY_SIGN_IN_ATTEMPTS', 429);
      const found = await repo.findUserByEmail(input.email);
      const matches = await verifyPassword(
        input.password,
        found?.user.password_hash ?? (await decoyPasswordHash()),
      );
      if (!found || !matches) {
        await repo.pruneAttempts(SIGN_IN_RECORD_SECONDS);
        throw new AppError('INVALID_CREDENTIALS', 401);
      }
      await repo.releaseAttempt(attempt);
      if (found.user.is_deactivated) throw new AppError('ACCOUNT_DEACTIVATED', 403);
      return startSession(found);
    },

    async signOut(viewer: Viewer): Promise<void> {
      await repo.revokeSession(viewer.sessionId);
    },

    /** A session for a user just created (an accepted invitation): signed in without a password. */
    async signInNewUser(userId: string): Promise<AuthResult> {
      const found = await repo.findUserById(userId);
      if (!found) throw new Error('new user vanished');
      return startSession(found);
    },

    async needsSetup(): Promise<boolean> {
      return (await repo.countCompanies()) === 0;
    },

    async setUp(raw: unknown): Promise<AuthResult> {
      const input = parseInput(setUpInputSchema, raw);
      if ((await repo.countCompanies()) > 0) throw new AppError('ALREADY_SET_UP', 409);
      const userId = await repo.setUpFirstCompany({
        company: { name: input.company_name, is_legal: input.is_legal },
        user: {
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          password_hash: await hashPassword(input.password),
        },
      });
      if (!userId) throw new AppError('ALREADY_SET_UP', 409);
      const found = await repo.findUserById(userId);
      if (!found) throw new Error('set-up user vanished');
      return startSession(found);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
