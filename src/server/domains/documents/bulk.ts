/**
 * Bulk actions on documents chosen in the document center (issue 15 item 16): mark reviewed,
 * assign a case, change the type, delete, and restore (the undo of a delete). One call per
 * action, all or nothing: every document goes through the very same single-document rule (the
 * edit, review mark, delete or restore of service.ts, with its company check, row lock and
 * change logs) inside one transaction, so the first document that may not be changed (missing,
 * another tenant's, deleted, pages taken) undoes the others and names its place in `ids`.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { isUuid, uuid } from '../../../shared/schemas/input';
import type { DatabaseExecutor } from '../../db/connection';
import { parseInput, ValidationError } from '../../errors';
import type { Viewer } from '../../permissions';
import type { ProcessedFileRepository } from './repository';
import type { SideEffectLog } from './types';

/** At most one page of the document center (its largest page size). */
export const MAX_BULK_DOCUMENTS = 1000;

export const BULK_ACTIONS = [
  'mark_reviewed',
  'assign_case',
  'change_type',
  'delete',
  'restore',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const ids = z
  .array(uuid('must be a document id'))
  .min(1, 'Choose at least one document.')
  .max(MAX_BULK_DOCUMENTS, `Choose at most ${MAX_BULK_DOCUMENTS} documents at once.`)
  .refine((list) => new Set(list).size === list.length, 'Each document may be named once.');

/** An id the person must choose: missing or not an id, they are told to choose one. */
const chosen = (message: string) => z.string({ error: message }).refine(isUuid, { error: message });

export const bulkInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('mark_reviewed'), ids }),
  z.object({ action: z.literal('delete'), ids }),
  z.object({ action: z.literal('restore'), ids }),
  z.object({
    action: z.literal('assign_case'),
    ids,
    legal_case_id: chosen('Choose a case.'),
  }),
  z.object({
    action: z.literal('change_type'),
    ids,
    legal_file_type_id: chosen('Choose a document type.'),
  }),
]);
export type BulkInput = z.output<typeof bulkInputSchema>;

/** The single-document rules a bulk action applies (service.ts), bound to one transaction. */
export interface SingleDocumentRules {
  markReviewed(viewer: Viewer, id: string): Promise<unknown>;
  remove(viewer: Viewer, id: string): Promise<unknown>;
  restore(viewer: Viewer, id: string): Promise<unknown>;
  update(
    viewer: Viewer,
    id: string,
    changes: unknown,
    base: unknown,
    log: SideEffectLog,
  ): Promise<unknown>;
}

export interface BulkResult {
  action: BulkAction;
  ids: string[];
}

/** The failure of one document as the batch's failure, naming its place in `ids`. */
function atIndex(error: unknown, index: number): unknown {
  if (error instanceof ValidationError)
    return new ValidationError(
      error.issues.map((issue) => ({
        path: `ids.${index}`,
        message: issue.message,
      })),
    );
  if (error instanceof AppError && error.code === 'NOT_FOUND')
    return new ValidationError([
      { path: `ids.${index}`, message: 'No such document; nothing was changed.' },
    ]);
  return error;
}

export function createBulkDocumentActions(
  repo: ProcessedFileRepository,
  rulesIn: (repo: ProcessedFileRepository) => SingleDocumentRules,
) {
  return async function bulk(viewer: Viewer, raw: unknown, log: SideEffectLog) {
    const input = parseInput(bulkInputSchema, raw);
    return repo.transaction(async (tx: DatabaseExecutor): Promise<BulkResult> => {
      // Every single-document rule runs in this one transaction: its own `transaction` joins it.
      const rules = rulesIn({ ...repo, transaction: (work) => work(tx) });
      for (const [index, id] of input.ids.entries()) {
        try {
          await apply(rules, viewer, input, id, log);
        } catch (error) {
          throw atIndex(error, index);
        }
      }
      return { action: input.action, ids: input.ids };
    });
  };
}

async function apply(
  rules: SingleDocumentRules,
  viewer: Viewer,
  input: BulkInput,
  id: string,
  log: SideEffectLog,
): Promise<void> {
  switch (input.action) {
    case 'mark_reviewed':
      await rules.markReviewed(viewer, id);
      return;
    case 'delete':
      await rules.remove(viewer, id);
      return;
    case 'restore':
      await rules.restore(viewer, id);
      return;
    case 'assign_case':
      await rules.update(viewer, id, { legal_case_id: input.legal_case_id }, null, log);
      return;
    case 'change_type':
      await rules.update(viewer, id, { legal_file_type_id: input.legal_file_type_id }, null, log);
      return;
  }
}
