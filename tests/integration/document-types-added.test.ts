/**
 * Default types added to the taxonomy after a company was seeded (the Request for Authorization,
 * the Substitution of Attorney / Notice of Representation) reach that company on its next look or
 * its next processed file, without bringing back a type it deleted and without touching its
 * renamed folders.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDocumentFolder, legalFileType } from '../../src/server/db/schemaPipeline';
import {
  ensureCompanyTaxonomy,
  loadCompanyTaxonomy,
} from '../../src/server/domains/pipeline/taxonomy';
import { DEFAULT_TYPES } from '../../src/server/pipeline/taxonomy/keys';
import { startTestServer, type TestServer } from '../support/server';

const ADDED = ['request_for_authorization', 'substitution_of_attorney'];

let server: TestServer;
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  companyId = (await server.signUpCompany({ name: 'Gamma Law', is_legal: true })).company.id;
});
afterAll(async () => server.close());

describe('ensureCompanyTaxonomy on a company seeded before the new types', () => {
  it('adds the missing default types once, in their folders, and leaves deleted and renamed ones alone', async () => {
    const db = server.db;
    await ensureCompanyTaxonomy(db, companyId);
    // The company as an older release left it: without the new types, one type deleted by an
    // administrator, and the folder the RFA belongs in renamed.
    await db
      .delete(legalFileType)
      .where(and(eq(legalFileType.company_id, companyId), inArray(legalFileType.key, ADDED)));
    await db
      .update(legalFileType)
      .set({ is_deleted: true })
      .where(and(eq(legalFileType.company_id, companyId), eq(legalFileType.key, 'medical_bill')));
    await db
      .update(legalDocumentFolder)
      .set({ name: 'UR and IMR' })
      .where(
        and(
          eq(legalDocumentFolder.company_id, companyId),
          eq(legalDocumentFolder.name, 'Utilization Review'),
        ),
      );
    expect((await loadCompanyTaxonomy(db, companyId)).taxonomy.types).toHaveLength(
      DEFAULT_TYPES.length - 3,
    );

    await ensureCompanyTaxonomy(db, companyId);
    await ensureCompanyTaxonomy(db, companyId);

    const { taxonomy } = await loadCompanyTaxonomy(db, companyId);
    const keys = taxonomy.types.map((t) => t.key);
    expect(keys).toEqual(expect.arrayContaining(ADDED));
    expect(keys).not.toContain('medical_bill');
    expect(keys).toHaveLength(DEFAULT_TYPES.length - 1);
    const rfa = taxonomy.types.find((t) => t.key === 'request_for_authorization');
    expect(rfa).toMatchObject({ folder: 'Utilization Review' });
    expect(rfa?.formNumbers).toContain('DWC Form RFA');
    expect(taxonomy.types.find((t) => t.key === 'substitution_of_attorney')?.folder).toBe(
      'Pleadings',
    );
    // The renamed folder keeps its name and its types; only the new type's folder came back.
    expect(taxonomy.types.find((t) => t.key === 'ur_decision')?.folder).toBe('UR and IMR');
    const rows = await db
      .select({ id: legalFileType.id })
      .from(legalFileType)
      .where(eq(legalFileType.company_id, companyId));
    expect(rows).toHaveLength(DEFAULT_TYPES.length);
  });
});
