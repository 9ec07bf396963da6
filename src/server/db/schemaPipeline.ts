/**
 * Tables of the document pipeline (spec section 3): document folders and types with their rules,
 * the company's cases (the case summary fields), processed files (the documents split out of a
 * raw file) with their change log, the company's data fields for extraction and their extracted
 * values, and the per-company learned classifier.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { company, rawFile, userProfile } from './schema';

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => company.id);

export const legalDocumentFolder = pgTable(
  'legal_document_folder',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    name: text('name').notNull(),
    hex_code: text('hex_code').notNull(),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('legal_document_folder_company_name_idx').on(t.company_id, t.name)],
);

export const legalFileType = pgTable(
  'legal_file_type',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    /** The default taxonomy's key ("qme_report"); null for types a company added itself. */
    key: text('key'),
    name: text('name').notNull(),
    legal_document_folder_id: uuid('legal_document_folder_id')
      .notNull()
      .references(() => legalDocumentFolder.id),
    /** {titles, formNumbers, keywords:[{term, weight}]} (pipeline/types DocumentTypeRule). */
    rules: jsonb('rules').notNull(),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('legal_file_type_company_key_idx').on(t.company_id, t.key),
    index('legal_file_type_company_idx').on(t.company_id, t.is_deleted),
  ],
);

/** The company's learned first-page classifier, retrained from staff corrections. */
export const classifierModel = pgTable('classifier_model', {
  company_id: uuid('company_id')
    .primaryKey()
    .references(() => company.id),
  model: jsonb('model').notNull(),
  examples: integer('examples').notNull().default(0),
  updated_at: updatedAt(),
});

