/**
 * GraphQL operations of the raw-file details page: the raw file with its processing record and
 * log, and its documents. The documents come from the document center and from the review queue
 * (a document is in one or the other), both filtered to this raw file.
 */
import { z } from 'zod';
import { op } from '../../graphql/op';
import { RAW_FILE_FIELDS, RawFileLog } from '../raw-files/operations';

export const RAW_FILE_PAGE_QUERY = op(
  `query RawFileDetailsPage($id: ID!) {
    rawFile(id: $id) { ...RawFileFields }
    rawFileLogs(raw_file_id: $id) {
      id field original_value updated_value updated_by_username action_type created_at
    }
  }`,
  z.object({ rawFile: RAW_FILE_FIELDS.schema.nullable(), rawFileLogs: z.array(RawFileLog) }),
  z.object({ id: z.string() }),
  [RAW_FILE_FIELDS],
);

export const RawFileDocument = z.object({
  id: z.string(),
  name: z.string(),
  start_page_no: z.number(),
  end_page_no: z.number(),
  legal_file_type: z
    .object({
      id: z.string(),
      name: z.string(),
      legal_document_folder: z.object({ id: z.string(), name: z.string(), hex_code: z.string() }),
    })
    .nullable(),
  is_exception: z.boolean(),
  exception_reasons: z.array(z.string()),
  reviewed_at: z.string().nullable(),
  split_confidence: z.number().nullable(),
});
export type RawFileDocument = z.infer<typeof RawFileDocument>;

const DocumentPage = z.object({ items: z.array(RawFileDocument), total: z.number() });

/** Documents asked for per list; a raw file with more shows a note that the strip is partial. */
export const DOCUMENTS_PAGE_SIZE = 100;

const DOCUMENT_SELECTION = `items {
  id name start_page_no end_page_no
  legal_file_type { id name legal_document_folder { id name hex_code } }
  is_exception exception_reasons reviewed_at split_confidence
} total`;

export const RAW_FILE_DOCUMENTS_QUERY = op(
  `query RawFileDocuments($raw_file_id: ID!, $company_id: ID!, $page_size: Int!) {
    processedFiles(
      company_id: $company_id
      page: 1
      page_size: $page_size
      sort_by: "start_page_no"
      sort_order: "asc"
      filters: { legal_raw_file_id: $raw_file_id }
    ) { ${DOCUMENT_SELECTION} }
    reviewQueue(
      company_id: $company_id
      statusType: "all"
      page: 1
      page_size: $page_size
      filters: { legal_raw_file_id: $raw_file_id }
    ) { ${DOCUMENT_SELECTION} }
  }`,
  z.object({ processedFiles: DocumentPage, reviewQueue: DocumentPage }),
  z.object({ raw_file_id: z.string(), company_id: z.string(), page_size: z.number().int() }),
);
