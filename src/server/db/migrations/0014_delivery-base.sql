CREATE TABLE "environment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_tech_stack_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"branch" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tech_lead_id" uuid,
	"company_id" uuid NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_team_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_profile_id" uuid NOT NULL,
	"talent_type_id" integer NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_tech_stack" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"tech_stack_id" integer NOT NULL,
	"codebase" text,
	"access_token_encrypted" text,
	"access_token_hint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"refered_by_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"profile_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"created_by" uuid NOT NULL,
	"priority" integer NOT NULL,
	"project_id" uuid NOT NULL,
	"request_type_id" integer NOT NULL,
	"request_action" text NOT NULL,
	"company_id" uuid NOT NULL,
	"status_id" integer NOT NULL,
	"delivery_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"job_settings" jsonb,
	"employment_type" text,
	"compensation_type" text,
	"compensation" integer,
	"candidate_min_exp" integer,
	"candidate_max_exp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_sourcing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "talent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_profile_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"talent_type_id" integer NOT NULL,
	"linkedin_url" text,
	"pay_rate" integer DEFAULT 0 NOT NULL,
	"hubstaff_id" text,
	"reporting_to" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"hourly_rate" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_type_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "tech_stack" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_integration" boolean DEFAULT false NOT NULL,
	"codebase" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tech_stack_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "environment" ADD CONSTRAINT "environment_project_tech_stack_id_project_tech_stack_id_fk" FOREIGN KEY ("project_tech_stack_id") REFERENCES "public"."project_tech_stack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_tech_lead_id_user_profile_id_fk" FOREIGN KEY ("tech_lead_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_team_member" ADD CONSTRAINT "project_team_member_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_team_member" ADD CONSTRAINT "project_team_member_user_profile_id_user_profile_id_fk" FOREIGN KEY ("user_profile_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_team_member" ADD CONSTRAINT "project_team_member_talent_type_id_talent_type_id_fk" FOREIGN KEY ("talent_type_id") REFERENCES "public"."talent_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tech_stack" ADD CONSTRAINT "project_tech_stack_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tech_stack" ADD CONSTRAINT "project_tech_stack_tech_stack_id_tech_stack_id_fk" FOREIGN KEY ("tech_stack_id") REFERENCES "public"."tech_stack"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_refered_by_id_user_profile_id_fk" FOREIGN KEY ("refered_by_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_request_type_id_request_type_id_fk" FOREIGN KEY ("request_type_id") REFERENCES "public"."request_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent" ADD CONSTRAINT "talent_user_profile_id_user_profile_id_fk" FOREIGN KEY ("user_profile_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent" ADD CONSTRAINT "talent_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent" ADD CONSTRAINT "talent_talent_type_id_talent_type_id_fk" FOREIGN KEY ("talent_type_id") REFERENCES "public"."talent_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent" ADD CONSTRAINT "talent_reporting_to_user_profile_id_fk" FOREIGN KEY ("reporting_to") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "environment_stack_idx" ON "environment" USING btree ("project_tech_stack_id");--> statement-breakpoint
CREATE INDEX "project_company_idx" ON "project" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "project_tech_lead_idx" ON "project" USING btree ("tech_lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_team_member_live_idx" ON "project_team_member" USING btree ("project_id","user_profile_id") WHERE "project_team_member"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "project_team_member_user_idx" ON "project_team_member" USING btree ("user_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_tech_stack_unique_idx" ON "project_tech_stack" USING btree ("project_id","tech_stack_id");--> statement-breakpoint
CREATE INDEX "referral_project_idx" ON "referral" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "request_company_idx" ON "request" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "request_project_idx" ON "request" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "request_created_by_idx" ON "request" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "talent_user_idx" ON "talent" USING btree ("user_profile_id");--> statement-breakpoint
CREATE INDEX "talent_company_idx" ON "talent" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "talent_reporting_to_idx" ON "talent" USING btree ("reporting_to");--> statement-breakpoint
-- Talent types with fixed ids: 1, 2 and 4 are the team leads of spec section 9. Rates in integer cents.
INSERT INTO "talent_type" ("id", "role", "hourly_rate") VALUES
	(1, 'Tech Lead', 9000),
	(2, 'Engineering Manager', 9500),
	(3, 'Developer', 6000),
	(4, 'Solution Architect', 11000),
	(5, 'QA Engineer', 4500),
	(6, 'Project Manager', 7000),
	(7, 'Designer', 5500)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('talent_type', 'id'), GREATEST((SELECT max("id") FROM "talent_type"), 1));--> statement-breakpoint
INSERT INTO "request_type" ("id", "name", "is_sourcing") VALUES
	(1, 'Feature', false),
	(2, 'Bug', false),
	(3, 'Improvement', false),
	(4, 'Sourcing', true)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('request_type', 'id'), GREATEST((SELECT max("id") FROM "request_type"), 1));--> statement-breakpoint
INSERT INTO "tech_stack" ("id", "name", "api_integration", "codebase") VALUES
	(1, 'GitHub', true, 'git'),
	(2, 'GitLab', true, 'git'),
	(3, 'Bitbucket', true, 'git'),
	(4, 'Azure DevOps', false, 'git')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('tech_stack', 'id'), GREATEST((SELECT max("id") FROM "tech_stack"), 1));
