/**
 * Data extraction settings (issue 18): a legal admin lists the fields (the shared catalogue and the
 * company's own), looks one up by name, creates a field (refused when the company already has
 * it), links a catalogue field, toggles one or all; and the pipeline extracts and stores exactly
 * the company's active fields. Another company's own fields are never seen.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataFieldPrompts,
  legalExtractedDataForProcessedFile,
  legalProcessedFile,
} from '../../src/server/db/schemaPipeline';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { settledRow } from './fixtures/pipeline-runs';
import { registerOne, tusClient } from './fixtures/raw-files';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let otherAdmin: TestUser;
let otherCompany: string;
let catalogueId: string;

const FIELDS = `query($c: ID!) { dataFieldPrompts(company_id: $c) {
  id data_field data_field_variable is_own company_field { id is_active } } }`;
const CREATE = `mutation($c: ID!, $n: String!, $v: String) {
  createDataFieldPrompt(company_id: $c, data_field: $n, data_field_variable: $v) {
    id data_field data_field_variable is_active } }`;
const TOGGLE =
  'mutation($id: ID!, $a: Boolean!) { toggleCompanyDataField(id: $id, is_active: $a) { id is_active } }';
const TOGGLE_ALL =
  'mutation($c: ID!, $a: Boolean!) { toggleAllCompanyDataFields(company_id: $c, is_active: $a) { data_field is_active } }';

type Field = {
  id: string;
  data_field: string;
  data_field_variable: string;
  is_own: boolean;
  company_field: { id: string; is_active: boolean } | null;
};

async function ok<T>(query: string, variables: Record<string, unknown>, token = admin.token) {
  const r = await server.gql<T>(query, variables, token);
  expect(r.errors).toBeUndefined();
  return r.data!;
}
const fields = async (c = companyId, token = admin.token) =>
  (await ok<{ dataFieldPrompts: Field[] }>(FIELDS, { c }, token)).dataFieldPrompts;

beforeAll(async () => {
  server = await startTestServer(
    { pipelineWorkers: 1 },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
  const firm = await server.signUpCompany({ name: 'Extraction Firm', is_legal: true });
  companyId = firm.company.id;
  admin = firm.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  const other = await server.signUpCompany({ name: 'Other Firm', is_legal: true });
  otherCompany = other.company.id;
  otherAdmin = other.admin;
  const [catalogue] = await server.db
    .insert(dataFieldPrompts)
    .values({ data_field: 'Insurance Carrier', data_field_variable: 'insurance_carrier' })
    .returning();
  catalogueId = catalogue!.id;
}, 120_000);
afterAll(async () => server.close());

describe('data extraction settings', () => {
  it('given a new field, then it is linked active; creating it again is refused; a catalogue field links', async () => {
    const created = (
      await ok<{
        createDataFieldPrompt: { id: string; data_field_variable: string; is_active: boolean };
      }>(CREATE, { c: companyId, n: 'Employer Name' })
    ).createDataFieldPrompt;
    expect(created).toMatchObject({ data_field_variable: 'employer_name', is_active: true });

    const again = await server.gql(CREATE, { c: companyId, n: 'employer name' }, admin.token);
    expect(again.errors?.[0]).toMatchObject({
      message: 'This data field already exists for the company.',
      extensions: { code: 'DATA_FIELD_EXISTS' },
    });
    const sameVariable = await server.gql(
      CREATE,
      { c: companyId, n: 'Employer', v: 'employer_name' },
      admin.token,
    );
    expect(sameVariable.errors?.[0]?.extensions?.code).toBe('DATA_FIELD_EXISTS');

    // The catalogue field shows unlinked, then links.
    const before = await fields(companyId, paralegal.token);
    expect(before.map((f) => [f.data_field, f.is_own, f.company_field?.is_active ?? null])).toEqual(
      [
        ['Employer Name', true, true],
        ['Insurance Carrier', false, null],
      ],
    );
    const linked = await ok<{ linkDataFieldToCompany: { data_field: string; is_active: boolean } }>(
      'mutation($c: ID!, $f: ID!) { linkDataFieldToCompany(company_id: $c, data_field_id: $f) { data_field is_active } }',
      { c: companyId, f: catalogueId },
    );
    expect(linked.linkDataFieldToCompany).toEqual({
      data_field: 'Insurance Carrier',
      is_active: true,
    });

    // Creating a field the catalogue has (by name) links the catalogue's, for another company too.
    const theirs = (
      await ok<{ createDataFieldPrompt: { data_field_variable: string } }>(
        CREATE,
        { c: otherCompany, n: 'insurance carrier' },
        otherAdmin.token,
      )
    ).createDataFieldPrompt;
    expect(theirs.data_field_variable).toBe('insurance_carrier');
    // Another company's own field is not seen.
    await ok(CREATE, { c: otherCompany, n: 'Secret Field' }, otherAdmin.token);
    expect((await fields()).map((f) => f.data_field)).toEqual([
      'Employer Name',
      'Insurance Carrier',
    ]);

    const byName = await ok<{ dataFieldPromptByName: { id: string; is_own: boolean } | null }>(
      'query($c: ID!, $n: String!) { dataFieldPromptByName(company_id: $c, data_field: $n) { id is_own } }',
      { c: companyId, n: 'EMPLOYER NAME' },
      paralegal.token,
    );
    expect(byName.dataFieldPromptByName?.is_own).toBe(true);
    const hidden = await ok<{ dataFieldPromptByName: unknown }>(
      'query($c: ID!, $n: String!) { dataFieldPromptByName(company_id: $c, data_field: $n) { id } }',
      { c: companyId, n: 'Secret Field' },
    );
    expect(hidden.dataFieldPromptByName).toBeNull();
  });

  it('given a paralegal, then toggling is forbidden; the admin toggles one and all', async () => {
    const [employer] = await fields();
    const link = employer!.company_field!.id;
    expect(
      (await server.gql(TOGGLE, { id: link, a: false }, paralegal.token)).errors?.[0]?.extensions
        ?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await ok<{ toggleCompanyDataField: { is_active: boolean } }>(TOGGLE, { id: link, a: false }))
        .toggleCompanyDataField.is_active,
    ).toBe(false);
    const all = (
      await ok<{ toggleAllCompanyDataFields: Array<{ is_active: boolean }> }>(TOGGLE_ALL, {
        c: companyId,
        a: true,
      })
    ).toggleAllCompanyDataFields;
    expect(all.map((f) => f.is_active)).toEqual([true, true]);
    const off = (
      await ok<{ toggleAllCompanyDataFields: Array<{ is_active: boolean }> }>(TOGGLE_ALL, {
        c: companyId,
        a: false,
      })
    ).toggleAllCompanyDataFields;
    expect(off.map((f) => f.is_active)).toEqual([false, false]);
    // The other company's link of the same catalogue field is untouched.
    const theirs = (await fields(otherCompany, otherAdmin.token)).find(
      (f) => f.data_field === 'Insurance Carrier',
    );
    expect(theirs?.company_field?.is_active).toBe(true);
  });

  it('given one active and one inactive field, then the pipeline extracts and stores only the active one', async () => {
    const list = await fields();
    const employer = list.find((f) => f.data_field === 'Employer Name')!.company_field!.id;
    const carrier = list.find((f) => f.data_field === 'Insurance Carrier')!.company_field!.id;
    await ok(TOGGLE, { id: employer, a: true });
    await ok(TOGGLE, { id: carrier, a: false });

    const bytes = await makeTextPdf([
      [
        'PROGRESS REPORT',
        'Employer Name: Acme Freight Lines',
        'Insurance Carrier: Zenith Mutual',
        'Dear Doctor,',
      ],
    ]);
    const file = await registerOne(server, paralegal.token, companyId, {
      name: 'report.pdf',
      bytes,
    });
    const tus = tusClient(server, paralegal.token);
    const created = await tus.create(file.id, bytes.length, 'report.pdf');
    expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
    expect((await settledRow(server, file.id)).status).toBe('Processed');

    const docs = await server.db
      .select({ id: legalProcessedFile.id })
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.legal_raw_file_id, file.id));
    expect(docs).toHaveLength(1);
    const stored = await server.db
      .select({
        data_field: legalExtractedDataForProcessedFile.data_field,
        value: legalExtractedDataForProcessedFile.extracted_value,
        link: legalExtractedDataForProcessedFile.legal_company_data_for_extraction_id,
      })
      .from(legalExtractedDataForProcessedFile)
      .where(and(eq(legalExtractedDataForProcessedFile.processed_file_id, docs[0]!.id)));
    expect(stored).toEqual([
      { data_field: 'Employer Name', value: 'Acme Freight Lines', link: employer },
    ]);
  }, 180_000);

  it('given a removed field, then it is no longer linked and can be added again', async () => {
    const [employer] = await fields();
    await ok('mutation($id: ID!) { removeCompanyDataField(id: $id) }', {
      id: employer!.company_field!.id,
    });
    expect((await fields())[0]!.company_field).toBeNull();
    const again = (
      await ok<{ createDataFieldPrompt: { id: string } }>(CREATE, {
        c: companyId,
        n: 'Employer Name',
      })
    ).createDataFieldPrompt;
    expect(again.id).toBe(employer!.company_field!.id);
  });
});
