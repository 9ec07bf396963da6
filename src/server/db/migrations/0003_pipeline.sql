CREATE TABLE "classifier_model" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"examples" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_field_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"data_field" text NOT NULL,
	"data_field_variable" text NOT NULL,
	"data_extraction_for_automation" boolean DEFAULT false NOT NULL,
	CONSTRAINT "data_field_prompts_data_field_variable_unique" UNIQUE("data_field_variable")
);
--> statement-breakpoint
CREATE TABLE "legal_case" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"case_number" text NOT NULL,
	"name" text,
	"client_name" text,
	"eams_number" text,
	"wcab_number" text,
	"primary_number" text,
	"alternate_number" text,
	"legal_case_status" text,
	"legal_case_type" text,
	"date_of_incident" date,
	"date_of_injury" date,
	"crm_type" text,
	"match_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_company_data_for_extraction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"data_field_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_document_folder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"hex_code" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_extracted_data_for_processed_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"processed_file_id" uuid NOT NULL,
	"data_field" text NOT NULL,
	"extracted_value" text,
	"legal_company_data_for_extraction_id" uuid,
	"is_saved_in_crm" boolean DEFAULT false NOT NULL,
	"saved_by_user" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_file_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"legal_document_folder_id" uuid NOT NULL,
	"rules" jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_processed_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"s3_key" text,
	"legal_file_type_id" uuid,
	"legal_raw_file_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"case_number" text[] DEFAULT '{}'::text[] NOT NULL,
	"adj_number" text[] DEFAULT '{}'::text[] NOT NULL,
	"eams_number" text[] DEFAULT '{}'::text[] NOT NULL,
	"claim_number" text[] DEFAULT '{}'::text[] NOT NULL,
	"wcab_number" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_of_injury" date,
	"date_of_injury_end" date,
	"date_of_incident" date,
	"applicant" text,
	"defendant" text,
	"crm_case_id" text,
	"legal_case_id" uuid,
	"recommended_cases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_exception" boolean DEFAULT false NOT NULL,
	"exception_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"start_page_no" integer NOT NULL,
	"end_page_no" integer NOT NULL,
	"split_confidence" real,
	"type_confidence" real,
	"action_status" text NOT NULL,
	"secondary_action_status" text,
	"third_party_review_status" text,
	"qa_status" text,
	"sync_status" text,
	"are_workflows_run" boolean DEFAULT false NOT NULL,
	"document_synced" boolean DEFAULT false NOT NULL,
	"separated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_processed_file_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"processed_file_id" uuid NOT NULL,
	"field" text NOT NULL,
	"original_value" text,
	"updated_value" text,
	"updated_by_name" text,
	"updated_by_email" text,
	"updated_by_id" uuid,
	"updated_by_role" text,
	"action_type" text NOT NULL,
	"is_exception_value" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "raw_file" ADD COLUMN "processing_stages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "raw_file" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "raw_file" ADD COLUMN "processing_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "raw_file" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "classifier_model" ADD CONSTRAINT "classifier_model_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case" ADD CONSTRAINT "legal_case_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_company_data_for_extraction" ADD CONSTRAINT "legal_company_data_for_extraction_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_company_data_for_extraction" ADD CONSTRAINT "legal_company_data_for_extraction_data_field_id_data_field_prompts_id_fk" FOREIGN KEY ("data_field_id") REFERENCES "public"."data_field_prompts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_folder" ADD CONSTRAINT "legal_document_folder_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_extracted_data_for_processed_file" ADD CONSTRAINT "legal_extracted_data_for_processed_file_processed_file_id_legal_processed_file_id_fk" FOREIGN KEY ("processed_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_extracted_data_for_processed_file" ADD CONSTRAINT "legal_extracted_data_for_processed_file_legal_company_data_for_extraction_id_legal_company_data_for_extraction_id_fk" FOREIGN KEY ("legal_company_data_for_extraction_id") REFERENCES "public"."legal_company_data_for_extraction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_extracted_data_for_processed_file" ADD CONSTRAINT "legal_extracted_data_for_processed_file_saved_by_user_user_profile_id_fk" FOREIGN KEY ("saved_by_user") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_file_type" ADD CONSTRAINT "legal_file_type_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_file_type" ADD CONSTRAINT "legal_file_type_legal_document_folder_id_legal_document_folder_id_fk" FOREIGN KEY ("legal_document_folder_id") REFERENCES "public"."legal_document_folder"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD CONSTRAINT "legal_processed_file_legal_file_type_id_legal_file_type_id_fk" FOREIGN KEY ("legal_file_type_id") REFERENCES "public"."legal_file_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD CONSTRAINT "legal_processed_file_legal_raw_file_id_raw_file_id_fk" FOREIGN KEY ("legal_raw_file_id") REFERENCES "public"."raw_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD CONSTRAINT "legal_processed_file_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_processed_file" ADD CONSTRAINT "legal_processed_file_legal_case_id_legal_case_id_fk" FOREIGN KEY ("legal_case_id") REFERENCES "public"."legal_case"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_processed_file_log" ADD CONSTRAINT "legal_processed_file_log_processed_file_id_legal_processed_file_id_fk" FOREIGN KEY ("processed_file_id") REFERENCES "public"."legal_processed_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_processed_file_log" ADD CONSTRAINT "legal_processed_file_log_updated_by_id_user_profile_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_case_company_number_idx" ON "legal_case" USING btree ("company_id","case_number");--> statement-breakpoint
CREATE INDEX "legal_case_match_numbers_idx" ON "legal_case" USING gin ("match_numbers");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_company_data_field_idx" ON "legal_company_data_for_extraction" USING btree ("company_id","data_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_document_folder_company_name_idx" ON "legal_document_folder" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "legal_extracted_data_file_idx" ON "legal_extracted_data_for_processed_file" USING btree ("processed_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_file_type_company_key_idx" ON "legal_file_type" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "legal_file_type_company_idx" ON "legal_file_type" USING btree ("company_id","is_deleted");--> statement-breakpoint
CREATE INDEX "legal_processed_file_raw_idx" ON "legal_processed_file" USING btree ("legal_raw_file_id","start_page_no");--> statement-breakpoint
CREATE INDEX "legal_processed_file_company_idx" ON "legal_processed_file" USING btree ("company_id","is_deleted","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legal_processed_file_log_file_idx" ON "legal_processed_file_log" USING btree ("processed_file_id","created_at");