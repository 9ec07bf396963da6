/**
 * Rules of one processed file (review issue; spec sections 3, 4, 7, 8): read, edit with logs and
 * conflict detection, re-split, review mark, soft delete with undo, change logs, and the batched
 * look-ups behind the ProcessedFile type's fields. Anyone who may see the document's company may
 * read and edit it; another tenant's id answers exactly like a missing one. Every saved change
 * raises `version`, writes a legal_processed_file_log row per changed field, and, when the
 * caller administers the document's company, an admin_file_change_log row too, which only those
 * administrators may read (canReadAdminChangeLog).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { text } from '../../../shared/schemas/input';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { isUuid, notFound, parseInput, ValidationError } from '../../errors';
import { keyedLoader } from '../../loaders';
import { canReadAdminChangeLog, writesAdminChangeLog, type Viewer } from '../../permissions';
import type { FileStorage } from '../files/storage';
import { learnTypeCorrection } from '../pipeline/corrections';
import { createFileTypesRepository } from '../pipeline/fileTypesRepository';
import { createFileTypesService } from '../pipeline/fileTypesService';
import { authorOf } from '../raw-files/service';
import {
  crossFieldIssues,
  currentValue,
  EDITABLE_FIELDS,
  exceptionReasonsAfter,
  isExceptionWith,
  LIST_FIELDS,
  logText,
  parseFieldValues,
  planEdit,
  withCrmCaseFollowingCase,
  type EditableField,
  type FieldConflict,
  type FieldValue,
  type FieldValues,
} from './changes';
import type { ProcessedFileColumns, ProcessedFileRecord } from './columns';
import { createColumnConfigService } from './columnsConfig';
import { createExtractedDataService } from './extractedData';
import {
  createProcessedFileRepository,
  type CaseView,
  type ExtractedRow,
  type FileTypeWithFolder,
  type ProcessedFileLogRow,
  type ProcessedFileRepository,
  type ProcessedFileSet,
} from './repository';
import { applyResplit, rangeText, type ResplitOutcome } from './resplit';

export interface UpdateResult {
  saved: boolean;
  file: ProcessedFileRecord;
  conflicts: FieldConflict[];
}

/** Reports a failure that must not fail the request (learning, file clean-up). */
export type SideEffectLog = (error: unknown, operation: string) => void;

/** One changed field of one document, as both change logs record it. */
export interface FieldChange {
  file: Pick<ProcessedFileColumns, 'id' | 'company_id' | 'is_exception' | 'legal_file_type_id'>;
  field: string;
  from: string | null;
  to: string | null;
  action: string;
}

/** Writes the change logs of one operation (in its transaction). */
export type RecordChanges = (
  executor: DatabaseExecutor,
  viewer: Viewer,
  changes: readonly FieldChange[],
) => Promise<ProcessedFileLogRow[]>;

export function logAuthor(viewer: Viewer) {
  const author = authorOf(viewer);
  return {
    updated_by_name: author.updated_by_username,
    updated_by_email: author.updated_by_email,
    updated_by_id: author.update_by_user_id,
    updated_by_role: author.updated_by_role,
  };
}

/**
 * Writes a processed-file log row per change and, for the document company's administrators
 * (writesAdminChangeLog), an admin change log row naming the document's type (as it is after the
 * change).
 */
export function changeRecorder(repo: ProcessedFileRepository): RecordChanges {
  return async (executor, viewer, changes) => {
    const author = logAuthor(viewer);
    const rows = await repo.insertLogs(
      executor,
      changes.map((change) => ({
        processed_file_id: change.file.id,
        field: change.field,
        original_value: change.from,
        updated_value: change.to,
        action_type: change.action,
        is_exception_value: change.file.is_exception,
        ...author,
      })),
    );
    const adminChanges = changes.filter((change) => writesAdminChangeLog(viewer, change.file));
    if (adminChanges.length === 0) return rows;
    const typeNames = new Map<string, string | null>();
    for (const { file } of adminChanges) {
      const typeId = file.legal_file_type_id;
      if (typeId && !typeNames.has(typeId)) {
        const type = await repo.fileType(executor, file.company_id, typeId, {
          includeDeleted: true,
        });
        typeNames.set(typeId, type?.name ?? null);
      }
    }
    await repo.insertAdminLogs(
      executor,
      adminChanges.map((change) => ({
        company_id: change.file.company_id,
        reference_file_id: change.file.id,
        data_field: change.field,
        file_type: change.file.legal_file_type_id
          ? (typeNames.get(change.file.legal_file_type_id) ?? null)
          : null,
        role: author.updated_by_role,
        current: change.from,
        updated: change.to,
        user_name: author.updated_by_name,
        email: author.updated_by_email,
        user_id: author.updated_by_id,
      })),
    );
    return rows;
  };
}

const withRaw = (row: ProcessedFileColumns, from: ProcessedFileRecord): ProcessedFileRecord => ({
  ...row,
  raw_file_name: from.raw_file_name,
  raw_file_uploaded_at: from.raw_file_uploaded_at,
});

