CREATE TYPE "public"."legal_user_type" AS ENUM('admin', 'attorney', 'paralegal', 'staff');--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"domain" text,
	"icon_url" text,
	"date_format" text DEFAULT 'MM/DD/YYYY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_update" boolean DEFAULT true NOT NULL,
	"active_billing" boolean DEFAULT false NOT NULL,
	"assigned_talent" integer,
	"auto_recharge" boolean DEFAULT false NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"recharge_amount" numeric(14, 2),
	"threshold_limit" numeric(14, 2),
	"consumption_report_frequency" text,
	"production_report_frequency" text,
	"payment_method" text,
	"fixed_sale_rate" numeric(14, 2),
	"is_legal" boolean DEFAULT false NOT NULL,
	"crm_type" text,
	"crm_verified" boolean DEFAULT false NOT NULL,
	"esign_connected" boolean DEFAULT false NOT NULL,
	"payment_customer_id" text,
	"is_provider" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_access" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_access_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content" text NOT NULL,
	"sender_id" uuid,
	"receiver_id" uuid NOT NULL,
	"module" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"redirect" text,
	"extra_content" text,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failure" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"key" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profile" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"user_type_id" smallint NOT NULL,
	"company_id" uuid NOT NULL,
	"avatar" text,
	"about_me" text,
	"profile_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"talent_id" uuid,
	"is_deactivated" boolean DEFAULT false NOT NULL,
	"legal_user_type" "legal_user_type",
	"legal_team_id" uuid,
	"phone_number" text,
	"logged_in" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_type" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "user_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "company_access" ADD CONSTRAINT "company_access_user_id_user_profile_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_access" ADD CONSTRAINT "company_access_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_sender_id_user_profile_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_receiver_id_user_profile_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."user_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_profile_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_uploaded_by_user_profile_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile" ADD CONSTRAINT "user_profile_user_type_id_user_type_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile" ADD CONSTRAINT "user_profile_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_receiver_newest_idx" ON "notification" USING btree ("receiver_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failure_lookup_idx" ON "sign_in_failure" USING btree ("email","ip","created_at");--> statement-breakpoint
CREATE INDEX "stored_file_company_idx" ON "stored_file" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_profile_email_lower_idx" ON "user_profile" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_profile_company_idx" ON "user_profile" USING btree ("company_id");