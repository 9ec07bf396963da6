/**
 * Seeds the review bench's database: one company with `rows` processed files (with text, so the
 * full-text index is real), spread over raw files of 25 documents, the default document types,
 * 100,000 cases, and a bench user. Generated in PostgreSQL (INSERT ... SELECT), so a million rows
 * take minutes, not hours; the result is kept in the bench's data folder and reused while
 * `bench_seed` says it has the same size and version.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/connection';
import { company } from '../../../src/server/db/schema';
import { legalFileType } from '../../../src/server/db/schemaPipeline';
import { ensureCompanyTaxonomy } from '../../../src/server/domains/pipeline/taxonomy';
import { insertCompany, insertUser } from '../../../src/server/seed/accounts';

/** Raise when the seeded shape changes, so cached databases are rebuilt. */
export const SEED_VERSION = 1;
export const BENCH_COMPANY = 'Review Bench LLP';
export const BENCH_EMAIL = 'bench.reviewer@example.com';
export const BENCH_PASSWORD = 'bench-password-1234';
export const CASES = 100_000;
const DOCS_PER_RAW_FILE = 25;

/** Words of workers' compensation paper, for document text and names. */
const VOCABULARY =
  `applicant defendant employer insurance carrier adjuster claim injury cumulative trauma
  lumbar cervical spine shoulder knee wrist orthopedic psychiatric internal medicine evaluation report
  qualified medical evaluator agreed permanent disability temporary total stationary maximal improvement
  apportionment causation treatment authorization utilization review independent medical review
  deposition subpoena records hearing conference mandatory settlement trial minutes order petition
  compromise release stipulations award findings lien bill provider pharmacy physical therapy
  chiropractic acupuncture surgery MRI x-ray diagnosis restrictions modified duty return work
  vocational rehabilitation supplemental job displacement voucher benefits indemnity payments
  declaration readiness proceed objection penalty sanctions reconsideration appeals board judge
  workers compensation division claims administrator correspondence proof service mailing`
    .split(/\s+/)
    .filter(Boolean);

const SURNAMES =
  `Garcia Martinez Lopez Hernandez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera Gomez
  Diaz Reyes Morales Cruz Ortiz Gutierrez Chavez Ramos Smith Johnson Williams Brown Jones Miller
  Davis Wilson Anderson Taylor Thomas Moore Jackson Martin Lee Thompson White Harris Clark Lewis`
    .split(/\s+/)
    .filter(Boolean);

export interface SeedInfo {
  companyId: string;
  rows: number;
}

async function seededInfo(db: Database, rows: number): Promise<SeedInfo | null> {
  await db.execute(
    sql`create table if not exists bench_seed (rows integer not null, version integer not null, company_id uuid not null)`,
  );
  const found = await db.execute<{ rows: number; version: number; company_id: string }>(
    sql`select rows, version, company_id from bench_seed limit 1`,
  );
  const row = found.rows[0];
  if (row && row.rows === rows && row.version === SEED_VERSION)
    return { companyId: row.company_id, rows };
  return null;
}

