/** GraphQL operations of raw files: details with logs, soft delete. (The filtered list is REST.) */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';

export const RAW_FILE_FIELDS = fragment(
  `fragment RawFileFields on RawFile {
    id name size no_of_pages status url company_id created_at uploaded_by_user_name
    uploaded_by_email raw_file_medium mime sha256 failed_count processed_files_count
    processing_stages { stage ms attempt } processing_error processing_attempts processed_at
  }`,
  z.object({
    id: z.string(),
    name: z.string(),
    size: z.number(),
    no_of_pages: z.number(),
    status: z.string(),
    url: z.string(),
    company_id: z.string(),
    created_at: z.string(),
    uploaded_by_user_name: z.string().nullable(),
    uploaded_by_email: z.string().nullable(),
    raw_file_medium: z.string().nullable(),
    mime: z.string().nullable(),
    sha256: z.string().nullable(),
    failed_count: z.number(),
    processed_files_count: z.number(),
    processing_stages: z.array(
      z.object({ stage: z.string(), ms: z.number(), attempt: z.number().nullable() }),
    ),
    processing_error: z.string().nullable(),
    processing_attempts: z.number(),
    processed_at: z.string().nullable(),
  }),
);
export type RawFileDetails = z.infer<typeof RAW_FILE_FIELDS.schema>;

export const RawFileLog = z.object({
  id: z.string(),
  field: z.string(),
  original_value: z.string().nullable(),
  updated_value: z.string().nullable(),
  updated_by_username: z.string().nullable(),
  action_type: z.string(),
  created_at: z.string(),
});
export type RawFileLog = z.infer<typeof RawFileLog>;

export const RAW_FILE_DETAILS_QUERY = op(
  `query RawFileDetails($id: ID!) {
    rawFile(id: $id) { ...RawFileFields }
    rawFileLogs(raw_file_id: $id) {
      id field original_value updated_value updated_by_username action_type created_at
    }
  }`,
  z.object({ rawFile: RAW_FILE_FIELDS.schema.nullable(), rawFileLogs: z.array(RawFileLog) }),
  z.object({ id: z.string() }),
  [RAW_FILE_FIELDS],
);

export const DELETE_RAW_FILE_MUTATION = op(
  `mutation DeleteRawFile($id: ID!) { deleteRawFile(id: $id) { id is_deleted status } }`,
  z.object({
    deleteRawFile: z.object({ id: z.string(), is_deleted: z.boolean(), status: z.string() }),
  }),
  z.object({ id: z.string() }),
);

export const REPROCESS_RAW_FILE_MUTATION = op(
  `mutation ReprocessRawFile($id: ID!) { reprocessRawFile(id: $id) { id status } }`,
  z.object({ reprocessRawFile: z.object({ id: z.string(), status: z.string() }) }),
  z.object({ id: z.string() }),
);
