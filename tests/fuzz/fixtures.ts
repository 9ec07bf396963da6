/**
 * What the fuzzer signs in as and aims at: three tenants (a law firm A with every legal role, a
 * customer B, a provider P with a manager assigned to A and an internal admin) and real records of
 * each kind, so malformed values reach past "not found" into the code behind.
 *
 * The fuzzer must not destroy its own ability to test: sessions are minted straight into the
 * database (never through signIn, so its rate limit is never touched), checked again after a
 * request answers 401 or signs out, and re-minted; soft-deleted fixtures are restored and users
 * re-activated after the requests that can change them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { rawFile, session, userProfile } from '../../src/server/db/schema';
import { legalRequest, legalRequestComment } from '../../src/server/db/schemaLegalRequests';
import { intakeScript } from '../../src/server/db/schemaChat';
import { legalCase, legalFileType, legalProcessedFile } from '../../src/server/db/schemaPipeline';
import { ensureCompanyTaxonomy } from '../../src/server/domains/pipeline/taxonomy';
import { hashSessionToken, newSessionToken } from '../../src/server/domains/auth/tokens';
import type { TestServer } from '../support/server';
import { FIXTURES } from '../integration/fixtures/files';
import { upload } from '../integration/fixtures/http';
import { seedDocuments, seedRawFile } from '../integration/fixtures/documents';
import { registerOne, tusClient } from '../integration/fixtures/raw-files';
import type { Rng } from './prng';

export const ROLES = [
  'A.admin',
  'A.attorney',
  'A.paralegal',
  'A.staff',
  'B.admin',
  'B.user',
  'P.manager',
  'P.admin',
] as const;
export type SignedInRole = (typeof ROLES)[number];
export type Role = SignedInRole | 'anonymous' | 'bad-token';

/** The kinds of record an id can name; the fuzzer picks real ids of the right kind. */
export type IdKind =
  | 'company'
  | 'user'
  | 'rawFile'
  | 'processedFile'
  | 'legalCase'
  | 'notification'
  | 'fileType'
  | 'folder'
  | 'extractedValue'
  | 'fileKey'
  | 'upload'
  | 'legalRequest'
  | 'requestComment'
  | 'chatRoom'
  | 'intakeScript';

export interface Fixtures {
  /** Real ids by kind; the first of each is firm A's (the sweeps use it). */
  ids: Record<IdKind, string[]>;
  /** The bearer header value for a role ('' for anonymous). */
  token(role: Role): string;
  /** A session of its own, for requests that end the session they run in (signOut). */
  disposableToken(): Promise<string>;
  pickRole(rng: Rng): Role;
  pickId(kind: IdKind, rng: Rng): string;
  /** Re-mints every fixture session the server no longer accepts; returns how many. */
  renewSessions(): Promise<number>;
  /** Undoes soft deletes of fixture records and deactivation of fixture users. */
  restore(): Promise<void>;
  /** A new tus upload in place of the fixture's (after a request that may have ended it). */
  renewUpload(): Promise<void>;
}

const DAY_MS = 86_400_000;

