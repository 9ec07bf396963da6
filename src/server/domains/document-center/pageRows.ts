/**
 * What a list row holds: the document's listed columns plus its raw file's name and upload time
 * (ProcessedFileRecord), as drizzle columns and as a prewritten select list for raw SQL pages.
 */
import { getTableName, type Column, sql } from 'drizzle-orm';
import { rawFile } from '../../db/schema';
import { legalProcessedFile as doc } from '../../db/schemaPipeline';
import { PROCESSED_FILE_COLUMNS, type ProcessedFileRecord } from '../documents/columns';

export const RECORD_COLUMNS = {
  ...PROCESSED_FILE_COLUMNS,
  raw_file_name: rawFile.name,
  raw_file_uploaded_at: rawFile.created_at,
};

/**
 * A page's select list, written once: building it column by column on every request cost more
 * than running the page's SQL. The documents' columns (listed or of the "page" subquery), then
 * the raw file's name and upload time; `toRecord` reads a row back as drizzle would.
 */
const DOC_COLUMNS = Object.entries(PROCESSED_FILE_COLUMNS).map(([key, column]) => ({
  key,
  column: column as Column,
}));
const columnList = (table: string) =>
  sql.raw(
    DOC_COLUMNS.map(({ key, column }) => `"${table}"."${column.name}" as "${key}"`).join(', '),
  );
export const DOC_LIST = columnList(getTableName(doc));
export const PAGE_LIST = sql.raw(DOC_COLUMNS.map(({ key }) => `"page"."${key}"`).join(', '));
export const RAW_LIST = sql.raw(
  `"${getTableName(rawFile)}"."${rawFile.name.name}" as "raw_file_name", "${getTableName(rawFile)}"."${rawFile.created_at.name}" as "raw_file_uploaded_at"`,
);

export function toRecord(row: Record<string, unknown>): ProcessedFileRecord {
  const record: Record<string, unknown> = {};
  for (const { key, column } of DOC_COLUMNS) {
    const value = row[key];
    record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  record.raw_file_name = row.raw_file_name;
  record.raw_file_uploaded_at = rawFile.created_at.mapFromDriverValue(row.raw_file_uploaded_at);
  if ('rank' in row) record.rank = row.rank === null ? null : Number(row.rank);
  return record as unknown as ProcessedFileRecord;
}
