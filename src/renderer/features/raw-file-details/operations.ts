/**
 * GraphQL operations of the raw-file details page: the raw file with its processing record and
 * log, and its documents. The documents come from the document center and from the review queue
 * (a document is in one or the other), both filtered to this raw file.
 */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';
import { RAW_FILE_FIELDS, RAW_FILE_LOG_FIELDS } from '../raw-files/operations';

export const RAW_FILE_PAGE_QUERY = graphql(
  `
    query RawFileDetailsPage($id: ID!) {
      rawFile(id: $id) {
        ...RawFileFields
      }
      rawFileLogs(raw_file_id: $id) {
        ...RawFileLogFields
      }
    }
  `,
  [RAW_FILE_FIELDS, RAW_FILE_LOG_FIELDS],
);

const RAW_FILE_DOCUMENT_FIELDS = graphql(`
  fragment RawFileDocumentFields on ProcessedFile {
    id
    name
    start_page_no
    end_page_no
    legal_file_type {
      id
      name
      legal_document_folder {
        id
        name
        hex_code
      }
    }
    is_exception
    exception_reasons
    reviewed_at
    split_confidence
  }
`);
export type RawFileDocument = ResultOf<typeof RAW_FILE_DOCUMENT_FIELDS>;

/** Documents asked for per list; a raw file with more shows a note that the strip is partial. */
export const DOCUMENTS_PAGE_SIZE = 100;

export const RAW_FILE_DOCUMENTS_QUERY = graphql(
  `
    query RawFileDocuments($raw_file_id: ID!, $company_id: ID!, $page_size: Int!) {
      processedFiles(
        company_id: $company_id
        page: 1
        page_size: $page_size
        sort_by: "start_page_no"
        sort_order: "asc"
        filters: { legal_raw_file_id: $raw_file_id }
      ) {
        items {
          ...RawFileDocumentFields
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
          ...RawFileDocumentFields
        }
        total
      }
    }
  `,
  [RAW_FILE_DOCUMENT_FIELDS],
);
