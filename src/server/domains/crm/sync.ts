/**
 * Cases in from a CRM (spec section 5): every page by cursor; rows without a case_number are
 * skipped, repeated case_numbers dropped (the first kept), and the rest written in chunks of 500,
 * each in its own transaction: an existing case (by company and case_number) takes the CRM's
 * summary fields that are not empty and its CRM id, a new number becomes a case (a deleted one is
 * restored: the CRM still has it). The next page is read while a chunk is written (one write at a
 * time, in order): memory holds a page, at most two chunks and the set of numbers seen.
 *
 * A failure (a page the connector could not read, a chunk that could not be written) ends the sync
 * but is returned, not thrown: the result carries the error and what was written until then —
 * created and updated count only the chunks whose transaction committed (a chunk rolled back adds
 * nothing), received, skipped and duplicates the rows read.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SyncResult } from '../../../shared/crm';
import type { Database } from '../../db/connection';
import { legalCase } from '../../db/schemaPipeline';
import {
  CASE_DATE_FIELDS,
  CASE_FIELDS,
  type CaseField,
  isoDate,
  MAX_CASE_NUMBER_LENGTH,
  MAX_CASE_TEXT_LENGTH,
} from '../cases/input';
import { caseMatchNumbers } from '../pipeline/cases';
import type { CrmCase, CrmConnector } from './connector';

export const SYNC_CHUNK_SIZE = 500;

const textOf = (value: string | null) =>
  value?.trim() ? value.trim().slice(0, MAX_CASE_TEXT_LENGTH) : null;
const dayOf = (value: string | null) => (value ? isoDate(value.slice(0, 10)) : null);

/** The case summary fields a CRM fills: the writable case fields (cases/input.ts) but the number. */
type SummaryField = Exclude<CaseField, 'case_number'>;
const SUMMARY_FIELDS = CASE_FIELDS.filter(
  (field): field is SummaryField => field !== 'case_number',
);
const DATE_FIELDS: ReadonlySet<string> = new Set(CASE_DATE_FIELDS);

function summaryOf(c: CrmCase): Record<SummaryField, string | null> {
  return Object.fromEntries(
    SUMMARY_FIELDS.map((field) => [
      field,
      DATE_FIELDS.has(field) ? dayOf(c[field]) : textOf(c[field]),
    ]),
  ) as Record<SummaryField, string | null>;
}

export async function syncCasesIn(input: {
  db: Database;
  connector: CrmConnector;
  companyId: string;
  crmType: string;
}): Promise<SyncResult> {
  const result: SyncResult = {
    received: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    duplicates: 0,
    chunks: 0,
  };
  const seen = new Set<string>();
  let chunk: Array<CrmCase & { case_number: string }> = [];

  const write = async (incoming: Array<CrmCase & { case_number: string }>) => {
    // Counted in the chunk and added to the result once its transaction has committed.
    let created = 0;
    let updated = 0;
    await input.db.transaction(async (tx) => {
      const existing = await tx
        .select()
        .from(legalCase)
        .where(
          and(
            eq(legalCase.company_id, input.companyId),
            inArray(
              legalCase.case_number,
              incoming.map((c) => c.case_number),
            ),
          ),
        )
        .for('update');
      const byNumber = new Map(existing.map((row) => [row.case_number, row]));
      // Column by column, one array each: one statement of a few parameters for the whole chunk
      // (row by row it would be thousands of parameters and objects per chunk).
      const columns = Object.fromEntries(
        [...SUMMARY_FIELDS, 'case_number', 'crm_case_ref', 'match_numbers'].map((c) => [
          c,
          [] as unknown[],
        ]),
      ) as Record<SummaryField | 'case_number' | 'crm_case_ref' | 'match_numbers', unknown[]>;
      for (const c of incoming) {
        const current = byNumber.get(c.case_number);
        const live = current !== undefined && !current.is_deleted;
        const fromCrm = summaryOf(c);
        // A field the CRM leaves empty keeps what LexDesk has (a live case's own numbers stay).
        const values = Object.fromEntries(
          SUMMARY_FIELDS.map((field) => [field, fromCrm[field] ?? (live ? current[field] : null)]),
        ) as Record<SummaryField, string | null>;
        if (live) updated += 1;
        else created += 1;
        for (const field of SUMMARY_FIELDS) columns[field].push(values[field]);
        columns.case_number.push(c.case_number);
        columns.crm_case_ref.push(c.case_id.slice(0, MAX_CASE_TEXT_LENGTH));
        // Upper case letters and digits only (caseMatchNumbers), so a comma separates them.
        columns.match_numbers.push(
          caseMatchNumbers({ case_number: c.case_number, ...values }).join(','),
        );
      }
      const names = Object.keys(columns);
      const typeOf = (name: string) => (DATE_FIELDS.has(name) ? 'date' : 'text');
      const valueOf = (name: string) =>
        name === 'match_numbers'
          ? sql`string_to_array(r.match_numbers, ',')`
          : sql.raw(`r.${name}`);
      await tx.execute(sql`
        insert into legal_case (company_id, crm_type, is_deleted, created_at, updated_at,
          ${sql.raw(names.join(', '))})
        select ${input.companyId}::uuid, ${input.crmType}, false, now(), now(),
          ${sql.join(names.map(valueOf), sql`, `)}
        from unnest(${sql.join(
          names.map(
            (name) =>
              sql`${sql.param(columns[name as keyof typeof columns])}::${sql.raw(typeOf(name))}[]`,
          ),
          sql`, `,
        )}) as r(${sql.raw(names.join(', '))})
        on conflict (company_id, case_number) do update set
          ${sql.raw(
            [...SUMMARY_FIELDS, 'crm_type', 'crm_case_ref', 'match_numbers', 'updated_at']
              .map((column) => `${column} = excluded.${column}`)
              .join(', '),
          )},
          created_at = case when legal_case.is_deleted then excluded.created_at
            else legal_case.created_at end,
          is_deleted = false`);
    });
    result.created += created;
    result.updated += updated;
    result.chunks += 1;
  };

  // The chunk being written while the next page is read; its failure ends the sync.
  let writing: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  const flush = async () => {
    await writing;
    if (failure) throw failure.error;
    if (chunk.length === 0) return;
    const incoming = chunk;
    chunk = [];
    writing = write(incoming).catch((error: unknown) => {
      failure ??= { error };
    });
  };

  let cursor: string | null = null;
  try {
    do {
      const page = await input.connector.listCases(cursor);
      for (const c of page.cases) {
        result.received += 1;
        const number = c.case_number?.trim();
        if (!number || number.length > MAX_CASE_NUMBER_LENGTH) {
          result.skipped += 1;
          continue;
        }
        if (seen.has(number)) {
          result.duplicates += 1;
          continue;
        }
        seen.add(number);
        chunk.push({ ...c, case_number: number });
        if (chunk.length >= SYNC_CHUNK_SIZE) await flush();
      }
      cursor = page.next;
    } while (cursor);
    await flush(); // the last chunk
  } catch (error) {
    failure ??= { error };
  } finally {
    // A page that failed ends the sync only once the chunk being written is done.
    await writing;
  }
  if (failure) return { ...result, error: errorText((failure as { error: unknown }).error) };
  return result;
}

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message.slice(0, 300) : 'sync failed';
