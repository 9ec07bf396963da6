/**
 * The sign-in limit holds under parallel guesses: counting, checking and recording an attempt is
 * one step per email (issue 13), so a burst of simultaneous signIn calls gets no more password
 * checks than the limit, from one address (per email+IP) or from many (per email).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailure } from '../../src/server/db/schema';
import { SIGN_IN_LIMIT } from '../../src/server/domains/auth/service';
import { AppError } from '../../src/shared/errors';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server';

const SIGN_IN =
  'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }';

const PER_IP = SIGN_IN_LIMIT.perEmailAndIp.failures;
const PER_EMAIL = SIGN_IN_LIMIT.perEmail.failures;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** The outcome of one signIn over GraphQL: 'ok' or the error code. */
async function attempt(email: string, password: string): Promise<string> {
  const result = await server.gql<{ signIn: { token: string } }>(SIGN_IN, { email, password });
  if (result.data?.signIn.token) return 'ok';
  return result.errors?.[0]?.extensions?.code ?? 'no answer';
}

/** The outcome of one signIn through the service, as if from `ip`. */
async function attemptFrom(ip: string, email: string, password: string): Promise<string> {
  try {
    await server.app.lexdesk.services.auth.signIn({ email, password }, ip);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

async function recordedFailures(email: string): Promise<number> {
  const rows = await server.db
    .select({ id: signInFailure.id })
    .from(signInFailure)
    .where(eq(signInFailure.email, email));
  return rows.length;
}

describe('sign-in limit under parallel guesses', () => {
  it('given 40 parallel wrong passwords from one address, then exactly the limit are checked, the rest answer 429, and the right password is refused after', async () => {
    const { admin } = await server.signUpCompany();
    const email = admin.user.email;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(email, `wrong guess ${i}`)),
    );
    expect(tally(outcomes)).toEqual({
      INVALID_CREDENTIALS: PER_IP,
      TOO_MANY_SIGN_IN_ATTEMPTS: 40 - PER_IP,
    });
    expect(await recordedFailures(email)).toBe(PER_IP);
    expect(await attempt(email, TEST_PASSWORD)).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
  });

  it('given 59 wrong and 1 right password in parallel, then no more than the limit of wrong ones are checked and the rest answer 429', async () => {
    const { admin } = await server.signUpCompany();
    const email = admin.user.email;
    const passwords = Array.from({ length: 60 }, (_, i) =>
      i === 30 ? TEST_PASSWORD : `wrong guess ${i}`,
    );
    const outcomes = await Promise.all(passwords.map((password) => attempt(email, password)));
    const counts = tally(outcomes);
    const wrongChecked = counts.INVALID_CREDENTIALS ?? 0;
    const rightChecked = counts.ok ?? 0;
    // The right password, when it got a slot, answers 'ok' and frees its slot after its check
    // (it was no failure); the wrong ones never exceed the limit.
    expect(wrongChecked).toBeLessThanOrEqual(PER_IP);
    expect(rightChecked).toBeLessThanOrEqual(1);
    expect(wrongChecked).toBeGreaterThanOrEqual(PER_IP - rightChecked);
    expect(counts.TOO_MANY_SIGN_IN_ATTEMPTS).toBe(60 - wrongChecked - rightChecked);
    expect(Object.keys(counts).sort()).toEqual(
      rightChecked
        ? ['INVALID_CREDENTIALS', 'TOO_MANY_SIGN_IN_ATTEMPTS', 'ok']
        : ['INVALID_CREDENTIALS', 'TOO_MANY_SIGN_IN_ATTEMPTS'],
    );
    expect(await recordedFailures(email)).toBe(wrongChecked);
  });

  it('given guesses spread over many addresses, when they reach the per-email limit in parallel, then every address is refused, the right password too', async () => {
    const { admin } = await server.signUpCompany();
    const email = admin.user.email;
    const guesses = PER_EMAIL + 10;
    // One guess per address: each address stays far under its own limit.
    const outcomes = await Promise.all(
      Array.from({ length: guesses }, (_, i) =>
        attemptFrom(`198.51.100.${i + 1}`, email, `wrong guess ${i}`),
      ),
    );
    expect(tally(outcomes)).toEqual({
      INVALID_CREDENTIALS: PER_EMAIL,
      TOO_MANY_SIGN_IN_ATTEMPTS: 10,
    });
    expect(await attemptFrom('203.0.113.7', email, TEST_PASSWORD)).toBe(
      'TOO_MANY_SIGN_IN_ATTEMPTS',
    );
    // Another account is not affected.
    const other = await server.signUpCompany();
    expect(await attemptFrom('198.51.100.1', other.admin.user.email, TEST_PASSWORD)).toBe('ok');
  });

  it('given failures below the limit, when the right password signs in, then it does not count and earlier failures still do', async () => {
    const { admin } = await server.signUpCompany();
    const email = admin.user.email;
    for (let i = 0; i < PER_IP - 1; i += 1)
      expect(await attempt(email, `wrong ${i}`)).toBe('INVALID_CREDENTIALS');
    expect(await attempt(email, TEST_PASSWORD)).toBe('ok');
    expect(await recordedFailures(email)).toBe(PER_IP - 1);
    expect(await attempt(email, 'wrong again')).toBe('INVALID_CREDENTIALS');
    expect(await attempt(email, TEST_PASSWORD)).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
  });

  it('given an unknown email, when guessed in parallel, then it is limited exactly like a known one', async () => {
    const email = `nobody.${Date.now()}@example.test`;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(email, `wrong guess ${i}`)),
    );
    expect(tally(outcomes)).toEqual({
      INVALID_CREDENTIALS: PER_IP,
      TOO_MANY_SIGN_IN_ATTEMPTS: 20 - PER_IP,
    });
  });
});
