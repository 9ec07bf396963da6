CREATE TABLE "workflow_schedule" (
	"workflow_id" uuid PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"timezone" text DEFAULT '' NOT NULL,
	"armed_at" timestamp with time zone NOT NULL,
	"last_fired_for" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workflow_event" ALTER COLUMN "legal_processed_file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_event" ADD COLUMN "raw_file_id" uuid;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_schedule" ADD CONSTRAINT "workflow_schedule_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_run_raw_once_idx" ON "workflow_run" USING btree ("workflow_id","raw_file_id","trigger") WHERE raw_file_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_run_schedule_once_idx" ON "workflow_run" USING btree ("workflow_id","scheduled_for") WHERE scheduled_for is not null;--> statement-breakpoint
-- Raw file received: a raw file whose bytes are stored (status Uploaded, straight from an upload or
-- an email, not a reprocess) is written to the workflow_event outbox in the writer's transaction
-- and the engine is woken; it starts the runs of the company's active raw-file workflows.
-- Hand-written: drizzle-kit does not model functions or triggers.
CREATE FUNCTION workflow_raw_file_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workflow_event (company_id, kind, raw_file_id)
    VALUES (NEW.company_id, 'raw_file_received', NEW.id);
  PERFORM pg_notify('lexdesk_workflow_event', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_raw_file_inserted AFTER INSERT ON raw_file FOR EACH ROW
  WHEN (NEW.status = 'Uploaded' AND NEW.is_deleted = false)
  EXECUTE FUNCTION workflow_raw_file_event();
--> statement-breakpoint
CREATE TRIGGER workflow_raw_file_received AFTER UPDATE OF status ON raw_file FOR EACH ROW
  WHEN (NEW.status = 'Uploaded' AND NEW.is_deleted = false
    AND OLD.status IN ('Uploading', 'Uploading Failed', 'Uploading_Failed'))
  EXECUTE FUNCTION workflow_raw_file_event();
--> statement-breakpoint
-- Live workflow logs: every write to runs announces each (company, workflow, processed file) group
-- it touched on lexdesk_workflow_logs_changed (one NOTIFY per group and transaction: identical
-- payloads fold), whichever process wrote; each server process tells that company's
-- workflowLogsChanged subscribers (domains/workflows/live.ts).
CREATE FUNCTION lexdesk_notify_workflow_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lexdesk_workflow_logs_changed', json_build_object(
      'company_id', g.company_id, 'workflow_id', g.workflow_id,
      'legal_processed_file_id', g.legal_processed_file_id)::text)
    FROM (SELECT DISTINCT company_id, workflow_id, legal_processed_file_id FROM changed_rows) AS g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_run_inserted_notifies
  AFTER INSERT ON workflow_run REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_workflow_logs();
--> statement-breakpoint
CREATE TRIGGER workflow_run_updated_notifies
  AFTER UPDATE ON workflow_run REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_workflow_logs();