export const legalCase = pgTable(
  'legal_case',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    case_number: text('case_number').notNull(),
    name: text('name'),
    client_name: text('client_name'),
    eams_number: text('eams_number'),
    wcab_number: text('wcab_number'),
    primary_number: text('primary_number'),
    alternate_number: text('alternate_number'),
    legal_case_status: text('legal_case_status'),
    legal_case_type: text('legal_case_type'),
    date_of_incident: date('date_of_incident'),
    date_of_injury: date('date_of_injury'),
    crm_type: text('crm_type'),
    /** The case's id in the CRM it was synced in from (null: made in LexDesk). */
    crm_case_ref: text('crm_case_ref'),
    /** Every number of the case, upper case letters and digits only, for matching. */
    match_numbers: text('match_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('legal_case_company_number_idx').on(t.company_id, t.case_number),
    index('legal_case_company_updated_idx').on(t.company_id, t.is_deleted, t.updated_at.desc()),
    // The case list's word search (domains/cases/repository.ts CASE_SEARCH_TEXT: keep identical).
    index('legal_case_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.case_number}, '') || ' ' || coalesce(${t.name}, '') || ' ' || coalesce(${t.client_name}, '') || ' ' || coalesce(${t.eams_number}, '') || ' ' || coalesce(${t.wcab_number}, '') || ' ' || coalesce(${t.primary_number}, '') || ' ' || coalesce(${t.alternate_number}, '')) gin_trgm_ops`,
    ),
    index('legal_case_match_numbers_idx').using('gin', t.match_numbers),
    // The case list's sort by type (domains/cases/repository.ts orderOf): cases without a type come
    // last either way, so each direction has its own index (id breaks ties in the same direction).
    index('legal_case_company_type_idx')
      .on(t.company_id, t.legal_case_type, t.id)
      .where(sql`${t.is_deleted} = false`),
    index('legal_case_company_type_desc_idx')
      .on(t.company_id, t.legal_case_type.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.is_deleted} = false`),
  ],
);

/** The columns the document center sorts by with their own partial index. */
const CENTER_SORT_COLUMNS = [
  'name',
  'adj_number',
  'claim_number',
  'case_number',
  'applicant',
  'defendant',
  'date_of_injury',
  'separated_at',
  'start_page_no',
  'action_status',
  'document_synced',
  'reviewed_at',
] as const;

/** The document center's rows (spec section 4): complete or unable_to_complete, not deleted, not exceptions. */
function centerSlice(t: {
  is_deleted: AnyPgColumn;
  is_exception: AnyPgColumn;
  action_status: AnyPgColumn;
}) {
  return sql`${t.is_deleted} = false and ${t.is_exception} = false and ${t.action_status} in ('complete', 'unable_to_complete')`;
}

export const legalProcessedFile = pgTable(
  'legal_processed_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The document's own PDF: a /files link, empty until written. */
    url: text('url').notNull().default(''),
    s3_key: text('s3_key'),
    legal_file_type_id: uuid('legal_file_type_id').references(() => legalFileType.id),
    legal_raw_file_id: uuid('legal_raw_file_id')
      .notNull()
      .references(() => rawFile.id),
    company_id: companyId(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    case_number: text('case_number')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    adj_number: text('adj_number')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    eams_number: text('eams_number')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    claim_number: text('claim_number')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    wcab_number: text('wcab_number')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    date_of_injury: date('date_of_injury'),
    /** The end of a cumulative-trauma period; null for a specific injury. */
    date_of_injury_end: date('date_of_injury_end'),
    date_of_incident: date('date_of_incident'),
    applicant: text('applicant'),
    defendant: text('defendant'),
    /** Every defendant named (employer first, then insurers and claims administrators). */
    defendants: text('defendants')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    crm_case_id: text('crm_case_id'),
    legal_case_id: uuid('legal_case_id').references(() => legalCase.id),
    recommended_cases: jsonb('recommended_cases')
      .notNull()
      .default(sql`'[]'::jsonb`),
    is_exception: boolean('is_exception').notNull().default(false),
    /** Why it is an exception: no_file_type, multi_case, needs_case_number. */
    exception_reasons: text('exception_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    is_deleted: boolean('is_deleted').notNull().default(false),
    start_page_no: integer('start_page_no').notNull(),
    end_page_no: integer('end_page_no').notNull(),
    split_confidence: real('split_confidence'),
    type_confidence: real('type_confidence'),
    action_status: text('action_status').notNull(),
    secondary_action_status: text('secondary_action_status'),
    third_party_review_status: text('third_party_review_status'),
    qa_status: text('qa_status'),
    sync_status: text('sync_status'),
    are_workflows_run: boolean('are_workflows_run').notNull().default(false),
    document_synced: boolean('document_synced').notNull().default(false),
    /**
     * The CRM case ids each workflow step used on this document, by `<workflow id>:<node id>`
     * (a sync or an activity step; each id once, in the order first used). Written by the engine
     * in the step's own transaction, so it lists only effects that committed.
     */
    workflow_crm_case_ids: jsonb('workflow_crm_case_ids')
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    separated_at: timestamp('separated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Fields staff saved by hand; reprocessing the raw file keeps their values. */
    edited_fields: text('edited_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The document's text (pages joined by form feeds), for content search. */
    content: text('content').notNull().default(''),
    /** Name (weight A) and text (weight B) for content search; text capped below tsvector's 1 MB. */
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', left(content, 400000)), 'B')`,
    ),
    /** When a person marked the document reviewed (null: not yet). */
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    reviewed_by: uuid('reviewed_by').references(() => userProfile.id, { onDelete: 'set null' }),
    /** When it was soft-deleted (kept for undo). */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** Raised by every saved change: offline edits name the version they started from. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('legal_processed_file_raw_idx').on(t.legal_raw_file_id, t.start_page_no),
    index('legal_processed_file_company_idx').on(t.company_id, t.is_deleted, t.created_at.desc()),
    index('legal_processed_file_search_idx').using('gin', t.search_vector),
    index('legal_processed_file_case_idx').on(t.legal_case_id),
    // The document center (spec section 4) and the review queue read these slices: one partial
    // index per sort of the center list (company first, id as the tie-break), so a page is an
    // index walk that stops after page_size rows (see domains/document-center/listOrder.ts).
    // Ascending keys (NULLS LAST): a backward scan serves `desc`, PostgreSQL's default null order.
    index('legal_processed_file_center_idx')
      .on(t.company_id, t.created_at, t.id)
      .where(centerSlice(t)),
    index('legal_processed_file_center_type_idx')
      .on(t.company_id, t.legal_file_type_id, t.created_at, t.id)
      .where(centerSlice(t)),
    ...CENTER_SORT_COLUMNS.map((column) =>
      index(`legal_processed_file_center_${column}_idx`)
        .on(t.company_id, t[column], t.id)
        .where(centerSlice(t)),
    ),
    index('legal_processed_file_exception_idx')
      .on(t.company_id, t.created_at, t.id)
      .where(sql`${t.is_deleted} = false and ${t.is_exception} = true`),
    // Filters: adj/claim numbers compared upper-cased without spaces (any element), and ILIKE
    // searches of names and of all the numbers (pg_trgm). The functions are in migration 0005.
    index('legal_processed_file_adj_norm_idx').using(
      'gin',
      sql`lexdesk_normalized_numbers(${t.adj_number})`,
    ),
    index('legal_processed_file_claim_norm_idx').using(
      'gin',
      sql`lexdesk_normalized_numbers(${t.claim_number})`,
    ),
    index('legal_processed_file_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('legal_processed_file_numbers_trgm_idx').using(
      'gin',
      sql`lexdesk_numbers_text(${t.adj_number}, ${t.claim_number}, ${t.case_number}, ${t.eams_number}, ${t.wcab_number}) gin_trgm_ops`,
    ),
  ],
);

