/**
 * The raw-file lists' content search (includeContentSearch: name or any document's text), bounded
 * like the document center's (issue 13), against real PostgreSQL with tiny limits so every branch
 * runs on a few raw files: candidates from the full-text index when they are few (an exact
 * condition), a bounded walk of the list's order when they are not. Each answer is compared with
 * the plain SQL truth (every raw file checked: its name, and each live document with the exact
 * query): the raw files shown are exactly the right ones in the right order, and a total is
 * marked capped whenever raw files were left unchecked.
 */
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { legalProcessedFile as doc } from '../../src/server/db/schemaPipeline';
import { hasDocument } from '../../src/server/domains/raw-files/documentFilters';
import { containsPattern, createRawFileQueries } from '../../src/server/domains/raw-files/queries';
import { rawFileListQuerySchema } from '../../src/shared/raw-files/schemas';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments, seedRawFile } from './fixtures/documents';
import { rest } from './fixtures/raw-files';

let server: TestServer;
let companyId: string;
let admin: TestUser;
const LIMITS = { cap: 3, checkCap: 3, walkExtra: 3 };

/**
 * Newest first: r01 is the newest. The phrase's words are in most raw files' documents, the phrase
 * itself in a few; r09's only phrase document is deleted; r10 matches "thompson" by name only.
 */
const FILES: Array<[string, Array<{ content: string; is_deleted?: boolean }>]> = [
  ['r01', [{ content: 'the evaluator was medical and qualified' }]],
  ['r02', [{ content: 'lumbar spine' }, { content: 'report of the qualified medical evaluator' }]],
  ['r03', [{ content: 'medical records' }, { content: 'evaluator qualified' }]],
  ['r04', [{ content: 'qualified medical evaluator report, Thompson lumbar' }]],
  ['r05', [{ content: 'evaluator medical qualified lumbar' }]],
  ['r06', [{ content: 'nothing here' }, { content: 'qualified medical evaluator again' }]],
  ['r07', [{ content: 'medical evaluator qualified knee' }]],
  ['r08', [{ content: 'qualified medical evaluator, Thompson, final' }]],
  ['r09', [{ content: 'qualified medical evaluator Thompson', is_deleted: true }]],
  ['r10-thompson-notes', []],
];
const keyOf = new Map<string, string>();

/** The truth: every raw file of the company checked (name or a live document), in this order. */
async function truth(text: string, order: 'asc' | 'desc' = 'desc'): Promise<string[]> {
  const direction = order === 'asc' ? asc : desc;
  const rows = await server.db
    .select({ id: rawFile.id })
    .from(rawFile)
    .where(
      and(
        eq(rawFile.company_id, companyId),
        or(
          ilike(rawFile.name, containsPattern(text)),
          hasDocument(sql`${doc.search_vector} @@ websearch_to_tsquery('english', ${text})`),
        ),
      ),
    )
    .orderBy(direction(rawFile.created_at), direction(rawFile.id));
  return rows.map((row) => keyOf.get(row.id)!);
}

