/**
 * GraphQL operations of the document center: one page of documents, the tab counts, the
 * company's document types (for the type filter) and the saved column configuration.
 */
import { graphql, type ResultOf, type VariablesOf } from '../../../shared/graphql/graphql';
import { PROCESSED_FILE_ROW_FIELDS } from './processedFileRow';

/** The table the column configuration is saved for (column_configuration.table). */
export const DOCUMENT_CENTER_TABLE = 'document_center';

export const DOCUMENT_CENTER_ROW = graphql(
  `
    fragment DocumentCenterRow on ProcessedFile {
      ...ProcessedFileRowFields
      document_synced
      reviewed_at
      snippet
      rank
    }
  `,
  [PROCESSED_FILE_ROW_FIELDS],
);
export type DocumentRow = ResultOf<typeof DOCUMENT_CENTER_ROW>;

export const DOCUMENT_CENTER_FILES_QUERY = graphql(
  `
    query DocumentCenterFiles(
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
        items {
          ...DocumentCenterRow
        }
        total
        total_capped
        page
        page_size
      }
    }
  `,
  [DOCUMENT_CENTER_ROW],
);
/** The document center's filters as the server takes them (ProcessedFileFilters). */
export type DocumentCenterFilters = NonNullable<
  VariablesOf<typeof DOCUMENT_CENTER_FILES_QUERY>['filters']
>;

export const DOCUMENT_CENTER_COUNTS_QUERY = graphql(`
  query DocumentCenterCounts($company_id: ID!, $filters: ProcessedFileFilters) {
    documentCenterCounts(company_id: $company_id, filters: $filters) {
      all
      no_file_type
      folders {
        folder {
          id
          name
          hex_code
        }
        count
      }
    }
  }
`);
export type DocumentCenterCounts = ResultOf<
  typeof DOCUMENT_CENTER_COUNTS_QUERY
>['documentCenterCounts'];

export const DOCUMENT_CENTER_FILE_TYPES_QUERY = graphql(`
  query DocumentCenterFileTypes($company_id: ID!) {
    legalFileTypes(company_id: $company_id) {
      id
      name
      legal_document_folder {
        id
        name
        hex_code
      }
    }
  }
`);
export type DocumentFileType = ResultOf<
  typeof DOCUMENT_CENTER_FILE_TYPES_QUERY
>['legalFileTypes'][number];

const COLUMN_CONFIGURATION_FIELDS = graphql(`
  fragment ColumnConfigurationFields on ColumnConfiguration {
    id
    company_id
    table
    columns {
      key
      visible
      width
    }
    updated_at
  }
`);
export type ColumnSetting = ResultOf<typeof COLUMN_CONFIGURATION_FIELDS>['columns'][number];

export const DOCUMENT_CENTER_COLUMNS_QUERY = graphql(
  `
    query DocumentCenterColumns($company_id: ID!, $table: String!) {
      columnConfiguration(company_id: $company_id, table: $table) {
        ...ColumnConfigurationFields
      }
    }
  `,
  [COLUMN_CONFIGURATION_FIELDS],
);

export const SAVE_DOCUMENT_CENTER_COLUMNS_MUTATION = graphql(
  `
    mutation SaveDocumentCenterColumns(
      $company_id: ID!
      $table: String!
      $columns: [ColumnSettingInput!]!
    ) {
      saveColumnConfiguration(company_id: $company_id, table: $table, columns: $columns) {
        ...ColumnConfigurationFields
      }
    }
  `,
  [COLUMN_CONFIGURATION_FIELDS],
);

/** One bulk action on chosen documents (all or nothing on the server). */
export const BULK_PROCESSED_FILES_MUTATION = graphql(`
  mutation BulkProcessedFiles($input: BulkProcessedFilesInput!) {
    bulkProcessedFiles(input: $input) {
      action
      ids
    }
  }
`);
export type BulkProcessedFilesInput = VariablesOf<typeof BULK_PROCESSED_FILES_MUTATION>['input'];

/** The lists a change of documents makes stale (refetched after a bulk action). */
export const DOCUMENT_CENTER_LISTS = ['DocumentCenterFiles', 'DocumentCenterCounts'];
