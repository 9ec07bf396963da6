CREATE TABLE "chat_guest_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"room_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_guest_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "chat_guest_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_guest_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"message" text NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" bigint NOT NULL,
	"file_key" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"room_type" text DEFAULT 'group' NOT NULL,
	"intake_script_id" uuid,
	"intake_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"staff_id" uuid,
	"contact_id" uuid,
	"is_guest" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"email" text,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"last_read_message_id" bigint,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_metadata" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"dialog" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_script" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_by" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_guest_invitation" ADD CONSTRAINT "chat_guest_invitation_room_id_chat_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_room"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_guest_invitation" ADD CONSTRAINT "chat_guest_invitation_member_id_chat_room_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."chat_room_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_guest_invitation" ADD CONSTRAINT "chat_guest_invitation_invited_by_user_profile_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_guest_session" ADD CONSTRAINT "chat_guest_session_member_id_chat_room_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."chat_room_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_room_id_chat_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_room"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_sender_id_chat_room_member_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."chat_room_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_file" ADD CONSTRAINT "chat_message_file_message_id_chat_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_message"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_file" ADD CONSTRAINT "chat_message_file_file_key_stored_file_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_file"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room" ADD CONSTRAINT "chat_room_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room" ADD CONSTRAINT "chat_room_intake_script_id_intake_script_id_fk" FOREIGN KEY ("intake_script_id") REFERENCES "public"."intake_script"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room" ADD CONSTRAINT "chat_room_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_member" ADD CONSTRAINT "chat_room_member_room_id_chat_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_room"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_member" ADD CONSTRAINT "chat_room_member_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_member" ADD CONSTRAINT "chat_room_member_user_id_user_profile_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_member" ADD CONSTRAINT "chat_room_member_staff_id_legal_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."legal_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_member" ADD CONSTRAINT "chat_room_member_contact_id_legal_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."legal_contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_metadata" ADD CONSTRAINT "intake_metadata_intake_id_intake_script_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intake_script"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_script" ADD CONSTRAINT "intake_script_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_script" ADD CONSTRAINT "intake_script_created_by_user_profile_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_guest_session_member_idx" ON "chat_guest_session" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "chat_message_room_idx" ON "chat_message" USING btree ("room_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_client_idx" ON "chat_message" USING btree ("sender_id","client_id") WHERE "chat_message"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_message_file_message_idx" ON "chat_message_file" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_room_company_idx" ON "chat_room" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_room_member_user_idx" ON "chat_room_member" USING btree ("room_id","user_id") WHERE "chat_room_member"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_room_member_user_rooms_idx" ON "chat_room_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_metadata_intake_idx" ON "intake_metadata" USING btree ("intake_id");--> statement-breakpoint
CREATE INDEX "intake_script_company_idx" ON "intake_script" USING btree ("company_id","is_deleted","created_at" DESC NULLS LAST);