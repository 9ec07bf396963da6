/** SQL of CRM integrations, their logs and CRM requests; reads are limited to the given companies. */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { IntegrationLogView, IntegrationView, SyncResult } from '../../../shared/crm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import {
  legalIntegrationLog,
  legalIntegrations,
  legalRequestedCrms,
  type LegalIntegrationRow,
} from '../../db/schemaCrm';

export function toView(row: LegalIntegrationRow): IntegrationView {
  return {
    id: row.id,
    company_id: row.company_id,
    crm_type: row.crm_type,
    data_type: row.data_type,
    sync_type: row.sync_type,
    sync_interval_seconds: row.sync_interval_seconds,
    is_active: row.is_active,
    active_once: row.active_once,
    last_sync: row.last_sync?.toISOString() ?? null,
    email: row.email,
    crm_base_url: row.crm_base_url,
    connected: row.credentials_sealed !== null,
    last_sync_result: (row.last_sync_result as SyncResult | null) ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function createCrmRepository(db: Database) {
  return {
    async list(companyIds: readonly string[], crmType?: string) {
      if (companyIds.length === 0) return [];
      return db
        .select()
        .from(legalIntegrations)
        .where(
          and(
            inArray(legalIntegrations.company_id, [...companyIds]),
            crmType ? eq(legalIntegrations.crm_type, crmType) : undefined,
          ),
        )
        .orderBy(legalIntegrations.crm_type);
    },

    async active(companyId: string, dataType: string) {
      const [row] = await db
        .select()
        .from(legalIntegrations)
        .where(
          and(
            eq(legalIntegrations.company_id, companyId),
            eq(legalIntegrations.data_type, dataType),
            eq(legalIntegrations.is_active, true),
          ),
        )
        .limit(1);
      return row;
    },

    async find(companyIds: readonly string[], id: string, tx: DatabaseExecutor = db) {
      if (companyIds.length === 0) return undefined;
      const [row] = await tx
        .select()
        .from(legalIntegrations)
        .where(
          and(eq(legalIntegrations.id, id), inArray(legalIntegrations.company_id, [...companyIds])),
        );
      return row;
    },

    async byId(id: string) {
      const [row] = await db.select().from(legalIntegrations).where(eq(legalIntegrations.id, id));
      return row;
    },

    async byCompanyType(companyId: string, crmType: string, tx: DatabaseExecutor = db) {
      const [row] = await tx
        .select()
        .from(legalIntegrations)
        .where(
          and(eq(legalIntegrations.company_id, companyId), eq(legalIntegrations.crm_type, crmType)),
        )
        .for('update');
      return row;
    },

    /** The integration for (company, crm type), made (inactive) when missing. */
    async ensure(tx: DatabaseExecutor, companyId: string, crmType: string, baseUrl: string | null) {
      await tx
        .insert(legalIntegrations)
        .values({ company_id: companyId, crm_type: crmType, crm_base_url: baseUrl })
        .onConflictDoNothing();
      const row = await this.byCompanyType(companyId, crmType, tx);
      if (!row) throw new Error('integration missing after insert');
      return row;
    },

    async update(
      tx: DatabaseExecutor,
      id: string,
      values: Partial<typeof legalIntegrations.$inferInsert>,
    ) {
      const [row] = await tx
        .update(legalIntegrations)
        .set({ ...values, updated_at: new Date() })
        .where(eq(legalIntegrations.id, id))
        .returning();
      if (!row) throw new Error('integration vanished');
      return row;
    },

    /** Only one integration of a company is active per data type. */
    async deactivateOthers(tx: DatabaseExecutor, row: LegalIntegrationRow) {
      await tx
        .update(legalIntegrations)
        .set({ is_active: false, updated_at: new Date() })
        .where(
          and(
            eq(legalIntegrations.company_id, row.company_id),
            eq(legalIntegrations.data_type, row.data_type),
            ne(legalIntegrations.id, row.id),
          ),
        );
    },

    async logs(
      companyId: string,
      integrationId: string | undefined,
      first: number,
      offset: number,
    ) {
      const where = and(
        eq(legalIntegrationLog.company_id, companyId),
        integrationId ? eq(legalIntegrationLog.integration_id, integrationId) : undefined,
      );
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(legalIntegrationLog)
          .where(where)
          .orderBy(desc(legalIntegrationLog.id))
          .limit(first)
          .offset(offset),
        db.select({ total: count() }).from(legalIntegrationLog).where(where),
      ]);
      const items: IntegrationLogView[] = rows.map((row) => ({
        id: row.id,
        integration_id: row.integration_id,
        crm_type: row.crm_type,
        sync_type: row.sync_type,
        operation: row.operation,
        outcome: row.outcome,
        http_status: row.http_status,
        attempt: row.attempt,
        duration_ms: row.duration_ms,
        details: row.details as Record<string, unknown>,
        created_at: row.created_at.toISOString(),
      }));
      return { items, total: totals[0]?.total ?? 0 };
    },

    async requestCrm(values: { crm_name: string; company_id: string; requested_by: string }) {
      const [row] = await db.insert(legalRequestedCrms).values(values).returning();
      if (!row) throw new Error('request not stored');
      return {
        id: row.id,
        crm_name: row.crm_name,
        company_id: row.company_id,
        requested_by: row.requested_by,
        created_at: row.created_at.toISOString(),
      };
    },

    /** Active interval integrations whose next sync is due. */
    async due(now: Date) {
      return db
        .select({ id: legalIntegrations.id })
        .from(legalIntegrations)
        .where(
          and(
            eq(legalIntegrations.is_active, true),
            eq(legalIntegrations.sync_type, 'interval'),
            sql`${legalIntegrations.credentials_sealed} is not null`,
            sql`(${legalIntegrations.last_sync} is null or ${legalIntegrations.last_sync} + make_interval(secs => ${legalIntegrations.sync_interval_seconds}) <= ${now})`,
          ),
        );
    },
  };
}

export type CrmRepository = ReturnType<typeof createCrmRepository>;
