CREATE TABLE "legal_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"headline" text NOT NULL,
	"priority" text NOT NULL,
	"category" text NOT NULL,
	"due_date" date NOT NULL,
	"details" text NOT NULL,
	"assignee_id" uuid,
	"status" text DEFAULT 'In Progress' NOT NULL,
	"automation_review_status" text,
	"is_subtask" boolean DEFAULT false NOT NULL,
	"parent_task_id" uuid,
	"created_by" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_request_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"legal_request_id" uuid NOT NULL,
	"updated_by" uuid,
	"type" text NOT NULL,
	"current" text,
	"previous" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_request_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"reference_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_url" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_request_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"created_by" uuid,
	"comment" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_request" ADD CONSTRAINT "legal_request_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request" ADD CONSTRAINT "legal_request_requested_by_user_profile_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request" ADD CONSTRAINT "legal_request_assignee_id_user_profile_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request" ADD CONSTRAINT "legal_request_parent_task_id_legal_request_id_fk" FOREIGN KEY ("parent_task_id") REFERENCES "public"."legal_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request" ADD CONSTRAINT "legal_request_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request_activity" ADD CONSTRAINT "legal_request_activity_legal_request_id_legal_request_id_fk" FOREIGN KEY ("legal_request_id") REFERENCES "public"."legal_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request_activity" ADD CONSTRAINT "legal_request_activity_updated_by_user_profile_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request_attachment" ADD CONSTRAINT "legal_request_attachment_request_id_legal_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."legal_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request_attachment" ADD CONSTRAINT "legal_request_attachment_file_key_stored_file_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_file"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request_attachment" ADD CONSTRAINT "legal_request_attachment_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request_comment" ADD CONSTRAINT "legal_request_comment_request_id_legal_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."legal_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_request_comment" ADD CONSTRAINT "legal_request_comment_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_request_company_list_idx" ON "legal_request" USING btree ("company_id","is_deleted","is_subtask","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legal_request_parent_idx" ON "legal_request" USING btree ("parent_task_id");--> statement-breakpoint
CREATE INDEX "legal_request_activity_request_idx" ON "legal_request_activity" USING btree ("legal_request_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legal_request_attachment_request_idx" ON "legal_request_attachment" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "legal_request_comment_request_idx" ON "legal_request_comment" USING btree ("request_id","created_at");