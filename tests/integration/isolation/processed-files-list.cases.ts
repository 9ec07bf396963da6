/**
 * Isolation cases of the document center's list and counts, the review queue and its REST routes:
 * a user of company B (or B's provider manager) asking about company A gets exactly what a missing
 * company gives (an empty page, zeros), while A's own admin sees A's documents.
 */
import { expect } from 'vitest';
import { seedDocuments } from '../fixtures/documents';
import { rest } from '../fixtures/raw-files';
import type { IsolationContext, IsolationModule } from './context';

const TAG = 'isolationlistdoc';

const LIST = `query($id: ID!) { processedFiles(company_id: $id, filters: { file_name: "${TAG}" }) { total total_capped items { id name } } }`;
const COUNTS =
  'query($id: ID!) { documentCenterCounts(company_id: $id) { all no_file_type capped folders { count folder { id } } } }';
const QUEUE = `query($id: ID!) { reviewQueue(company_id: $id, filters: { file_name: "${TAG}" }) { total items { id name } } }`;
const REVIEW_COUNTS =
  'query($id: ID!) { reviewCounts(company_id: $id) { all no_file_type multi_case needs_case_number } }';

/** A's own view of a query (shows the data B must not see exists). */
async function asA<T>(c: IsolationContext, query: string): Promise<T> {
  const r = await c.server.gql<T>(query, { id: c.companyA }, c.adminA.token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}

export const setup: IsolationModule['setup'] = async (c) => {
  await seedDocuments(c.server, c.companyA, [
    { name: `${TAG} center`, content: 'isolation secret text' },
    { name: `${TAG} exception`, exception_reasons: ['multi_case'] },
  ]);
};

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.processedFiles': async () => {
    const c = ctx();
    const mine = await asA<{ processedFiles: { total: number } }>(c, LIST);
    expect(mine.processedFiles.total).toBe(1);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(LIST, (id) => ({ id }), c.companyA, token);
      expect(r.data).toEqual({ processedFiles: { total: 0, total_capped: false, items: [] } });
    }
  },
  'Query.documentCenterCounts': async () => {
    const c = ctx();
    const mine = await asA<{ documentCenterCounts: { all: number } }>(c, COUNTS);
    expect(mine.documentCenterCounts.all).toBeGreaterThan(0);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(COUNTS, (id) => ({ id }), c.companyA, token);
      expect(r.data).toEqual({
        documentCenterCounts: { all: 0, no_file_type: 0, capped: false, folders: [] },
      });
    }
  },
  'Query.reviewQueue': async () => {
    const c = ctx();
    const mine = await asA<{ reviewQueue: { total: number } }>(c, QUEUE);
    expect(mine.reviewQueue.total).toBe(1);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(QUEUE, (id) => ({ id }), c.companyA, token);
      expect(r.data).toEqual({ reviewQueue: { total: 0, items: [] } });
    }
  },
  'Query.reviewCounts': async () => {
    const c = ctx();
    const mine = await asA<{ reviewCounts: { all: number } }>(c, REVIEW_COUNTS);
    expect(mine.reviewCounts.all).toBeGreaterThan(0);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(REVIEW_COUNTS, (id) => ({ id }), c.companyA, token);
      expect(r.data).toEqual({
        reviewCounts: { all: 0, no_file_type: 0, multi_case: 0, needs_case_number: 0 },
      });
    }
  },
  'GET /raw-files/review-processed-files-count': async () => {
    const c = ctx();
    const path = (id: string) => `/raw-files/review-processed-files-count?company_id=${id}`;
    const mine = await rest<{ count: number }>(c.server, 'GET', path(c.companyA), c.adminA.token);
    expect(mine.body.data?.count).toBeGreaterThan(0);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.restSameAsMissing('GET', path, () => undefined, c.companyA, token);
      expect((r as { body: unknown }).body).toEqual({ data: { count: 0 } });
    }
  },
  'GET /raw-files/processed-files-count': async () => {
    const c = ctx();
    const path = (id: string) =>
      `/raw-files/processed-files-count?company_id=${id}&file_name=${TAG}`;
    const mine = await rest<{ count: number }>(c.server, 'GET', path(c.companyA), c.adminA.token);
    expect(mine.body.data?.count).toBe(1);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.restSameAsMissing('GET', path, () => undefined, c.companyA, token);
      expect((r as { body: unknown }).body).toEqual({ data: { count: 0, capped: false } });
    }
  },
  'GET /raw-files/need-reviews': async () => {
    const c = ctx();
    const path = (id: string) => `/raw-files/need-reviews?company_ids=${id}`;
    const mine = await rest<{ total: number }>(c.server, 'GET', path(c.companyA), c.adminA.token);
    expect(mine.body.data?.total).toBeGreaterThan(0);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.restSameAsMissing('GET', path, () => undefined, c.companyA, token);
      expect((r as { body: unknown }).body).toEqual({
        data: { total: 0, total_capped: false, rawFiles: [] },
      });
    }
  },
  'POST /raw-files/get-by-status': async () => {
    const c = ctx();
    const body = (id: string) => ({
      companyIds: [id],
      searchQuery: 'isolation secret',
      includeContentSearch: true,
    });
    const mine = await rest<{ total: number }>(
      c.server,
      'POST',
      '/raw-files/get-by-status?statusType=all',
      c.adminA.token,
      body(c.companyA),
    );
    expect(mine.body.data?.total).toBe(1);
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.restSameAsMissing(
        'POST',
        () => '/raw-files/get-by-status?statusType=all',
        body,
        c.companyA,
        token,
      );
      expect((r as { body: unknown }).body).toEqual({
        data: { total: 0, total_capped: false, rawFiles: [] },
      });
    }
  },
});
