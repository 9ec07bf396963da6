/** The pipeline's operations callers reach through services (GraphQL): requeueing a raw file. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { rawFile, type RawFileRow } from '../../db/schema';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import { markRawFile } from './rawFileState';

export function createPipelineService(db: Database) {
  return {
    /** Back to Uploaded (logged as reprocess_requested), ready for a new run; returns the row. */
    async requeue(file: RawFileRow): Promise<RawFileRow> {
      await markRawFile(
        db,
        file,
        { status: RAW_FILE_STATUS.uploaded, attempt: 0 },
        'reprocess_requested',
      );
      const [row] = await db.select().from(rawFile).where(eq(rawFile.id, file.id));
      if (!row) throw new Error(`raw file ${file.id} vanished`);
      return row;
    },
  };
}
