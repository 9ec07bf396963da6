/**
 * Where a list's total and the tab counts come from (service.ts says why): the live counters
 * (folding their pending deltas in the background past `compactAfter`), per UTC day for
 * processed_at ranges with the partial edge days counted exactly, a bounded content search, or a
 * count up to `countCap` within `countTimeoutMs`.
 */
import { rangeEndExclusive, rangeStart } from '../../../shared/raw-files/schemas';
import { NEWEST_FIRST, type ContentSearch } from './contentSearch';
import { NO_TYPE_KEY } from './countQueries';
import {
  isContentSearch,
  narrowsBeyondCounters,
  NO_FILE_TYPE,
  type ProcessedFileFilters,
} from './listFilters';
import { CENTER, EXCEPTIONS, type ListScope } from './listConditions';
import type { ProcessedFileQueries } from './queries';

export interface Counted {
  total: number;
  total_capped: boolean;
}

/** When counting timed out: at least the rows before and on this page (one more if it is full). */
export function lowerBound(offset: number, items: number, pageSize: number): Counted {
  return { total: offset + items + (items === pageSize ? 1 : 0), total_capped: true };
}

export const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/** Midnight UTC at or after `instant`. */
const ceilDay = (instant: Date) => {
  const day = new Date(
    Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()),
  );
  return day.getTime() === instant.getTime() ? day : new Date(day.getTime() + 86_400_000);
};
/** Midnight UTC at or before `instant`. */
const floorDay = (instant: Date) =>
  new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The document center's rows of a company, with these filters. */
export const centerScope = (companyId: string, filters: ProcessedFileFilters): ListScope => ({
  companyId,
  slice: CENTER,
  filters,
});

export interface CountingSettings {
  countCap: number;
  rankCap: number;
  compactAfter: number;
  countTimeoutMs: number;
  onCompactionError: (error: unknown) => void;
}

export function createCounting(
  queries: ProcessedFileQueries,
  contentSearch: ContentSearch,
  settings: CountingSettings,
) {
  const { countCap, rankCap, compactAfter, countTimeoutMs } = settings;
  const compacting = new Set<string>();

  /** Folds pending counter deltas in the background (one fold per company at a time). */
  function foldLater(companyId: string, pending: number): void {
    if (pending < compactAfter || compacting.has(companyId)) return;
    compacting.add(companyId);
    queries
      .compactCounters(companyId)
      .catch((error: unknown) => settings.onCompactionError(error))
      .finally(() => compacting.delete(companyId));
  }

  async function counters(companyId: string) {
    const { rows, pending } = await queries.counters(companyId);
    foldLater(companyId, pending);
    return rows;
  }

  /** The center's rows per type key from the counters, over filters.processed_at_* if given. */
  async function centerCountsByType(
    companyId: string,
    f: ProcessedFileFilters,
  ): Promise<Map<string, number>> {
    if (!f.processed_at_from && !f.processed_at_to) {
      const rows = await counters(companyId);
      return new Map(
        rows.filter((row) => row.bucket === 'center').map((row) => [row.legal_file_type_id, row.n]),
      );
    }
    const start = f.processed_at_from ? rangeStart(f.processed_at_from) : undefined;
    const end = f.processed_at_to ? rangeEndExclusive(f.processed_at_to) : undefined;
    const firstDay = start ? ceilDay(start) : undefined;
    const endDay = end ? floorDay(end) : undefined;
    if (firstDay && endDay && firstDay >= endDay) {
      // Within one UTC day: a few thousand rows at most, counted from the index.
      return queries.countByTypeUpTo(
        centerScope(companyId, {
          processed_at_from: f.processed_at_from,
          processed_at_to: f.processed_at_to,
        }),
      );
    }
    const edges: Array<Promise<Map<string, number>>> = [];
    if (start && firstDay && start < firstDay) edges.push(exactBetween(companyId, start, firstDay));
    if (end && endDay && endDay < end) edges.push(exactBetween(companyId, endDay, end));
    const [days, ...edgeCounts] = await Promise.all([
      queries.centerDayCounts(
        companyId,
        firstDay ? isoDay(firstDay) : undefined,
        endDay ? isoDay(endDay) : undefined,
      ),
      ...edges,
    ]);
    foldLater(companyId, days.pending);
    const byType = new Map(days.byType);
    for (const edge of edgeCounts)
      for (const [type, n] of edge) byType.set(type, (byType.get(type) ?? 0) + n);
    return byType;
  }

  /** Exact center counts per type of rows created in [from, to) (less than a day). */
  function exactBetween(companyId: string, from: Date, to: Date) {
    return queries.countByTypeUpTo(
      centerScope(companyId, {
        processed_at_from: from.toISOString(),
        processed_at_to: new Date(to.getTime() - 1).toISOString(),
      }),
    );
  }

  /** The type keys a list's tab and type filters keep (undefined: all). */
  function typeSelection(f: ProcessedFileFilters, folderTypeIds: readonly string[] | undefined) {
    let keys: Set<string> | undefined;
    if (f.folder === NO_FILE_TYPE) keys = new Set([NO_TYPE_KEY]);
    else if (f.folder) keys = new Set(folderTypeIds ?? []);
    if (f.file_type)
      keys = keys ? new Set([...keys].filter((k) => k === f.file_type)) : new Set([f.file_type]);
    return keys;
  }

  /** A list total: from the counters when they answer it, else counted up to the cap. */
  async function total(scope: ListScope, timeBox = true): Promise<Counted | undefined> {
    const f = scope.filters;
    if (scope.slice === CENTER && !narrowsBeyondCounters(f)) {
      const byType = await centerCountsByType(scope.companyId, f);
      const keys = typeSelection(f, scope.folderTypeIds);
      const n = sum(
        [...byType].filter(([key]) => !keys || keys.has(key)).map(([, count]) => count),
      );
      return { total: n, total_capped: false };
    }
    if (
      scope.slice === EXCEPTIONS &&
      !narrowsBeyondCounters(f) &&
      !f.folder &&
      !f.file_type &&
      !f.processed_at_from &&
      !f.processed_at_to
    ) {
      const bucket = scope.reason ? `exception:${scope.reason}` : 'exception';
      const rows = await counters(scope.companyId);
      return {
        total: sum(rows.filter((r) => r.bucket === bucket).map((r) => r.n)),
        total_capped: false,
      };
    }
    if (isContentSearch(f)) {
      const found = await contentSearch.matches(scope, f.search!, NEWEST_FIRST, rankCap);
      return { total: found.rows.length, total_capped: !found.complete };
    }
    const n = await queries.countUpTo(scope, countCap, timeBox ? countTimeoutMs : undefined);
    if (n === undefined) return undefined;
    return { total: Math.min(n, countCap), total_capped: n > countCap };
  }

  return { counters, centerCountsByType, total };
}
