/** The pipeline's operations callers reach through services (GraphQL): requeueing a raw file. */
import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/connection';
import { rawFile, type RawFileRow } from '../../db/schema';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import type { Viewer } from '../../permissions';
import { authorOf } from '../raw-files/service';
import { markRawFile } from './rawFileState';
import { lockRunIn } from './runLock';

export function createPipelineService(db: Database) {
  return {
    /**
     * Back to Uploaded (logged as reprocess_requested by `viewer`), ready for a new run; returns the row.
     * Refused while a live run holds the file (REPROCESS_RUNNING); a file whose run stopped
     * (its worker died) may be asked again at once. The file's run lock is held meanwhile, so no
     * run starts halfway through the change.
     */
    async requeue(viewer: Viewer, file: RawFileRow): Promise<RawFileRow> {
      return db.transaction(async (tx) => {
        if (!(await lockRunIn(tx, file.id))) throw new AppError('REPROCESS_RUNNING', 409);
        await markRawFile(
          tx,
          file,
          { status: RAW_FILE_STATUS.uploaded, attempt: 0 },
          'reprocess_requested',
          // The audit names the person who asked, not the pipeline that will run.
          { actor: authorOf(viewer) },
        );
        const [row] = await tx.select().from(rawFile).where(eq(rawFile.id, file.id));
        if (!row) throw new Error(`raw file ${file.id} vanished`);
        return row;
      });
    },
  };
}
