/**
 * SQL of the document center and the review queue (read-only): filtered, sorted pages, content
 * search snippets, the company's folders and types, and the exception documents of raw files;
 * with the counts of countQueries.ts in the same object. Every query is limited to one company the
 * service has checked. The WHERE is listConditions.ts, the ORDER BY listOrder.ts.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { rawFile } from '../../db/schema';
import {
  legalDocumentFolder,
  legalFileType,
  legalProcessedFile as doc,
} from '../../db/schemaPipeline';
import type { ProcessedFileRecord } from '../documents/columns';
import { createCountQueries, type ProcessedFileQueryOptions } from './countQueries';
import { EXCEPTIONS, listConditions, tsQuery, type ListScope } from './listConditions';
import {
  collectedIds,
  RAW_SORTS,
  sortKeys,
  toOrderBy,
  typeOrderedIds,
  type PageRequest,
} from './listOrder';
import { DOC_LIST, PAGE_LIST, RAW_LIST, RECORD_COLUMNS, toRecord } from './pageRows';
import {
  HEADLINE_OPTIONS,
  HEADLINE_TEXT_LIMIT,
  MARK_END,
  MARK_START,
  snippetHtml,
} from './snippetHtml';

export function createProcessedFileQueries(db: Database, options: ProcessedFileQueryOptions = {}) {
  return {
    ...createCountQueries(db, options),

    /** The company's folders (not deleted, by name) and all its types with their folder. */
    async taxonomy(companyId: string) {
      const [folders, types] = await Promise.all([
        db
          .select({
            id: legalDocumentFolder.id,
            name: legalDocumentFolder.name,
            hex_code: legalDocumentFolder.hex_code,
          })
          .from(legalDocumentFolder)
          .where(
            and(
              eq(legalDocumentFolder.company_id, companyId),
              eq(legalDocumentFolder.is_deleted, false),
            ),
          )
          .orderBy(asc(legalDocumentFolder.name), asc(legalDocumentFolder.id)),
        db
          .select({ id: legalFileType.id, folder_id: legalFileType.legal_document_folder_id })
          .from(legalFileType)
          .where(eq(legalFileType.company_id, companyId)),
      ]);
      return { folders, types };
    },

    /** The type ids of one of the company's folders (deleted types too: their documents stay). */
    async folderTypeIds(companyId: string, folderId: string): Promise<string[]> {
      const rows = await db
        .select({ id: legalFileType.id })
        .from(legalFileType)
        .where(
          and(
            eq(legalFileType.company_id, companyId),
            eq(legalFileType.legal_document_folder_id, folderId),
          ),
        );
      return rows.map((row) => row.id);
    },

    /**
     * One page of records in the requested order, with each row's raw file name and upload time,
     * in one statement. The page is found on legal_processed_file alone unless raw_file is needed
     * to sort or filter by it; otherwise raw_file is joined around the finished page (its sort
     * keys come along as k0, k1... to keep its order): a join for the names alone can tempt the
     * planner into hashing every raw file of the company.
     */
    async page(scope: ListScope, request: PageRequest): Promise<ProcessedFileRecord[]> {
      const c = listConditions(scope);
      const rank = request.search
        ? sql`ts_rank_cd(${doc.search_vector}, ${tsQuery(request.search)})`
        : undefined;
      const keys = sortKeys(request.sortBy, request.sortOrder, rank);
      const byType = request.sortBy === 'legal_file_type';
      const byRaw = RAW_SORTS.has(request.sortBy);
      const rankColumn = rank ? sql`, ${rank} as "rank"` : sql``;
      const rawJoin = sql`inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id} and ${rawFile.company_id} = ${scope.companyId}`;
      const orderBy = sql.join(toOrderBy(keys), sql`, `);
      const collect =
        c.byIds === true || (c.raw.length > 0 && !byRaw) || (c.selective === true && !byType);
      let query: SQL;
      if (collect || byType) {
        // Raw-file filters correlate with the document's own order (documents of March uploads
        // were created in March): walking the sort index newest first would pass every later
        // document before finding one, so their matches are collected first, then sorted. The
        // type sort picks each type's first rows. Either way only the page's ids come back, and
        // those few rows are ordered again here.
        const ids = collect
          ? collectedIds(c, keys, request, byType)
          : typeOrderedIds(scope.companyId, c, request);
        const typeJoin = byType
          ? sql`left join ${legalFileType} on ${legalFileType.id} = ${doc.legal_file_type_id}`
          : sql``;
        query = sql`select ${DOC_LIST}${rankColumn}, ${RAW_LIST} from ${doc} ${rawJoin} ${typeJoin}
          where ${doc.id} in ${ids} order by ${orderBy}`;
      } else if (byRaw || c.raw.length > 0) {
        query = sql`select ${DOC_LIST}${rankColumn}, ${RAW_LIST} from ${doc} ${rawJoin}
          where ${and(...c.doc, ...c.raw)} order by ${orderBy}
          limit ${request.limit} offset ${request.offset}`;
      } else {
        const keyColumns = sql.join(
          keys.map((k, i) => sql`, ${k.expr} as ${sql.identifier(`k${i}`)}`),
          sql``,
        );
        const pageOrder = sql.join(
          keys.map((k, i) =>
            k.direction === 'asc'
              ? sql`"page".${sql.identifier(`k${i}`)} asc`
              : sql`"page".${sql.identifier(`k${i}`)} desc`,
          ),
          sql`, `,
        );
        query = sql`select ${PAGE_LIST}${rank ? sql`, "page"."rank"` : sql``}, ${RAW_LIST}
          from (select ${DOC_LIST}${rankColumn}${keyColumns} from ${doc}
                 where ${and(...c.doc)} order by ${orderBy}
                 limit ${request.limit} offset ${request.offset}) as "page"
          inner join ${rawFile} on ${rawFile.id} = "page"."legal_raw_file_id" and ${rawFile.company_id} = ${scope.companyId}
          order by ${pageOrder}`;
      }
      const result = await db.execute<Record<string, unknown>>(query);
      return result.rows.map(toRecord);
    },

    /** ts_headline snippets (safe HTML with <mark>) of these documents for `search`. */
    async snippets(ids: readonly string[], search: string): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const text = sql`translate(left(${doc.content}, ${HEADLINE_TEXT_LIMIT}), ${MARK_START + MARK_END}, '')`;
      const rows = await db
        .select({
          id: doc.id,
          headline: sql<string>`ts_headline('english', ${text}, ${tsQuery(search)}, ${HEADLINE_OPTIONS})`,
        })
        .from(doc)
        .where(inArray(doc.id, [...ids]));
      return new Map(rows.map((row) => [row.id, snippetHtml(row.headline)]));
    },

    /**
     * The exception documents (not deleted) of these raw files, in page order; with `reasons`,
     * only those with one of them.
     */
    async exceptionDocuments(
      companyIds: readonly string[],
      rawFileIds: readonly string[],
      reasons?: readonly string[],
    ): Promise<ProcessedFileRecord[]> {
      if (companyIds.length === 0 || rawFileIds.length === 0) return [];
      const rows = await db
        .select(RECORD_COLUMNS)
        .from(doc)
        .innerJoin(rawFile, eq(rawFile.id, doc.legal_raw_file_id))
        .where(
          and(
            inArray(doc.legal_raw_file_id, [...rawFileIds]),
            inArray(doc.company_id, [...companyIds]),
            EXCEPTIONS,
            ...(reasons?.length
              ? [
                  sql`${doc.exception_reasons} && ${sql`array[${sql.join(
                    reasons.map((r) => sql`${r}`),
                    sql`, `,
                  )}]::text[]`}`,
                ]
              : []),
          ),
        )
        .orderBy(asc(doc.legal_raw_file_id), asc(doc.start_page_no), asc(doc.id));
      return rows as ProcessedFileRecord[];
    },
  };
}

export type ProcessedFileQueries = ReturnType<typeof createProcessedFileQueries>;
