/**
 * The processed-file columns lists and single reads select: every column except the big ones
 * (`content`, the document text, and `search_vector`, its full-text index), plus the raw file's
 * name and upload time that the document center shows. Content search adds a snippet and a rank.
 */
import { getTableColumns } from 'drizzle-orm';
import { legalProcessedFile, type LegalProcessedFileRow } from '../../db/schemaPipeline';

const {
  content: _content,
  search_vector: _searchVector,
  ...listed
} = getTableColumns(legalProcessedFile);

/** Pass to `db.select(PROCESSED_FILE_COLUMNS)` (add raw-file columns with a join as needed). */
export const PROCESSED_FILE_COLUMNS = listed;

export type ProcessedFileColumns = Omit<LegalProcessedFileRow, 'content' | 'search_vector'>;

/** What list and get resolvers hand to the ProcessedFile type's field resolvers. */
export interface ProcessedFileRecord extends ProcessedFileColumns {
  raw_file_name: string;
  raw_file_uploaded_at: Date;
  /** Set only by a content search. */
  snippet?: string | null;
  rank?: number | null;
}
