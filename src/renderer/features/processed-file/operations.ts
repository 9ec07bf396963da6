/**
 * GraphQL operations of the processed-file (document) details screen: the document with its
 * recommended cases and extracted values, its history (processed-file logs and administrator
 * change logs), the company's document types, the case search, soft delete and restore, and the
 * extracted values' edits. Field edits and "mark reviewed" do not use GraphQL from here: they go
 * through the desktop's review outbox (bridge `review.save`), which talks to the server itself.
 */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';

export const DOCUMENT_CASE_FIELDS = fragment(
  `fragment DocumentCaseFields on LegalCase {
    id case_id case_number name client_name eams_number wcab_number legal_case_status
    legal_case_type date_of_injury
  }`,
  z.object({
    id: z.string(),
    case_id: z.string(),
    case_number: z.string(),
    name: z.string().nullable(),
    client_name: z.string().nullable(),
    eams_number: z.string().nullable(),
    wcab_number: z.string().nullable(),
    legal_case_status: z.string().nullable(),
    legal_case_type: z.string().nullable(),
    date_of_injury: z.string().nullable(),
  }),
);
export type DocumentCase = z.infer<typeof DOCUMENT_CASE_FIELDS.schema>;

export const DocumentFolder = z.object({ id: z.string(), name: z.string(), hex_code: z.string() });
export type DocumentFolder = z.infer<typeof DocumentFolder>;

export const DocumentType = z.object({
  id: z.string(),
  name: z.string(),
  company_id: z.string(),
  legal_document_folder: DocumentFolder,
});
export type DocumentType = z.infer<typeof DocumentType>;

export const ExtractedValue = z.object({
  id: z.string(),
  processed_file_id: z.string(),
  data_field: z.string(),
  extracted_value: z.string().nullable(),
  legal_company_data_for_extraction_id: z.string().nullable(),
  is_saved_in_crm: z.boolean(),
  saved_by_user: z.string().nullable(),
  created_at: z.string(),
});
export type ExtractedValue = z.infer<typeof ExtractedValue>;

const EXTRACTED_FIELDS = `id processed_file_id data_field extracted_value
  legal_company_data_for_extraction_id is_saved_in_crm saved_by_user created_at`;

export const PROCESSED_FILE_DETAIL_FIELDS = fragment(
  `fragment ProcessedFileDetailFields on ProcessedFile {
    id name url legal_file_type_id
    legal_file_type { id name company_id legal_document_folder { id name hex_code } }
    legal_raw_file_id raw_file_name raw_file_uploaded_at company_id created_at updated_at
    case_number adj_number eams_number claim_number wcab_number
    date_of_injury date_of_injury_end date_of_incident applicant defendant crm_case_id
    legal_case_id legal_case { ...DocumentCaseFields }
    recommended_cases { case_id score reasons case { ...DocumentCaseFields } }
    is_exception exception_reasons is_deleted deleted_at start_page_no end_page_no
    split_confidence type_confidence action_status document_synced separated_at
    reviewed_at reviewed_by edited_fields version
    extracted_data { ${EXTRACTED_FIELDS} }
  }`,
  z.object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    legal_file_type_id: z.string().nullable(),
    legal_file_type: DocumentType.nullable(),
    legal_raw_file_id: z.string(),
    raw_file_name: z.string(),
    raw_file_uploaded_at: z.string(),
    company_id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    case_number: z.array(z.string()),
    adj_number: z.array(z.string()),
    eams_number: z.array(z.string()),
    claim_number: z.array(z.string()),
    wcab_number: z.array(z.string()),
    date_of_injury: z.string().nullable(),
    date_of_injury_end: z.string().nullable(),
    date_of_incident: z.string().nullable(),
    applicant: z.string().nullable(),
    defendant: z.string().nullable(),
    crm_case_id: z.string().nullable(),
    legal_case_id: z.string().nullable(),
    legal_case: DOCUMENT_CASE_FIELDS.schema.nullable(),
    recommended_cases: z.array(
      z.object({
        case_id: z.string(),
        score: z.number(),
        reasons: z.array(z.string()),
        case: DOCUMENT_CASE_FIELDS.schema.nullable(),
      }),
    ),
    is_exception: z.boolean(),
    exception_reasons: z.array(z.string()),
    is_deleted: z.boolean(),
    deleted_at: z.string().nullable(),
    start_page_no: z.number(),
    end_page_no: z.number(),
    split_confidence: z.number().nullable(),
    type_confidence: z.number().nullable(),
    action_status: z.string(),
    document_synced: z.boolean(),
    separated_at: z.string(),
    reviewed_at: z.string().nullable(),
    reviewed_by: z.string().nullable(),
    edited_fields: z.array(z.string()),
    version: z.number(),
    extracted_data: z.array(ExtractedValue),
  }),
);
export type ProcessedFileDetails = z.infer<typeof PROCESSED_FILE_DETAIL_FIELDS.schema>;
export type RecommendedCase = ProcessedFileDetails['recommended_cases'][number];

