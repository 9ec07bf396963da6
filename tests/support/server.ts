/**
 * An in-process LexDesk server on a fresh migrated database, for integration tests:
 * `const server = await startTestServer()` ... `await server.close()`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type LexDeskServer } from '../../src/server/app';
import { ConfigSchema, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/connection';
import type {
  CompanyRow,
  LegalUserTypeName,
  UserProfileRow,
  UserTypeName,
} from '../../src/server/db/schema';
import { assignCompanies, insertCompany, insertUser } from '../../src/server/seed/accounts';
import { migratedTestDatabase, type TestDatabase } from './postgres';
import { until } from './until';

export const TEST_PASSWORD = 'correct horse 1';

export interface GraphQLResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: Array<{
    message: string;
    extensions?: { code?: string; issues?: Array<{ path: string; message: string }> };
  }>;
}

export interface TestUser {
  user: UserProfileRow;
  password: string;
  token: string;
}

export interface TestServer {
  url: string;
  app: LexDeskServer;
  db: Database;
  database: TestDatabase;
  config: ServerConfig;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GraphQLResponse<T>>;
  signIn(email: string, password?: string): Promise<string>;
  /** A company with one administrator (customer; legal admin when is_legal), signed in. */
  signUpCompany(options?: {
    name?: string;
    is_legal?: boolean;
    is_provider?: boolean;
  }): Promise<{ company: CompanyRow; admin: TestUser }>;
  addUser(options: {
    companyId: string;
    userType?: UserTypeName;
    legalUserType?: LegalUserTypeName | null;
    isDeactivated?: boolean;
    assignedCompanyIds?: string[];
    signIn?: boolean;
  }): Promise<TestUser>;
  /** Resolves once `receiverId` has a live notification subscriber in this server. */
  subscribed(receiverId: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

let sequence = 0;
const uniqueEmail = (label: string) =>
  `${label}.${process.pid}.${Date.now()}.${(sequence += 1)}@example.test`;

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  buildOptions: BuildOptions = {},
): Promise<TestServer> {
  const database = await migratedTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-server-test-'));
  const config = ConfigSchema.parse({
    port: 0,
    dataDir,
    databaseUrl: database.url,
    logLevel: 'silent',
    // Tests that exercise the document pipeline ask for workers; the rest keep Uploaded files still.
    pipelineWorkers: 0,
    // In this process, so tests can watch and time its jobs; pipeline-process.slow.test.ts runs the child.
    pipelineProcess: 'inline',
    // Workflow node jobs and document events only where a test asks for them (workflows.test.ts).
    workflowWorkers: 0,
    ...overrides,
  });
  const app = await buildApp(config, buildOptions);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = app.lexdesk.database.db;

  async function gql<T>(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLResponse<T>;
  }

  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const result = await gql<{ signIn: { token: string } }>(
      'mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }',
      { email, password },
    );
    const token = result.data?.signIn.token;
    if (!token) throw new Error(`sign-in failed: ${JSON.stringify(result.errors)}`);
    return token;
  }

  const server: TestServer = {
    url,
    app,
    db,
    database,
    config,
    gql,
    signIn,
    async addUser(options) {
      const label = options.userType ?? 'user';
      const user = await insertUser(db, {
        companyId: options.companyId,
        email: uniqueEmail(label),
        password: TEST_PASSWORD,
        firstName: 'Test',
        lastName: label,
        userType: options.userType ?? 'user',
        legalUserType: options.legalUserType ?? null,
        isDeactivated: options.isDeactivated ?? false,
      });
      if (options.assignedCompanyIds)
        await assignCompanies(db, user.id, options.assignedCompanyIds);
      const token =
        options.signIn === false || options.isDeactivated ? '' : await signIn(user.email);
      return { user, password: TEST_PASSWORD, token };
    },
    async signUpCompany(options = {}) {
      const company = await insertCompany(db, {
        name: options.name ?? `Company ${(sequence += 1)}`,
        is_legal: options.is_legal ?? false,
        is_provider: options.is_provider ?? false,
      });
      const admin = await server.addUser({
        companyId: company.id,
        userType: 'customer',
        legalUserType: options.is_legal ? 'admin' : null,
      });
      return { company, admin };
    },
    async subscribed(receiverId, timeoutMs = 5000) {
      await until(
        () => app.lexdesk.bus.listenerCount(receiverId) > 0,
        timeoutMs,
        `a live subscriber for ${receiverId}`,
      );
    },
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
