/**
 * Types the document's edit, re-split, extracted-value and change-log code share: one changed field
 * as both change logs record it, the function that records them, an edit's result. Their own file,
 * so the files that use them need not import service.ts (which imports them).
 */
import type { DatabaseExecutor } from '../../db/connection';
import type { Viewer } from '../../permissions';
import type { FieldConflict } from './changes';
import type { ProcessedFileColumns, ProcessedFileRecord } from './columns';
import type { ProcessedFileLogRow } from './changeLogQueries';

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