export const PROCESSED_FILE_QUERY = op(
  `query ProcessedFileDetails($id: ID!) { processedFile(id: $id) { ...ProcessedFileDetailFields } }`,
  z.object({ processedFile: PROCESSED_FILE_DETAIL_FIELDS.schema.nullable() }),
  z.object({ id: z.string() }),
  [PROCESSED_FILE_DETAIL_FIELDS, DOCUMENT_CASE_FIELDS],
);

export const ProcessedFileLog = z.object({
  id: z.string(),
  processed_file_id: z.string(),
  field: z.string(),
  original_value: z.string().nullable(),
  updated_value: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  updated_by_email: z.string().nullable(),
  updated_by_role: z.string().nullable(),
  action_type: z.string(),
  is_exception_value: z.boolean(),
  created_at: z.string(),
});
export type ProcessedFileLog = z.infer<typeof ProcessedFileLog>;

export const AdminFileChangeLog = z.object({
  id: z.string(),
  reference_file_id: z.string(),
  data_field: z.string(),
  file_type: z.string().nullable(),
  role: z.string().nullable(),
  current: z.string().nullable(),
  updated: z.string().nullable(),
  user_name: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type AdminFileChangeLog = z.infer<typeof AdminFileChangeLog>;

/**
 * The document's change log, and its admin file change log when the viewer administers the
 * document's company (`withAdminLogs`; the server refuses everyone else that log).
 */
export const PROCESSED_FILE_HISTORY_QUERY = op(
  `query ProcessedFileHistory($id: ID!, $withAdminLogs: Boolean!) {
    processedFileLogs(processed_file_id: $id) {
      id processed_file_id field original_value updated_value updated_by_name updated_by_email
      updated_by_role action_type is_exception_value created_at
    }
    adminFileChangeLogs(processed_file_id: $id) @include(if: $withAdminLogs) {
      id reference_file_id data_field file_type role current updated user_name email created_at
    }
  }`,
  z.object({
    processedFileLogs: z.array(ProcessedFileLog),
    adminFileChangeLogs: z.array(AdminFileChangeLog).optional(),
  }),
  z.object({ id: z.string(), withAdminLogs: z.boolean() }),
);

export const DOCUMENT_TYPE_CHOICES_QUERY = op(
  `query DocumentTypeChoices($company_id: ID!) {
    legalFileTypes(company_id: $company_id) {
      id name company_id legal_document_folder { id name hex_code }
    }
  }`,
  z.object({ legalFileTypes: z.array(DocumentType) }),
  z.object({ company_id: z.string() }),
);

export const CASE_SEARCH_QUERY = op(
  `query DocumentCaseSearch($company_ids: [ID!], $query: String, $limit: Int) {
    legalCases(company_ids: $company_ids, query: $query, page: 1, limit: $limit) {
      items { ...DocumentCaseFields }
      total
    }
  }`,
  z.object({
    legalCases: z.object({ items: z.array(DOCUMENT_CASE_FIELDS.schema), total: z.number() }),
  }),
  z.object({
    company_ids: z.array(z.string()),
    query: z.string(),
    limit: z.number().int(),
  }),
  [DOCUMENT_CASE_FIELDS],
);

const DeletedState = z.object({
  id: z.string(),
  is_deleted: z.boolean(),
  deleted_at: z.string().nullable(),
  version: z.number(),
});

export const DELETE_PROCESSED_FILE_MUTATION = op(
  `mutation DeleteProcessedFileFromDetails($id: ID!) {
    deleteProcessedFile(id: $id) { id is_deleted deleted_at version }
  }`,
  z.object({ deleteProcessedFile: DeletedState }),
  z.object({ id: z.string() }),
);

export const RESTORE_PROCESSED_FILE_MUTATION = op(
  `mutation RestoreProcessedFileFromDetails($id: ID!) {
    restoreProcessedFile(id: $id) { id is_deleted deleted_at version }
  }`,
  z.object({ restoreProcessedFile: DeletedState }),
  z.object({ id: z.string() }),
);

export const UPDATE_EXTRACTED_VALUE_MUTATION = op(
  `mutation UpdateExtractedValue($id: ID!, $extracted_value: String, $is_saved_in_crm: Boolean) {
    updateExtractedData(
      id: $id
      extracted_value: $extracted_value
      is_saved_in_crm: $is_saved_in_crm
    ) { ${EXTRACTED_FIELDS} }
  }`,
  z.object({ updateExtractedData: ExtractedValue }),
  z.object({
    id: z.string(),
    extracted_value: z.string().nullable().optional(),
    is_saved_in_crm: z.boolean().optional(),
  }),
);

export const ADD_EXTRACTED_VALUE_MUTATION = op(
  `mutation AddExtractedValue($processed_file_id: ID!, $values: [ExtractedValueInput!]!) {
    saveExtractedData(processed_file_id: $processed_file_id, values: $values) {
      ${EXTRACTED_FIELDS}
    }
  }`,
  z.object({ saveExtractedData: z.array(ExtractedValue) }),
  z.object({
    processed_file_id: z.string(),
    values: z.array(
      z.object({
        data_field: z.string().min(1),
        extracted_value: z.string().nullable(),
      }),
    ),
  }),
);

export const SiblingDocument = z.object({
  id: z.string(),
  name: z.string(),
  start_page_no: z.number(),
  end_page_no: z.number(),
});
const SiblingPage = z.object({ items: z.array(SiblingDocument), total: z.number() });

/** Largest page the lists are asked for (a raw file rarely has more documents). */
export const SIBLINGS_PAGE_SIZE = 100;

/**
 * The raw file a document comes from (its page count bounds the page range) and the raw file's
 * other documents, from the document center and from the review queue (a document is in one of
 * them), for the re-split confirmation.
 */
export const DOCUMENT_RAW_FILE_QUERY = op(
  `query DocumentRawFileContext($raw_file_id: ID!, $company_id: ID!, $page_size: Int!) {
    rawFile(id: $raw_file_id) { id name no_of_pages status }
    processedFiles(
      company_id: $company_id
      page: 1
      page_size: $page_size
      filters: { legal_raw_file_id: $raw_file_id }
    ) { items { id name start_page_no end_page_no } total }
    reviewQueue(
      company_id: $company_id
      statusType: "all"
      page: 1
      page_size: $page_size
      filters: { legal_raw_file_id: $raw_file_id }
    ) { items { id name start_page_no end_page_no } total }
  }`,
  z.object({
    rawFile: z
      .object({ id: z.string(), name: z.string(), no_of_pages: z.number(), status: z.string() })
      .nullable(),
    processedFiles: SiblingPage,
    reviewQueue: SiblingPage,
  }),
  z.object({ raw_file_id: z.string(), company_id: z.string(), page_size: z.number().int() }),
);
