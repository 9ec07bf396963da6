/**
 * Tenant isolation of cases: company A has a case linked to a document of a raw file of A; B's admin
 * and B's provider manager get nothing of it through GraphQL or REST, cannot change, delete or
 * overwrite it (by create or import), and A's ids answer exactly like missing ones.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { rawFile } from '../../../src/server/db/schema';
import { legalProcessedFile } from '../../../src/server/db/schemaPipeline';
import { rest } from '../fixtures/raw-files';
import { MISSING, type IsolationContext, type IsolationModule } from './context';

const CASE_NUMBER = 'ISO-A-0001';
let caseOfA = '';
let rawFileOfA = '';

const CASE = 'id case_number name client_name eams_number documents_count';

/** A's case as A's admin sees it (it must never change through B's requests). */
async function caseOfAAsA(ctx: IsolationContext) {
  const r = await ctx.server.gql<{ legalCase: Record<string, unknown> | null }>(
    `query($id: ID!) { legalCase(id: $id) { ${CASE} } }`,
    { id: caseOfA },
    ctx.adminA.token,
  );
  return r.data?.legalCase;
}

const EXPECTED = {
  case_number: CASE_NUMBER,
  name: 'Confidential v. Alpha',
  client_name: 'Secret Client',
  eams_number: 'ADJ6060606',
  documents_count: 1,
};

const errorCode = (r: { errors?: unknown }) =>
  (r.errors as Array<{ extensions?: { code?: string } }> | undefined)?.[0]?.extensions?.code;

