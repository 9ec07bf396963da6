/**
 * What a row of a processed-file list carries, shared by the document center and the review queue:
 * the ProcessedFile fields both select (as GraphQL text to put into their fragments) and the zod
 * schema of exactly those fields, which each list extends with its own.
 */
import { z } from 'zod';

export const ProcessedFileFolder = z.object({
  id: z.string(),
  name: z.string(),
  hex_code: z.string(),
});
export type ProcessedFileFolder = z.infer<typeof ProcessedFileFolder>;

/** The selection of ProcessedFileRow, for a fragment on ProcessedFile. */
export const PROCESSED_FILE_ROW_FIELDS = `id name legal_file_type_id
    legal_file_type { id name legal_document_folder { id name hex_code } }
    legal_raw_file_id raw_file_name raw_file_uploaded_at created_at separated_at
    case_number adj_number claim_number eams_number wcab_number
    applicant defendant date_of_injury start_page_no end_page_no action_status`;

export const ProcessedFileRow = z.object({
  id: z.string(),
  name: z.string(),
  legal_file_type_id: z.string().nullable(),
  legal_file_type: z
    .object({ id: z.string(), name: z.string(), legal_document_folder: ProcessedFileFolder })
    .nullable(),
  legal_raw_file_id: z.string(),
  raw_file_name: z.string(),
  raw_file_uploaded_at: z.string(),
  created_at: z.string(),
  separated_at: z.string(),
  case_number: z.array(z.string()),
  adj_number: z.array(z.string()),
  claim_number: z.array(z.string()),
  eams_number: z.array(z.string()),
  wcab_number: z.array(z.string()),
  applicant: z.string().nullable(),
  defendant: z.string().nullable(),
  date_of_injury: z.string().nullable(),
  start_page_no: z.number().int(),
  end_page_no: z.number().int(),
  action_status: z.string(),
});
export type ProcessedFileRow = z.infer<typeof ProcessedFileRow>;
