CREATE TABLE "raw_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"no_of_pages" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Uploading' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_user_name" text,
	"uploaded_by_email" text,
	"action_status" text,
	"file_type" text,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"s3_key" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"raw_file_medium" text,
	"is_received_email" boolean DEFAULT false NOT NULL,
	"uploader_session_id" text,
	"processed_files_count" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"idempotency_key" uuid,
	"mime" text
);
--> statement-breakpoint
CREATE TABLE "raw_file_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raw_file_id" uuid NOT NULL,
	"field" text NOT NULL,
	"original_value" text,
	"updated_value" text,
	"updated_by_username" text,
	"updated_by_email" text,
	"update_by_user_id" uuid,
	"updated_by_role" text,
	"action_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"files" jsonb NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_user_name" text,
	"uploaded_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "raw_file" ADD CONSTRAINT "raw_file_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_file" ADD CONSTRAINT "raw_file_uploaded_by_user_profile_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_file_log" ADD CONSTRAINT "raw_file_log_raw_file_id_raw_file_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."raw_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_file_log" ADD CONSTRAINT "raw_file_log_update_by_user_id_user_profile_id_fk" FOREIGN KEY ("update_by_user_id") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_log" ADD CONSTRAINT "upload_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_log" ADD CONSTRAINT "upload_log_uploaded_by_user_profile_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raw_file_company_idempotency_idx" ON "raw_file" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "raw_file_company_list_idx" ON "raw_file" USING btree ("company_id","is_deleted","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "raw_file_company_name_idx" ON "raw_file" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "raw_file_company_sha_idx" ON "raw_file" USING btree ("company_id","sha256");--> statement-breakpoint
CREATE INDEX "raw_file_log_file_idx" ON "raw_file_log" USING btree ("raw_file_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_log_company_idx" ON "upload_log" USING btree ("company_id","created_at");