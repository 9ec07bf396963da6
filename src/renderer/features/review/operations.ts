/**
 * GraphQL operations of the review queue ("Needs review"): exceptions oldest first by statusType,
 * the counts per kind, and marking a document reviewed (it then leaves the queue for the document
 * center). A queue row carries the fields the desktop's offline cache keeps for it
 * (review:cacheDocuments needs id, company_id, version and url).
 */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';
import { PROCESSED_FILE_ROW_FIELDS } from '../documents/processedFileRow';

/** Rows the queue asks for at once (reviewQueue's default page size). */
export const REVIEW_PAGE_SIZE = 50;

export const REVIEW_QUEUE_ROW = graphql(
  `
    fragment ReviewQueueRow on ProcessedFile {
      ...ProcessedFileRowFields
      url
      version
      company_id
      updated_at
      date_of_injury_end
      date_of_incident
      legal_case_id
      crm_case_id
      split_confidence
      type_confidence
      is_exception
      exception_reasons
      edited_fields
      recommended_cases {
        case_id
        score
        reasons
      }
    }
  `,
  [PROCESSED_FILE_ROW_FIELDS],
);
export type ReviewQueueRow = ResultOf<typeof REVIEW_QUEUE_ROW>;

export const REVIEW_QUEUE_QUERY = graphql(
  `
    query ReviewQueue($company_id: ID!, $statusType: String!, $page: Int!, $page_size: Int!) {
      reviewQueue(
        company_id: $company_id
        statusType: $statusType
        page: $page
        page_size: $page_size
      ) {
        items {
          ...ReviewQueueRow
        }
        total
        page
        page_size
      }
    }
  `,
  [REVIEW_QUEUE_ROW],
);

export const REVIEW_QUEUE_COUNTS_QUERY = graphql(`
  query ReviewQueueCounts($company_id: ID!) {
    reviewCounts(company_id: $company_id) {
      all
      no_file_type
      multi_case
      needs_case_number
    }
  }
`);
export type ReviewCounts = ResultOf<typeof REVIEW_QUEUE_COUNTS_QUERY>['reviewCounts'];
