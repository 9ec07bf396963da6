/**
 * GraphQL operations of the review queue ("Needs review"): exceptions oldest first by statusType,
 * the counts per kind, and marking a document reviewed (it then leaves the queue for the document
 * center). A queue row carries the fields the desktop's offline cache keeps for it
 * (review:cacheDocuments needs id, company_id, version and url).
 */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';
import { PROCESSED_FILE_ROW_FIELDS, ProcessedFileRow } from '../documents/processedFileRow';

/** Rows the queue asks for at once (reviewQueue's default page size). */
export const REVIEW_PAGE_SIZE = 50;

export const REVIEW_QUEUE_ROW = fragment(
  `fragment ReviewQueueRow on ProcessedFile {
    ${PROCESSED_FILE_ROW_FIELDS}
    url version company_id updated_at date_of_injury_end date_of_incident
    legal_case_id crm_case_id split_confidence type_confidence
    is_exception exception_reasons edited_fields
    recommended_cases { case_id score reasons }
  }`,
  ProcessedFileRow.extend({
    url: z.string(),
    version: z.number().int(),
    company_id: z.string(),
    updated_at: z.string(),
    date_of_injury_end: z.string().nullable(),
    date_of_incident: z.string().nullable(),
    legal_case_id: z.string().nullable(),
    crm_case_id: z.string().nullable(),
    split_confidence: z.number().nullable(),
    type_confidence: z.number().nullable(),
    is_exception: z.boolean(),
    exception_reasons: z.array(z.string()),
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
