/**
 * The order of a list: each sort's ORDER BY terms (ties broken so the order is total) and the
 * subqueries that find one page's ids when walking a sort index would not do (matches collected
 * first, then sorted; the type sort's per-type walk).
 *
 * Why pages are fast: each sort has a partial index on (company_id, <sort column>, id) over the
 * center's rows (migrations 0005 and 0007), so a page is an index walk that stops after page_size
 * rows.
 */
import { and, asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rawFile } from '../../db/schema';
import { legalFileType, legalProcessedFile as doc } from '../../db/schemaPipeline';
import type { ProcessedFileSort } from './listFilters';
import type { Conditions } from './listConditions';

export type Direction = 'asc' | 'desc';

/** One ORDER BY term. */
export interface SortKey {
  expr: SQLWrapper;
  direction: Direction;
}

/** Sorts that order by the joined raw file rather than the document. */
export const RAW_SORTS: ReadonlySet<ProcessedFileSort> = new Set([
  'raw_file_name',
  'raw_file_uploaded_at',
]);

/**
 * The ORDER BY terms of a sort, ending with tie-breaks that make the order total. PostgreSQL's
 * default null order is kept so the ascending (company, column, id) indexes serve both directions.
 * legal_file_type needs legal_file_type joined; rank needs the rank expression.
 */
export function sortKeys(by: ProcessedFileSort, direction: Direction, rank?: SQL): SortKey[] {
  const key = (expr: SQLWrapper, d: Direction = direction): SortKey => ({ expr, direction: d });
  switch (by) {
    case 'raw_file_name':
      return [
        key(rawFile.name),
        key(rawFile.id),
        key(doc.start_page_no, 'asc'),
        key(doc.id, 'asc'),
      ];
    case 'raw_file_uploaded_at':
      return [
        key(rawFile.created_at),
        key(rawFile.id),
        key(doc.start_page_no, 'asc'),
        key(doc.id, 'asc'),
      ];
    case 'legal_file_type':
      return [
        key(legalFileType.name),
        key(legalFileType.id),
        key(doc.created_at, 'desc'),
        key(doc.id, 'desc'),
      ];
    case 'rank':
      return [key(rank ?? sql`0`), key(doc.created_at, 'desc'), key(doc.id, 'desc')];
    default:
      return [key(doc[by]), key(doc.id)];
  }
}

/** ORDER BY of sort keys (also used by tests that check an index serves them). */
export const toOrderBy = (keys: SortKey[]) =>
  keys.map((k) => (k.direction === 'asc' ? asc(k.expr as SQL) : desc(k.expr as SQL)));

export interface PageRequest {
  sortBy: ProcessedFileSort;
  sortOrder: Direction;
  limit: number;
  offset: number;
  /** Compute rank (content search). */
  search?: string;
}

/**
 * The ids of one page, computed from all matches: the subquery (an optimisation fence, OFFSET 0)
 * finds them by the filters alone, then only their sort keys are sorted.
 */
/** Which rows of an order an ids subquery returns. */
type IdsWindow = Pick<PageRequest, 'limit' | 'offset' | 'sortOrder'>;

export function collectedIds(
  c: Conditions,
  keys: SortKey[],
  request: IdsWindow,
  withType: boolean,
): SQL {
  const typeJoin = withType
    ? sql`left join ${legalFileType} on ${legalFileType.id} = ${doc.legal_file_type_id}`
    : sql``;
  const columns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
  const order = sql.join(
    keys.map(
      (k, i) =>
        sql`matches.${sql.identifier(`k${i}`)} ${k.direction === 'asc' ? sql`asc` : sql`desc`}`,
    ),
    sql`, `,
  );
  return sql`(
    select matches.id from (
      select ${doc.id} as id, ${columns}
        from ${doc} inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id} ${typeJoin}
       where ${and(...c.doc, ...c.raw)}
      offset 0
    ) as matches
    order by ${order}
    limit ${request.limit} offset ${request.offset}
  )`;
}

/**
 * The ids of one page sorted by document type name, newest first within a type. Sorting a
 * million rows by a joined name is slow, so each type takes its own newest rows from the
 * (company, type, created_at, id) index, at most offset + limit of them, and only those are
 * sorted: cost grows with the page number, not with the company's documents.
 */
export function typeOrderedIds(companyId: string, c: Conditions, request: IdsWindow): SQL {
  const take = request.offset + request.limit;
  const rawJoin =
    c.raw.length > 0
      ? sql`inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id}`
      : sql``;
  const where = and(...c.doc, ...c.raw)!;
  const d = request.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  return sql`(
    select candidates.id from (
      select picked.id, ${legalFileType.name} as type_name, ${legalFileType.id} as type_id, picked.created_at
        from ${legalFileType}
        cross join lateral (
          select ${doc.id} as id, ${doc.created_at} as created_at from ${doc} ${rawJoin}
           where ${where} and ${doc.legal_file_type_id} = ${legalFileType.id}
           order by ${doc.created_at} desc, ${doc.id} desc limit ${take}
        ) as picked
       where ${legalFileType.company_id} = ${companyId}
      union all
      (select ${doc.id}, null, null, ${doc.created_at} from ${doc} ${rawJoin}
        where ${where} and ${doc.legal_file_type_id} is null
        -- Leading with the (null) type lets the (company, type, created_at, id) index give the
        -- order; by created_at alone the planner walks every typed document looking for nulls.
        order by ${doc.legal_file_type_id} desc nulls first, ${doc.created_at} desc, ${doc.id} desc
        limit ${take})
    ) as candidates
    order by candidates.type_name ${d}, candidates.type_id ${d}, candidates.created_at desc, candidates.id desc
    limit ${request.limit} offset ${request.offset}
  )`;
}
