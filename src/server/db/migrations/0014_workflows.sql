CREATE TABLE "case_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"legal_case_id" uuid NOT NULL,
	"legal_processed_file_id" uuid,
	"activity_type" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_sync_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"legal_processed_file_id" uuid NOT NULL,
	"node_log_id" uuid,
	"legal_case_id" uuid,
	"connector" text NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"nodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_effect" (
	"key" text PRIMARY KEY NOT NULL,
	"node_log_id" uuid NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"legal_processed_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_node_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"legal_processed_file_id" uuid,
	"node_id" text NOT NULL,
	"node_type" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"input" jsonb,
	"output" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"round_attempts" integer DEFAULT 0 NOT NULL,
	"retry_round" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"retry_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"trigger" text NOT NULL,
	"legal_processed_file_id" uuid,
	"raw_file_id" uuid,
	"status" text DEFAULT 'Queued' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_update_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"version" integer NOT NULL,
	"diff" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_version" (
	"workflow_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"nodes" jsonb NOT NULL,
	"edges" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_version_workflow_id_version_pk" PRIMARY KEY("workflow_id","version")
);
--> statement-breakpoint
ALTER TABLE "case_activity" ADD CONSTRAINT "case_activity_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_activity" ADD CONSTRAINT "case_activity_legal_case_id_legal_case_id_fk" FOREIGN KEY ("legal_case_id") REFERENCES "public"."legal_case"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_activity" ADD CONSTRAINT "case_activity_legal_processed_file_id_legal_processed_file_id_fk" FOREIGN KEY ("legal_processed_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sync_log" ADD CONSTRAINT "document_sync_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sync_log" ADD CONSTRAINT "document_sync_log_legal_processed_file_id_legal_processed_file_id_fk" FOREIGN KEY ("legal_processed_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sync_log" ADD CONSTRAINT "document_sync_log_node_log_id_workflow_node_log_id_fk" FOREIGN KEY ("node_log_id") REFERENCES "public"."workflow_node_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_sync_log" ADD CONSTRAINT "document_sync_log_legal_case_id_legal_case_id_fk" FOREIGN KEY ("legal_case_id") REFERENCES "public"."legal_case"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_effect" ADD CONSTRAINT "workflow_effect_node_log_id_workflow_node_log_id_fk" FOREIGN KEY ("node_log_id") REFERENCES "public"."workflow_node_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_node_log" ADD CONSTRAINT "workflow_node_log_run_id_workflow_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_run"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_node_log" ADD CONSTRAINT "workflow_node_log_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_node_log" ADD CONSTRAINT "workflow_node_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_node_log" ADD CONSTRAINT "workflow_node_log_legal_processed_file_id_legal_processed_file_id_fk" FOREIGN KEY ("legal_processed_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD CONSTRAINT "workflow_run_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD CONSTRAINT "workflow_run_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD CONSTRAINT "workflow_run_legal_processed_file_id_legal_processed_file_id_fk" FOREIGN KEY ("legal_processed_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run" ADD CONSTRAINT "workflow_run_raw_file_id_raw_file_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."raw_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_update_history" ADD CONSTRAINT "workflow_update_history_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_update_history" ADD CONSTRAINT "workflow_update_history_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_update_history" ADD CONSTRAINT "workflow_update_history_user_id_user_profile_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_version" ADD CONSTRAINT "workflow_version_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_version" ADD CONSTRAINT "workflow_version_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_activity_case_idx" ON "case_activity" USING btree ("legal_case_id","created_at");--> statement-breakpoint
CREATE INDEX "document_sync_log_file_idx" ON "document_sync_log" USING btree ("legal_processed_file_id","started_at");--> statement-breakpoint
CREATE INDEX "workflow_company_idx" ON "workflow" USING btree ("company_id","is_deleted","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_node_log_run_node_idx" ON "workflow_node_log" USING btree ("run_id","node_id");--> statement-breakpoint
CREATE INDEX "workflow_node_log_group_idx" ON "workflow_node_log" USING btree ("workflow_id","legal_processed_file_id");--> statement-breakpoint
CREATE INDEX "workflow_node_log_open_idx" ON "workflow_node_log" USING btree ("status") WHERE status in ('Queued', 'In Progress');--> statement-breakpoint
CREATE INDEX "workflow_run_company_idx" ON "workflow_run" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "workflow_run_group_idx" ON "workflow_run" USING btree ("workflow_id","legal_processed_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_run_once_idx" ON "workflow_run" USING btree ("workflow_id","legal_processed_file_id","trigger") WHERE legal_processed_file_id is not null;--> statement-breakpoint
CREATE INDEX "workflow_update_history_company_idx" ON "workflow_update_history" USING btree ("company_id","created_at");--> statement-breakpoint
-- Workflow triggers: a document the pipeline completed (action_status complete or
-- unable_to_complete) or a person marked reviewed (reviewed_at set) is written to the outbox
-- workflow_event in the writer's own transaction, whoever writes, and the engine is woken on
-- lexdesk_workflow_event; it starts the runs of the company's matching active workflows.
CREATE FUNCTION workflow_document_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_deleted = false AND NEW.action_status IN ('complete', 'unable_to_complete')
     AND (TG_OP = 'INSERT' OR OLD.action_status NOT IN ('complete', 'unable_to_complete')) THEN
    INSERT INTO workflow_event (company_id, kind, legal_processed_file_id)
      VALUES (NEW.company_id, 'document_completed', NEW.id);
  END IF;
  IF NEW.is_deleted = false AND NEW.reviewed_at IS NOT NULL
     AND (TG_OP = 'INSERT' OR OLD.reviewed_at IS NULL) THEN
    INSERT INTO workflow_event (company_id, kind, legal_processed_file_id)
      VALUES (NEW.company_id, 'document_reviewed', NEW.id);
  END IF;
  PERFORM pg_notify('lexdesk_workflow_event', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_document_inserted AFTER INSERT ON legal_processed_file FOR EACH ROW
  WHEN (NEW.action_status IN ('complete', 'unable_to_complete') OR NEW.reviewed_at IS NOT NULL)
  EXECUTE FUNCTION workflow_document_event();
--> statement-breakpoint
CREATE TRIGGER workflow_document_updated AFTER UPDATE OF action_status, reviewed_at ON legal_processed_file FOR EACH ROW
  WHEN ((NEW.action_status IN ('complete', 'unable_to_complete') AND OLD.action_status NOT IN ('complete', 'unable_to_complete'))
     OR (NEW.reviewed_at IS NOT NULL AND OLD.reviewed_at IS NULL))
  EXECUTE FUNCTION workflow_document_event();
