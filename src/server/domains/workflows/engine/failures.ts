/**
 * What happens to a node that failed (a transient failure is queued again after a backoff, the
 * last allowed attempt or a final failure is Failed and a failed sync is logged) and to a failed
 * node a person retries (a new retry round, queued again).
 */
import { eq, sql } from 'drizzle-orm';
import { backoffDelay } from '../../../../shared/backoff';
import type { Database } from '../../../db/connection';
import { legalProcessedFile } from '../../../db/schemaPipeline';
import {
  documentSyncLog,
  workflowNodeLog,
  type WorkflowNodeLogRow,
} from '../../../db/schemaWorkflows';
import type { PipelineLog } from '../../pipeline/queue';
import { NodeFailure } from './errors';
import { refreshRun } from './runs';

export interface FailureDeps {
  db: Database;
  log: PipelineLog;
  maxAttempts: number;
  retryBaseMs: number;
  send(ids: string[], startAfter?: Date): Promise<void>;
}

export function createFailureHandling({ db, log, maxAttempts, retryBaseMs, send }: FailureDeps) {
  return {
    /**
     * On `on`: the worker's connection, which still holds the node's lock. Returns when the node
     * is to run again (the caller queues it once it let go of the lock), else undefined.
     */
    async recordFailure(
      on: Database,
      row: WorkflowNodeLogRow,
      error: unknown,
    ): Promise<Date | undefined> {
      const transient = error instanceof NodeFailure ? error.transient : true;
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof NodeFailure))
        log.error({ err: error, nodeLogId: row.id }, 'workflow node failed');
      if (transient && row.round_attempts < maxAttempts) {
        const delay = backoffDelay(row.round_attempts, {
          base: retryBaseMs,
          cap: 60_000,
          jitter: 'equal',
        });
        const retryAt = new Date(Date.now() + delay);
        await on
          .update(workflowNodeLog)
          .set({ status: 'Queued', error: message, retry_at: retryAt })
          .where(eq(workflowNodeLog.id, row.id));
        return retryAt;
      }
      await on.transaction(async (tx) => {
        await tx
          .update(workflowNodeLog)
          .set({ status: 'Failed', error: message, ended_at: new Date() })
          .where(eq(workflowNodeLog.id, row.id));
        if (row.node_type === 'action.sync_case' && row.legal_processed_file_id) {
          // The document is not synced now, whatever an earlier sync did.
          await tx
            .update(legalProcessedFile)
            .set({ document_synced: false, sync_status: 'failed', updated_at: new Date() })
            .where(eq(legalProcessedFile.id, row.legal_processed_file_id));
          await tx.insert(documentSyncLog).values({
            company_id: row.company_id,
            legal_processed_file_id: row.legal_processed_file_id,
            node_log_id: row.id,
            connector: (error instanceof NodeFailure && error.connector) || 'local',
            status: 'Failed',
            attempt: row.attempts,
            data: { error: message },
            ended_at: new Date(),
          });
        }
        await refreshRun(tx, row.run_id);
      });
      return undefined;
    },

    async retryNode(nodeLogId: string): Promise<boolean> {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(workflowNodeLog)
          .set({
            status: 'Queued',
            error: null,
            round_attempts: 0,
            retry_round: sql`${workflowNodeLog.retry_round} + 1`,
            retry_at: null,
            ended_at: null,
          })
          .where(sql`${workflowNodeLog.id} = ${nodeLogId} and ${workflowNodeLog.status} = 'Failed'`)
          .returning();
        if (updated) await refreshRun(tx, updated.run_id);
        return updated;
      });
      if (!row) return false;
      await send([row.id]);
      return true;
    },
  };
}
