/**
 * GraphQL operations of the processed-file (document) details screen: the document with its
 * recommended cases and extracted values, its history (processed-file logs and administrator
 * change logs), the company's document types, the case search, soft delete and restore, and the
 * extracted values' edits. Field edits and "mark reviewed" do not use GraphQL from here: they go
 * through the desktop's review outbox (bridge `review.save`), which talks to the server itself.
 */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const DOCUMENT_CASE_FIELDS = graphql(`
  fragment DocumentCaseFields on LegalCase {
    id
    case_id
    case_number
    name
    client_name
    eams_number
    wcab_number
    legal_case_status
    legal_case_type
    date_of_injury
  }
`);
export type DocumentCase = ResultOf<typeof DOCUMENT_CASE_FIELDS>;

export const DOCUMENT_TYPE_FIELDS = graphql(`
  fragment DocumentTypeFields on LegalFileType {
    id
    name
    company_id
    legal_document_folder {
      id
      name
      hex_code
    }
  }
`);
export type DocumentType = ResultOf<typeof DOCUMENT_TYPE_FIELDS>;
export type DocumentFolder = DocumentType['legal_document_folder'];

export const EXTRACTED_VALUE_FIELDS = graphql(`
  fragment ExtractedValueFields on ExtractedDataValue {
    id
    processed_file_id
    data_field
    extracted_value
    legal_company_data_for_extraction_id
    is_saved_in_crm
    saved_by_user
    created_at
  }
`);
export type ExtractedValue = ResultOf<typeof EXTRACTED_VALUE_FIELDS>;

export const PROCESSED_FILE_DETAIL_FIELDS = graphql(
  `
    fragment ProcessedFileDetailFields on ProcessedFile {
      id
      name
      url
      legal_file_type_id
      legal_file_type {
        ...DocumentTypeFields
      }
      legal_raw_file_id
      raw_file_name
      raw_file_uploaded_at
      company_id
      created_at
      updated_at
      case_number
      adj_number
      eams_number
      claim_number
      wcab_number
      date_of_injury
      date_of_injury_end
      date_of_incident
      applicant
      defendant
      defendants
      crm_case_id
      legal_case_id
      legal_case {
        ...DocumentCaseFields
      }
      recommended_cases {
        case_id
        score
        reasons
        case {
          ...DocumentCaseFields
        }
      }
      is_exception
      exception_reasons
      is_deleted
      deleted_at
      start_page_no
      end_page_no
      split_confidence
      type_confidence
      action_status
      document_synced
      separated_at
      reviewed_at
      reviewed_by
      edited_fields
      version
      extracted_data {
        ...ExtractedValueFields
      }
    }
  `,
  [DOCUMENT_TYPE_FIELDS, DOCUMENT_CASE_FIELDS, EXTRACTED_VALUE_FIELDS],
);
export type ProcessedFileDetails = ResultOf<typeof PROCESSED_FILE_DETAIL_FIELDS>;
export type RecommendedCase = ProcessedFileDetails['recommended_cases'][number];

export const PROCESSED_FILE_QUERY = graphql(
  `
    query ProcessedFileDetails($id: ID!) {
      processedFile(id: $id) {
        ...ProcessedFileDetailFields
      }
    }
  `,
  [PROCESSED_FILE_DETAIL_FIELDS],
);

/**
 * The document's change log, and its admin file change log when the viewer administers the
 * document's company (`withAdminLogs`; the server refuses everyone else that log).
 */
export const PROCESSED_FILE_HISTORY_QUERY = graphql(`
  query ProcessedFileHistory($id: ID!, $withAdminLogs: Boolean!) {
    processedFileLogs(processed_file_id: $id) {
      id
      processed_file_id
      field
      original_value
      updated_value
      updated_by_name
      updated_by_email
      updated_by_role
      action_type
      is_exception_value
      created_at
    }
    adminFileChangeLogs(processed_file_id: $id) @include(if: $withAdminLogs) {
      id
      reference_file_id
      data_field
      file_type
      role
      current
      updated
      user_name
      email
      created_at
    }
  }
`);
type History = ResultOf<typeof PROCESSED_FILE_HISTORY_QUERY>;
export type ProcessedFileLog = History['processedFileLogs'][number];
export type AdminFileChangeLog = NonNullable<History['adminFileChangeLogs']>[number];

