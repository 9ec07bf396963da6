/**
 * Rules of one processed file (review issue; spec sections 3, 4, 7, 8): read, edit with logs and
 * conflict detection (edit.ts), re-split (resplit.ts), review mark, soft delete with undo, change
 * logs (changeLog.ts), and the batched look-ups behind the ProcessedFile type's fields
 * (loaders.ts). Anyone who may see the document's company may
 * read and edit it; another tenant's id answers exactly like a missing one. Every saved change
 * raises `version`, writes a legal_processed_file_log row per changed field, and, when the
 * caller administers the document's company, an admin_file_change_log row too, which only those
 * administrators may read (canReadAdminChangeLog).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { text } from '../../../shared/schemas/input';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canReadAdminChangeLog, type Viewer } from '../../permissions';
import type { FileStorage } from '../files/storage';
import { createBulkDocumentActions, type SingleDocumentRules } from './bulk';
import { changeRecorder, logAuthor } from './changeLog';
import type { ProcessedFileRecord } from './columns';
import { createColumnConfigService } from './columnsConfig';
import { createDocumentEdit, deletedDocument, withRaw } from './edit';
import { createExtractedDataService } from './extractedData';
import { createRelatedLoaders } from './loaders';
import type { ProcessedFileLogRow } from './changeLogQueries';
import { createProcessedFileRepository, type ProcessedFileRepository } from './repository';
import { rangeText } from './resplit';
import { parseRecommended } from './storedValues';

const addLogSchema = z.object({
  processed_file_id: text().min(1),
  field: text().trim().min(1).max(200),
  original_value: text().max(20_000).nullish(),
  updated_value: text().max(20_000).nullish(),
  action_type: text().trim().min(1).max(100),
});

const notificationsQuery = z.object({
  sortBy: z.enum(['created_at']).default('created_at'),
  orderBy: z.enum(['asc', 'desc']).default('desc'),
});

export function createProcessedFileService(
  db: Database,
  deps: { storage: FileStorage },
  repo: ProcessedFileRepository = createProcessedFileRepository(db),
) {
  const record = changeRecorder(repo);

  async function get(viewer: Viewer, id: string): Promise<ProcessedFileRecord> {
    const found = await repo.find(db, viewer.companyIds, id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * The document, row-locked for a change of its raw file's document count (delete, restore): the
   * raw file is locked first, in the same order as the pipeline's write.
   */
  async function lockedWithRawFile(tx: DatabaseExecutor, viewer: Viewer, id: string) {
    const seen = await repo.find(tx, viewer.companyIds, id);
    if (!seen) throw notFound();
    await repo.lockRawFile(tx, seen.legal_raw_file_id);
    const current = await repo.find(tx, viewer.companyIds, id, { lock: true });
    if (!current) throw notFound();
    return current;
  }

  return {
    get,
    columns: createColumnConfigService(repo),
    extracted: createExtractedDataService(repo, record),

    /** processedFile(id): null for a missing id and for another tenant's alike. */
    find(viewer: Viewer, id: string): Promise<ProcessedFileRecord | undefined> {
      return repo.find(db, viewer.companyIds, id);
    },

    loaders: (viewer: Viewer) => createRelatedLoaders(repo, viewer),

    update: createDocumentEdit(db, deps, repo, record),

    /** One bulk action (bulk.ts): the single-document rules below for each, in one transaction. */
    bulk: createBulkDocumentActions(repo, (scoped): SingleDocumentRules =>
      createProcessedFileService(db, deps, scoped),
    ),

    /** Reviewed: out of the review queue into the document center. Asking again changes nothing. */
    async markReviewed(viewer: Viewer, id: string): Promise<ProcessedFileRecord> {
      return repo.transaction(async (tx) => {
        const current = await repo.find(tx, viewer.companyIds, id, { lock: true });
        if (!current) throw notFound();
        if (current.is_deleted) throw deletedDocument();
        if (current.reviewed_at) return current;
        const row = await repo.update(tx, id, {
          reviewed_at: new Date(),
          reviewed_by: viewer.user.id,
          is_exception: false,
        });
        await record(tx, viewer, [
          {
            file: row,
            field: 'reviewed_at',
            from: null,
            to: row.reviewed_at?.toISOString() ?? null,
            action: 'reviewed',
          },
        ]);
        return withRaw(row, current);
      });
    },

    /** Soft delete (kept for undo). Deleting a deleted document changes nothing. */
    async remove(viewer: Viewer, id: string): Promise<ProcessedFileRecord> {
      return repo.transaction(async (tx) => {
        const current = await lockedWithRawFile(tx, viewer, id);
        if (current.is_deleted) return current;
        const row = await repo.update(tx, id, { is_deleted: true, deleted_at: new Date() });
        await record(tx, viewer, [
          {
            file: row,
            field: 'is_deleted',
            from: 'false',
            to: 'true',
            action: 'deleted',
          },
        ]);
        await repo.recountDocuments(tx, row.legal_raw_file_id);
        return withRaw(row, current);
      });
    },

    /** Undo of a delete, unless the pages went to other documents meanwhile (a re-split). */
    async restore(viewer: Viewer, id: string): Promise<ProcessedFileRecord> {
      return repo.transaction(async (tx) => {
        const current = await lockedWithRawFile(tx, viewer, id);
        if (!current.is_deleted)
          throw new ValidationError([{ path: 'id', message: 'This document is not deleted' }]);
        const taken = await repo.overlapping(
          tx,
          current.legal_raw_file_id,
          { start: current.start_page_no, end: current.end_page_no },
          current.id,
        );
        if (taken.length > 0)
          throw new ValidationError([
            {
              path: 'id',
              message: `Its pages now belong to other documents (pp. ${taken.map(rangeText).join(', ')}); re-split those first`,
            },
          ]);
        const row = await repo.update(tx, id, { is_deleted: false, deleted_at: null });
        await record(tx, viewer, [
          {
            file: row,
            field: 'is_deleted',
            from: 'true',
            to: 'false',
            action: 'restored',
          },
        ]);
        await repo.recountDocuments(tx, row.legal_raw_file_id);
        return withRaw(row, current);
      });
    },

    async addLog(viewer: Viewer, raw: unknown): Promise<ProcessedFileLogRow> {
      const input = parseInput(addLogSchema, raw);
      const file = await get(viewer, input.processed_file_id);
      const [row] = await repo.insertLogs(db, [
        {
          processed_file_id: file.id,
          field: input.field,
          original_value: input.original_value ?? null,
          updated_value: input.updated_value ?? null,
          action_type: input.action_type,
          is_exception_value: file.is_exception,
          ...logAuthor(viewer),
        },
      ]);
      if (!row) throw new Error('log insert returned no row');
      return row;
    },

    /** Newest first; [] for a missing or another tenant's document. */
    async logs(viewer: Viewer, id: string) {
      const file = await repo.find(db, viewer.companyIds, id);
      return file ? repo.logs(file.id) : [];
    },

    /**
     * Newest first; [] for a missing or another tenant's document, FORBIDDEN for a document the
     * caller sees but whose company they do not administer (paralegals, attorneys, staff).
     */
    async adminLogs(viewer: Viewer, id: string) {
      const file = await repo.find(db, viewer.companyIds, id);
      if (!file) return [];
      if (!canReadAdminChangeLog(viewer, file)) throw new AppError('FORBIDDEN', 403);
      return repo.adminLogs(file.id);
    },

    /** REST details: the document with its type and folder, case, recommended cases and values. */
    async details(viewer: Viewer, id: string) {
      const file = await get(viewer, id);
      const loaders = createRelatedLoaders(repo, viewer);
      const recommended = parseRecommended(file.recommended_cases);
      const [type, legalCase, cases, extracted] = await Promise.all([
        file.legal_file_type_id ? loaders.fileType(file.company_id, file.legal_file_type_id) : null,
        file.legal_case_id ? loaders.legalCase(file.legal_case_id) : null,
        Promise.all(recommended.map((entry) => loaders.legalCase(entry.case_id))),
        loaders.extractedData(file.id),
      ]);
      return {
        ...file,
        legal_file_type: type,
        legal_case: legalCase,
        recommended_cases: recommended.map((entry, i) => ({ ...entry, case: cases[i] ?? null })),
        extracted_data: extracted,
      };
    },

    /**
     * The caller's notifications about the document (receiver only, as canReadNotification):
     * those of its company whose redirect is its details route or whose extra content names it.
     */
    async notifications(viewer: Viewer, processedFileId: string, rawQuery: unknown) {
      const query = parseInput(notificationsQuery, rawQuery ?? {});
      const file = await get(viewer, processedFileId);
      return repo.notificationsAbout(viewer.user.id, file.company_id, file.id, query.orderBy);
    },
  };
}

export type ProcessedFileService = ReturnType<typeof createProcessedFileService>;
