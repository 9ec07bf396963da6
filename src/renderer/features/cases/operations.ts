/**
 * GraphQL operations of the Cases screens (schema/30-cases.graphql): the paged list, the three
 * recent cases, the statistics, one case, create / update / soft delete, the CSV import, and the
 * documents of a case (schema/20-processed-files.graphql, processedFiles by legal_case_id).
 */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';

/** The case summary (spec section 3) plus what the screens show about it. */
export const LEGAL_CASE_FIELDS = fragment(
  `fragment LegalCaseFields on LegalCase {
    id case_id company_id case_number name client_name eams_number wcab_number primary_number
    alternate_number legal_case_status legal_case_type date_of_incident date_of_injury crm_type
    created_at updated_at documents_count
  }`,
  z.object({
    id: z.string(),
    case_id: z.string(),
    company_id: z.string(),
    case_number: z.string(),
    name: z.string().nullable(),
    client_name: z.string().nullable(),
    eams_number: z.string().nullable(),
    wcab_number: z.string().nullable(),
    primary_number: z.string().nullable(),
    alternate_number: z.string().nullable(),
    legal_case_status: z.string().nullable(),
    legal_case_type: z.string().nullable(),
    date_of_incident: z.string().nullable(),
    date_of_injury: z.string().nullable(),
    crm_type: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    documents_count: z.number(),
  }),
);
export type LegalCase = z.infer<typeof LEGAL_CASE_FIELDS.schema>;