/** What an administrator changed on a processed file (spec: admin file change log). */
export const adminFileChangeLog = pgTable(
  'admin_file_change_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    reference_file_id: uuid('reference_file_id')
      .notNull()
      .references(() => legalProcessedFile.id, { onDelete: 'cascade' }),
    data_field: text('data_field').notNull(),
    /** The document type's name when the change was made. */
    file_type: text('file_type'),
    role: text('role'),
    current: text('current'),
    updated: text('updated'),
    user_name: text('user_name'),
    email: text('email'),
    user_id: uuid('user_id').references(() => userProfile.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('admin_file_change_log_file_idx').on(t.reference_file_id, t.created_at)],
);

/** A company's chosen and ordered columns of one table (spec: column configuration). */
export const columnConfiguration = pgTable(
  'column_configuration',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    table: text('table').notNull(),
    columns_configuration: jsonb('columns_configuration').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('column_configuration_company_table_idx').on(t.company_id, t.table)],
);

/**
 * A person's saved views of a list (issue 15 item 16): a name and the list's filters and sort as
 * the renderer keeps them (state), per user and company; a name is unique per user, company and
 * list (saving it again replaces the state).
 */
export const savedView = pgTable(
  'saved_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => userProfile.id, { onDelete: 'cascade' }),
    company_id: companyId(),
    table: text('table').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_view_user_list_name_idx').on(t.user_id, t.company_id, t.table, t.name),
  ],
);

export const legalProcessedFileLog = pgTable(
  'legal_processed_file_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processed_file_id: uuid('processed_file_id')
      .notNull()
      .references(() => legalProcessedFile.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    original_value: text('original_value'),
    updated_value: text('updated_value'),
    updated_by_name: text('updated_by_name'),
    updated_by_email: text('updated_by_email'),
    updated_by_id: uuid('updated_by_id').references(() => userProfile.id, {
      onDelete: 'set null',
    }),
    updated_by_role: text('updated_by_role'),
    action_type: text('action_type').notNull(),
    is_exception_value: boolean('is_exception_value').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('legal_processed_file_log_file_idx').on(t.processed_file_id, t.created_at)],
);

/**
 * Data fields that can be extracted. A prompt without company_id is the shared catalogue any
 * company may link; a company's own prompts (created on its data extraction screen) have its id
 * and are seen by that company only. A variable is unique within the catalogue and within each
 * company's own prompts.
 */
