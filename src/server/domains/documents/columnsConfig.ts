/**
 * Column configuration (spec section 3): a company's chosen, ordered columns of one table, e.g.
 * the document center's. Anyone who sees the company reads it; its managers change it (it is a
 * company setting, like the name). Columns must be ProcessedFile fields, each once, and at least
 * one must stay visible.
 */
import { z } from 'zod';
import { int32, text } from '../../../shared/schemas/input';
import { AppError } from '../../../shared/errors';
import type { ColumnConfigurationRow } from '../../db/schemaPipeline';
import { isUuid, parseInput } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import type { ProcessedFileRepository } from './repository';

/** Every field of the GraphQL ProcessedFile type (columnsConfig.test.ts keeps them in step). */
export const PROCESSED_FILE_FIELD_KEYS = [
  'id',
  'name',
  'url',
  'legal_file_type_id',
  'legal_file_type',
  'legal_raw_file_id',
  'raw_file_name',
  'raw_file_uploaded_at',
  'company_id',
  'created_at',
  'updated_at',
  'case_number',
  'adj_number',
  'eams_number',
  'claim_number',
  'wcab_number',
  'date_of_injury',
  'date_of_injury_end',
  'date_of_incident',
  'applicant',
  'defendant',
  'defendants',
  'crm_case_id',
  'legal_case_id',
  'legal_case',
  'recommended_cases',
  'is_exception',
  'exception_reasons',
  'is_deleted',
  'deleted_at',
  'start_page_no',
  'end_page_no',
  'split_confidence',
  'type_confidence',
  'action_status',
  'secondary_action_status',
  'third_party_review_status',
  'qa_status',
  'sync_status',
  'are_workflows_run',
  'document_synced',
  'workflow_crm_case_ids',
  'separated_at',
  'reviewed_at',
  'reviewed_by',
  'edited_fields',
  'version',
  'snippet',
  'rank',
  'extracted_data',
] as const;

/** The tables a company can configure, and the column keys each accepts. */
export const CONFIGURABLE_TABLES: Record<string, readonly string[]> = {
  document_center: PROCESSED_FILE_FIELD_KEYS,
  review_queue: PROCESSED_FILE_FIELD_KEYS,
};

const tableSchema = z
  .string()
  .trim()
  .refine((table) => Object.hasOwn(CONFIGURABLE_TABLES, table), {
    message: `Unknown table (known: ${Object.keys(CONFIGURABLE_TABLES).join(', ')})`,
  });

const columnSchema = z.object({
  key: text().trim().min(1),
  visible: z.boolean(),
  width: int32(20, 4000).nullish(),
});

const saveSchema = z
  .object({
    company_id: text(),
    table: tableSchema,
    columns: z.array(columnSchema).min(1, 'At least one column is needed').max(200),
  })
  .superRefine((input, context) => {
    const known = CONFIGURABLE_TABLES[input.table];
    if (!known) return; // the table's own issue says it all
    const seen = new Set<string>();
    input.columns.forEach((column, i) => {
      if (!known.includes(column.key))
        context.addIssue({
          code: 'custom',
          path: ['columns', i, 'key'],
          message: `Not a column of ${input.table}: ${column.key}`,
        });
      if (seen.has(column.key))
        context.addIssue({
          code: 'custom',
          path: ['columns', i, 'key'],
          message: `${column.key} is listed twice`,
        });
      seen.add(column.key);
    });
    if (input.columns.length > 0 && !input.columns.some((column) => column.visible))
      context.addIssue({
        code: 'custom',
        path: ['columns'],
        message: 'At least one column must stay visible',
      });
  });

export interface ColumnSetting {
  key: string;
  visible: boolean;
  width: number | null;
}

export interface ColumnConfigurationView {
  id: string;
  company_id: string;
  table: string;
  columns: ColumnSetting[];
  updated_at: Date;
}

/** The stored JSON as settings (entries that do not fit are skipped). */
export function storedColumns(stored: unknown): ColumnSetting[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = columnSchema.safeParse(entry);
    return parsed.success
      ? [{ key: parsed.data.key, visible: parsed.data.visible, width: parsed.data.width ?? null }]
      : [];
  });
}

const view = (row: ColumnConfigurationRow): ColumnConfigurationView => ({
  id: row.id,
  company_id: row.company_id,
  table: row.table,
  columns: storedColumns(row.columns_configuration),
  updated_at: row.updated_at,
});

export function createColumnConfigService(repo: ProcessedFileRepository) {
  return {
    /** null when none is saved, and for a company the caller cannot see alike. */
    async get(viewer: Viewer, companyId: string, table: string) {
      const parsedTable = parseInput(tableSchema, table);
      if (!isUuid(companyId) || !canViewCompany(viewer, companyId)) return null;
      const row = await repo.columnConfiguration(companyId, parsedTable);
      return row ? view(row) : null;
    },

    async save(viewer: Viewer, raw: unknown): Promise<ColumnConfigurationView> {
      const input = parseInput(saveSchema, raw);
      if (!isUuid(input.company_id) || !canViewCompany(viewer, input.company_id))
        throw new AppError('NO_COMPANY', 404);
      if (!canManageCompany(viewer, input.company_id)) throw new AppError('FORBIDDEN', 403);
      const columns = input.columns.map((column) => ({
        key: column.key,
        visible: column.visible,
        width: column.width ?? null,
      }));
      return view(await repo.saveColumnConfiguration(input.company_id, input.table, columns));
    },
  };
}

export type ColumnConfigService = ReturnType<typeof createColumnConfigService>;
