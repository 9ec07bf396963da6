/**
 * GraphQL operations of the review queue ("Needs review"): exceptions oldest first by statusType,
 * the counts per kind, and marking a document reviewed (it then leaves the queue for the document
 * center). A queue row carries the fields the desktop's offline cache keeps for it
 * (review:cacheDocuments needs id, company_id, version and url).
 */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';

/** Rows the queue asks for at once (reviewQueue's default page size). */
export const REVIEW_PAGE_SIZE = 50;

const Folder = z.object({ id: z.string(), name: z.string(), hex_code: z.string() });

export const REVIEW_QUEUE_ROW = fragment(
  `fragment ReviewQueueRow on ProcessedFile {
    id name url version company_id legal_file_type_id
    legal_file_type { id name legal_document_folder { id name hex_code } }
    legal_raw_file_id raw_file_name raw_file_uploaded_at created_at updated_at separated_at
    case_number adj_number claim_number eams_number wcab_number
    applicant defendant date_of_injury date_of_injury_end date_of_incident
    legal_case_id crm_case_id start_page_no end_page_no split_confidence type_confidence
    is_exception exception_reasons action_status edited_fields
    recommended_cases { case_id score reasons }
  }`,
  z.object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    version: z.number().int(),
    company_id: z.string(),
    legal_file_type_id: z.string().nullable(),
    legal_file_type: z
      .object({ id: z.string(), name: z.string(), legal_document_folder: Folder })
      .nullable(),
    legal_raw_file_id: z.string(),
    raw_file_name: z.string(),
    raw_file_uploaded_at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    separated_at: z.string(),
    case_number: z.array(z.string()),
    adj_number: z.array(z.string()),
    claim_number: z.array(z.string()),
    eams_number: z.array(z.string()),
    wcab_number: z.array(z.string()),
    applicant: z.string().nullable(),
    defendant: z.string().nullable(),
    date_of_injury: z.string().nullable(),
    date_of_injury_end: z.string().nullable(),
    date_of_incident: z.string().nullable(),
    legal_case_id: z.string().nullable(),
    crm_case_id: z.string().nullable(),
    start_page_no: z.number().int(),
    end_page_no: z.number().int(),
    split_confidence: z.number().nullable(),
    type_confidence: z.number().nullable(),
    is_exception: z.boolean(),
    exception_reasons: z.array(z.string()),
    action_status: z.string(),
    edited_fields: z.array(z.string()),
    recommended_cases: z.array(
      z.object({ case_id: z.string(), score: z.number(), reasons: z.array(z.string()) }),
    ),
  }),
);
export type ReviewQueueRow = z.infer<typeof REVIEW_QUEUE_ROW.schema>;

export const REVIEW_QUEUE_QUERY = op(
  `query ReviewQueue($company_id: ID!, $statusType: String!, $page: Int!, $page_size: Int!) {
    reviewQueue(
      company_id: $company_id
      statusType: $statusType
      page: $page
      page_size: $page_size
    ) {
      items { ...ReviewQueueRow }
      total
      page
      page_size
    }
  }`,
  z.object({
    reviewQueue: z.object({
      items: z.array(REVIEW_QUEUE_ROW.schema),
      total: z.number().int(),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
  }),
  z.object({
    company_id: z.string().min(1),
    statusType: z.enum(['all', 'no_file_type', 'multi_case', 'needs_case_number']),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(500),
  }),
  [REVIEW_QUEUE_ROW],
);

const Counts = z.object({
  all: z.number().int(),
  no_file_type: z.number().int(),
  multi_case: z.number().int(),
  needs_case_number: z.number().int(),
});
export type ReviewCounts = z.infer<typeof Counts>;

export const REVIEW_QUEUE_COUNTS_QUERY = op(
  `query ReviewQueueCounts($company_id: ID!) {
    reviewCounts(company_id: $company_id) { all no_file_type multi_case needs_case_number }
  }`,
  z.object({ reviewCounts: Counts }),
  z.object({ company_id: z.string().min(1) }),
);

export const MARK_QUEUED_DOCUMENT_REVIEWED_MUTATION = op(
  `mutation MarkQueuedDocumentReviewed($id: ID!) {
    markProcessedFileReviewed(id: $id) { id is_exception exception_reasons reviewed_at version }
  }`,
  z.object({
    markProcessedFileReviewed: z.object({
      id: z.string(),
      is_exception: z.boolean(),
      exception_reasons: z.array(z.string()),
      reviewed_at: z.string().nullable(),
      version: z.number().int(),
    }),
  }),
  z.object({ id: z.string().min(1) }),
);
