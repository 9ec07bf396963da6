/**
 * Offline review helpers: whether a failure means "the server cannot be reached" (so the screen
 * falls back to the desktop's cached copy), and the cached copy read back with the same schema
 * the screen uses for the server's answer.
 */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { parseFragmentValue } from '../../../shared/graphql/check';
import { PROCESSED_FILE_DETAIL_FIELDS, type ProcessedFileDetails } from './operations';

/** A failed fetch (no answer at all) or a gateway that could not reach the server. */
export function isUnreachable(error: unknown): boolean {
  if (!error) return false;
  if (CombinedGraphQLErrors.is(error)) return false;
  if (ServerError.is(error)) return [502, 503, 504].includes(error.statusCode);
  if (error instanceof TypeError) return /fetch|network|load failed/i.test(error.message);
  if (error instanceof Error && error.name === 'AbortError') return false;
  return false;
}

/**
 * What a cached copy may lack: the review queue caches its rows with fewer fields than this
 * screen asks for, so missing ones read as "none" (ids, name, link and pages must be there).
 */
const CACHE_DEFAULTS: Omit<
  ProcessedFileDetails,
  'id' | 'name' | 'url' | 'company_id' | 'legal_raw_file_id' | 'start_page_no' | 'end_page_no'
> = {
  legal_file_type_id: null,
  legal_file_type: null,
  raw_file_name: '',
  raw_file_uploaded_at: '',
  created_at: '',
  updated_at: '',
  case_number: [],
  adj_number: [],
  eams_number: [],
  claim_number: [],
  wcab_number: [],
  date_of_injury: null,
  date_of_injury_end: null,
  date_of_incident: null,
  applicant: null,
  defendant: null,
  defendants: [],
  crm_case_id: null,
  legal_case_id: null,
  legal_case: null,
  recommended_cases: [],
  is_exception: false,
  exception_reasons: [],
  is_deleted: false,
  deleted_at: null,
  split_confidence: null,
  type_confidence: null,
  action_status: '',
  document_synced: false,
  separated_at: '',
  reviewed_at: null,
  reviewed_by: null,
  edited_fields: [],
  version: 1,
  extracted_data: [],
};

/** The cached document as the details screen reads it, or null when it is not usable. */
export function readCachedDocument(value: unknown): ProcessedFileDetails | null {
  if (!value || typeof value !== 'object') return null;
  const given = Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined),
  );
  const merged: Record<string, unknown> = { ...CACHE_DEFAULTS, ...given };
  if (Array.isArray(merged['recommended_cases']))
    merged['recommended_cases'] = (merged['recommended_cases'] as unknown[]).map((item) =>
      item && typeof item === 'object' && !('case' in item) ? { ...item, case: null } : item,
    );
  return parseFragmentValue(PROCESSED_FILE_DETAIL_FIELDS, merged);
}

/** Base64 text to bytes (the cached PDF). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
