/**
 * Isolation cases of one processed file (read, edit, re-split, review, delete/restore, logs,
 * column configuration, extracted values, its REST details and notifications): a user of
 * company B (or B's provider manager) gets nothing of company A's documents and changes nothing;
 * every answer equals the answer about an id that does not exist.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  legalExtractedDataForProcessedFile,
  legalProcessedFile,
  legalProcessedFileLog,
} from '../../../src/server/db/schemaPipeline';
import { seedDocuments } from '../fixtures/documents';
import { rest } from '../fixtures/raw-files';
import type { IsolationContext, IsolationModule } from './context';

let documentOfA = '';
let deletedOfA = '';
let valueOfA = '';

const errorOf = (r: { errors?: unknown }) => {
  const [first] = (r.errors ?? []) as Array<{ message: string; extensions?: { code?: string } }>;
  return { code: first?.extensions?.code, message: first?.message };
};

/** What A's document looks like to A (to show B's attempts changed nothing). */
async function stateOfA(c: IsolationContext) {
  const [row] = await c.server.db
    .select()
    .from(legalProcessedFile)
    .where(eq(legalProcessedFile.id, documentOfA));
  const logs = await c.server.db
    .select()
    .from(legalProcessedFileLog)
    .where(eq(legalProcessedFileLog.processed_file_id, documentOfA));
  const [value] = await c.server.db
    .select()
    .from(legalExtractedDataForProcessedFile)
    .where(eq(legalExtractedDataForProcessedFile.id, valueOfA));
  return {
    name: row?.name,
    version: row?.version,
    reviewed_at: row?.reviewed_at,
    is_deleted: row?.is_deleted,
    logs: logs.length,
    value: value?.extracted_value,
    crm: value?.is_saved_in_crm,
  };
}

async function configOfA(c: IsolationContext) {
  const r = await c.server.gql<{ columnConfiguration: unknown }>(
    'query($c: ID!) { columnConfiguration(company_id: $c, table: "document_center") { columns { key visible } } }',
    { c: c.companyA },
    c.adminA.token,
  );
  return r.data?.columnConfiguration;
}