export async function createFixtures(server: TestServer): Promise<Fixtures> {
  const db = server.db;
  const a = await server.signUpCompany({ name: 'Fuzz Law A', is_legal: true });
  const b = await server.signUpCompany({ name: 'Fuzz Customer B' });
  const p = await server.signUpCompany({ name: 'Fuzz Provider P', is_provider: true });
  type UserOptions = Omit<Parameters<TestServer['addUser']>[0], 'companyId' | 'signIn'>;
  const add = (companyId: string, options: UserOptions) =>
    server.addUser({ ...options, companyId, signIn: false });
  const users: Record<SignedInRole, string> = {
    'A.admin': a.admin.user.id,
    'A.attorney': (await add(a.company.id, { legalUserType: 'attorney' })).user.id,
    'A.paralegal': (await add(a.company.id, { legalUserType: 'paralegal' })).user.id,
    'A.staff': (await add(a.company.id, { legalUserType: 'staff' })).user.id,
    'B.admin': b.admin.user.id,
    'B.user': (await add(b.company.id, { userType: 'user' })).user.id,
    'P.manager': (
      await add(p.company.id, {
        userType: 'internal_manager',
        assignedCompanyIds: [a.company.id],
      })
    ).user.id,
    'P.admin': (await add(p.company.id, { userType: 'internal_admin' })).user.id,
  };

  async function mint(userId: string): Promise<string> {
    const token = newSessionToken();
    await db.insert(session).values({
      token_hash: hashSessionToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + DAY_MS),
    });
    return token;
  }
  const tokens = {} as Record<SignedInRole, string>;
  for (const role of ROLES) tokens[role] = await mint(users[role]);

  const adminA = tokens['A.admin'];
  const gql = async <T>(query: string, variables: Record<string, unknown>, token = adminA) => {
    const reply = await server.gql<T>(query, variables, token);
    if (!reply.data) throw new Error(`fuzz fixture failed: ${JSON.stringify(reply.errors)}`);
    return reply.data;
  };

  const rawA = await seedRawFile(server, a.company.id, { name: 'fuzz-a.pdf' });
  const rawB = await seedRawFile(server, b.company.id, { name: 'fuzz-b.pdf' });
  const docsA = await seedDocuments(
    server,
    a.company.id,
    [{}, { exception_reasons: ['no_file_type'], action_status: 'review' }],
    rawA,
  );
  const docsB = await seedDocuments(server, b.company.id, [{}], rawB);
  const newUpload = async () => {
    const registered = await registerOne(server, tokens['A.admin'], a.company.id, {
      name: 'fuzz-upload.pdf',
      bytes: FIXTURES.pdf,
    });
    const created = await tusClient(server, tokens['A.admin']).create(
      registered.id,
      FIXTURES.pdf.length,
    );
    return { rawFileId: registered.id, id: created.location.split('/').pop() ?? '' };
  };
  const uploading = await newUpload();
  const stored = await upload(`${server.url}/files/upload`, 'fuzz.pdf', FIXTURES.pdf, adminA);
  const caseOf = async (companyId: string, token: string, number: string) =>
    (
      await gql<{ createLegalCase: { id: string } }>(
        'mutation($c: ID!, $i: LegalCaseInput!) { createLegalCase(company_id: $c, input: $i) { id } }',
        { c: companyId, i: { case_number: number, name: 'Fuzz v. Fixture' } },
        token,
      )
    ).createLegalCase.id;
  const notification = await gql<{ createNotification: { id: string } }>(
    'mutation($i: CreateNotificationInput!) { createNotification(input: $i) { id } }',
    { i: { content: 'fuzz', receiver_id: users['A.paralegal'] } },
  );
  const extracted = await gql<{ saveExtractedData: Array<{ id: string }> }>(
    'mutation($id: ID!, $v: [ExtractedValueInput!]!) { saveExtractedData(processed_file_id: $id, values: $v) { id } }',
    { id: docsA[0], v: [{ data_field: 'applicant', extracted_value: 'Jane Roe' }] },
  );
  const legalRequestOf = async (companyId: string, requester: string, token: string) =>
    (
      await gql<{ createLegalRequest: { id: string } }>(
        'mutation($i: CreateLegalRequestInput!) { createLegalRequest(input: $i) { id } }',
        {
          i: {
            company_id: companyId,
            requested_by: requester,
            headline: 'Fuzz request',
            priority: 'High',
            category: 'Fuzz',
            due_date: '2026-12-01',
            details: 'Fuzz details',
          },
        },
        token,
      )
    ).createLegalRequest.id;
  const requestA = await legalRequestOf(a.company.id, users['A.admin'], adminA);
  const requestB = await legalRequestOf(b.company.id, users['B.admin'], tokens['B.admin']);
  const commentA = (
    await gql<{ addLegalRequestComment: { id: string } }>(
      'mutation($r: ID!) { addLegalRequestComment(request_id: $r, comment: "Fuzz comment") { id } }',
      { r: requestA },
    )
  ).addLegalRequestComment.id;
  const scriptOf = async (companyId: string, token: string) =>
    (
      await gql<{ createIntakeScript: { id: string } }>(
        'mutation($i: CreateIntakeScriptInput!) { createIntakeScript(input: $i) { id } }',
        {
          i: {
            company_id: companyId,
            title: 'Fuzz script',
            subject: 'Fuzz',
            dialog: ['Hello'],
            required_data: ['Date of injury'],
          },
        },
        token,
      )
    ).createIntakeScript.id;
  const scriptA = await scriptOf(a.company.id, adminA);
  const roomOf = async (companyId: string, token: string, script?: string) =>
    (
      await gql<{ createChatRoom: { id: string } }>(
        'mutation($i: CreateChatRoomInput!) { createChatRoom(input: $i) { id } }',
        { i: { company_id: companyId, name: 'Fuzz room', intake_script_id: script ?? null } },
        token,
      )
    ).createChatRoom.id;
  const roomA = await roomOf(a.company.id, adminA, scriptA);
  const roomB = await roomOf(b.company.id, tokens['B.admin']);
  await ensureCompanyTaxonomy(db, a.company.id);
  await ensureCompanyTaxonomy(db, b.company.id);
  const types = await db
    .select({ id: legalFileType.id, folder: legalFileType.legal_document_folder_id })
    .from(legalFileType)
    .where(eq(legalFileType.company_id, a.company.id))
    .limit(3);

  const ids: Record<IdKind, string[]> = {
    company: [a.company.id, b.company.id, p.company.id],
    user: Object.values(users),
    rawFile: [rawA, uploading.rawFileId, rawB],
    processedFile: [...docsA, ...docsB],
    legalCase: [
      await caseOf(a.company.id, adminA, 'FUZZ-A-1'),
      await caseOf(b.company.id, tokens['B.admin'], 'FUZZ-B-1'),
    ],
    notification: [notification.createNotification.id],
    fileType: types.map((type) => type.id),
    folder: types.map((type) => type.folder),
    extractedValue: extracted.saveExtractedData.map((value) => value.id),
    fileKey: [new URL(stored.body.url).pathname.split('/').pop() ?? ''],
    upload: [uploading.id],
    legalRequest: [requestA, requestB],
    requestComment: [commentA],
    chatRoom: [roomA, roomB],
    intakeScript: [scriptA],
  };
  for (const [kind, list] of Object.entries(ids))
    if (list.length === 0 || list.some((id) => !id)) throw new Error(`no fuzz fixture: ${kind}`);

  return {
    ids,
    token: (role) =>
      role === 'anonymous' ? '' : role === 'bad-token' ? 'x'.repeat(43) : tokens[role],
    disposableToken: () => mint(users['A.admin']),
    pickRole: (rng) => {
      const roll = rng.next();
      if (roll < 0.35) return 'A.admin';
      if (roll < 0.42) return rng.pick(['anonymous', 'bad-token'] as const);
      return rng.pick(ROLES);
    },
    pickId: (kind, rng) => rng.pick(ids[kind]),
    async renewSessions() {
      let renewed = 0;
      for (const role of ROLES) {
        const auth = await server.app.lexdesk.services.auth.authenticate(tokens[role]);
        if (auth.kind === 'signed-in') continue;
        tokens[role] = await mint(users[role]);
        renewed += 1;
      }
      return renewed;
    },
    async renewUpload() {
      ids.upload = [(await newUpload()).id];
    },
    async restore() {
      const userIds = Object.values(users);
      await db
        .update(userProfile)
        .set({ is_deactivated: false })
        .where(and(inArray(userProfile.id, userIds), eq(userProfile.is_deactivated, true)));
      await db
        .update(rawFile)
        .set({ is_deleted: false })
        .where(and(inArray(rawFile.id, ids.rawFile), eq(rawFile.is_deleted, true)));
      await db
        .update(legalProcessedFile)
        .set({ is_deleted: false, deleted_at: null })
        .where(
          and(
            inArray(legalProcessedFile.id, ids.processedFile),
            eq(legalProcessedFile.is_deleted, true),
          ),
        );
      await db
        .update(legalCase)
        .set({ is_deleted: false })
        .where(and(inArray(legalCase.id, ids.legalCase), eq(legalCase.is_deleted, true)));
      await db
        .update(legalRequest)
        .set({ is_deleted: false })
        .where(and(inArray(legalRequest.id, ids.legalRequest), eq(legalRequest.is_deleted, true)));
      await db
        .update(legalRequestComment)
        .set({ is_deleted: false })
        .where(
          and(
            inArray(legalRequestComment.id, ids.requestComment),
            eq(legalRequestComment.is_deleted, true),
          ),
        );
      await db
        .update(intakeScript)
        .set({ is_deleted: false })
        .where(and(inArray(intakeScript.id, ids.intakeScript), eq(intakeScript.is_deleted, true)));
    },
  };
}
