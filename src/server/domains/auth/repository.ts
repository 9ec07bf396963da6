/** SQL of the auth domain: users by email, sessions, sign-in failures, first-run set-up. */
import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  company,
  companyAccess,
  session,
  signInFailure,
  userProfile,
  userType,
  type UserProfileRow,
  type UserTypeName,
} from '../../db/schema';

/** At most `failures` failed sign-ins within the last `windowSeconds` (a sliding window). */
export interface SignInWindow {
  failures: number;
  windowSeconds: number;
}

/** The two sign-in limits: one caller guessing one account, and anyone guessing it. */
export interface SignInLimits {
  perEmailAndIp: SignInWindow;
  perEmail: SignInWindow;
}

export interface UserWithType {
  user: UserProfileRow;
  userType: UserTypeName;
}

/** A live session's caller as one statement reads it (see findLiveViewer). */
export interface LiveViewerRow extends UserWithType {
  sessionId: string;
  /** last_seen_at is more than a minute old: record activity (touchSession). */
  stale: boolean;
  /** internal_manager: the companies assigned in company_access (else empty). */
  assignedCompanyIds: string[];
  /** internal_admin: every company, oldest first (else empty). */
  allCompanyIds: string[];
}

export function createAuthRepository(db: Database) {
  /**
   * Every request's session check in one statement: the live session of a token hash, its user
   * with the user type, whether activity should be recorded, and the company lists the caller's
   * scope needs (each read only for the user type that needs it). Built once; unnamed, so
   * PostgreSQL parses and plans it like any other statement.
   */
  const liveViewer = db
    .select({
      sessionId: session.id,
      stale: sql<boolean>`${session.last_seen_at} < now() - interval '1 minute'`,
      user: userProfile,
      userType: userType.name,
      assigned: sql<string[]>`case when ${userType.name} = 'internal_manager'
        then array(select ${companyAccess.company_id}::text from ${companyAccess}
                    where ${companyAccess.user_id} = ${userProfile.id})
        else '{}'::text[] end`,
      all: sql<string[]>`case when ${userType.name} = 'internal_admin'
        then array(select ${company.id}::text from ${company} order by ${company.created_at})
        else '{}'::text[] end`,
    })
    .from(session)
    .innerJoin(userProfile, eq(userProfile.id, session.user_id))
    .innerJoin(userType, eq(userType.id, userProfile.user_type_id))
    .where(
      and(
        eq(session.token_hash, sql.placeholder('tokenHash')),
        isNull(session.revoked_at),
        gt(session.expires_at, sql`now()`),
      ),
    )
    .limit(1)
    // An empty name: pg sends it as the unnamed statement (no server-side prepared plan).
    .prepare('');

  async function userWithType(where: SQL): Promise<UserWithType | undefined> {
    const rows = await db
      .select({ user: userProfile, userType: userType.name })
      .from(userProfile)
      .innerJoin(userType, eq(userType.id, userProfile.user_type_id))
      .where(where)
      .limit(1);
    const row = rows[0];
    return row ? { user: row.user, userType: row.userType as UserTypeName } : undefined;
  }

  return {
    findUserByEmail(email: string) {
      return userWithType(sql`lower(${userProfile.email}) = lower(${email})`);
    },

    findUserById(id: string) {
      return userWithType(eq(userProfile.id, id));
    },

    async companyIdsAssignedTo(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: companyAccess.company_id })
        .from(companyAccess)
        .where(eq(companyAccess.user_id, userId));
      return rows.map((row) => row.id);
    },

    async allCompanyIds(): Promise<string[]> {
      const rows = await db.select({ id: company.id }).from(company).orderBy(company.created_at);
      return rows.map((row) => row.id);
    },

    /**
     * A new session, only while its user is active; undefined when the user is deactivated. The
     * user row is share-locked, so a deactivation at the same moment either commits first (and
     * nothing is inserted) or waits for this insert (and its trigger then revokes the session).
     */
    async insertSession(values: {
      token_hash: string;
      user_id: string;
      expires_at: Date;
    }): Promise<{ id: string } | undefined> {
      const result = await db.execute<{ id: string }>(sql`
        insert into ${session} (token_hash, user_id, expires_at)
        select ${values.token_hash}, ${userProfile.id}, ${values.expires_at}::timestamptz
          from ${userProfile}
         where ${userProfile.id} = ${values.user_id} and not ${userProfile.is_deactivated}
           for share
        returning id`);
      return result.rows[0];
    },

    /**
     * The caller of a token hash when its session is neither revoked nor expired (whatever the
     * user's state: the service refuses deactivated users), in one round trip.
     */
    async findLiveViewer(tokenHash: string): Promise<LiveViewerRow | undefined> {
      const [row] = await liveViewer.execute({ tokenHash });
      if (!row) return undefined;
      return {
        sessionId: row.sessionId,
        stale: row.stale,
        user: row.user,
        userType: row.userType as UserTypeName,
        assignedCompanyIds: row.assigned,
        allCompanyIds: row.all,
      };
    },

    /** Records activity at most once a minute per session, to keep reads cheap. */
    async touchSession(id: string) {
      await db
        .update(session)
        .set({ last_seen_at: sql`now()` })
        .where(and(eq(session.id, id), lt(session.last_seen_at, sql`now() - interval '1 minute'`)));
    },

    async revokeSession(id: string) {
      await db
        .update(session)
        .set({ revoked_at: sql`now()` })
        .where(and(eq(session.id, id), isNull(session.revoked_at)));
    },

    async revokeSessionsOf(userId: string) {
      await db
        .update(session)
        .set({ revoked_at: sql`now()` })
        .where(and(eq(session.user_id, userId), isNull(session.revoked_at)));
    },

    /**
     * One sign-in attempt's count-and-record step, atomic per email: under a transaction-scoped
     * advisory lock on the email, counts its recent failures (per email+IP and per email, attempts
     * still being checked included) and, when both are under their limits, records this attempt as
     * a failure until its password proves right (releaseAttempt). Returns the attempt's id, or
     * undefined when a limit is reached. The lock is held for these two statements only, never
     * during the password check, so parallel guesses queue here and each sees the ones before it.
     */
    async reserveAttempt(
      email: string,
      ip: string,
      limits: SignInLimits,
    ): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('lexdesk.sign-in'), hashtext(${email}))`,
        );
        const since = (window: SignInWindow) =>
          sql`${signInFailure.created_at} > now() - make_interval(secs => ${window.windowSeconds})`;
        const [counted] = await tx
          .select({
            fromIp: sql<number>`(count(*) filter (where ${signInFailure.ip} = ${ip} and ${since(limits.perEmailAndIp)}))::int`,
            all: sql<number>`(count(*) filter (where ${since(limits.perEmail)}))::int`,
          })
          .from(signInFailure)
          .where(eq(signInFailure.email, email));
        if (
          (counted?.fromIp ?? 0) >= limits.perEmailAndIp.failures ||
          (counted?.all ?? 0) >= limits.perEmail.failures
        )
          return undefined;
        const [attempt] = await tx
          .insert(signInFailure)
          .values({ email, ip })
          .returning({ id: signInFailure.id });
        if (!attempt) throw new Error('sign-in attempt insert returned no row');
        return attempt.id;
      });
    },

    /** The attempt's password was right: it is no failure, so it stops counting. */
    async releaseAttempt(id: number) {
      await db.delete(signInFailure).where(eq(signInFailure.id, id));
    },

    /** Old rows only ever answer "no"; drop those older than every window. */
    async pruneAttempts(olderThanSeconds: number) {
      await db
        .delete(signInFailure)
        .where(
          lt(signInFailure.created_at, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        );
    },

    async countCompanies(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(company);
      return row?.n ?? 0;
    },

    /**
     * Creates the first company and its administrator, only while no company exists.
     * An advisory lock serialises concurrent set-ups; returns undefined when already set up.
     */
    async setUpFirstCompany(input: {
      company: { name: string; is_legal: boolean };
      user: { email: string; first_name: string; last_name: string; password_hash: string };
    }): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lexdesk.setup'))`);
        const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(company);
        if ((existing?.n ?? 0) > 0) return undefined;
        const [created] = await tx
          .insert(company)
          .values(input.company)
          .returning({ id: company.id });
        if (!created) throw new Error('company insert returned no row');
        const [customer] = await tx
          .select({ id: userType.id })
          .from(userType)
          .where(eq(userType.name, 'customer'));
        if (!customer) throw new Error('user_type customer is missing; migrations not applied?');
        const [user] = await tx
          .insert(userProfile)
          .values({
            ...input.user,
            company_id: created.id,
            user_type_id: customer.id,
            legal_user_type: input.company.is_legal ? 'admin' : null,
          })
          .returning({ id: userProfile.id });
        if (!user) throw new Error('user insert returned no row');
        return user.id;
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
