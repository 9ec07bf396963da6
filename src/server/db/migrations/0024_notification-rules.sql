CREATE TABLE "email_subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text DEFAULT 'imap' NOT NULL,
	"emails" text[] NOT NULL,
	"starting_date" date NOT NULL,
	"frequency" text NOT NULL,
	"file_type" uuid,
	"last_sent_at" timestamp with time zone,
	"last_sent_for" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rules" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_fired_for" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_subscription_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_subscription_id" uuid NOT NULL,
	"process_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"email_content" text,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"fired_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_subscription" ADD CONSTRAINT "email_subscription_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_subscription" ADD CONSTRAINT "email_subscription_file_type_legal_file_type_id_fk" FOREIGN KEY ("file_type") REFERENCES "public"."legal_file_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_subscription" ADD CONSTRAINT "email_subscription_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscription" ADD CONSTRAINT "notification_subscription_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscription" ADD CONSTRAINT "notification_subscription_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscription_history" ADD CONSTRAINT "notification_subscription_history_notification_subscription_id_notification_subscription_id_fk" FOREIGN KEY ("notification_subscription_id") REFERENCES "public"."notification_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_subscription_company_idx" ON "email_subscription" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_subscription_company_idx" ON "notification_subscription" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_subscription_history_sub_idx" ON "notification_subscription_history" USING btree ("notification_subscription_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_subscription_history_files_idx" ON "notification_subscription_history" USING gin ("process_file_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_subscription_history_fired_idx" ON "notification_subscription_history" USING btree ("notification_subscription_id","fired_for") WHERE "notification_subscription_history"."fired_for" is not null;