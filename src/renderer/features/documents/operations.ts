/**
 * GraphQL operations of the document center: one page of documents, the tab counts, the
 * company's document types (for the type filter) and the saved column configuration.
 */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';
import {
  PROCESSED_FILE_ROW_FIELDS,
  ProcessedFileFolder,
  ProcessedFileRow,
} from './processedFileRow';

/** The table the column configuration is saved for (column_configuration.table). */
export const DOCUMENT_CENTER_TABLE = 'document_center';

const Counts = z.object({
  all: z.number().int(),
  no_file_type: z.number().int(),
  folders: z.array(z.object({ folder: ProcessedFileFolder, count: z.number().int() })),
});
export type DocumentCenterCounts = z.infer<typeof Counts>;

const FileType = z.object({
  id: z.string(),
  name: z.string(),
  legal_document_folder: ProcessedFileFolder,
});
export type DocumentFileType = z.infer<typeof FileType>;

export const DOCUMENT_CENTER_ROW = fragment(
  `fragment DocumentCenterRow on ProcessedFile {
    ${PROCESSED_FILE_ROW_FIELDS}
    document_synced reviewed_at snippet rank
  }`,
  ProcessedFileRow.extend({
    document_synced: z.boolean(),
    reviewed_at: z.string().nullable(),
    snippet: z.string().nullable(),
    rank: z.number().nullable(),
  }),
);
export type DocumentRow = z.infer<typeof DOCUMENT_CENTER_ROW.schema>;

const FiltersInput = z
  .object({
    file_name: z.string(),
    file_type: z.string(),
    folder: z.string(),
    adj_number: z.string(),
    claim_number: z.string(),
    processed_at_from: z.string(),
    processed_at_to: z.string(),
    legal_raw_file_name: z.string(),
    search: z.string(),
    include_content_search: z.boolean(),
    raw_file_uploaded_at_from: z.string(),
    raw_file_uploaded_at_to: z.string(),
    separated_at: z.string(),
  })
  .partial();

export const DOCUMENT_CENTER_FILES_QUERY = op(
  `query DocumentCenterFiles(
    $company_id: ID!
    $page: Int!
    $page_size: Int!
    $sort_by: String
    $sort_order: String
    $filters: ProcessedFileFilters
  ) {
    processedFiles(
      company_id: $company_id
      page: $page
      page_size: $page_size
      sort_by: $sort_by
      sort_order: $sort_order
      filters: $filters
    ) {
      items { ...DocumentCenterRow }
      total
      total_capped
      page
      page_size
    }
  }`,
  z.object({
    processedFiles: z.object({
      items: z.array(DOCUMENT_CENTER_ROW.schema),
      total: z.number().int(),
      total_capped: z.boolean(),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
  }),
  z.object({
    company_id: z.string().min(1),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(1000),
    sort_by: z.string().optional(),
    sort_order: z.enum(['asc', 'desc']).optional(),
    filters: FiltersInput.optional(),
  }),
  [DOCUMENT_CENTER_ROW],
);

export const DOCUMENT_CENTER_COUNTS_QUERY = op(
  `query DocumentCenterCounts($company_id: ID!, $filters: ProcessedFileFilters) {
    documentCenterCounts(company_id: $company_id, filters: $filters) {
      all
      no_file_type
      folders { folder { id name hex_code } count }
    }
  }`,
  z.object({ documentCenterCounts: Counts }),
  z.object({ company_id: z.string().min(1), filters: FiltersInput.optional() }),
);

export const DOCUMENT_CENTER_FILE_TYPES_QUERY = op(
  `query DocumentCenterFileTypes($company_id: ID!) {
    legalFileTypes(company_id: $company_id) {
      id name legal_document_folder { id name hex_code }
    }
  }`,
  z.object({ legalFileTypes: z.array(FileType) }),
  z.object({ company_id: z.string().min(1) }),
);

const ColumnSetting = z.object({
  key: z.string(),
  visible: z.boolean(),
  width: z.number().int().nullable(),
});
export type ColumnSetting = z.infer<typeof ColumnSetting>;

const Configuration = z.object({
  id: z.string(),
  company_id: z.string(),
  table: z.string(),
  columns: z.array(ColumnSetting),
  updated_at: z.string(),
});

export const DOCUMENT_CENTER_COLUMNS_QUERY = op(
  `query DocumentCenterColumns($company_id: ID!, $table: String!) {
    columnConfiguration(company_id: $company_id, table: $table) {
      id company_id table columns { key visible width } updated_at
    }
  }`,
  z.object({ columnConfiguration: Configuration.nullable() }),
  z.object({ company_id: z.string().min(1), table: z.string().min(1) }),
);

export const SAVE_DOCUMENT_CENTER_COLUMNS_MUTATION = op(
  `mutation SaveDocumentCenterColumns(
    $company_id: ID!
    $table: String!
    $columns: [ColumnSettingInput!]!
  ) {
    saveColumnConfiguration(company_id: $company_id, table: $table, columns: $columns) {
      id company_id table columns { key visible width } updated_at
    }
  }`,
  z.object({ saveColumnConfiguration: Configuration }),
  z.object({
    company_id: z.string().min(1),
    table: z.string().min(1),
    columns: z.array(
      z.object({ key: z.string(), visible: z.boolean(), width: z.number().int().nullable() }),
    ),
  }),
);
