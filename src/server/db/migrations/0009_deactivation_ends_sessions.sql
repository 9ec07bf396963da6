-- Deactivating a user ends every session of theirs in the same transaction, whoever deactivates
-- (an admin screen, a script, SQL by hand): a token must not work again after a reactivation.
-- Hand-written: drizzle-kit does not model functions or triggers.
CREATE OR REPLACE FUNCTION lexdesk_revoke_sessions_of_deactivated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE "session" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_profile_deactivated_revokes_sessions"
  AFTER UPDATE OF "is_deactivated" ON "user_profile"
  FOR EACH ROW WHEN (NEW."is_deactivated" AND NOT OLD."is_deactivated")
  EXECUTE FUNCTION lexdesk_revoke_sessions_of_deactivated();--> statement-breakpoint
-- Users deactivated before this migration: their sessions end now.
UPDATE "session" SET "revoked_at" = now()
  FROM "user_profile"
  WHERE "session"."user_id" = "user_profile"."id"
    AND "user_profile"."is_deactivated"
    AND "session"."revoked_at" IS NULL;
