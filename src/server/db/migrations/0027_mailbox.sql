CREATE TABLE "mail_folder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"path" text NOT NULL,
	"special_use" text,
	"uidvalidity" bigint NOT NULL,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"highest_modseq" text
);
--> statement-breakpoint
CREATE TABLE "mail_integration" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text DEFAULT 'imap' NOT NULL,
	"email" text NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_tls" boolean DEFAULT true NOT NULL,
	"imap_user" text NOT NULL,
	"imap_password_sealed" text NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_secure" boolean DEFAULT false NOT NULL,
	"smtp_user" text,
	"smtp_password_sealed" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"rules" text DEFAULT '[]' NOT NULL,
	"last_sync" timestamp with time zone,
	"last_sync_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"folder_id" uuid NOT NULL,
	"uid" bigint NOT NULL,
	"message_id" text,
	"thread_id" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text,
	"size" integer DEFAULT 0 NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_starred" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"is_inbox" boolean DEFAULT false NOT NULL,
	"is_sent" boolean DEFAULT false NOT NULL,
	"is_spam" boolean DEFAULT false NOT NULL,
	"is_trash" boolean DEFAULT false NOT NULL,
	"is_forums" boolean DEFAULT false NOT NULL,
	"is_promotions" boolean DEFAULT false NOT NULL,
	"is_social" boolean DEFAULT false NOT NULL,
	"is_updates" boolean DEFAULT false NOT NULL,
	"sender_id" uuid,
	"sending_status" text,
	"raw_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_folder" ADD CONSTRAINT "mail_folder_integration_id_mail_integration_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."mail_integration"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_integration" ADD CONSTRAINT "mail_integration_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_integration" ADD CONSTRAINT "mail_integration_user_id_user_profile_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message" ADD CONSTRAINT "mail_message_integration_id_mail_integration_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."mail_integration"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_message" ADD CONSTRAINT "mail_message_folder_id_mail_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."mail_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_folder_path_idx" ON "mail_folder" USING btree ("integration_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_integration_user_idx" ON "mail_integration" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_integration_company_idx" ON "mail_integration" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_message_folder_uid_idx" ON "mail_message" USING btree ("folder_id","uid");--> statement-breakpoint
CREATE INDEX "mail_message_list_idx" ON "mail_message" USING btree ("integration_id","sent_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mail_message_thread_idx" ON "mail_message" USING btree ("integration_id","thread_id");