export const dataFieldPrompts = pgTable(
  'data_field_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id').references(() => company.id),
    data_field: text('data_field').notNull(),
    data_field_variable: text('data_field_variable').notNull(),
    data_extraction_for_automation: boolean('data_extraction_for_automation')
      .notNull()
      .default(false),
  },
  (t) => [
    uniqueIndex('data_field_prompts_owner_variable_idx').on(
      sql`coalesce(${t.company_id}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.data_field_variable,
    ),
  ],
);

export const legalCompanyDataForExtraction = pgTable(
  'legal_company_data_for_extraction',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    data_field_id: uuid('data_field_id')
      .notNull()
      .references(() => dataFieldPrompts.id),
    is_active: boolean('is_active').notNull().default(true),
    is_deleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [uniqueIndex('legal_company_data_field_idx').on(t.company_id, t.data_field_id)],
);

export const legalExtractedDataForProcessedFile = pgTable(
  'legal_extracted_data_for_processed_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processed_file_id: uuid('processed_file_id')
      .notNull()
      .references(() => legalProcessedFile.id, { onDelete: 'cascade' }),
    data_field: text('data_field').notNull(),
    extracted_value: text('extracted_value'),
    legal_company_data_for_extraction_id: uuid('legal_company_data_for_extraction_id').references(
      () => legalCompanyDataForExtraction.id,
    ),
    is_saved_in_crm: boolean('is_saved_in_crm').notNull().default(false),
    saved_by_user: uuid('saved_by_user').references(() => userProfile.id, {
      onDelete: 'set null',
    }),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('legal_extracted_data_file_idx').on(t.processed_file_id)],
);

/**
 * Live document counts per company (migration 0005): the document center's rows per document type
 * (`center`; the nil uuid stands for "no type") and the review queue's exceptions (`exception`, and
 * `exception:<reason>` per exception reason). Statement triggers on legal_processed_file append
 * each change to legal_processed_file_count_delta in the changing transaction (inserts only, so
 * concurrent writers never wait on a counter row); `legal_processed_file_count_compact(company)`
 * folds a company's deltas into these two tables (the service does when many are pending, a bulk
 * statement does at once). A count is the table's value plus the pending
 * deltas (domains/document-center/countQueries.ts).
 */
export const legalProcessedFileCount = pgTable(
  'legal_processed_file_count',
  {
    company_id: uuid('company_id').notNull(),
    bucket: text('bucket').notNull(),
    legal_file_type_id: uuid('legal_file_type_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.bucket, t.legal_file_type_id] })],
);

/** The document center's rows per UTC day of created_at and document type (date-range totals). */
export const legalProcessedFileDayCount = pgTable(
  'legal_processed_file_day_count',
  {
    company_id: uuid('company_id').notNull(),
    day: date('day').notNull(),
    legal_file_type_id: uuid('legal_file_type_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.day, t.legal_file_type_id] })],
);

/** Changes not yet folded into the counts: `day` is set for the center bucket only. */
export const legalProcessedFileCountDelta = pgTable(
  'legal_processed_file_count_delta',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: uuid('company_id').notNull(),
    bucket: text('bucket').notNull(),
    legal_file_type_id: uuid('legal_file_type_id').notNull(),
    day: date('day'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('legal_processed_file_count_delta_company_idx').on(t.company_id, t.bucket, t.day)],
);

export type LegalDocumentFolderRow = typeof legalDocumentFolder.$inferSelect;
export type LegalFileTypeRow = typeof legalFileType.$inferSelect;
export type LegalCaseRow = typeof legalCase.$inferSelect;
export type LegalProcessedFileRow = typeof legalProcessedFile.$inferSelect;
export type AdminFileChangeLogRow = typeof adminFileChangeLog.$inferSelect;
export type ColumnConfigurationRow = typeof columnConfiguration.$inferSelect;
