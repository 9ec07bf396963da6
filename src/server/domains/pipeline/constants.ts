/** Names and limits of the document pipeline's job queue and raw-file states. */
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';

/** The pg-boss queue of raw files waiting to be split. */
export const PIPELINE_QUEUE = 'pipeline-raw-file';
/** The queue before issue 13 (pg-boss 'stately' policy), dropped at start (see queue.ts). */
export const LEGACY_PIPELINE_QUEUE = 'process-raw-file';

/** A raw file while the pipeline works on it (bucket processing), and after (processed). */
export const RAW_FILE_PROCESSING = RAW_FILE_STATUS.processing;
export const RAW_FILE_PROCESSED = RAW_FILE_STATUS.processed;

/** Runs after the first (failed or stopped) before a raw file is given up as Uploading_Failed. */
export const PIPELINE_RETRY_LIMIT = 3;

/** How the pipeline signs the logs it writes (no user made the change). */
export const PIPELINE_ACTOR = {
  rawLog: {
    updated_by_username: 'LexDesk pipeline',
    updated_by_email: null,
    update_by_user_id: null,
    updated_by_role: 'system',
  },
  processedLog: {
    updated_by_name: 'LexDesk pipeline',
    updated_by_email: null,
    updated_by_id: null,
    updated_by_role: 'system',
  },
} as const;
