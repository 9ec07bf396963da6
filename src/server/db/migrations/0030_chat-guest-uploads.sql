CREATE TABLE "chat_guest_upload" (
	"file_key" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_guest_upload" ADD CONSTRAINT "chat_guest_upload_file_key_stored_file_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_file"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_guest_upload" ADD CONSTRAINT "chat_guest_upload_member_id_chat_room_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."chat_room_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_guest_upload_member_idx" ON "chat_guest_upload" USING btree ("member_id");