export const setup: IsolationModule['setup'] = async (ctx) => {
  const r = await ctx.server.gql<{ createLegalCase: { id: string } }>(
    'mutation($c: ID!, $i: LegalCaseInput!) { createLegalCase(company_id: $c, input: $i) { id } }',
    {
      c: ctx.companyA,
      i: {
        case_number: CASE_NUMBER,
        name: EXPECTED.name,
        client_name: EXPECTED.client_name,
        eams_number: EXPECTED.eams_number,
      },
    },
    ctx.adminA.token,
  );
  caseOfA = r.data!.createLegalCase.id;
  // A raw file of its own (not the shared rawFileOfA), so other domains' cases see no documents.
  const [raw] = await ctx.server.db
    .insert(rawFile)
    .values({
      name: 'case-bundle.pdf',
      size: 1000,
      status: 'Processed',
      company_id: ctx.companyA,
      idempotency_key: randomUUID(),
    })
    .returning({ id: rawFile.id });
  rawFileOfA = raw!.id;
  await ctx.server.db.insert(legalProcessedFile).values({
    name: 'secret document',
    legal_raw_file_id: rawFileOfA,
    company_id: ctx.companyA,
    start_page_no: 1,
    end_page_no: 1,
    action_status: 'complete',
    legal_case_id: caseOfA,
    recommended_cases: [{ caseId: caseOfA, score: 0.9, reasons: ['adj_number'] }],
  });
};

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.legalCases': async () => {
    const c = ctx();
    const q =
      'query($ids: [ID!], $q: String) { legalCases(company_ids: $ids, query: $q) { total items { id } } }';
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.sameAsMissing(q, (id) => ({ ids: [id] }), c.companyA, token);
      expect(r.data).toEqual({ legalCases: { total: 0, items: [] } });
      const searched = await c.server.gql(q, { q: CASE_NUMBER }, token);
      expect(searched.data).toEqual({ legalCases: { total: 0, items: [] } });
    }
    expect(await caseOfAAsA(c)).toMatchObject(EXPECTED);
  },
  'Query.legalCase': async () => {
    const c = ctx();
    const q = 'query($id: ID!) { legalCase(id: $id) { id case_number } }';
    const r = await c.sameAsMissing(q, (id) => ({ id }), caseOfA);
    expect(r.data).toEqual({ legalCase: null });
    await c.sameAsMissing(q, (id) => ({ id }), caseOfA, c.managerOfB.token);
  },
  'Query.caseStats': async () => {
    const c = ctx();
    const q =
      'query($c: ID!) { caseStats(company_id: $c) { total with_documents added_last_30_days by_status { name count } by_type { name count } } }';
    const r = await c.sameAsMissing(q, (id) => ({ c: id }), c.companyA);
    expect(r.data).toEqual({
      caseStats: {
        total: 0,
        with_documents: 0,
        added_last_30_days: 0,
        by_status: [],
        by_type: [],
      },
    });
    await c.sameAsMissing(q, (id) => ({ c: id }), c.companyA, c.managerOfB.token);
  },
  'Mutation.createLegalCase': async () => {
    const c = ctx();
    const q =
      'mutation($c: ID!, $i: LegalCaseInput!) { createLegalCase(company_id: $c, input: $i) { id } }';
    const vars = (id: string) => ({ c: id, i: { case_number: CASE_NUMBER, name: 'Taken over' } });
    expect(errorCode(await c.sameAsMissing(q, vars, c.companyA))).toBe('NO_COMPANY');
    await c.sameAsMissing(q, vars, c.companyA, c.managerOfB.token);
    expect(await caseOfAAsA(c)).toMatchObject(EXPECTED);
  },
  'Mutation.updateLegalCase': async () => {
    const c = ctx();
    const q =
      'mutation($id: ID!, $i: LegalCaseInput!) { updateLegalCase(id: $id, input: $i) { id } }';
    const vars = (id: string) => ({ id, i: { name: 'Taken over', eams_number: 'ADJ1' } });
    expect(errorCode(await c.sameAsMissing(q, vars, caseOfA))).toBe('NOT_FOUND');
    await c.sameAsMissing(q, vars, caseOfA, c.managerOfB.token);
    // A bad input changes nothing about the answer either.
    await c.sameAsMissing(q, (id) => ({ id, i: { date_of_injury: 'never' } }), caseOfA);
    expect(await caseOfAAsA(c)).toMatchObject(EXPECTED);
  },
  'Mutation.deleteLegalCase': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { deleteLegalCase(id: $id) { id } }';
    expect(errorCode(await c.sameAsMissing(q, (id) => ({ id }), caseOfA))).toBe('NOT_FOUND');
    await c.sameAsMissing(q, (id) => ({ id }), caseOfA, c.managerOfB.token);
    expect(await caseOfAAsA(c)).toMatchObject(EXPECTED);
  },
  'Mutation.importLegalCases': async () => {
    const c = ctx();
    const q =
      'mutation($c: ID!, $csv: String!) { importLegalCases(company_id: $c, csv: $csv) { created updated } }';
    const vars = (id: string) => ({ c: id, csv: `case_number,name\n${CASE_NUMBER},Taken over\n` });
    expect(errorCode(await c.sameAsMissing(q, vars, c.companyA))).toBe('NO_COMPANY');
    await c.sameAsMissing(q, vars, c.companyA, c.managerOfB.token);
    expect(await caseOfAAsA(c)).toMatchObject(EXPECTED);
  },

  'POST /legal-cases': async () => {
    const c = ctx();
    const body = (id: string) => ({ query: CASE_NUMBER, filters: {}, companyIds: [id] });
    for (const token of [c.userB.token, c.managerOfB.token]) {
      const r = await c.restSameAsMissing(
        'POST',
        () => '/legal-cases?page=1&limit=3',
        body,
        c.companyA,
        token,
      );
      expect(r).toEqual({
        status: 200,
        body: {
          data: { legalCases: [], pagination: { page: 1, limit: 3, total: 0, totalPages: 0 } },
        },
      });
    }
  },
  'POST /legal-cases/get-stats': async () => {
    const c = ctx();
    const path = (id: string) => `/legal-cases/get-stats?companyId=${id}`;
    const r = await c.restSameAsMissing('POST', path, () => ({}), c.companyA);
    expect(r).toMatchObject({ status: 200, body: { data: { total: 0, with_documents: 0 } } });
    await c.restSameAsMissing('POST', path, () => ({}), c.companyA, c.managerOfB.token);
  },
  'POST /legal-cases/import': async () => {
    const c = ctx();
    const path = (id: string) => `/legal-cases/import?companyId=${id}`;
    const body = () => ({ csv: `case_number,name\n${CASE_NUMBER},Taken over\n` });
    const r = await c.restSameAsMissing('POST', path, body, c.companyA);
    expect(r).toMatchObject({ status: 404, body: { error: { code: 'NO_COMPANY' } } });
    await c.restSameAsMissing('POST', path, body, c.companyA, c.managerOfB.token);
    expect(await caseOfAAsA(c)).toMatchObject(EXPECTED);
  },
  'GET /case/:caseId/company/:companyId': async () => {
    const c = ctx();
    const r = await c.restSameAsMissing(
      'GET',
      (id) => `/case/${id}/company/${id === MISSING ? MISSING : c.companyA}`,
      () => undefined,
      caseOfA,
    );
    expect(r).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    // A's case under B's own company id is not found either.
    await c.restSameAsMissing(
      'GET',
      (id) => `/case/${id}/company/${c.companyB}`,
      () => undefined,
      caseOfA,
      c.managerOfB.token,
    );
  },
  'PATCH /case/:caseId/company/:companyId': async () => {
    const c = ctx();
    const body = () => ({ data: { name: 'Taken over', eams_number: 'ADJ1' } });
    const r = await c.restSameAsMissing(
      'PATCH',
      (id) => `/case/${id}/company/${id === MISSING ? MISSING : c.companyA}`,
      body,
      caseOfA,
    );
    expect(r).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    await c.restSameAsMissing(
      'PATCH',
      (id) => `/case/${id}/company/${c.companyB}`,
      body,
      caseOfA,
      c.managerOfB.token,
    );
    // Even a malformed body answers "not found" first.
    await c.restSameAsMissing(
      'PATCH',
      (id) => `/case/${id}/company/${c.companyA}`,
      () => ({ nonsense: true }),
      caseOfA,
    );
    expect(await caseOfAAsA(c)).toMatchObject(EXPECTED);
    const asA = await rest(
      c.server,
      'GET',
      `/case/${caseOfA}/company/${c.companyA}`,
      c.adminA.token,
    );
    expect(asA.status).toBe(200);
  },
  'GET /raw-files/legal-cases': async () => {
    const c = ctx();
    const path = (id: string) => `/raw-files/legal-cases?id=${id}`;
    const r = await c.restSameAsMissing('GET', path, () => undefined, rawFileOfA);
    expect(r).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    await c.restSameAsMissing('GET', path, () => undefined, rawFileOfA, c.managerOfB.token);
    const asA = await rest<Array<{ id: string }>>(
      c.server,
      'GET',
      path(rawFileOfA),
      c.adminA.token,
    );
    expect(asA.body.data?.map((item) => item.id)).toEqual([caseOfA]);
  },
});
