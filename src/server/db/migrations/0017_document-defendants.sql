ALTER TABLE "legal_processed_file" ADD COLUMN "defendants" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
UPDATE "legal_processed_file" SET "defendants" = ARRAY["defendant"] WHERE "defendant" IS NOT NULL;
