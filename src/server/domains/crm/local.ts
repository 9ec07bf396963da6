/**
 * The built-in local CRM: the cases LexDesk keeps, behind the connector interface, for firms with
 * no external system (the default). It needs no sign-in; its cases are read by id order; a document
 * "uploaded" to a case is the LexDesk document linked and marked synced; an activity is a
 * case_activity row. It works on the executor it is given, so a workflow's sync commits with the
 * node's own transaction.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connection';
import { legalCase, legalProcessedFile } from '../../db/schemaPipeline';
import { caseActivity } from '../../db/schemaWorkflows';
import { CrmCallError, type CrmConnector } from './connector';

export const LOCAL_TYPE = 'local';
const PAGE = 500;

export function createLocalConnector(db: DatabaseExecutor, companyId: string): CrmConnector {
  async function liveCase(caseId: string) {
    const [row] = await db
      .select({ id: legalCase.id })
      .from(legalCase)
      .where(
        and(
          eq(legalCase.id, caseId),
          eq(legalCase.company_id, companyId),
          eq(legalCase.is_deleted, false),
        ),
      );
    if (!row) throw new CrmCallError('The case no longer exists.', 404, false);
    return row;
  }

  return {
    type: LOCAL_TYPE,
    signIn: () => Promise.resolve(null),
    refresh: () => Promise.resolve(null),

    async listCases(cursor) {
      const rows = await db
        .select()
        .from(legalCase)
        .where(
          and(
            eq(legalCase.company_id, companyId),
            eq(legalCase.is_deleted, false),
            cursor ? gt(legalCase.id, cursor) : undefined,
          ),
        )
        .orderBy(asc(legalCase.id))
        .limit(PAGE + 1);
      const page = rows.slice(0, PAGE);
      return {
        cases: page.map((row) => ({
          case_id: row.id,
          case_number: row.case_number,
          name: row.name,
          client_name: row.client_name,
          eams_number: row.eams_number,
          wcab_number: row.wcab_number,
          primary_number: row.primary_number,
          alternate_number: row.alternate_number,
          legal_case_status: row.legal_case_status,
          legal_case_type: row.legal_case_type,
          date_of_incident: row.date_of_incident,
          date_of_injury: row.date_of_injury,
        })),
        next: rows.length > PAGE ? (page[page.length - 1]?.id ?? null) : null,
      };
    },

    async uploadDocument(document) {
      await liveCase(document.case_id);
      const [row] = await db
        .update(legalProcessedFile)
        .set({
          document_synced: true,
          crm_case_id: document.case_id,
          sync_status: 'synced',
          updated_at: new Date(),
        })
        .where(
          and(
            eq(legalProcessedFile.id, document.document_id),
            eq(legalProcessedFile.company_id, companyId),
          ),
        )
        .returning({ id: legalProcessedFile.id });
      if (!row) throw new CrmCallError('The document no longer exists.', 404, false);
      return { id: row.id };
    },

    async createActivity(activity) {
      await liveCase(activity.case_id);
      const [row] = await db
        .insert(caseActivity)
        .values({
          company_id: companyId,
          legal_case_id: activity.case_id,
          legal_processed_file_id: activity.document_id ?? null,
          activity_type: activity.activity_type,
          note: activity.note,
        })
        .returning({ id: caseActivity.id });
      return { id: row?.id ?? '' };
    },
  };
}
