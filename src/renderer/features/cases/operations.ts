/**
 * GraphQL operations of the Cases screens (schema/30-cases.graphql): the paged list, the three
 * recent cases, the statistics, one case, create / update / soft delete, the CSV import, and the
 * documents of a case (schema/20-processed-files.graphql, processedFiles by legal_case_id).
 */
import { graphql, type ResultOf, type VariablesOf } from '../../../shared/graphql/graphql';

/** The case summary (spec section 3) plus what the screens show about it. */
export const LEGAL_CASE_FIELDS = graphql(`
  fragment LegalCaseFields on LegalCase {
    id
    case_id
    company_id
    case_number
    name
    client_name
    eams_number
    wcab_number
    primary_number
    alternate_number
    legal_case_status
    legal_case_type
    date_of_incident
    date_of_injury
    crm_type
    created_at
    updated_at
    documents_count
  }
`);
export type LegalCase = ResultOf<typeof LEGAL_CASE_FIELDS>;

const LEGAL_CASE_PAGE_FIELDS = graphql(
  `
    fragment LegalCasePageFields on LegalCasePage {
      items {
        ...LegalCaseFields
      }
      total
      page
      limit
    }
  `,
  [LEGAL_CASE_FIELDS],
);
export type LegalCasePage = ResultOf<typeof LEGAL_CASE_PAGE_FIELDS>;

export const CASE_LIST_QUERY = graphql(
  `
    query CaseList(
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
        ...LegalCasePageFields
      }
    }
  `,
  [LEGAL_CASE_PAGE_FIELDS],
);
export type CaseListVariables = VariablesOf<typeof CASE_LIST_QUERY>;

/** Spec section 9: recent cases are page 1 with 3 items, here the most recently updated. */
export const RECENT_CASES_LIMIT = 3;

export const RECENT_CASES_QUERY = graphql(
  `
    query RecentCases($limit: Int!) {
      legalCases(page: 1, limit: $limit, sort_by: "updated_at", sort_order: "desc") {
        ...LegalCasePageFields
      }
    }
  `,
  [LEGAL_CASE_PAGE_FIELDS],
);

export const CASE_STATS_QUERY = graphql(`
  query CaseStats($company_id: ID!) {
    caseStats(company_id: $company_id) {
      total
      with_documents
      added_last_30_days
      by_status {
        name
        count
      }
      by_type {
        name
        count
      }
    }
  }
`);
export type CaseStats = ResultOf<typeof CASE_STATS_QUERY>['caseStats'];
export type CountByName = CaseStats['by_status'][number];

export const CASE_DETAILS_QUERY = graphql(
  `
    query CaseDetails($id: ID!) {
      legalCase(id: $id) {
        ...LegalCaseFields
      }
    }
  `,
  [LEGAL_CASE_FIELDS],
);

export const CREATE_CASE_MUTATION = graphql(
  `
    mutation CreateLegalCase($company_id: ID!, $input: LegalCaseInput!) {
      createLegalCase(company_id: $company_id, input: $input) {
        ...LegalCaseFields
      }
    }
  `,
  [LEGAL_CASE_FIELDS],
);
/** LegalCaseInput: a field left out is unchanged on update; null clears it. */
export type LegalCaseInput = VariablesOf<typeof CREATE_CASE_MUTATION>['input'];

export const UPDATE_CASE_MUTATION = graphql(
  `
    mutation UpdateLegalCase($id: ID!, $input: LegalCaseInput!) {
      updateLegalCase(id: $id, input: $input) {
        ...LegalCaseFields
      }
    }
  `,
  [LEGAL_CASE_FIELDS],
);

export const DELETE_CASE_MUTATION = graphql(`
  mutation DeleteLegalCase($id: ID!) {
    deleteLegalCase(id: $id) {
      id
      case_number
    }
  }
`);

export const IMPORT_CASES_MUTATION = graphql(`
  mutation ImportLegalCases($company_id: ID!, $csv: String!) {
    importLegalCases(company_id: $company_id, csv: $csv) {
      created
      updated
      skipped
      duplicates
      chunks
      errors {
        line
        message
      }
    }
  }
`);
export type CaseImportResult = ResultOf<typeof IMPORT_CASES_MUTATION>['importLegalCases'];

/** The documents of a case: the document center's rows whose legal_case_id is the case. */
export const CASE_DOCUMENTS_QUERY = graphql(`
  query CaseDocuments($company_id: ID!, $legal_case_id: ID!, $page: Int, $page_size: Int) {
    processedFiles(
      company_id: $company_id
      page: $page
      page_size: $page_size
      filters: { legal_case_id: $legal_case_id }
    ) {
      items {
        id
        name
        raw_file_name
        start_page_no
        end_page_no
        date_of_injury
        separated_at
        legal_file_type {
          id
          name
          legal_document_folder {
            id
            name
            hex_code
          }
        }
      }
      total
      page
      page_size
    }
  }
`);
export type CaseDocument = ResultOf<typeof CASE_DOCUMENTS_QUERY>['processedFiles']['items'][number];

/** Every query whose answer a case change (create, edit, delete, import) makes stale. */
export const CASE_QUERIES_AFTER_CHANGE = [CASE_LIST_QUERY, RECENT_CASES_QUERY, CASE_STATS_QUERY];
