/**
 * The ProcessedFile type's related fields (its case, its extracted values) come from per-request
 * DataLoaders (src/server/loaders.ts, domains/documents/loaders.ts createRelatedLoaders): a
 * page of N documents asks for N cases and N value lists, and the database sees one statement per
 * kind. A loader lives for one request, so the next request reads again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalCase, legalExtractedDataForProcessedFile } from '../../src/server/db/schemaPipeline';
import { captureQueries, installQueryCapture } from '../bench/review/capture';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments } from './fixtures/documents';

const DOCUMENTS = 6;
const PAGE = `query($c: ID!) { processedFiles(company_id: $c, page_size: 100, sort_by: "name", sort_order: "asc") {
  items { name legal_case { id case_number } extracted_data { data_field extracted_value } } } }`;

interface Page {
  processedFiles: {
    items: Array<{
      name: string;
      legal_case: { id: string; case_number: string } | null;
      extracted_data: Array<{ data_field: string; extracted_value: string | null }>;
    }>;
  };
}

let server: TestServer;
let company: string;
let admin: TestUser;

beforeAll(async () => {
  installQueryCapture();
  server = await startTestServer();
  const signedUp = await server.signUpCompany({ name: 'Loader Co' });
  company = signedUp.company.id;
  admin = signedUp.admin;
  const numbers = Array.from({ length: DOCUMENTS }, (_, i) => `CASE-${i + 1}`);
  const cases = await server.db
    .insert(legalCase)
    .values(numbers.map((case_number) => ({ company_id: company, case_number })))
    .returning({ id: legalCase.id });
  const documents = await seedDocuments(
    server,
    company,
    cases.map((row, i) => ({ name: `doc ${i + 1}`, legal_case_id: row.id })),
  );
  await server.db.insert(legalExtractedDataForProcessedFile).values(
    documents.map((id, i) => ({
      processed_file_id: id,
      data_field: 'claim_number',
      extracted_value: `CL-${i + 1}`,
    })),
  );
});
afterAll(async () => server.close());

/** The statements one request sent that read `table`. */
async function readsOf(table: string, work: () => Promise<unknown>) {
  const { value, queries } = await captureQueries(work);
  const from = new RegExp(`from "${table}"`, 'i');
  return { value, reads: queries.filter((query) => from.test(query.text)) };
}

describe('related fields of a page of documents', () => {
  it('given a page of documents each with its own case and values, when their cases and values are asked, then each kind is one statement', async () => {
    const ask = () => server.gql<Page>(PAGE, { c: company }, admin.token);
    const cases = await readsOf('legal_case', ask);
    const page = cases.value as Awaited<ReturnType<typeof ask>>;
    expect(page.errors).toBeUndefined();
    const items = page.data!.processedFiles.items;
    expect(items).toHaveLength(DOCUMENTS);
    // Every document got its own case and its own values: the batch was answered key by key.
    expect(items.map((item) => item.legal_case?.case_number)).toEqual(
      items.map((_, i) => `CASE-${i + 1}`),
    );
    expect(items.map((item) => item.extracted_data.map((value) => value.extracted_value))).toEqual(
      items.map((_, i) => [`CL-${i + 1}`]),
    );
    expect(cases.reads).toHaveLength(1);

    const values = await readsOf('legal_extracted_data_for_processed_file', ask);
    expect(values.reads).toHaveLength(1);
  });

  it('given two requests, when each asks for the cases, then each reads them (nothing is cached across requests)', async () => {
    const ask = () => server.gql<Page>(PAGE, { c: company }, admin.token);
    const { reads } = await readsOf('legal_case', async () => {
      await ask();
      await ask();
    });
    expect(reads).toHaveLength(2);
  });
});
