/**
 * Malformed input (issue 13, item 4) is refused at the boundary with 400 / INVALID_INPUT naming the
 * field, writes nothing, and never puts the sent value in the log: U+0000 and lone surrogates in
 * any text, 2^31 in integer columns, a company id that is not a UUID. Values carry a marker so the
 * captured log can be searched for them.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { isInputObjectType, isListType, isNonNullType, type GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile, storedFile, uploadLog } from '../../src/server/db/schema';
import { legalProcessedFileLog } from '../../src/server/db/schemaPipeline';
import { minimalOperation, rootType, serverSchema } from '../support/endpoints';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments } from './fixtures/documents';
import { FIXTURES } from './fixtures/files';
import { upload } from './fixtures/http';
import { rest, sha256 } from './fixtures/raw-files';

const MARKER = 'MARKER-5f1c9e';
const NUL = `${MARKER}\u0000.pdf`;
const SURROGATE = `${MARKER}\ud800.pdf`;
const TOO_BIG = 2_147_483_648;

let server: TestServer;
let companyId: string;
let admin: TestUser;
let documentId: string;
const log: string[] = [];
const logStream = new PassThrough();

/** The first log line containing `text`, once it is written. */
function logLine(text: string): Promise<string> {
  const found = log.find((line) => line.includes(text));
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      if (!chunk.toString('utf8').includes(text)) return;
      logStream.off('data', onData);
      resolve(chunk.toString('utf8'));
    };
    logStream.on('data', onData);
  });
}

beforeAll(async () => {
  logStream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  server = await startTestServer({ logLevel: 'info' }, { logStream });
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
  documentId = (await seedDocuments(server, companyId, [{ name: 'letter' }]))[0]!;
});

afterAll(async () => {
  await server?.close();
});

/** Rows the refused requests could have written (the seeded raw file and document aside). */
async function written() {
  const [files, uploads, stored, documentLogs] = await Promise.all([
    server.db.$count(rawFile),
    server.db.$count(uploadLog),
    server.db.$count(storedFile),
    server.db.$count(legalProcessedFileLog),
  ]);
  return { files, uploads, stored, documentLogs };
}
const NOTHING = { files: 1, uploads: 0, stored: 0, documentLogs: 0 };

