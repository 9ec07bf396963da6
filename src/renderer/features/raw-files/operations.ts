/** GraphQL operations of raw files: details with logs, soft delete. (The filtered list is REST.) */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const RAW_FILE_FIELDS = graphql(`
  fragment RawFileFields on RawFile {
    id
    name
    size
    no_of_pages
    status
    url
    company_id
    created_at
    uploaded_by_user_name
    uploaded_by_email
    raw_file_medium
    mime
    sha256
    failed_count
    processed_files_count
    processing_stages {
      stage
      ms
      attempt
    }
    processing_error
    s3_key
    processing_attempts
    processed_at
  }
`);
export type RawFileDetails = ResultOf<typeof RAW_FILE_FIELDS>;

export const RAW_FILE_LOG_FIELDS = graphql(`
  fragment RawFileLogFields on RawFileLog {
    id
    field
    original_value
    updated_value
    updated_by_username
    action_type
    created_at
  }
`);
export type RawFileLog = ResultOf<typeof RAW_FILE_LOG_FIELDS>;

export const RAW_FILE_DETAILS_QUERY = graphql(
  `
    query RawFileDetails($id: ID!) {
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

export const DELETE_RAW_FILE_MUTATION = graphql(`
  mutation DeleteRawFile($id: ID!) {
    deleteRawFile(id: $id) {
      id
      is_deleted
      status
    }
  }
`);

export const REPROCESS_RAW_FILE_MUTATION = graphql(`
  mutation ReprocessRawFile($id: ID!) {
    reprocessRawFile(id: $id) {
      id
      status
    }
  }
`);