const LegalCasePage = z.object({
  items: z.array(LEGAL_CASE_FIELDS.schema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type LegalCasePage = z.infer<typeof LegalCasePage>;

export const CaseFiltersInput = z.object({
  legal_case_status: z.string().optional(),
  legal_case_type: z.string().optional(),
  has_documents: z.boolean().optional(),
});
export type CaseFiltersInput = z.infer<typeof CaseFiltersInput>;

export const CaseListVariables = z.object({
  query: z.string().optional(),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  filters: CaseFiltersInput.optional(),
  sort_by: z.string().optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
});
export type CaseListVariables = z.infer<typeof CaseListVariables>;

export const CASE_LIST_QUERY = op(
  `query CaseList(
    $query: String
    $page: Int
    $limit: Int
    $filters: CaseFilters
    $sort_by: String
    $sort_order: String
  ) {
    legalCases(
      query: $query
      page: $page
      limit: $limit
      filters: $filters
      sort_by: $sort_by
      sort_order: $sort_order
    ) {
      items { ...LegalCaseFields }
      total
      page
      limit
    }
  }`,
  z.object({ legalCases: LegalCasePage }),
  CaseListVariables,
  [LEGAL_CASE_FIELDS],
);

/** Spec section 9: recent cases are page 1 with 3 items, here the most recently updated. */
export const RECENT_CASES_LIMIT = 3;

export const RECENT_CASES_QUERY = op(
  `query RecentCases($limit: Int!) {
    legalCases(page: 1, limit: $limit, sort_by: "updated_at", sort_order: "desc") {
      items { ...LegalCaseFields }
      total
      page
      limit
    }
  }`,
  z.object({ legalCases: LegalCasePage }),
  z.object({ limit: z.number().int().min(1) }),
  [LEGAL_CASE_FIELDS],
);

const CountByName = z.object({ name: z.string(), count: z.number() });
export type CountByName = z.infer<typeof CountByName>;

export const CaseStats = z.object({
  total: z.number(),
  with_documents: z.number(),
  added_last_30_days: z.number(),
  by_status: z.array(CountByName),
  by_type: z.array(CountByName),
});
export type CaseStats = z.infer<typeof CaseStats>;

export const CASE_STATS_QUERY = op(
  `query CaseStats($company_id: ID!) {
    caseStats(company_id: $company_id) {
      total with_documents added_last_30_days
      by_status { name count }
      by_type { name count }
    }
  }`,
  z.object({ caseStats: CaseStats }),
  z.object({ company_id: z.string() }),
);

export const CASE_DETAILS_QUERY = op(
  `query CaseDetails($id: ID!) { legalCase(id: $id) { ...LegalCaseFields } }`,
  z.object({ legalCase: LEGAL_CASE_FIELDS.schema.nullable() }),
  z.object({ id: z.string() }),
  [LEGAL_CASE_FIELDS],
);

/** LegalCaseInput: a field left out is unchanged on update; null clears it. */
export const LegalCaseInput = z.object({
  case_number: z.string().optional(),
  name: z.string().nullable().optional(),
  client_name: z.string().nullable().optional(),
  eams_number: z.string().nullable().optional(),
  wcab_number: z.string().nullable().optional(),
  primary_number: z.string().nullable().optional(),
  alternate_number: z.string().nullable().optional(),
  legal_case_status: z.string().nullable().optional(),
  legal_case_type: z.string().nullable().optional(),
  date_of_incident: z.string().nullable().optional(),
  date_of_injury: z.string().nullable().optional(),
});
export type LegalCaseInput = z.infer<typeof LegalCaseInput>;

export const CREATE_CASE_MUTATION = op(
  `mutation CreateLegalCase($company_id: ID!, $input: LegalCaseInput!) {
    createLegalCase(company_id: $company_id, input: $input) { ...LegalCaseFields }
  }`,
  z.object({ createLegalCase: LEGAL_CASE_FIELDS.schema }),
  z.object({ company_id: z.string(), input: LegalCaseInput }),
  [LEGAL_CASE_FIELDS],
);

export const UPDATE_CASE_MUTATION = op(
  `mutation UpdateLegalCase($id: ID!, $input: LegalCaseInput!) {
    updateLegalCase(id: $id, input: $input) { ...LegalCaseFields }
  }`,
  z.object({ updateLegalCase: LEGAL_CASE_FIELDS.schema }),
  z.object({ id: z.string(), input: LegalCaseInput }),
  [LEGAL_CASE_FIELDS],
);

export const DELETE_CASE_MUTATION = op(
  `mutation DeleteLegalCase($id: ID!) { deleteLegalCase(id: $id) { id case_number } }`,
  z.object({ deleteLegalCase: z.object({ id: z.string(), case_number: z.string() }) }),
  z.object({ id: z.string() }),
);

export const CaseImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  duplicates: z.number(),
  chunks: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type CaseImportResult = z.infer<typeof CaseImportResult>;

export const IMPORT_CASES_MUTATION = op(
  `mutation ImportLegalCases($company_id: ID!, $csv: String!) {
    importLegalCases(company_id: $company_id, csv: $csv) {
      created updated skipped duplicates chunks
      errors { line message }
    }
  }`,
  z.object({ importLegalCases: CaseImportResult }),
  z.object({ company_id: z.string(), csv: z.string() }),
);

const CaseDocument = z.object({
  id: z.string(),
  name: z.string(),
  legal_file_type: z
    .object({
      id: z.string(),
      name: z.string(),
      legal_document_folder: z.object({ id: z.string(), name: z.string(), hex_code: z.string() }),
    })
    .nullable(),
  raw_file_name: z.string(),
  start_page_no: z.number(),
  end_page_no: z.number(),
  date_of_injury: z.string().nullable(),
  separated_at: z.string(),
});
export type CaseDocument = z.infer<typeof CaseDocument>;

/** The documents of a case: the document center's rows whose legal_case_id is the case. */
export const CASE_DOCUMENTS_QUERY = op(
  `query CaseDocuments($company_id: ID!, $legal_case_id: ID!, $page: Int, $page_size: Int) {
    processedFiles(
      company_id: $company_id
      page: $page
      page_size: $page_size
      filters: { legal_case_id: $legal_case_id }
    ) {
      items {
        id name raw_file_name start_page_no end_page_no date_of_injury separated_at
        legal_file_type { id name legal_document_folder { id name hex_code } }
      }
      total
      page
      page_size
    }
  }`,
  z.object({
    processedFiles: z.object({
      items: z.array(CaseDocument),
      total: z.number(),
      page: z.number(),
      page_size: z.number(),
    }),
  }),
  z.object({
    company_id: z.string(),
    legal_case_id: z.string(),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
  }),
);

/** Every query whose answer a case change (create, edit, delete, import) makes stale. */
export const CASE_QUERIES_AFTER_CHANGE = [CASE_LIST_QUERY, RECENT_CASES_QUERY, CASE_STATS_QUERY];
