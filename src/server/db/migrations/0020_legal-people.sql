CREATE TABLE "legal_activity_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"crm_type" text NOT NULL,
	"crm_activity_type_id" text NOT NULL,
	"title" text NOT NULL,
	"is_deletable" boolean DEFAULT true NOT NULL,
	"is_viewable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact_id" text,
	"legal_team_id" uuid,
	"legal_role_id" uuid,
	"is_invited" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"display_name" text,
	"primary_email" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"legal_crm" text NOT NULL,
	"crm_role_convention" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"role_id" uuid,
	"legal_team_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_team" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_field_prompts" DROP CONSTRAINT "data_field_prompts_data_field_variable_unique";--> statement-breakpoint
ALTER TABLE "data_field_prompts" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "legal_activity_type" ADD CONSTRAINT "legal_activity_type_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_contact" ADD CONSTRAINT "legal_contact_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_contact" ADD CONSTRAINT "legal_contact_legal_team_id_legal_team_id_fk" FOREIGN KEY ("legal_team_id") REFERENCES "public"."legal_team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_contact" ADD CONSTRAINT "legal_contact_legal_role_id_legal_role_id_fk" FOREIGN KEY ("legal_role_id") REFERENCES "public"."legal_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_role" ADD CONSTRAINT "legal_role_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_staff" ADD CONSTRAINT "legal_staff_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_staff" ADD CONSTRAINT "legal_staff_role_id_legal_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."legal_role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_staff" ADD CONSTRAINT "legal_staff_legal_team_id_legal_team_id_fk" FOREIGN KEY ("legal_team_id") REFERENCES "public"."legal_team"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_team" ADD CONSTRAINT "legal_team_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_activity_type_crm_idx" ON "legal_activity_type" USING btree ("company_id","crm_type","crm_activity_type_id");--> statement-breakpoint
CREATE INDEX "legal_contact_company_idx" ON "legal_contact" USING btree ("company_id","is_deleted");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_role_company_crm_name_idx" ON "legal_role" USING btree ("company_id","legal_crm",lower("name")) WHERE "legal_role"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_staff_company_email_idx" ON "legal_staff" USING btree ("company_id",lower("email")) WHERE "legal_staff"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "legal_staff_role_idx" ON "legal_staff" USING btree ("role_id") WHERE "legal_staff"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_team_company_name_idx" ON "legal_team" USING btree ("company_id",lower("name")) WHERE "legal_team"."is_deleted" = false;--> statement-breakpoint
ALTER TABLE "data_field_prompts" ADD CONSTRAINT "data_field_prompts_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_field_prompts_owner_variable_idx" ON "data_field_prompts" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid),"data_field_variable");