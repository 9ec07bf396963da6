/** Business constants and limits (spec section 9, both sides). */
export const DOCUMENT_LIST_DEFAULTS = { page: 1, pageSize: 10 } as const;
export const SMART_INBOX_PAGE_SIZE = 10;
export const INTAKE_DEFAULTS = { page: 1, pageSize: 5 } as const;
export const WORKFLOW_LOG_DEFAULTS = { page: 1, limit: 10, totalPages: 1 } as const;
export const RECENT_CASES = { page: 1, limit: 3 } as const;
export const CASE_CHUNK_SIZE = 500;
export const RAW_FILE_INITIAL_STATUS = 'Uploading';
export const UPLOAD_PROGRESS_STEPS = [10, 30, 70, 100] as const;
export const DATA_EXTRACTION_STATS_LIMIT = 7;
export const JOB_OPENINGS_DEFAULTS = { page: 1, pageSize: 10 } as const;
export const TEAM_LEAD_TALENT_TYPE_IDS = [1, 2, 4] as const;
export const AVAILABLE_FOR_QA_STATUS_ID = 10;
export const DEFAULT_PAY_RATE = 0;
export const DELIVERY_UPDATE_DEFAULT = true;

/** Cache lifetimes in seconds. */
export const CACHE_SECONDS = {
  messages: 60,
  unreadMessages: 50,
  casesFilterData: 300,
  consumptionReports: 3600,
  requestTypes: 3600,
} as const;

/** Top-level paging: offset is page times limit (spec section 9), pages counted from 0 there. */
export function pagingOffset(page: number, limit: number): number {
  return Math.max(0, page) * Math.max(0, limit);
}

/** Offset for 1-based pages as the document lists use them (page 1 is the first page). */
export function pageOffset(page: number, pageSize: number): number {
  return Math.max(0, page - 1) * Math.max(0, pageSize);
}
