-- Document center lists, counts and review queues (domains/processed-files/queries.ts).
-- Hand-written parts (drizzle-kit does not model extensions, functions, triggers or these raw_file
-- indexes): pg_trgm and the number functions first, because indexes below use them; the
-- counters' triggers, compaction and backfill at the end.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- adj/claim numbers as compared by the filters: upper case, whitespace removed.
CREATE OR REPLACE FUNCTION lexdesk_normalized_numbers(numbers text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(upper(regexp_replace(n, '\s+', '', 'g'))), '{}'::text[]) FROM unnest(numbers) AS n $$;--> statement-breakpoint
-- Every number of a document as one text (unit separator between) for ILIKE search. Declared
-- immutable: array_to_string is only stable because of other element types' output functions.
CREATE OR REPLACE FUNCTION lexdesk_numbers_text(a text[], b text[], c text[], d text[], e text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(coalesce(a, '{}') || coalesce(b, '{}') || coalesce(c, '{}') || coalesce(d, '{}') || coalesce(e, '{}'), E'\x1f') $$;--> statement-breakpoint
CREATE TABLE "legal_processed_file_count" (
	"company_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"legal_file_type_id" uuid NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "legal_processed_file_count_company_id_bucket_legal_file_type_id_pk" PRIMARY KEY("company_id","bucket","legal_file_type_id")
);
--> statement-breakpoint
CREATE TABLE "legal_processed_file_count_delta" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"legal_file_type_id" uuid NOT NULL,
	"day" date,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_processed_file_day_count" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"legal_file_type_id" uuid NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "legal_processed_file_day_count_company_id_day_legal_file_type_id_pk" PRIMARY KEY("company_id","day","legal_file_type_id")
);
--> statement-breakpoint
DROP INDEX "legal_processed_file_center_idx";--> statement-breakpoint
DROP INDEX "legal_processed_file_exception_idx";--> statement-breakpoint
CREATE INDEX "legal_processed_file_count_delta_company_idx" ON "legal_processed_file_count_delta" USING btree ("company_id","bucket","day");--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_type_idx" ON "legal_processed_file" USING btree ("company_id","legal_file_type_id","created_at","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_name_idx" ON "legal_processed_file" USING btree ("company_id","name","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_adj_number_idx" ON "legal_processed_file" USING btree ("company_id","adj_number","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_claim_number_idx" ON "legal_processed_file" USING btree ("company_id","claim_number","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_case_number_idx" ON "legal_processed_file" USING btree ("company_id","case_number","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_applicant_idx" ON "legal_processed_file" USING btree ("company_id","applicant","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_defendant_idx" ON "legal_processed_file" USING btree ("company_id","defendant","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_date_of_injury_idx" ON "legal_processed_file" USING btree ("company_id","date_of_injury","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_separated_at_idx" ON "legal_processed_file" USING btree ("company_id","separated_at","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_start_page_no_idx" ON "legal_processed_file" USING btree ("company_id","start_page_no","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_adj_norm_idx" ON "legal_processed_file" USING gin (lexdesk_normalized_numbers("adj_number"));--> statement-breakpoint
CREATE INDEX "legal_processed_file_claim_norm_idx" ON "legal_processed_file" USING gin (lexdesk_normalized_numbers("claim_number"));--> statement-breakpoint
CREATE INDEX "legal_processed_file_name_trgm_idx" ON "legal_processed_file" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legal_processed_file_numbers_trgm_idx" ON "legal_processed_file" USING gin (lexdesk_numbers_text("adj_number", "claim_number", "case_number", "eams_number", "wcab_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_idx" ON "legal_processed_file" USING btree ("company_id","created_at","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_exception_idx" ON "legal_processed_file" USING btree ("company_id","created_at","id") WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = true;--> statement-breakpoint
-- raw_file (declared in schema.ts, indexed here): the center's sorts by raw file upload time and
-- name walk these, and name searches use the trigram index.
CREATE INDEX IF NOT EXISTS "raw_file_company_created_id_idx" ON "raw_file" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "raw_file_name_trgm_idx" ON "raw_file" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- The counter buckets of one document row (see legal_processed_file_count in schemaPipeline.ts).
CREATE OR REPLACE FUNCTION legal_processed_file_buckets(
  is_deleted boolean, is_exception boolean, action_status text, legal_file_type_id uuid, exception_reasons text[]
) RETURNS TABLE (bucket text, legal_file_type_id uuid)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT 'center', coalesce(legal_file_type_id, '00000000-0000-0000-0000-000000000000'::uuid)
     WHERE NOT is_deleted AND NOT is_exception AND action_status IN ('complete', 'unable_to_complete')
    UNION ALL
    SELECT 'exception', '00000000-0000-0000-0000-000000000000'::uuid WHERE NOT is_deleted AND is_exception
    UNION ALL
    SELECT DISTINCT 'exception:' || reason, '00000000-0000-0000-0000-000000000000'::uuid
      FROM unnest(exception_reasons) AS reason WHERE NOT is_deleted AND is_exception
  $$;--> statement-breakpoint
