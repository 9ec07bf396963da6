/** SQL of a document's change logs: its processed-file log and admin change log rows. */
import { desc, eq } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import {
  adminFileChangeLog,
  legalProcessedFileLog,
  type AdminFileChangeLogRow,
} from '../../db/schemaPipeline';

export type ProcessedFileLogInsert = typeof legalProcessedFileLog.$inferInsert;
export type ProcessedFileLogRow = typeof legalProcessedFileLog.$inferSelect;
export type AdminLogInsert = typeof adminFileChangeLog.$inferInsert;

export function createChangeLogQueries(db: Database) {
  return {
    async insertLogs(executor: DatabaseExecutor, rows: ProcessedFileLogInsert[]) {
      if (rows.length === 0) return [];
      return executor.insert(legalProcessedFileLog).values(rows).returning();
    },

    async insertAdminLogs(executor: DatabaseExecutor, rows: AdminLogInsert[]) {
      if (rows.length > 0) await executor.insert(adminFileChangeLog).values(rows);
    },

    logs(processedFileId: string): Promise<ProcessedFileLogRow[]> {
      return db
        .select()
        .from(legalProcessedFileLog)
        .where(eq(legalProcessedFileLog.processed_file_id, processedFileId))
        .orderBy(desc(legalProcessedFileLog.created_at), desc(legalProcessedFileLog.id));
    },

    adminLogs(processedFileId: string): Promise<AdminFileChangeLogRow[]> {
      return db
        .select()
        .from(adminFileChangeLog)
        .where(eq(adminFileChangeLog.reference_file_id, processedFileId))
        .orderBy(desc(adminFileChangeLog.created_at), desc(adminFileChangeLog.id));
    },
  };
}
