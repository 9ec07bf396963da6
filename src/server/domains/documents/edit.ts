/**
 * Editing one document (updateProcessedFile): the changes are checked, merged against the values
 * the editor started from (conflicts save nothing), applied with the document's row lock (a page
 * range change re-splits the raw file: resplit.ts), logged per field, and afterwards the type
 * correction is learnt and PDFs of old ranges nobody refers to are removed.
 */
import type { Database, DatabaseExecutor } from '../../db/connection';
import { notFound, ValidationError } from '../../errors';
import type { Viewer } from '../../permissions';
import type { FileStorage } from '../files/storage';
import { learnTypeCorrection } from '../pipeline/corrections';
import { TITLE_FIELDS } from '../pipeline/naming';
import { companyTitles } from '../pipeline/titles';
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
  type FieldValue,
  type FieldValues,
} from './changes';
import type { ProcessedFileColumns, ProcessedFileRecord } from './columns';
import type { ProcessedFileRepository, ProcessedFileSet } from './repository';
import { applyResplit, type ResplitOutcome } from './resplit';
import type { FieldChange, RecordChanges, SideEffectLog, UpdateResult } from './types';

export const withRaw = (
  row: ProcessedFileColumns,
  from: ProcessedFileRecord,
): ProcessedFileRecord => ({
  ...row,
  raw_file_name: from.raw_file_name,
  raw_file_uploaded_at: from.raw_file_uploaded_at,
});

export const deletedDocument = () =>
  new ValidationError([
    { path: 'id', message: 'This document was deleted; restore it before changing it' },
  ]);

/** Whether the edit changes what the name is made of, and nobody set the name. */
export function followsTitle(current: ProcessedFileColumns, changed: FieldValues): boolean {
  return (
    !('name' in changed) &&
    !current.edited_fields.includes('name') &&
    TITLE_FIELDS.some((field) => field in changed)
  );
}

export function createDocumentEdit(
  db: Database,
  deps: { storage: FileStorage },
  repo: ProcessedFileRepository,
  record: RecordChanges,
) {
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

  /**
   * Saves `rawChanges` (checked, merged against `rawBase` when given) in one transaction with the
   * document's row lock, then teaches the type correction and removes unused files after it.
   */
  return async function update(
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
          changed,
        );
      }
      const reasons =
        split?.target.exception_reasons ??
        exceptionReasonsAfter(current.exception_reasons, {
          legal_file_type_id: after('legal_file_type_id') as string | null,
          legal_case_id: after('legal_case_id') as string | null,
          numbers: LIST_FIELDS.map((field) => (after(field) as string[] | null) ?? []),
        });
      // A name nobody set follows the type, applicant and dates (a re-split renames it itself).
      const renamed =
        !split && followsTitle(current, changed)
          ? (await companyTitles(tx, current.company_id))({
              legal_file_type_id: after('legal_file_type_id') as string | null,
              applicant: after('applicant') as string | null,
              date_of_injury: after('date_of_injury') as string | null,
              date_of_incident: after('date_of_incident') as string | null,
            })
          : current.name;
      const row = await repo.update(tx, id, {
        ...(split?.target ?? {}),
        ...(renamed !== current.name ? { name: renamed } : {}),
        ...(changed as ProcessedFileSet),
        edited_fields: [...new Set([...current.edited_fields, ...fields])],
        exception_reasons: reasons,
        is_exception: split?.target.is_exception ?? isExceptionWith(reasons, current.reviewed_at),
      });
      const own: FieldChange[] = [];
      for (const field of fields) {
        const before = await readable(tx, current.company_id, field, currentValue(current, field));
        const next = await readable(tx, current.company_id, field, changed[field] ?? null);
        own.push({
          file: row,
          field: before.field,
          from: before.text,
          to: next.text,
          action: field === 'start_page_no' || field === 'end_page_no' ? 'resplit' : 'update',
        });
      }
      if (renamed !== current.name)
        own.push({ file: row, field: 'name', from: current.name, to: renamed, action: 'renamed' });
      for (const change of split?.targetChanges ?? []) own.push({ ...change, file: row });
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
    if (outcome.oldKeys.length > 0) await removeUnusedFiles(file.company_id, outcome.oldKeys, log);
    return outcome.result;
  };
}