function fileItem(overrides: Record<string, unknown> = {}) {
  return {
    index: 0,
    name: 'claim.pdf',
    size: FIXTURES.pdf.length,
    sha256: sha256(FIXTURES.pdf),
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

type Reply = Awaited<ReturnType<typeof rest>>;
function expectRefused(reply: Reply, path: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  const error = reply.body.error as { code: string; message: string; issues?: unknown[] };
  expect(error.code).toBe('INVALID_INPUT');
  expect(error.message).toEqual(expect.any(String));
  expect(error.issues).toContainEqual({ path, message: expect.any(String) });
}

describe('REST: malformed input answers 400 naming the field and writes nothing', () => {
  it.each([
    ['a NUL in a file name', { files: [fileItem({ name: NUL })] }, 'files.0.name'],
    [
      'a NUL in the session id',
      { uploader_session_id: NUL, files: [fileItem()] },
      'uploader_session_id',
    ],
    ['a lone surrogate in a file name', { files: [fileItem({ name: SURROGATE })] }, 'files.0.name'],
    ['2^31 pages', { files: [fileItem({ no_of_pages: TOO_BIG })] }, 'files.0.no_of_pages'],
  ])('createRawFile: %s', async (_label, body, path) => {
    const reply = await rest(server, 'POST', '/processed-legal-file/createRawFile', admin.token, {
      company_id: companyId,
      ...body,
    });
    expectRefused(reply, path);
    expect(await written()).toEqual(NOTHING);
  });

  it('isDuplicateFile: a NUL in a name', async () => {
    const reply = await rest(server, 'POST', '/raw-files/isDuplicateFile', admin.token, {
      companyIds: [companyId],
      fileNames: ['fine.pdf', NUL],
    });
    expectRefused(reply, 'fileNames.1');
  });

  it.each([
    ['getRawFiles', '/raw-files/getRawFiles', { searchQuery: NUL }, 'searchQuery'],
    ['getRawFiles', '/raw-files/getRawFiles', { minPages: TOO_BIG }, 'minPages'],
    ['getRawFiles (query string)', `/raw-files/getRawFiles?maxPages=${TOO_BIG}`, {}, 'maxPages'],
    ['getRawFiles (query string)', '/raw-files/getRawFiles?rawFileName=a%00b', {}, 'rawFileName'],
    ['get-by-status', '/raw-files/get-by-status?statusType=all', { search: NUL }, 'search'],
    ['get-by-status', '/raw-files/get-by-status', { maxPages: TOO_BIG }, 'maxPages'],
  ])('%s: %j', async (_label, path, body, field) => {
    expectRefused(await rest(server, 'POST', path, admin.token, body), field);
  });

  it.each([
    ['a NUL in a name', { name: NUL }, 'files.0.name'],
    ['a lone surrogate in a name', { name: SURROGATE }, 'files.0.name'],
    ['a lone surrogate in the error', { name: 'a.pdf', error: SURROGATE }, 'files.0.error'],
  ])('upload-log: %s', async (_label, file, path) => {
    const reply = await rest(server, 'POST', '/raw-files/upload-log', admin.token, {
      company_id: companyId,
      status: 'Uploaded',
      files: [file],
    });
    expectRefused(reply, path);
    expect(await written()).toEqual(NOTHING);
  });

  it('upload-log: a lone surrogate as a key of a file entry', async () => {
    const reply = await rest(server, 'POST', '/raw-files/upload-log', admin.token, {
      company_id: companyId,
      status: 'Uploaded',
      files: [{ name: 'a.pdf', [`x\ud800`]: 1 }],
    });
    expectRefused(reply, 'files.0');
    expect(await written()).toEqual(NOTHING);
  });

  it('a multipart file name with a NUL', async () => {
    const reply = await upload(
      `${server.url}/files/upload`,
      `${MARKER}\u0000.pdf`,
      FIXTURES.pdf,
      admin.token,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.error?.code).toBe('INVALID_INPUT');
    expect(await written()).toEqual(NOTHING);
  });

  it('/case/:caseId/company/:companyId: a company id that is not a UUID', async () => {
    const path = `/case/${randomUUID()}/company/not-a-uuid`;
    expectRefused(await rest(server, 'GET', path, admin.token), 'companyId');
    expectRefused(
      await rest(server, 'PATCH', path, admin.token, { data: { name: 'x' } }),
      'companyId',
    );
  });

  it('a path whose percent-encoding is not UTF-8 (a lone surrogate)', async () => {
    expectRefused(await rest(server, 'DELETE', '/raw-files/%ED%A0%80', admin.token), 'url');
  });

  it('a NUL in a query-string id', async () => {
    const reply = await rest(
      server,
      'GET',
      '/raw-files/rawFilesDetails?rawFileId=%00',
      admin.token,
    );
    expectRefused(reply, 'rawFileId');
  });
});

describe('GraphQL: malformed input is INVALID_INPUT, never a masked internal error', () => {
  const refusal = (result: Awaited<ReturnType<TestServer['gql']>>) => {
    expect(result.errors, JSON.stringify(result)).toHaveLength(1);
    const [error] = result.errors!;
    expect(error!.extensions?.code).toBe('INVALID_INPUT');
    return error!.extensions?.issues?.map((issue) => issue.path);
  };

  it('addProcessedFileLog: a NUL in a variable', async () => {
    const result = await server.gql(
      `mutation($id: ID!, $field: String!) {
        addProcessedFileLog(processed_file_id: $id, field: $field, action_type: "edit") { id } }`,
      { id: documentId, field: NUL },
      admin.token,
    );
    expect(refusal(result)).toEqual(['field']);
    expect(await written()).toEqual(NOTHING);
  });

  it('addProcessedFileLog: a NUL in an inline literal; a lone surrogate fails to parse', async () => {
    const mutation = (escape: string) =>
      server.gql(
        `mutation { addProcessedFileLog(processed_file_id: "${documentId}", field: "status",
          updated_value: "${MARKER}${escape}", action_type: "edit") { id } }`,
        {},
        admin.token,
      );
    expect(refusal(await mutation('\\u0000'))).toEqual(['updated_value']);
    const surrogate = await mutation('\\ud800');
    expect(surrogate.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(await written()).toEqual(NOTHING);
  });

  it('createRawFile: a NUL in a file name (paths as in REST: inside the input)', async () => {
    const result = await server.gql(
      `mutation($input: CreateRawFileInput!) { createRawFile(input: $input) { index } }`,
      { input: { company_id: companyId, files: [fileItem({ name: NUL })] } },
      admin.token,
    );
    expect(refusal(result)).toEqual(['files.0.name']);
    expect(await written()).toEqual(NOTHING);
  });

  it('rawFiles: a NUL in the search', async () => {
    const result = await server.gql(
      `query($s: String) { rawFiles(search: $s) { total } }`,
      { s: NUL },
      admin.token,
    );
    expect(refusal(result)).toEqual(['search']);
  });

  it('updateRawFilePageCount: 2^31 is not an Int (GraphQL refuses it before any resolver)', async () => {
    const result = await server.gql(
      `mutation($id: ID!, $n: Int!) { updateRawFilePageCount(id: $id, no_of_pages: $n) { id } }`,
      { id: randomUUID(), n: TOO_BIG },
      admin.token,
    );
    expect(result.errors?.[0]?.message).toMatch(/Int cannot represent/);
    expect(result.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  });
});

/** Every ID and String leaf of `value` (by the path to it), from the argument types. */
function textLeaves(
  type: GraphQLInputType,
  value: unknown,
  path: Array<string | number>,
): Array<{ path: Array<string | number>; kind: 'ID' | 'String' }> {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return textLeaves(inner.ofType, (value as unknown[])[0], [...path, 0]);
  if (isInputObjectType(inner))
    return Object.values(inner.getFields()).flatMap((f) =>
      textLeaves(f.type, (value as Record<string, unknown>)[f.name], [...path, f.name]),
    );
  const name = (inner as { name: string }).name;
  return name === 'ID' || name === 'String' ? [{ path, kind: name }] : [];
}

function spoiled(value: Record<string, unknown>, path: Array<string | number>, bad: unknown) {
  const copy = structuredClone(value);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = bad;
  return copy;
}

describe('GraphQL: every ID and String argument, malformed, is refused before it fails', () => {
  it('given a malformed id, a NUL or a lone surrogate in any one argument, then a clear error and no failure logged', async () => {
    const probe = await server.signUpCompany({ is_legal: true });
    const logged = log.length;
    const schema = serverSchema();
    const internal: string[] = [];
    let sent = 0;
    for (const root of ['Query', 'Mutation'] as const) {
      for (const field of Object.values(rootType(schema, root)?.getFields() ?? {})) {
        if (field.args.length === 0) continue;
        const { query: text, variables: args } = minimalOperation(`${root}.${field.name}`, schema, {
          id: probe.company.id,
          everyField: true,
        });
        const leaves = field.args.flatMap((arg) =>
          textLeaves(arg.type, args[arg.name], [arg.name]),
        );
        for (const leaf of leaves) {
          const bads = leaf.kind === 'ID' ? ['not-a-uuid', 'x\u0000'] : ['x\u0000', '\ud800'];
          for (const bad of bads) {
            const result = await server.gql(text, spoiled(args, leaf.path, bad), probe.admin.token);
            sent += 1;
            if (result.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR'))
              internal.push(`${field.name} ${leaf.path.join('.')}=${JSON.stringify(bad)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(internal).toEqual([]);
    // An unexpected failure (answered with the operation's "Failed to ..." message, or a database
    // error caught by the safety net) is logged at level error: validation missed the value.
    const done = logLine('probe: every argument sent');
    server.app.log.info('probe: every argument sent');
    await done;
    const failures = log
      .slice(logged)
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.includes('"level":50'))
      .map((line) => {
        const entry = JSON.parse(line) as {
          msg: string;
          operation?: string;
          err?: { code?: string };
        };
        return `${entry.msg} ${entry.operation ?? ''} ${entry.err?.code ?? ''}`;
      });
    expect(failures).toEqual([]);
  });
});

describe('the log', () => {
  it('given a statement that fails on a value, then the log has its SQLSTATE but not the value', async () => {
    const failure = await server.db.execute(sql`select ${`${MARKER}-bound`}::uuid`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const written = logLine('probe: a failed statement');
    server.app.log.error({ err: failure }, 'probe: a failed statement');
    const line = await written;
    expect(line).toContain('22P02');
    expect(line).not.toContain(`${MARKER}-bound`);
    expect(line).not.toContain('select');
  });

  it('given every refused request above, then no sent value reached the log', () => {
    expect(log.length).toBeGreaterThan(0);
    expect(log.filter((line) => line.includes(MARKER))).toEqual([]);
  });
});