export const setup: IsolationModule['setup'] = async (c) => {
  const ids = await seedDocuments(c.server, c.companyA, [
    { name: 'Secret QME', exception_reasons: ['no_file_type'] },
    { name: 'Deleted one', is_deleted: true, deleted_at: new Date() },
  ]);
  documentOfA = ids[0]!;
  deletedOfA = ids[1]!;
  const [value] = await c.server.db
    .insert(legalExtractedDataForProcessedFile)
    .values({ processed_file_id: documentOfA, data_field: 'employer', extracted_value: 'Acme' })
    .returning();
  valueOfA = value!.id;
  const saved = await c.server.gql(
    'mutation($c: ID!) { saveColumnConfiguration(company_id: $c, table: "document_center", columns: [{ key: "name", visible: true }]) { id } }',
    { c: c.companyA },
    c.adminA.token,
  );
  expect(saved.errors).toBeUndefined();
};

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Query.processedFile': async () => {
    const c = ctx();
    // The defendants list is one of the document's fields: B gets none of it either.
    const q = 'query($id: ID!) { processedFile(id: $id) { id name defendants } }';
    const r = await c.sameAsMissing(q, (id) => ({ id }), documentOfA);
    expect(r).toEqual({ data: { processedFile: null } });
    await c.sameAsMissing(q, (id) => ({ id }), documentOfA, c.managerOfB.token);
    const own = await c.server.gql<{ processedFile: { name: string; defendants: string[] } }>(
      q,
      { id: documentOfA },
      c.adminA.token,
    );
    expect(own.data?.processedFile.name).toBe('Secret QME');
    expect(own.data?.processedFile.defendants).toEqual(expect.any(Array));
  },
  'Query.processedFileLogs': async () => {
    const c = ctx();
    const q = 'query($id: ID!) { processedFileLogs(processed_file_id: $id) { id } }';
    expect((await c.sameAsMissing(q, (id) => ({ id }), documentOfA)).data).toEqual({
      processedFileLogs: [],
    });
  },
  'Query.adminFileChangeLogs': async () => {
    const c = ctx();
    const q = 'query($id: ID!) { adminFileChangeLogs(processed_file_id: $id) { id } }';
    expect((await c.sameAsMissing(q, (id) => ({ id }), documentOfA)).data).toEqual({
      adminFileChangeLogs: [],
    });
  },
  'Query.columnConfiguration': async () => {
    const c = ctx();
    const q =
      'query($id: ID!) { columnConfiguration(company_id: $id, table: "document_center") { id } }';
    expect((await c.sameAsMissing(q, (id) => ({ id }), c.companyA)).data).toEqual({
      columnConfiguration: null,
    });
    await c.sameAsMissing(q, (id) => ({ id }), c.companyA, c.managerOfB.token);
    expect(await configOfA(c)).toEqual({ columns: [{ key: 'name', visible: true }] });
  },
  'Query.legalFileTypes': async () => {
    const c = ctx();
    const q = 'query($id: ID!) { legalFileTypes(company_id: $id) { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), c.companyA)).code).toBe('NO_COMPANY');
    await c.sameAsMissing(q, (id) => ({ id }), c.companyA, c.managerOfB.token);
  },
  'Mutation.updateProcessedFile': async () => {
    const c = ctx();
    const before = await stateOfA(c);
    const q =
      'mutation($id: ID!) { updateProcessedFile(id: $id, changes: { name: "Taken over", start_page_no: 1 }) { saved } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), documentOfA)).code).toBe('NOT_FOUND');
    await c.sameAsMissing(q, (id) => ({ id }), documentOfA, c.managerOfB.token);
    expect(await stateOfA(c)).toEqual(before);
  },
  'Mutation.markProcessedFileReviewed': async () => {
    const c = ctx();
    const before = await stateOfA(c);
    const q = 'mutation($id: ID!) { markProcessedFileReviewed(id: $id) { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), documentOfA)).code).toBe('NOT_FOUND');
    expect(await stateOfA(c)).toEqual(before);
    expect(before.reviewed_at).toBeNull();
  },
  'Mutation.deleteProcessedFile': async () => {
    const c = ctx();
    const before = await stateOfA(c);
    const q = 'mutation($id: ID!) { deleteProcessedFile(id: $id) { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), documentOfA)).code).toBe('NOT_FOUND');
    await c.sameAsMissing(q, (id) => ({ id }), documentOfA, c.managerOfB.token);
    expect(await stateOfA(c)).toEqual(before);
    expect(before.is_deleted).toBe(false);
  },
  'Mutation.bulkProcessedFiles': async () => {
    const c = ctx();
    const before = await stateOfA(c);
    for (const action of ['mark_reviewed', 'delete']) {
      const q = `mutation($id: ID!) { bulkProcessedFiles(input: { action: "${action}", ids: [$id] }) { ids } }`;
      // A batch naming a document the caller cannot see is refused whole, naming that id's place.
      const refused = await c.sameAsMissing(q, (id) => ({ id }), documentOfA);
      expect(refused.errors).toBeDefined();
      await c.sameAsMissing(q, (id) => ({ id }), documentOfA, c.managerOfB.token);
    }
    expect(await stateOfA(c)).toEqual(before);
  },
  'Mutation.restoreProcessedFile': async () => {
    const c = ctx();
    const q = 'mutation($id: ID!) { restoreProcessedFile(id: $id) { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), deletedOfA)).code).toBe('NOT_FOUND');
    const [row] = await c.server.db
      .select({ is_deleted: legalProcessedFile.is_deleted })
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.id, deletedOfA));
    expect(row?.is_deleted).toBe(true);
  },
  'Mutation.addProcessedFileLog': async () => {
    const c = ctx();
    const before = await stateOfA(c);
    const q =
      'mutation($id: ID!) { addProcessedFileLog(processed_file_id: $id, field: "f", action_type: "x") { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), documentOfA)).code).toBe('NOT_FOUND');
    expect(await stateOfA(c)).toEqual(before);
  },
  'Mutation.saveColumnConfiguration': async () => {
    const c = ctx();
    const q =
      'mutation($id: ID!) { saveColumnConfiguration(company_id: $id, table: "document_center", columns: [{ key: "applicant", visible: true }]) { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), c.companyA)).code).toBe('NO_COMPANY');
    await c.sameAsMissing(q, (id) => ({ id }), c.companyA, c.managerOfB.token);
    expect(await configOfA(c)).toEqual({ columns: [{ key: 'name', visible: true }] });
  },
  'Mutation.saveExtractedData': async () => {
    const c = ctx();
    const before = await stateOfA(c);
    const q =
      'mutation($id: ID!) { saveExtractedData(processed_file_id: $id, values: [{ data_field: "employer", extracted_value: "pwned" }]) { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), documentOfA)).code).toBe('NOT_FOUND');
    expect(await stateOfA(c)).toEqual(before);
  },
  'Mutation.updateExtractedData': async () => {
    const c = ctx();
    const before = await stateOfA(c);
    const q =
      'mutation($id: ID!) { updateExtractedData(id: $id, extracted_value: "pwned", is_saved_in_crm: true) { id } }';
    expect(errorOf(await c.sameAsMissing(q, (id) => ({ id }), valueOfA)).code).toBe('NOT_FOUND');
    await c.sameAsMissing(q, (id) => ({ id }), valueOfA, c.managerOfB.token);
    expect(await stateOfA(c)).toEqual(before);
    expect(before.value).toBe('Acme');
  },
  'GET /processed-legal-file/:id': async () => {
    const c = ctx();
    const r = await c.restSameAsMissing(
      'GET',
      (id) => `/processed-legal-file/${id}`,
      () => undefined,
      documentOfA,
    );
    expect(r).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    await c.restSameAsMissing(
      'GET',
      (id) => `/processed-legal-file/${id}`,
      () => undefined,
      documentOfA,
      c.managerOfB.token,
    );
    const own = await rest<{ name: string }>(
      c.server,
      'GET',
      `/processed-legal-file/${documentOfA}`,
      c.adminA.token,
    );
    expect(own.body.data?.name).toBe('Secret QME');
  },
  'GET /raw-files/processed-files-notifications/:processFileId': async () => {
    const c = ctx();
    const r = await c.restSameAsMissing(
      'GET',
      (id) => `/raw-files/processed-files-notifications/${id}`,
      () => undefined,
      documentOfA,
    );
    expect(r).toMatchObject({ status: 404 });
  },
});
