CREATE TABLE "chat_upload" (
	"file_key" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
-- Guests' uploads move over; those a message or comment already refers to count as attached.
INSERT INTO "chat_upload" ("file_key", "member_id", "created_at", "attached_at")
SELECT g."file_key", g."member_id", g."created_at",
	CASE WHEN EXISTS (SELECT 1 FROM "chat_message_file" f WHERE f."file_key" = g."file_key")
		OR EXISTS (SELECT 1 FROM "legal_request_attachment" a WHERE a."file_key" = g."file_key")
	THEN now() END
FROM "chat_guest_upload" g;--> statement-breakpoint
DROP TABLE "chat_guest_upload" CASCADE;--> statement-breakpoint
ALTER TABLE "chat_upload" ADD CONSTRAINT "chat_upload_file_key_stored_file_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_file"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_upload" ADD CONSTRAINT "chat_upload_member_id_chat_room_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."chat_room_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_upload_member_idx" ON "chat_upload" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "chat_upload_unattached_idx" ON "chat_upload" USING btree ("created_at") WHERE "chat_upload"."attached_at" is null;