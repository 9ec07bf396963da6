/**
 * Content search bounded by design (issue 13), against real PostgreSQL with a tiny cap so every
 * branch runs on a few documents: candidates from the full-text index when they are few, a
 * bounded walk of the list's order when they are not. Each answer is compared with the plain SQL
 * truth (every document checked with the exact query): the matches shown are exactly the right
 * ones in the right order, and a total is marked capped whenever rows were left unchecked.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalProcessedFile as doc } from '../../src/server/db/schemaPipeline';
import { createProcessedFileListService } from '../../src/server/domains/document-center/service';
import { createProcessedFileQueries } from '../../src/server/domains/document-center/queries';
import { createSearchQueries } from '../../src/server/domains/document-center/searchQueries';
import { createRawFileQueries } from '../../src/server/domains/raw-files/queries';
import type { Viewer } from '../../src/server/permissions';
import { startTestServer, type TestServer } from '../support/server';
import { seedDocuments } from './fixtures/documents';

let server: TestServer;
let companyId: string;
let viewer: Viewer;
const CAP = 3;

/** Newest first: d01 is the newest. Words of the phrase everywhere, the phrase in a few. */
const TEXTS: Array<[string, string]> = [
  ['d01', 'the evaluator was medical and qualified, said Thompson'],
  ['d02', 'report of the qualified medical evaluator for Garcia'],
  ['d03', 'medical records; evaluator qualified'],
  ['d04', 'qualified medical evaluator report, Thompson lumbar'],
  ['d05', 'evaluator medical qualified lumbar'],
  ['d06', 'qualified medical evaluator again'],
  ['d07', 'medical evaluator qualified knee'],
  ['d08', 'evaluator qualified medical'],
  ['d09', 'qualified medical evaluator, Thompson, final'],
  ['d10', 'lumbar spine only'],
];
const keyOf = new Map<string, string>();

function service(rankCap = CAP) {
  return createProcessedFileListService(
    { ...createProcessedFileQueries(server.db), ...createSearchQueries(server.db) },
    createRawFileQueries(server.db),
    { rankCap, checkCap: rankCap },
  );
}

/** The truth: every center document of the company checked with the exact query, newest first. */
async function truth(search: string): Promise<string[]> {
  const rows = await server.db
    .select({ id: doc.id })
    .from(doc)
    .where(
      and(
        eq(doc.company_id, companyId),
        eq(doc.is_deleted, false),
        eq(doc.is_exception, false),
        sql`${doc.search_vector} @@ websearch_to_tsquery('english', ${search})`,
      ),
    )
    .orderBy(desc(doc.created_at), desc(doc.id));
  return rows.map((row) => keyOf.get(row.id)!);
}

async function search(text: string, extra: Record<string, unknown> = {}, rankCap = CAP) {
  const page = await service(rankCap).list(viewer, {
    company_id: companyId,
    sort_by: 'created_at',
    filters: { search: text, include_content_search: true },
    ...extra,
  });
  return { ...page, keys: page.items.map((item) => keyOf.get(item.id)!) };
}

beforeAll(async () => {
  server = await startTestServer();
  const signed = await server.signUpCompany({ name: 'Bounded Search LLP', is_legal: true });
  companyId = signed.company.id;
  viewer = { companyIds: [companyId], managedCompanyIds: [] } as unknown as Viewer;
  const base = Date.parse('2026-06-01T00:00:00Z');
  const ids = await seedDocuments(
    server,
    companyId,
    TEXTS.map(([key, content], i) => ({
      name: `doc ${key}`,
      content,
      created_at: new Date(base - i * 60_000),
    })),
  );
  TEXTS.forEach(([key], i) => keyOf.set(ids[i]!, key));
});

afterAll(async () => {
  await server?.close();
});

describe('content search, bounded', () => {
  it('given a phrase whose words are in more documents than the cap, then the newest rows are walked and the page holds exactly the first matches, total capped', async () => {
    const phrase = '"qualified medical evaluator"';
    expect(await truth(phrase)).toEqual(['d02', 'd04', 'd06', 'd09']);
    // Page 1 of 2: the walk covers cap + 2 = 5 rows (d01..d05): two matches, a full page.
    const first = await search(phrase, { page_size: 2 });
    expect(first).toMatchObject({ keys: ['d02', 'd04'], total: 2, total_capped: true });
    // Page 2: the walk covers 7 rows, d06 is the third match; d09 was not reached.
    const second = await search(phrase, { page: 2, page_size: 2 });
    expect(second).toMatchObject({ keys: ['d06'], total: 3, total_capped: true });
  });

  it('given a walk that reaches every document, then the answer is exact and not capped', async () => {
    const phrase = '"qualified medical evaluator"';
    const all = await search(phrase, { page_size: 20 });
    expect(all).toMatchObject({ keys: await truth(phrase), total: 4, total_capped: false });
  });

  it('given a phrase with a rare word, then its few candidates are all checked: exact total, ranked by relevance', async () => {
    const text = '"qualified medical evaluator" Thompson';
    expect(await truth(text)).toEqual(['d04', 'd09']);
    const byDate = await search(text, { page_size: 1 });
    expect(byDate).toMatchObject({ keys: ['d04'], total: 2, total_capped: false });
    const ranked = await service().list(viewer, {
      company_id: companyId,
      filters: { search: text, include_content_search: true },
    });
    expect(ranked.total).toBe(2);
    expect(ranked.items.every((item) => (item.rank ?? 0) > 0)).toBe(true);
  });

  it('given a phrase no document holds, whose words are everywhere, then no rows and an honest capped zero', async () => {
    expect(await truth('"medical qualified evaluator"')).toEqual([]);
    expect(await search('"medical qualified evaluator"', { page_size: 2 })).toMatchObject({
      keys: [],
      total: 0,
      total_capped: true,
    });
  });

  it('given a plain word in more documents than the cap, then the walk still checks every walked row', async () => {
    // Oldest first: d10 (no "medical") is walked first and must not be shown.
    const oldest = (await truth('medical')).reverse();
    const page = await search('medical', { sort_order: 'asc', page_size: 2 });
    expect(page).toMatchObject({ keys: oldest.slice(0, 2), total_capped: true });
    expect(page.keys).not.toContain('d10');
  });

  it('given exclusions only (nothing the index can look up), then the walk checks rows in order', async () => {
    const text = '-lumbar';
    const bounded = await search(text, { page_size: 2 });
    expect(bounded.keys).toEqual((await truth(text)).slice(0, 2));
    expect(bounded.total_capped).toBe(true);
    expect((await search(text, { page_size: 20 })).keys).toEqual(await truth(text));
  });

  it('given any of these searches with a cap above the candidates, then the answer equals the SQL truth', async () => {
    for (const text of [
      '"qualified medical evaluator"',
      'qualified evaluator -Thompson',
      '"medical evaluator" or lumbar',
      'the',
    ]) {
      const page = await search(text, { page_size: 20 }, 1_000);
      expect(page.keys, text).toEqual(await truth(text));
      expect(page.total_capped, text).toBe(false);
    }
  });

  it('given tab counts of a broad phrase, then they count the walked matches and say capped', async () => {
    const counts = await service().centerCounts(viewer, {
      company_id: companyId,
      filters: { search: '"qualified medical evaluator"', include_content_search: true },
    });
    // The newest cap (3) rows: d01..d03, one match (d02).
    expect(counts).toMatchObject({ all: 1, no_file_type: 1, capped: true });
  });
});
