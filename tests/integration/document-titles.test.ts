/**
 * A document's name follows its type, applicant and date (naming.ts): when a person changes one
 * of them the name follows, in the company's date format, unless a person named the document
 * themselves; the rename is logged as such and is not counted as a person's value.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../src/server/db/schema';
import {
  legalFileType,
  legalProcessedFile,
  legalProcessedFileLog,
} from '../../src/server/db/schemaPipeline';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments } from './fixtures/documents';

let server: TestServer;
let companyId: string;
let member: TestUser;
let qmeTypeId: string;
let claimFormTypeId: string;

const typeId = async (key: string) => {
  const [row] = await server.db
    .select({ id: legalFileType.id })
    .from(legalFileType)
    .where(and(eq(legalFileType.company_id, companyId), eq(legalFileType.key, key)));
  return row!.id;
};

async function update(id: string, changes: Record<string, unknown>) {
  const r = await server.gql<{
    updateProcessedFile: { saved: boolean; file: { name: string; edited_fields: string[] } };
  }>(
    `mutation($id: ID!, $changes: ProcessedFileChanges!) {
      updateProcessedFile(id: $id, changes: $changes) { saved file { name edited_fields } }
    }`,
    { id, changes },
    member.token,
  );
  expect(r.errors).toBeUndefined();
  return r.data!.updateProcessedFile;
}

const nameLogs = async (id: string) =>
  (
    await server.db
      .select()
      .from(legalProcessedFileLog)
      .where(
        and(
          eq(legalProcessedFileLog.processed_file_id, id),
          eq(legalProcessedFileLog.field, 'name'),
        ),
      )
  ).map((log) => [log.original_value, log.updated_value, log.action_type]);

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  member = await server.addUser({ companyId, legalUserType: 'paralegal' });
  // The pickers' query seeds the company's default types.
  const types = await server.gql<{ legalFileTypes: unknown[] }>(
    'query($c: ID!) { legalFileTypes(company_id: $c) { id } }',
    { c: companyId },
    signedUp.admin.token,
  );
  expect(types.data?.legalFileTypes.length).toBeGreaterThan(5);
  qmeTypeId = await typeId('qme_report');
  claimFormTypeId = await typeId('claim_form');
  await server.db
    .update(company)
    .set({ date_format: 'D MMM YYYY' })
    .where(eq(company.id, companyId));
}, 120_000);
afterAll(async () => server.close());

describe('document names follow type, applicant and date', () => {
  const junk = {
    name: 'DWC-1 Claim Form - Complete the (p. 6)',
    applicant: 'Maria Lopez',
    date_of_injury: '2024-01-15',
  };

  it('given a name the pipeline made, when a person changes the type, then the name follows it', async () => {
    const [id] = await seedDocuments(server, companyId, [
      { ...junk, legal_file_type_id: claimFormTypeId },
    ]);
    const saved = await update(id!, { legal_file_type_id: qmeTypeId });
    expect(saved).toEqual({
      saved: true,
      file: {
        name: 'QME Report - Maria Lopez - 15 Jan 2024',
        edited_fields: ['legal_file_type_id'],
      },
    });
    expect(await nameLogs(id!)).toEqual([
      [junk.name, 'QME Report - Maria Lopez - 15 Jan 2024', 'renamed'],
    ]);

    // The applicant and the date rename it too; the name is still nobody's choice.
    const again = await update(id!, { applicant: 'Maria G. Lopez', date_of_injury: '2024-01-16' });
    expect(again.file.name).toBe('QME Report - Maria G. Lopez - 16 Jan 2024');
    expect(again.file.edited_fields).not.toContain('name');
  });

  it('given a person named the document, when the type changes, then the name stays', async () => {
    const [id] = await seedDocuments(server, companyId, [
      {
        ...junk,
        name: 'Lopez claim form as filed',
        legal_file_type_id: claimFormTypeId,
        edited_fields: ['name'],
      },
    ]);
    const saved = await update(id!, { legal_file_type_id: qmeTypeId });
    expect(saved.file.name).toBe('Lopez claim form as filed');
    expect(await nameLogs(id!)).toEqual([]);
  });

  it('given a person sets the name with the type in one edit, then their name is kept and counted as theirs', async () => {
    const [id] = await seedDocuments(server, companyId, [
      { ...junk, legal_file_type_id: claimFormTypeId },
    ]);
    const saved = await update(id!, { legal_file_type_id: qmeTypeId, name: 'My QME' });
    expect(saved.file).toEqual({
      name: 'My QME',
      edited_fields: ['name', 'legal_file_type_id'],
    });
    const later = await update(id!, { applicant: 'Someone Else' });
    expect(later.file.name).toBe('My QME');
    const [row] = await server.db
      .select({ name: legalProcessedFile.name })
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.id, id!));
    expect(row?.name).toBe('My QME');
  });
});