-- Statement-level: one aggregated delta row per (company, bucket, type, day) a statement changes,
-- appended in the changing transaction. An update that moves no row between buckets adds nothing.
-- A bulk statement (256 delta rows or more: imports, seeding) folds its companies' deltas at once,
-- in its own transaction, so reads never have to sum a large backlog.
CREATE OR REPLACE FUNCTION legal_processed_file_count_changes() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  appended bigint;
  target uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO legal_processed_file_count_delta (company_id, bucket, legal_file_type_id, day, n)
    SELECT r.company_id, b.bucket, b.legal_file_type_id,
           CASE WHEN b.bucket = 'center' THEN (r.created_at AT TIME ZONE 'UTC')::date END, count(*)
      FROM new_rows r
      CROSS JOIN LATERAL legal_processed_file_buckets(r.is_deleted, r.is_exception, r.action_status, r.legal_file_type_id, r.exception_reasons) b
     GROUP BY 1, 2, 3, 4;
    GET DIAGNOSTICS appended = ROW_COUNT;
    IF appended >= 256 THEN
      FOR target IN SELECT DISTINCT company_id FROM new_rows LOOP
        PERFORM legal_processed_file_count_compact(target);
      END LOOP;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO legal_processed_file_count_delta (company_id, bucket, legal_file_type_id, day, n)
    SELECT r.company_id, b.bucket, b.legal_file_type_id,
           CASE WHEN b.bucket = 'center' THEN (r.created_at AT TIME ZONE 'UTC')::date END, -count(*)
      FROM old_rows r
      CROSS JOIN LATERAL legal_processed_file_buckets(r.is_deleted, r.is_exception, r.action_status, r.legal_file_type_id, r.exception_reasons) b
     GROUP BY 1, 2, 3, 4;
    GET DIAGNOSTICS appended = ROW_COUNT;
    IF appended >= 256 THEN
      FOR target IN SELECT DISTINCT company_id FROM old_rows LOOP
        PERFORM legal_processed_file_count_compact(target);
      END LOOP;
    END IF;
  ELSE
    INSERT INTO legal_processed_file_count_delta (company_id, bucket, legal_file_type_id, day, n)
    SELECT company_id, bucket, legal_file_type_id, day, sum(change)
      FROM (
        SELECT r.company_id, b.bucket, b.legal_file_type_id,
               CASE WHEN b.bucket = 'center' THEN (r.created_at AT TIME ZONE 'UTC')::date END AS day, 1 AS change
          FROM new_rows r
          CROSS JOIN LATERAL legal_processed_file_buckets(r.is_deleted, r.is_exception, r.action_status, r.legal_file_type_id, r.exception_reasons) b
        UNION ALL
        SELECT r.company_id, b.bucket, b.legal_file_type_id,
               CASE WHEN b.bucket = 'center' THEN (r.created_at AT TIME ZONE 'UTC')::date END, -1
          FROM old_rows r
          CROSS JOIN LATERAL legal_processed_file_buckets(r.is_deleted, r.is_exception, r.action_status, r.legal_file_type_id, r.exception_reasons) b
      ) AS changes
     GROUP BY 1, 2, 3, 4
    HAVING sum(change) <> 0;
    GET DIAGNOSTICS appended = ROW_COUNT;
    IF appended >= 256 THEN
      FOR target IN SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows LOOP
        PERFORM legal_processed_file_count_compact(target);
      END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION legal_processed_file_count_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM legal_processed_file_count_delta;
  DELETE FROM legal_processed_file_count;
  DELETE FROM legal_processed_file_day_count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER legal_processed_file_count_insert AFTER INSERT ON legal_processed_file
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_processed_file_count_changes();--> statement-breakpoint
CREATE TRIGGER legal_processed_file_count_update AFTER UPDATE ON legal_processed_file
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_processed_file_count_changes();--> statement-breakpoint
CREATE TRIGGER legal_processed_file_count_delete AFTER DELETE ON legal_processed_file
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_processed_file_count_changes();--> statement-breakpoint
CREATE TRIGGER legal_processed_file_count_truncate AFTER TRUNCATE ON legal_processed_file
  FOR EACH STATEMENT EXECUTE FUNCTION legal_processed_file_count_truncated();--> statement-breakpoint
