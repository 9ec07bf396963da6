import { and, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, userProfile } from '../../src/server/db/schema';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';
import { until } from '../support/until';

const SIGN_IN =
  'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token viewer { user { email } company { name } can_manage_company company_ids } } }';
const VIEWER = '{ viewer { user { id email } } }';
const SET_UP = `mutation($input: SetUpInput!) { setUp(input: $input) { token viewer { user { email legal_user_type user_type { name } } company { name is_legal } can_manage_company } } }`;

describe('first-run set-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('given an empty database, when set up runs twice, then the first creates the company and admin and the second is refused', async () => {
    const before = await server.gql<{ setupStatus: { needs_setup: boolean } }>(
      '{ setupStatus { needs_setup } }',
    );
    expect(before.data?.setupStatus.needs_setup).toBe(true);

    const input = {
      company_name: '  Harbor Law  ',
      is_legal: true,
      first_name: 'Ada',
      last_name: 'Admin',
      email: 'Ada@Harbor.test',
      password: 'long enough 1',
    };
    const first = await server.gql<{ setUp: { token: string; viewer: Record<string, never> } }>(
      SET_UP,
      { input },
    );
    expect(first.errors).toBeUndefined();
    expect(first.data?.setUp.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.data?.setUp.viewer).toEqual({
      user: { email: 'ada@harbor.test', legal_user_type: 'admin', user_type: { name: 'customer' } },
      company: { name: 'Harbor Law', is_legal: true },
      can_manage_company: true,
    });

    const after = await server.gql<{ setupStatus: { needs_setup: boolean } }>(
      '{ setupStatus { needs_setup } }',
    );
    expect(after.data?.setupStatus.needs_setup).toBe(false);

    const second = await server.gql(SET_UP, { input: { ...input, email: 'other@x.test' } });
    expect(second.errors?.[0]?.extensions?.code).toBe('ALREADY_SET_UP');
    expect(second.errors?.[0]?.message).toBe(PRODUCT_ERRORS.ALREADY_SET_UP);
  });

  it('given a too-short password, when setting up, then the input is refused with field issues', async () => {
    const result = await server.gql(SET_UP, {
      input: {
        company_name: 'X',
        is_legal: false,
        first_name: 'A',
        last_name: 'B',
        email: 'not-an-email',
        password: 'short',
      },
    });
    expect(result.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    const paths = result.errors?.[0]?.extensions?.issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

describe('sign-in and sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('given a user, when signing in with the right password, then a token and the viewer come back', async () => {
    const { company, admin } = await server.signUpCompany({ name: 'Acme' });
    const result = await server.gql<{ signIn: { token: string; viewer: Record<string, unknown> } }>(
      SIGN_IN,
      {
        email: admin.user.email.toUpperCase(),
        password: TEST_PASSWORD,
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.signIn.viewer).toEqual({
      user: { email: admin.user.email },
      company: { name: 'Acme' },
      can_manage_company: true,
      company_ids: [company.id],
    });
    const me = await server.gql<{ viewer: { user: { id: string } } }>(
      VIEWER,
      {},
      result.data?.signIn.token,
    );
    expect(me.data?.viewer.user.id).toBe(admin.user.id);
  });

  it('given a wrong password or an unknown email, when signing in, then both get the same message', async () => {
    const { admin } = await server.signUpCompany();
    const wrong = await server.gql(SIGN_IN, { email: admin.user.email, password: 'nope nope' });
    const unknown = await server.gql(SIGN_IN, {
      email: 'nobody@example.test',
      password: 'nope nope',
    });
    expect(wrong.errors?.[0]?.message).toBe(PRODUCT_ERRORS.INVALID_CREDENTIALS);
    expect(unknown.errors?.[0]?.message).toBe(PRODUCT_ERRORS.INVALID_CREDENTIALS);
    expect(wrong.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.data).toBeNull();
  });

  it('given five failures within a minute, when signing in again even with the right password, then it is rate limited', async () => {
    const { admin } = await server.signUpCompany();
    for (let i = 0; i < 5; i += 1) {
      const failed = await server.gql(SIGN_IN, { email: admin.user.email, password: `wrong ${i}` });
      expect(failed.errors?.[0]?.extensions?.code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await server.gql(SIGN_IN, { email: admin.user.email, password: TEST_PASSWORD });
    expect(blocked.errors?.[0]?.extensions?.code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
    expect(blocked.errors?.[0]?.message).toBe(PRODUCT_ERRORS.TOO_MANY_SIGN_IN_ATTEMPTS);
  });

  it('given a signed-in session, when signing out, then the token no longer works', async () => {
    const { admin } = await server.signUpCompany();
    const out = await server.gql<{ signOut: boolean }>('mutation { signOut }', {}, admin.token);
    expect(out.data?.signOut).toBe(true);
    const me = await server.gql(VIEWER, {}, admin.token);
    expect(me.data).toEqual({ viewer: null });
    const company = await server.gql('{ unreadNotificationCount }', {}, admin.token);
    expect(company.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
  });

  it('given no token, when calling a protected query, then it asks to sign in', async () => {
    const result = await server.gql('{ unreadNotificationCount }');
    expect(result.errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');
  });

  it('given a deactivated user, when signing in with the right password, then it is refused', async () => {
    const { company } = await server.signUpCompany();
    const gone = await server.addUser({ companyId: company.id, isDeactivated: true });
    const result = await server.gql(SIGN_IN, { email: gone.user.email, password: TEST_PASSWORD });
    expect(result.errors?.[0]?.extensions?.code).toBe('ACCOUNT_DEACTIVATED');
  });
});

describe('deactivation ends sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const setDeactivated = (id: string, value: boolean) =>
    server.db.update(userProfile).set({ is_deactivated: value }).where(eq(userProfile.id, id));
  const liveSessions = async (userId: string) =>
    (
      await server.db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.user_id, userId), isNull(session.revoked_at)))
    ).length;

  it('given a signed-in user, when deactivated and then reactivated, then the old token stays refused and a new sign-in works', async () => {
    const { company } = await server.signUpCompany();
    const user = await server.addUser({ companyId: company.id });
    const colleague = await server.addUser({ companyId: company.id });
    expect((await server.gql(VIEWER, {}, user.token)).data).toMatchObject({
      viewer: { user: { id: user.user.id } },
    });

    await setDeactivated(user.user.id, true);
    expect(await liveSessions(user.user.id)).toBe(0);
    await setDeactivated(user.user.id, false);

    const old = await server.gql('{ unreadNotificationCount }', {}, user.token);
    expect(old.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
    const fresh = await server.signIn(user.user.email);
    expect((await server.gql(VIEWER, {}, fresh)).data).toMatchObject({
      viewer: { user: { id: user.user.id } },
    });
    // Only the deactivated user's sessions end.
    expect((await server.gql(VIEWER, {}, colleague.token)).data).toMatchObject({
      viewer: { user: { id: colleague.user.id } },
    });
  });

  it('given a sign-in racing a deactivation, when the deactivation commits, then the sign-in is refused and leaves no session', async () => {
    const { company } = await server.signUpCompany();
    const user = await server.addUser({ companyId: company.id, signIn: false });
    let updated!: () => void;
    let commit!: () => void;
    const isUpdated = new Promise<void>((resolve) => (updated = resolve));
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    // The deactivation is written but not committed while the sign-in runs.
    const deactivation = server.db.transaction(async (tx) => {
      await tx
        .update(userProfile)
        .set({ is_deactivated: true })
        .where(eq(userProfile.id, user.user.id));
      updated();
      await mayCommit;
    });
    await isUpdated;
    let settled = false;
    const signIn = server
      .gql<{ signIn: { token: string } }>(
        'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }',
        { email: user.user.email, password: TEST_PASSWORD },
      )
      .finally(() => (settled = true));
    // Wait until the sign-in either finished or waits for the deactivating transaction.
    await until(
      async () => {
        const waiting = await server.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
               where wait_event_type = 'Lock' and query ilike '%insert into "session"%'`,
        );
        return settled || (waiting.rows[0]?.n ?? 0) > 0;
      },
      30_000,
      'the sign-in to finish or wait for the deactivation',
    );
    commit();
    await deactivation;
    const result = await signIn;
    expect(result.errors?.[0]?.extensions?.code).toBe('ACCOUNT_DEACTIVATED');
    expect(await liveSessions(user.user.id)).toBe(0);
  });

  it('given a deactivation that is rolled back, then the sessions live on; other profile changes leave them alone', async () => {
    const { company } = await server.signUpCompany();
    const user = await server.addUser({ companyId: company.id });
    await server.db
      .transaction(async (tx) => {
        await tx
          .update(userProfile)
          .set({ is_deactivated: true })
          .where(eq(userProfile.id, user.user.id));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    await server.db
      .update(userProfile)
      .set({ about_me: 'Still here' })
      .where(eq(userProfile.id, user.user.id));
    expect(await liveSessions(user.user.id)).toBe(1);
    expect((await server.gql(VIEWER, {}, user.token)).data).toMatchObject({
      viewer: { user: { id: user.user.id } },
    });
  });
});

describe('GET /health', () => {
  it('given a migrated database, when asked, then ok; when the database goes away, then 503 unavailable', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
      await server.database.drop();
      const after = await fetch(`${server.url}/health`);
      expect(after.status).toBe(503);
      expect(await after.json()).toEqual({ status: 'unavailable' });
    } finally {
      await server.close();
    }
  });
});

describe('CORS', () => {
  it('given the loopback default, when a local page preflights /graphql, then it is allowed; another site is not', async () => {
    const server = await startTestServer();
    try {
      const preflight = (origin: string) =>
        fetch(`${server.url}/graphql`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
      const local = await preflight('http://localhost:5173');
      expect(local.status).toBe(204);
      expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(local.headers.get('access-control-allow-headers')).toContain('authorization');
      const foreign = await preflight('https://evil.example');
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await server.close();
    }
  });
});
