CREATE TABLE "delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"delivery_date" date,
	"estimated_delivery_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "status_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "status_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_id" uuid NOT NULL,
	"log_type" text NOT NULL,
	"company_id" uuid NOT NULL,
	"past_status" integer NOT NULL,
	"current_status" integer NOT NULL,
	"updated_to" uuid,
	"updated_by" uuid NOT NULL,
	"reason" text,
	"remarks" text,
	"submission" text,
	"track_time" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"status_id" integer NOT NULL,
	"assignee_id" uuid,
	"qa_id" uuid,
	"task_type" text NOT NULL,
	"request_id" uuid NOT NULL,
	"parent_id" uuid,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"total_estimated_hours" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_estimated_cost" integer DEFAULT 0 NOT NULL,
	"difficulty_level" integer,
	"has_child_task" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_estimate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"talent_type_id" integer NOT NULL,
	"hours" numeric(9, 2) NOT NULL,
	"hourly_rate" integer NOT NULL,
	"cost" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_reference" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_log" ADD CONSTRAINT "status_log_reference_id_task_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_log" ADD CONSTRAINT "status_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_log" ADD CONSTRAINT "status_log_past_status_status_id_fk" FOREIGN KEY ("past_status") REFERENCES "public"."status"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_log" ADD CONSTRAINT "status_log_current_status_status_id_fk" FOREIGN KEY ("current_status") REFERENCES "public"."status"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_log" ADD CONSTRAINT "status_log_updated_to_user_profile_id_fk" FOREIGN KEY ("updated_to") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_log" ADD CONSTRAINT "status_log_updated_by_user_profile_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step" ADD CONSTRAINT "step_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_status_id_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."status"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_assignee_id_user_profile_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_qa_id_user_profile_id_fk" FOREIGN KEY ("qa_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_request_id_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_estimate" ADD CONSTRAINT "task_estimate_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_estimate" ADD CONSTRAINT "task_estimate_talent_type_id_talent_type_id_fk" FOREIGN KEY ("talent_type_id") REFERENCES "public"."talent_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reference" ADD CONSTRAINT "task_reference_task_id_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_company_idx" ON "delivery" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "status_log_reference_idx" ON "status_log" USING btree ("reference_id","created_at");--> statement-breakpoint
CREATE INDEX "step_task_idx" ON "step" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_request_idx" ON "task" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "task_parent_idx" ON "task" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "task_project_status_idx" ON "task" USING btree ("project_id","status_id") WHERE "task"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "task_assignee_idx" ON "task" USING btree ("assignee_id") WHERE "task"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "task_qa_idx" ON "task" USING btree ("qa_id") WHERE "task"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "task_estimate_task_idx" ON "task_estimate" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_reference_task_idx" ON "task_reference" USING btree ("task_id");--> statement-breakpoint
-- The statuses of src/shared/delivery/taskStatus.ts (10 is the spec's "available for QA" when qa_id is empty).
INSERT INTO "status" ("id", "name") VALUES
	(1, 'To do'),
	(2, 'In progress'),
	(3, 'Ready for review'),
	(4, 'Failed review'),
	(10, 'Ready for testing'),
	(11, 'Failed testing'),
	(12, 'Complete')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_parent_id_task_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_status_id_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."status"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_delivery_id_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery"("id") ON DELETE no action ON UPDATE no action;