const deletedDocument = () =>
  new ValidationError([
    { path: 'id', message: 'This document was deleted; restore it before changing it' },
  ]);

const recommendedEntry = z.object({
  caseId: z.string(),
  score: z.number(),
  reasons: z.array(z.string()).default([]),
});

/** The stored [{caseId, score, reasons}] (entries that do not fit are skipped). */
export function parseRecommended(
  stored: unknown,
): Array<{ case_id: string; score: number; reasons: string[] }> {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = recommendedEntry.safeParse(entry);
    return parsed.success
      ? [{ case_id: parsed.data.caseId, score: parsed.data.score, reasons: parsed.data.reasons }]
      : [];
  });
}

/** A date column as YYYY-MM-DD (drizzle gives strings; raw SQL may give Dates). */
export function dayString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/**
 * One request's look-ups for documents' types, cases, extracted values and raw files (DataLoaders,
 * ../../loaders.ts: each kind batched into one query, each key read once).
 */
export function createRelatedLoaders(repo: ProcessedFileRepository, viewer: Viewer) {
  const typesOf = keyedLoader(async (companyIds) => {
    const byCompany = new Map<string, Map<string, FileTypeWithFolder>>(
      companyIds.map((id) => [id, new Map()]),
    );
    for (const type of await repo.typesOfCompanies(companyIds.filter(isUuid)))
      byCompany.get(type.company_id)?.set(type.id, type);
    return byCompany;
  });
  const caseOf = keyedLoader(async (ids) => {
    const rows = await repo.casesByIds(viewer.companyIds, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });
  const extractedOf = keyedLoader(async (ids) => {
    const byFile = new Map<string, ExtractedRow[]>(ids.map((id) => [id, []]));
    for (const row of await repo.extractedOf(ids)) byFile.get(row.processed_file_id)?.push(row);
    return byFile;
  });
  const rawFileOf = keyedLoader(async (ids) => {
    const rows = await repo.rawFilesByIds(viewer.companyIds, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });
  return {
    async fileType(companyId: string, typeId: string): Promise<FileTypeWithFolder | null> {
      return (await typesOf.load(companyId))?.get(typeId) ?? null;
    },
    async legalCase(caseId: string): Promise<CaseView | null> {
      return (await caseOf.load(caseId)) ?? null;
    },
    async extractedData(fileId: string): Promise<ExtractedRow[]> {
      return (await extractedOf.load(fileId)) ?? [];
    },
    async rawFile(rawFileId: string) {
      return (await rawFileOf.load(rawFileId)) ?? null;
    },
  };
}

export type RelatedLoaders = ReturnType<typeof createRelatedLoaders>;

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
  const fileTypes = createFileTypesService(db, createFileTypesRepository(db));
  const record = changeRecorder(repo);

  async function get(viewer: Viewer, id: string): Promise<ProcessedFileRecord> {
    const found = await repo.find(db, viewer.companyIds, id);
    if (!found) throw notFound();
    return found;
  }

  /** Types and cases named in `changes` must be live ones of the document's company. */
  async function referenceIssues(
    executor: DatabaseExecutor,
    companyId: string,
    changes: FieldValues,
  ) {
    const issues: Array<{ path: string; message: string }> = [];
    const typeId = changes.legal_file_type_id;
    if (typeof typeId === 'string' && !(await repo.fileType(executor, companyId, typeId)))
      issues.push({
        path: 'changes.legal_file_type_id',
        message: 'Not a document type of this company',
      });
    const caseId = changes.legal_case_id;
    if (typeof caseId === 'string' && !(await repo.legalCase(executor, companyId, caseId)))
      issues.push({ path: 'changes.legal_case_id', message: 'Not a case of this company' });
    return issues;
  }

  /** How a field's value reads in the logs: types and cases by name and number. */
  async function readable(
    executor: DatabaseExecutor,
    companyId: string,
    field: EditableField,
    value: FieldValue,
  ): Promise<{ field: string; text: string | null }> {
    if (field === 'legal_file_type_id') {
      const type =
        typeof value === 'string'
          ? await repo.fileType(executor, companyId, value, { includeDeleted: true })
          : undefined;
      return { field: 'legal_file_type', text: type?.name ?? logText(value) };
    }
    if (field === 'legal_case_id') {
      const found =
        typeof value === 'string'
          ? await repo.legalCase(executor, companyId, value, { includeDeleted: true })
          : undefined;
      return { field: 'legal_case', text: found?.case_number ?? logText(value) };
    }
    return { field, text: logText(value) };
  }

  /** Removes files of old ranges that no document refers to any more. */
  async function removeUnusedFiles(companyId: string, keys: string[], log: SideEffectLog) {
    try {
      const unused = await repo.unreferencedKeys(keys);
      for (const key of unused) await deps.storage.remove(companyId, key);
      await repo.removeStoredFileRows(unused);
    } catch (error) {
      log(error, 'removeResplitFiles');
    }
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

    async update(
      viewer: Viewer,
      id: string,
      rawChanges: unknown,
      rawBase: unknown,
      log: SideEffectLog,
    ): Promise<UpdateResult> {
      const changes = parseFieldValues(rawChanges, 'changes');
      const base =
        rawBase === null || rawBase === undefined ? null : parseFieldValues(rawBase, 'base');
      const outcome = await repo.transaction(async (tx) => {
        const seen = await repo.find(tx, viewer.companyIds, id);
        if (!seen) throw notFound();
        // Lock order raw file, then documents: the same as the pipeline's write.
        const movesPages = 'start_page_no' in changes || 'end_page_no' in changes;
        const raw = movesPages ? await repo.lockRawFile(tx, seen.legal_raw_file_id) : undefined;
        const current = await repo.find(tx, viewer.companyIds, id, { lock: true });
        if (!current) throw notFound();
        if (current.is_deleted) throw deletedDocument();
        const referenceProblems = await referenceIssues(tx, current.company_id, changes);
        if (referenceProblems.length > 0) throw new ValidationError(referenceProblems);

        const plan = planEdit(current, changes, base);
        const unchanged = { learnKey: null, oldKeys: [] as string[] };
        if (plan.conflicts.length > 0)
          return {
            result: { saved: false, file: current, conflicts: plan.conflicts },
            ...unchanged,
          };
        const changed = withCrmCaseFollowingCase(current, plan.changed);
        const fields = EDITABLE_FIELDS.filter((field) => field in changed);
        if (fields.length === 0)
          return { result: { saved: true, file: current, conflicts: [] }, ...unchanged };
        const crossIssues = crossFieldIssues(current, changed);
        if (crossIssues.length > 0) throw new ValidationError(crossIssues);

        const after = (field: EditableField) =>
          field in changed ? (changed[field] ?? null) : currentValue(current, field);
        let split: ResplitOutcome | undefined;
        if (raw && ('start_page_no' in changed || 'end_page_no' in changed)) {
          split = await applyResplit(
            { db, storage: deps.storage, repo },
            tx,
            raw,
            current,
            { start: Number(after('start_page_no')), end: Number(after('end_page_no')) },
            !('name' in changed),
          );
        }
        const reasons = exceptionReasonsAfter(current.exception_reasons, {
          legal_file_type_id: after('legal_file_type_id') as string | null,
          legal_case_id: after('legal_case_id') as string | null,
          numbers: LIST_FIELDS.map((field) => (after(field) as string[] | null) ?? []),
        });
        const row = await repo.update(tx, id, {
          ...(split?.target ?? {}),
          ...(changed as ProcessedFileSet),
          edited_fields: [...new Set([...current.edited_fields, ...fields])],
          exception_reasons: reasons,
          is_exception: isExceptionWith(reasons, current.reviewed_at),
        });
        const own: FieldChange[] = [];
        for (const field of fields) {
          const before = await readable(
            tx,
            current.company_id,
            field,
            currentValue(current, field),
          );
          const next = await readable(tx, current.company_id, field, changed[field] ?? null);
          own.push({
            file: row,
            field: before.field,
            from: before.text,
            to: next.text,
            action: field === 'start_page_no' || field === 'end_page_no' ? 'resplit' : 'update',
          });
        }
        if (split?.targetRenamed) own.push({ ...split.targetRenamed, file: row });
        await record(tx, viewer, [...own, ...(split?.changes ?? [])]);
        const learnKey =
          'legal_file_type_id' in changed && typeof changed.legal_file_type_id === 'string'
            ? ((await repo.fileType(tx, row.company_id, changed.legal_file_type_id))?.key ?? null)
            : null;
        return {
          result: { saved: true, file: withRaw(row, current), conflicts: [] },
          learnKey,
          oldKeys: split?.oldKeys ?? [],
        };
      });

      const { file } = outcome.result;
      if (outcome.learnKey) {
        // The company's first-page model learns the person's answer; never fails the save.
        await learnTypeCorrection(db, {
          companyId: file.company_id,
          processedFileId: file.id,
          typeKey: outcome.learnKey,
        }).catch((error: unknown) => log(error, 'learnTypeCorrection'));
      }
      if (outcome.oldKeys.length > 0)
        await removeUnusedFiles(file.company_id, outcome.oldKeys, log);
      return outcome.result;
    },

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
        const seen = await repo.find(tx, viewer.companyIds, id);
        if (!seen) throw notFound();
        // The raw file's count changes too: lock it first, as the pipeline's write does.
        await repo.lockRawFile(tx, seen.legal_raw_file_id);
        const current = await repo.find(tx, viewer.companyIds, id, { lock: true });
        if (!current) throw notFound();
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
        const seen = await repo.find(tx, viewer.companyIds, id);
        if (!seen) throw notFound();
        await repo.lockRawFile(tx, seen.legal_raw_file_id);
        const current = await repo.find(tx, viewer.companyIds, id, { lock: true });
        if (!current) throw notFound();
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

    /** The company's live types with their folders (the default taxonomy seeded on first look). */
    async legalFileTypes(viewer: Viewer, companyId: string) {
      return (await fileTypes.list(viewer, { companyId })).types;
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
