/**
 * What a row of a processed-file list carries, shared by the document center and the review queue:
 * the ProcessedFile fields both select, as a fragment each list spreads into its own.
 */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const PROCESSED_FILE_ROW_FIELDS = graphql(`
  fragment ProcessedFileRowFields on ProcessedFile {
    id
    name
    legal_file_type_id
    legal_file_type {
      id
      name
      legal_document_folder {
        id
        name
        hex_code
      }
    }
    legal_raw_file_id
    raw_file_name
    raw_file_uploaded_at
    created_at
    separated_at
    case_number
    adj_number
    claim_number
    eams_number
    wcab_number
    applicant
    defendant
    date_of_injury
    start_page_no
    end_page_no
    action_status
  }
`);
export type ProcessedFileRow = ResultOf<typeof PROCESSED_FILE_ROW_FIELDS>;
