CREATE TABLE "legal_integration_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"integration_id" uuid,
	"crm_type" text NOT NULL,
	"sync_type" text NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"attempt" integer DEFAULT 1 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"crm_type" text NOT NULL,
	"data_type" text DEFAULT 'cases' NOT NULL,
	"sync_type" text DEFAULT 'interval' NOT NULL,
	"sync_interval_seconds" integer DEFAULT 3600 NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"active_once" boolean DEFAULT false NOT NULL,
	"last_sync" timestamp with time zone,
	"email" text,
	"crm_base_url" text,
	"credentials_sealed" text,
	"token_expires_at" timestamp with time zone,
	"oauth_state_hash" text,
	"oauth_verifier_sealed" text,
	"oauth_redirect_uri" text,
	"oauth_started_at" timestamp with time zone,
	"last_sync_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_requested_crms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"crm_name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_case" ADD COLUMN "crm_case_ref" text;--> statement-breakpoint
ALTER TABLE "legal_integration_log" ADD CONSTRAINT "legal_integration_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_integration_log" ADD CONSTRAINT "legal_integration_log_integration_id_legal_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."legal_integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_integrations" ADD CONSTRAINT "legal_integrations_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_requested_crms" ADD CONSTRAINT "legal_requested_crms_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_requested_crms" ADD CONSTRAINT "legal_requested_crms_requested_by_user_profile_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_integration_log_integration_idx" ON "legal_integration_log" USING btree ("integration_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legal_integration_log_company_idx" ON "legal_integration_log" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "legal_integrations_company_crm_idx" ON "legal_integrations" USING btree ("company_id","crm_type");--> statement-breakpoint
CREATE INDEX "legal_requested_crms_company_idx" ON "legal_requested_crms" USING btree ("company_id","created_at");