export const DOCUMENT_TYPE_CHOICES_QUERY = graphql(
  `
    query DocumentTypeChoices($company_id: ID!) {
      legalFileTypes(company_id: $company_id) {
        ...DocumentTypeFields
      }
    }
  `,
  [DOCUMENT_TYPE_FIELDS],
);

export const CASE_SEARCH_QUERY = graphql(
  `
    query DocumentCaseSearch($company_ids: [ID!], $query: String, $limit: Int) {
      legalCases(company_ids: $company_ids, query: $query, page: 1, limit: $limit) {
        items {
          ...DocumentCaseFields
        }
        total
      }
    }
  `,
  [DOCUMENT_CASE_FIELDS],
);

export const DELETE_PROCESSED_FILE_MUTATION = graphql(`
  mutation DeleteProcessedFileFromDetails($id: ID!) {
    deleteProcessedFile(id: $id) {
      id
      is_deleted
      deleted_at
      version
    }
  }
`);

export const RESTORE_PROCESSED_FILE_MUTATION = graphql(`
  mutation RestoreProcessedFileFromDetails($id: ID!) {
    restoreProcessedFile(id: $id) {
      id
      is_deleted
      deleted_at
      version
    }
  }
`);

export const UPDATE_EXTRACTED_VALUE_MUTATION = graphql(
  `
    mutation UpdateExtractedValue($id: ID!, $extracted_value: String, $is_saved_in_crm: Boolean) {
      updateExtractedData(
        id: $id
        extracted_value: $extracted_value
        is_saved_in_crm: $is_saved_in_crm
      ) {
        ...ExtractedValueFields
      }
    }
  `,
  [EXTRACTED_VALUE_FIELDS],
);

export const ADD_EXTRACTED_VALUE_MUTATION = graphql(
  `
    mutation AddExtractedValue($processed_file_id: ID!, $values: [ExtractedValueInput!]!) {
      saveExtractedData(processed_file_id: $processed_file_id, values: $values) {
        ...ExtractedValueFields
      }
    }
  `,
  [EXTRACTED_VALUE_FIELDS],
);

const SIBLING_FIELDS = graphql(`
  fragment SiblingDocumentFields on ProcessedFile {
    id
    name
    start_page_no
    end_page_no
  }
`);
export type SiblingDocument = ResultOf<typeof SIBLING_FIELDS>;

/** Largest page the lists are asked for (a raw file rarely has more documents). */
export const SIBLINGS_PAGE_SIZE = 100;

/**
 * The raw file a document comes from (its page count bounds the page range) and the raw file's
 * other documents, from the document center and from the review queue (a document is in one of
 * them), for the re-split confirmation.
 */
export const DOCUMENT_RAW_FILE_QUERY = graphql(
  `
    query DocumentRawFileContext($raw_file_id: ID!, $company_id: ID!, $page_size: Int!) {
      rawFile(id: $raw_file_id) {
        id
        name
        no_of_pages
        status
      }
      processedFiles(
        company_id: $company_id
        page: 1
        page_size: $page_size
        filters: { legal_raw_file_id: $raw_file_id }
      ) {
        items {
          ...SiblingDocumentFields
        }
        total
      }
      reviewQueue(
        company_id: $company_id
        statusType: "all"
        page: 1
        page_size: $page_size
        filters: { legal_raw_file_id: $raw_file_id }
      ) {
        items {
          ...SiblingDocumentFields
        }
        total
      }
    }
  `,
  [SIBLING_FIELDS],
);
