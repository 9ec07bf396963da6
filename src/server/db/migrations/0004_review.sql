CREATE TABLE "admin_file_change_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reference_file_id" uuid NOT NULL,
	"data_field" text NOT NULL,
	"file_type" text,
	"role" text,
	"current" text,
	"updated" text,
	"user_name" text,
	"email" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "column_configuration" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"table" text NOT NULL,
	"columns_configuration" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', left(content, 400000)), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_file_change_log" ADD CONSTRAINT "admin_file_change_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_file_change_log" ADD CONSTRAINT "admin_file_change_log_reference_file_id_legal_processed_file_id_fk" FOREIGN KEY ("reference_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_file_change_log" ADD CONSTRAINT "admin_file_change_log_user_id_user_profile_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_configuration" ADD CONSTRAINT "column_configuration_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_file_change_log_file_idx" ON "admin_file_change_log" USING btree ("reference_file_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "column_configuration_company_table_idx" ON "column_configuration" USING btree ("company_id","table");--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD CONSTRAINT "legal_processed_file_reviewed_by_user_profile_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_case_company_updated_idx" ON "legal_case" USING btree ("company_id","is_deleted","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legal_processed_file_search_idx" ON "legal_processed_file" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "legal_processed_file_case_idx" ON "legal_processed_file" USING btree ("legal_case_id");--> statement-breakpoint
CREATE INDEX "legal_processed_file_center_idx" ON "legal_processed_file" USING btree ("company_id","created_at" DESC NULLS LAST) WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = false and "legal_processed_file"."action_status" in ('complete', 'unable_to_complete');--> statement-breakpoint
CREATE INDEX "legal_processed_file_exception_idx" ON "legal_processed_file" USING btree ("company_id","created_at" DESC NULLS LAST) WHERE "legal_processed_file"."is_deleted" = false and "legal_processed_file"."is_exception" = true;