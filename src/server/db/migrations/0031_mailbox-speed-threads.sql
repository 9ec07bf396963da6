DROP INDEX "mail_message_list_idx";--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "reference_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_message_inbox_idx" ON "mail_message" USING btree ("integration_id","sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE is_inbox and not is_spam and not is_trash;--> statement-breakpoint
CREATE INDEX "mail_message_list_idx" ON "mail_message" USING btree ("integration_id","sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);