async function search(text: string, extra: Record<string, unknown> = {}) {
  const page = await createRawFileQueries(server.db, LIMITS).list(
    [companyId],
    rawFileListQuerySchema.parse({ searchQuery: text, includeContentSearch: true, ...extra }),
  );
  return {
    keys: page.rows.map((row) => keyOf.get(row.id)!),
    total: page.total,
    total_capped: page.total_capped,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const signed = await server.signUpCompany({ name: 'Bounded Raw Search LLP', is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
  const base = Date.parse('2026-06-01T00:00:00Z');
  for (const [i, [key, docs]] of FILES.entries()) {
    const id = await seedRawFile(server, companyId, {
      name: `${key}.pdf`,
      createdAt: new Date(base - i * 60_000),
    });
    keyOf.set(id, key);
    if (docs.length > 0) await seedDocuments(server, companyId, docs, id);
  }
});

afterAll(async () => {
  await server?.close();
});

describe('raw-file content search, bounded', () => {
  it('given a phrase whose words are in more documents than the cap, then the newest raw files are walked and the page holds exactly the first matches, total capped', async () => {
    const phrase = '"qualified medical evaluator"';
    expect(await truth(phrase)).toEqual(['r02', 'r04', 'r06', 'r08']);
    // Page 1: the walk covers page size 2 + 3 = 5 raw files (r01..r05): two matches.
    const first = await search(phrase, { pageSize: 2 });
    expect(first).toEqual({ keys: ['r02', 'r04'], total: 2, total_capped: true });
    // Page 2: the walk covers 7 raw files; r06 is the third match, r08 was not reached.
    const second = await search(phrase, { page: 2, pageSize: 2 });
    expect(second).toEqual({ keys: ['r06'], total: 3, total_capped: true });
  });

  it('given a walk that reaches every raw file, then the answer is exact and not capped', async () => {
    const phrase = '"qualified medical evaluator"';
    expect(await search(phrase, { pageSize: 20 })).toEqual({
      keys: await truth(phrase),
      total: 4,
      total_capped: false,
    });
  });

  it('given the walk in another order, then it follows the list order (oldest first)', async () => {
    const phrase = '"qualified medical evaluator"';
    const oldest = await truth(phrase, 'asc');
    const page = await search(phrase, { pageSize: 1, sortOrder: 'asc' });
    // Oldest first the walk covers r10, r09, r08, r07: r08 is the first match.
    expect(page).toEqual({ keys: oldest.slice(0, 1), total: 1, total_capped: true });
    expect(page.keys).toEqual(['r08']);
  });

  it('given few candidates, then they are all checked: exact total, a name match included, a deleted document not', async () => {
    const text = '"qualified medical evaluator" Thompson';
    expect(await truth(text)).toEqual(['r04', 'r08']);
    expect(await search(text, { pageSize: 1 })).toEqual({
      keys: ['r04'],
      total: 2,
      total_capped: false,
    });
    expect(await truth('thompson')).toEqual(['r04', 'r08', 'r10-thompson-notes']);
    expect(await search('thompson')).toEqual({
      keys: ['r04', 'r08', 'r10-thompson-notes'],
      total: 3,
      total_capped: false,
    });
  });

  it('given exclusions only (nothing the index can look up), then the walk checks raw files in order', async () => {
    const text = '-lumbar';
    const bounded = await search(text, { pageSize: 2 });
    expect(bounded.keys).toEqual((await truth(text)).slice(0, 2));
    expect(bounded.total_capped).toBe(true);
    const all = await search(text, { pageSize: 50 });
    expect(all).toEqual({ keys: await truth(text), total: all.keys.length, total_capped: false });
  });

  it('given only stop words, then only names are matched, exactly', async () => {
    expect(await search('the')).toEqual({
      keys: await truth('the'),
      total: 0,
      total_capped: false,
    });
    expect(await search('notes')).toMatchObject({
      keys: ['r10-thompson-notes'],
      total_capped: false,
    });
  });

  it('given the REST list and GraphQL with the default limits, then the phrase is answered exactly and total_capped says so', async () => {
    const phrase = '"qualified medical evaluator"';
    const reply = await rest<{
      rawFiles: Array<{ id: string }>;
      total: number;
      total_capped: boolean;
    }>(server, 'POST', '/raw-files/getRawFiles', admin.token, {
      companyIds: [companyId],
      searchQuery: phrase,
      includeContentSearch: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ total: 4, total_capped: false });
    expect(reply.body.data?.rawFiles.map((row) => keyOf.get(row.id))).toEqual(await truth(phrase));
    const answer = await server.gql<{ rawFiles: { total: number; total_capped: boolean } }>(
      'query($c: ID!, $s: String!) { rawFiles(company_id: $c, search: $s, includeContentSearch: true) { total total_capped } }',
      { c: companyId, s: phrase },
      admin.token,
    );
    expect(answer.data?.rawFiles).toEqual({ total: 4, total_capped: false });
  });
});