-- Folds a company's pending deltas into the counts; returns how many delta rows it folded. Skips
-- (returns 0) while another session folds the same company. Rows are moved, never copied: a delta
-- of a transaction that has not committed yet is not visible here and stays for the next fold.
CREATE OR REPLACE FUNCTION legal_processed_file_count_compact(target uuid) RETURNS bigint
  LANGUAGE plpgsql
  AS $$
DECLARE
  folded bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('legal_processed_file_count'), hashtext(target::text)) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM legal_processed_file_count_delta WHERE company_id = target
    RETURNING bucket, legal_file_type_id, day, n
  ), totals AS (
    INSERT INTO legal_processed_file_count AS c (company_id, bucket, legal_file_type_id, n)
    SELECT target, bucket, legal_file_type_id, sum(n) FROM moved GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT (company_id, bucket, legal_file_type_id) DO UPDATE SET n = c.n + excluded.n
  ), days AS (
    INSERT INTO legal_processed_file_day_count AS c (company_id, day, legal_file_type_id, n)
    SELECT target, day, legal_file_type_id, sum(n) FROM moved WHERE day IS NOT NULL GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT (company_id, day, legal_file_type_id) DO UPDATE SET n = c.n + excluded.n
  )
  SELECT count(*) INTO folded FROM moved;
  RETURN folded;
END $$;--> statement-breakpoint
-- Recounts a company from its documents (maintenance: after a bulk load that bypassed triggers).
-- Holds writers of legal_processed_file off while it counts, so nothing is missed or counted twice.
CREATE OR REPLACE FUNCTION legal_processed_file_count_rebuild(target uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  LOCK TABLE legal_processed_file IN SHARE MODE;
  DELETE FROM legal_processed_file_count_delta WHERE company_id = target;
  DELETE FROM legal_processed_file_count WHERE company_id = target;
  DELETE FROM legal_processed_file_day_count WHERE company_id = target;
  INSERT INTO legal_processed_file_count (company_id, bucket, legal_file_type_id, n)
  SELECT target, b.bucket, b.legal_file_type_id, count(*)
    FROM legal_processed_file f
    CROSS JOIN LATERAL legal_processed_file_buckets(f.is_deleted, f.is_exception, f.action_status, f.legal_file_type_id, f.exception_reasons) b
   WHERE f.company_id = target
   GROUP BY 2, 3;
  INSERT INTO legal_processed_file_day_count (company_id, day, legal_file_type_id, n)
  SELECT target, (f.created_at AT TIME ZONE 'UTC')::date, coalesce(f.legal_file_type_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
    FROM legal_processed_file f
   WHERE f.company_id = target AND f.is_deleted = false AND f.is_exception = false AND f.action_status IN ('complete', 'unable_to_complete')
   GROUP BY 2, 3;
END $$;--> statement-breakpoint
-- The delta table is a queue (rows appended, then folded away): vacuum it by dead rows, not by size,
-- so scans of a company's pending deltas never wade through folded ones.
ALTER TABLE "legal_processed_file_count_delta" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 2000);--> statement-breakpoint
-- Backfill from the documents already there (the triggers above hold the table from here on).
INSERT INTO legal_processed_file_count (company_id, bucket, legal_file_type_id, n)
SELECT f.company_id, b.bucket, b.legal_file_type_id, count(*)
  FROM legal_processed_file f
  CROSS JOIN LATERAL legal_processed_file_buckets(f.is_deleted, f.is_exception, f.action_status, f.legal_file_type_id, f.exception_reasons) b
 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO legal_processed_file_day_count (company_id, day, legal_file_type_id, n)
SELECT f.company_id, (f.created_at AT TIME ZONE 'UTC')::date, coalesce(f.legal_file_type_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM legal_processed_file f
 WHERE f.is_deleted = false AND f.is_exception = false AND f.action_status IN ('complete', 'unable_to_complete')
 GROUP BY 1, 2, 3;