/** Seeds (or finds) the bench data; `log` reports progress. */
export async function ensureSeeded(
  db: Database,
  rows: number,
  log: (line: string) => void,
): Promise<SeedInfo> {
  const existing = await seededInfo(db, rows);
  if (existing) {
    log(`reusing the seeded database (${rows.toLocaleString('en-US')} documents)`);
    await clearWorkflowEvents(db, existing.companyId, log);
    return existing;
  }
  log(`seeding ${rows.toLocaleString('en-US')} documents (kept for later runs)...`);
  const old = await db
    .select({ id: company.id })
    .from(company)
    .where(eq(company.name, BENCH_COMPANY));
  if (old.length > 0) {
    // A different size or version: start the bench data over.
    await db.execute(sql`truncate bench_seed`);
    await db.execute(sql`delete from legal_processed_file_log`);
    await db.execute(sql`delete from legal_extracted_data_for_processed_file`);
    await db.execute(sql`delete from legal_processed_file`);
    await db.execute(sql`delete from legal_case`);
    await db.execute(sql`delete from raw_file`);
  }
  const companyId =
    old[0]?.id ?? (await insertCompany(db, { name: BENCH_COMPANY, is_legal: true })).id;
  if (old.length === 0)
    await insertUser(db, {
      companyId,
      email: BENCH_EMAIL,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: 'Reviewer',
      userType: 'customer',
      legalUserType: 'admin',
    });
  await ensureCompanyTaxonomy(db, companyId);
  const types = await db
    .select({ id: legalFileType.id })
    .from(legalFileType)
    .where(eq(legalFileType.company_id, companyId));
  const typeIds = types.map((t) => t.id);
  const words = sql.raw(`array[${VOCABULARY.map((w) => `'${w}'`).join(',')}]`);
  const surnames = sql.raw(`array[${SURNAMES.map((w) => `'${w}'`).join(',')}]`);
  const typeArray = sql.raw(`array[${typeIds.map((id) => `'${id}'::uuid`).join(',')}]`);
  const rawFiles = Math.ceil(rows / DOCS_PER_RAW_FILE);

  let started = performance.now();
  await db.execute(sql`
    insert into raw_file (name, size, no_of_pages, status, company_id, idempotency_key, created_at, processed_files_count)
    select 'scan-' || lpad(g::text, 7, '0') || '.pdf', 250000 + (g % 5000) * 100, ${DOCS_PER_RAW_FILE * 2},
           'Processed', ${companyId}, gen_random_uuid(), now() - make_interval(mins => g * 3), ${DOCS_PER_RAW_FILE}
    from generate_series(1, ${rawFiles}) g`);
  log(
    `  raw files: ${rawFiles.toLocaleString('en-US')} in ${Math.round(performance.now() - started)} ms`,
  );

  // Text paragraphs are drawn from a pool (one per document would take far longer to generate);
  // each document adds its own names and numbers, so searches still find few, specific rows.
  started = performance.now();
  await db.execute(sql`create temporary table bench_paragraph as
    select p as id, (select string_agg((${words})[1 + ((p * 7919 + w * 104729) % ${VOCABULARY.length})], ' ')
                     from generate_series(1, 120) w) as text
    from generate_series(0, 1999) p`);
  await db.execute(sql`
    insert into legal_processed_file (
      name, legal_file_type_id, legal_raw_file_id, company_id, created_at, updated_at,
      case_number, adj_number, eams_number, claim_number, applicant, defendant, date_of_injury,
      is_exception, exception_reasons, is_deleted, start_page_no, end_page_no, action_status,
      separated_at, content)
    select
      (${words})[1 + (d.g % ${VOCABULARY.length})] || ' ' || (${words})[1 + ((d.g / 7) % ${VOCABULARY.length})] || ' ' || d.g,
      case when d.g % 50 = 0 then null else (${typeArray})[1 + (d.g % ${typeIds.length})] end,
      r.id, ${companyId}, r.created_at, r.created_at,
      array['CV' || lpad((d.g % ${CASES})::text, 6, '0')],
      array['ADJ' || lpad((10000000 + d.g % ${CASES})::text, 8, '0')],
      array['ADJ' || lpad((10000000 + d.g % ${CASES})::text, 8, '0')],
      array['CLM-' || lpad((d.g * 13 % 900000)::text, 6, '0')],
      (${surnames})[1 + (d.g % ${SURNAMES.length})] || ', ' || (${surnames})[1 + ((d.g / 3) % ${SURNAMES.length})],
      'Acme Insurance ' || (d.g % 400),
      date '2015-01-01' + (d.g % 3650),
      d.g % 10 = 0,
      case when d.g % 10 = 0 then array['needs_case_number'] else '{}'::text[] end,
      d.g % 100 = 99,
      d.page, d.page + 1, 'complete', r.created_at,
      p1.text || ' applicant ' || (${surnames})[1 + (d.g % ${SURNAMES.length})] || ' claim CLM-' || lpad((d.g * 13 % 900000)::text, 6, '0') || E'\\f' || p2.text
    from (
      select g, ((g - 1) / ${DOCS_PER_RAW_FILE}) + 1 as raw_no, ((g - 1) % ${DOCS_PER_RAW_FILE}) * 2 + 1 as page
      from generate_series(1, ${rows}) g
    ) d
    join (select id, created_at, row_number() over (order by name) as raw_no from raw_file where company_id = ${companyId}) r
      on r.raw_no = d.raw_no
    join bench_paragraph p1 on p1.id = d.g % 2000
    join bench_paragraph p2 on p2.id = (d.g * 31) % 2000`);
  log(
    `  documents: ${rows.toLocaleString('en-US')} in ${Math.round(performance.now() - started)} ms`,
  );

  started = performance.now();
  await db.execute(sql`
    insert into legal_case (company_id, case_number, name, client_name, eams_number, legal_case_status,
                            legal_case_type, date_of_injury, match_numbers, created_at, updated_at)
    select ${companyId}, 'CV' || lpad(g::text, 6, '0'),
           (${surnames})[1 + (g % ${SURNAMES.length})] || ' v. Acme Insurance ' || (g % 400),
           (${surnames})[1 + (g % ${SURNAMES.length})] || ', ' || (${surnames})[1 + ((g / 3) % ${SURNAMES.length})],
           'ADJ' || lpad((10000000 + g)::text, 8, '0'),
           (array['Open','Closed','Settled','Pending'])[1 + g % 4],
           (array['Workers Compensation','Cumulative Trauma','Specific Injury'])[1 + g % 3],
           date '2015-01-01' + (g % 3650),
           array['CV' || lpad(g::text, 6, '0'), 'ADJ' || lpad((10000000 + g)::text, 8, '0')],
           now() - make_interval(mins => g), now() - make_interval(mins => g)
    from generate_series(0, ${CASES - 1}) g`);
  log(`  cases: ${CASES.toLocaleString('en-US')} in ${Math.round(performance.now() - started)} ms`);

  await clearWorkflowEvents(db, companyId, log);
  started = performance.now();
  await db.execute(sql`vacuum analyze`);
  log(`  vacuum analyze in ${Math.round(performance.now() - started)} ms`);
  await db.execute(
    sql`insert into bench_seed (rows, version, company_id) values (${rows}, ${SEED_VERSION}, ${companyId})`,
  );
  return { companyId, rows };
}

/**
 * Every inserted document queues a workflow event (migration 0016's trigger), which the server's
 * workflow engine drains at start, 50 a transaction: a million of them kept the bench's server
 * busy for hours, in every warm and cold sample. The bench company has no workflows, so its events
 * start nothing: they are removed (also from a database seeded before this was done).
 */
async function clearWorkflowEvents(
  db: Database,
  companyId: string,
  log: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const removed = await db.execute(sql`delete from workflow_event where company_id = ${companyId}`);
  if ((removed.rowCount ?? 0) > 0)
    log(
      `  removed ${(removed.rowCount ?? 0).toLocaleString('en-US')} workflow events of the seed in ${Math.round(performance.now() - started)} ms`,
    );
}
