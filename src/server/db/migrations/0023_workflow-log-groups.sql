CREATE TABLE "workflow_log_group" (
	"key" text PRIMARY KEY NOT NULL,
	"workflow_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"legal_processed_file_id" uuid,
	"status" text NOT NULL,
	"open" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"runs" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_log_group" ADD CONSTRAINT "workflow_log_group_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_log_group" ADD CONSTRAINT "workflow_log_group_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_log_group" ADD CONSTRAINT "workflow_log_group_legal_processed_file_id_legal_processed_file_id_fk" FOREIGN KEY ("legal_processed_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_log_group_company_order_idx" ON "workflow_log_group" USING btree ("company_id","open" DESC NULLS LAST,"ended_at" DESC NULLS LAST,"started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workflow_log_group_workflow_order_idx" ON "workflow_log_group" USING btree ("workflow_id","open" DESC NULLS LAST,"ended_at" DESC NULLS LAST,"started_at" DESC NULLS LAST);--> statement-breakpoint
-- The log groups follow their runs: after each statement that writes workflow_run, every group it
-- touched is computed again from its runs (group status of spec section 4, as the logs query did).
-- The group row is locked first (created when new), so a concurrent writer of the same group
-- waits, and the recount, a new statement with a new snapshot under READ COMMITTED, sees the
-- other's committed runs: the last writer always leaves the true state. Hand-written: drizzle-kit
-- does not model functions or triggers.
CREATE FUNCTION lexdesk_workflow_log_groups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
  group_key text;
  statuses text[];
  starts timestamptz[];
  ends timestamptz[];
BEGIN
  FOR g IN
    SELECT DISTINCT workflow_id, company_id, legal_processed_file_id FROM changed_rows
    ORDER BY workflow_id, legal_processed_file_id
  LOOP
    group_key := g.workflow_id || ':' || coalesce(g.legal_processed_file_id::text, '');
    INSERT INTO workflow_log_group AS lg
      (key, workflow_id, company_id, legal_processed_file_id, status, open, started_at, ended_at, runs)
    VALUES (group_key, g.workflow_id, g.company_id, g.legal_processed_file_id, 'Queued', true,
      now(), null, 0)
    ON CONFLICT (key) DO UPDATE SET runs = lg.runs;
    -- Two statements, so each finds the group's runs through workflow_run_group_idx.
    IF g.legal_processed_file_id IS NULL THEN
      SELECT array_agg(r.status), array_agg(r.started_at), array_agg(r.ended_at)
        INTO statuses, starts, ends
        FROM workflow_run r
        WHERE r.workflow_id = g.workflow_id AND r.legal_processed_file_id IS NULL;
    ELSE
      SELECT array_agg(r.status), array_agg(r.started_at), array_agg(r.ended_at)
        INTO statuses, starts, ends
        FROM workflow_run r
        WHERE r.workflow_id = g.workflow_id AND r.legal_processed_file_id = g.legal_processed_file_id;
    END IF;
    UPDATE workflow_log_group lg SET
        status = CASE WHEN 'Queued' = ALL(statuses) THEN 'Queued'
                      WHEN 'Failed' = ANY(statuses) THEN 'Failed'
                      WHEN 'In Progress' = ANY(statuses) THEN 'In Progress'
                      WHEN 'Completed' = ANY(statuses) THEN 'Completed' ELSE '' END,
        open = array_position(ends, NULL) IS NOT NULL,
        started_at = (SELECT min(s) FROM unnest(starts) s),
        ended_at = CASE WHEN array_position(ends, NULL) IS NOT NULL THEN NULL
                        ELSE (SELECT max(e) FROM unnest(ends) e) END,
        runs = coalesce(cardinality(statuses), 0)
      WHERE lg.key = group_key;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_run_inserted_groups
  AFTER INSERT ON workflow_run REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_workflow_log_groups();
--> statement-breakpoint
CREATE TRIGGER workflow_run_updated_groups
  AFTER UPDATE ON workflow_run REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_workflow_log_groups();
--> statement-breakpoint
-- The groups of the runs already there.
INSERT INTO workflow_log_group
  (key, workflow_id, company_id, legal_processed_file_id, status, open, started_at, ended_at, runs)
SELECT r.workflow_id || ':' || coalesce(r.legal_processed_file_id::text, ''), r.workflow_id,
  min(r.company_id::text)::uuid, r.legal_processed_file_id,
  CASE WHEN bool_and(r.status = 'Queued') THEN 'Queued'
       WHEN bool_or(r.status = 'Failed') THEN 'Failed'
       WHEN bool_or(r.status = 'In Progress') THEN 'In Progress'
       WHEN bool_or(r.status = 'Completed') THEN 'Completed' ELSE '' END,
  bool_or(r.ended_at IS NULL), min(r.started_at),
  CASE WHEN bool_or(r.ended_at IS NULL) THEN NULL ELSE max(r.ended_at) END, count(*)::int
FROM workflow_run r
GROUP BY r.workflow_id, r.legal_processed_file_id;
