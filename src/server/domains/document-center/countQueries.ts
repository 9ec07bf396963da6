/**
 * SQL of the lists' counts: capped and time-boxed exact counts, counts per document type, and the
 * live counters (committed counts plus pending deltas, per bucket and type or per day) that answer
 * totals and tabs without a narrowing filter (migration 0005; service.ts says when each is used).
 */
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { isStatementTimeout } from '../../db/statementTimeout';
import { rawFile } from '../../db/schema';
import {
  legalProcessedFile as doc,
  legalProcessedFileCount,
  legalProcessedFileCountDelta,
  legalProcessedFileDayCount,
} from '../../db/schemaPipeline';
import { listConditions, type Conditions, type ListScope } from './listConditions';

/** The counters' key for "no document type". */
export const NO_TYPE_KEY = '00000000-0000-0000-0000-000000000000';

export interface CounterRow {
  bucket: string;
  legal_file_type_id: string;
  n: number;
}

export interface ProcessedFileQueryOptions {
  /**
   * A database whose statements stop after `ms` (DatabaseHandle.timed): a time-boxed count is
   * then one statement. Without it, a transaction sets a local statement_timeout first.
   */
  timed?: (ms: number) => Pick<Database, 'select'>;
}

export function createCountQueries(db: Database, options: ProcessedFileQueryOptions = {}) {
  const countFrom = (c: Conditions) => {
    const base = db.select({ one: sql`1` }).from(doc);
    return c.raw.length > 0
      ? base
          .innerJoin(rawFile, eq(rawFile.id, doc.legal_raw_file_id))
          .where(and(...c.doc, ...c.raw))
      : base.where(and(...c.doc));
  };

  return {
    /**
     * How many rows match, counting no further than `cap` + 1; undefined when counting takes longer
     * than `timeoutMs` (a filter whose candidates must all be rechecked, e.g. a phrase of common
     * words): the caller then answers a lower bound instead of waiting.
     */
    async countUpTo(
      scope: ListScope,
      cap: number,
      timeoutMs?: number,
    ): Promise<number | undefined> {
      const count = async (executor: Pick<Database, 'select'>) => {
        const matches = countFrom(listConditions(scope))
          .limit(cap + 1)
          .as('matches');
        const [row] = await executor.select({ n: sql<number>`count(*)::int` }).from(matches);
        return row?.n ?? 0;
      };
      if (timeoutMs === undefined) return count(db);
      try {
        if (options.timed) return await count(options.timed(timeoutMs));
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
          return count(tx);
        });
      } catch (error) {
        if (isStatementTimeout(error)) return undefined;
        throw error;
      }
    },

    /**
     * Matching rows per document type (NO_TYPE_KEY for none); with `cap`, over the first `cap` + 1
     * matches only.
     */
    async countByTypeUpTo(scope: ListScope, cap?: number): Promise<Map<string, number>> {
      const c = listConditions(scope);
      const picked = db.select({ type: doc.legal_file_type_id }).from(doc);
      const filtered =
        c.raw.length > 0
          ? picked
              .innerJoin(rawFile, eq(rawFile.id, doc.legal_raw_file_id))
              .where(and(...c.doc, ...c.raw))
          : picked.where(and(...c.doc));
      const matches = (cap === undefined ? filtered : filtered.limit(cap + 1)).as('matches');
      const rows = await db
        .select({ type: matches.type, n: sql<number>`count(*)::int` })
        .from(matches)
        .groupBy(matches.type);
      return new Map(rows.map((row) => [row.type ?? NO_TYPE_KEY, row.n]));
    },

    /**
     * The company's live counters: committed counts plus the deltas not folded yet, per bucket and
     * type, and how many delta rows are pending (the service folds them when there are many).
     */
    async counters(companyId: string): Promise<{ rows: CounterRow[]; pending: number }> {
      const result = await db.execute<{
        bucket: string;
        type: string;
        n: string;
        pending: string;
      }>(sql`
        select bucket, legal_file_type_id as type, sum(n)::bigint as n, sum(pending)::bigint as pending
          from (
            select ${legalProcessedFileCount.bucket} as bucket, ${legalProcessedFileCount.legal_file_type_id} as legal_file_type_id, ${legalProcessedFileCount.n} as n, 0 as pending
              from ${legalProcessedFileCount} where ${legalProcessedFileCount.company_id} = ${companyId}
            union all
            select ${legalProcessedFileCountDelta.bucket}, ${legalProcessedFileCountDelta.legal_file_type_id}, ${legalProcessedFileCountDelta.n}, 1
              from ${legalProcessedFileCountDelta} where ${legalProcessedFileCountDelta.company_id} = ${companyId}
          ) as counts
         group by 1, 2`);
      let pending = 0;
      const rows = result.rows.map((row) => {
        pending += Number(row.pending);
        return { bucket: row.bucket, legal_file_type_id: row.type, n: Number(row.n) };
      });
      return { rows, pending };
    },

    /** The center's rows per type created on UTC days in [fromDay, toDay) (either end open). */
    async centerDayCounts(
      companyId: string,
      fromDay: string | undefined,
      toDay: string | undefined,
    ): Promise<{ byType: Map<string, number>; pending: number }> {
      const range = (day: SQLWrapper) =>
        sql.join(
          [
            ...(fromDay ? [sql`${day} >= ${fromDay}::date`] : []),
            ...(toDay ? [sql`${day} < ${toDay}::date`] : []),
            sql`true`,
          ],
          sql` and `,
        );
      const result = await db.execute<{ type: string; n: string; pending: string }>(sql`
        select legal_file_type_id as type, sum(n)::bigint as n, sum(pending)::bigint as pending
          from (
            select ${legalProcessedFileDayCount.legal_file_type_id} as legal_file_type_id, ${legalProcessedFileDayCount.n} as n, 0 as pending
              from ${legalProcessedFileDayCount}
             where ${legalProcessedFileDayCount.company_id} = ${companyId} and ${range(legalProcessedFileDayCount.day)}
            union all
            select ${legalProcessedFileCountDelta.legal_file_type_id}, ${legalProcessedFileCountDelta.n}, 1
              from ${legalProcessedFileCountDelta}
             where ${legalProcessedFileCountDelta.company_id} = ${companyId}
               and ${legalProcessedFileCountDelta.bucket} = 'center'
               and ${range(legalProcessedFileCountDelta.day)}
          ) as counts
         group by 1`);
      let pending = 0;
      const byType = new Map<string, number>();
      for (const row of result.rows) {
        pending += Number(row.pending);
        byType.set(row.type, Number(row.n));
      }
      return { byType, pending };
    },

    /** Folds the company's pending counter deltas; returns how many were folded. */
    async compactCounters(companyId: string): Promise<number> {
      const result = await db.execute<{ folded: string }>(
        sql`select legal_processed_file_count_compact(${companyId}) as folded`,
      );
      return Number(result.rows[0]?.folded ?? 0);
    },
  };
}
