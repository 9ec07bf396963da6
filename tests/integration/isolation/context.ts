/**
 * What tenant-isolation.test.ts hands each domain's isolation cases (isolation/*.cases.ts): the
 * running server, company A (with an admin and a paralegal) and company B (its admin and a
 * provider manager assigned to B), and the "answers exactly like a missing id" checks.
 */
import type { TestServer, TestUser } from '../../support/server';

export const MISSING = '00000000-0000-4000-8000-000000000000';

export interface IsolationContext {
  server: TestServer;
  companyA: string;
  adminA: TestUser;
  memberA: TestUser;
  companyB: string;
  userB: TestUser;
  managerOfB: TestUser;
  /** A raw file of company A (registered, bytes not sent). */
  rawFileOfA: string;
  /** The same GraphQL request about A's id and about a missing id answer identically for B. */
  sameAsMissing(
    query: string,
    variables: (id: string) => Record<string, unknown>,
    idOfA: string,
    token?: string,
  ): Promise<{ data?: unknown; errors?: unknown }>;
  /** The same REST call about A's thing and about a missing one answer identically for B. */
  restSameAsMissing(
    method: string,
    path: (id: string) => string,
    body: (id: string) => unknown,
    idOfA: string,
    token?: string,
  ): Promise<unknown>;
}

/**
 * A domain's isolation cases. `cases` is called when the test file is collected (so the names
 * exist before the server starts); the bodies read the context through `ctx()` once it is set.
 * `setup` runs once after the shared set-up, to make the domain's things of company A.
 */
export interface IsolationModule {
  setup?(ctx: IsolationContext): Promise<void>;
  cases(ctx: () => IsolationContext): Record<string, () => Promise<void>>;
}
