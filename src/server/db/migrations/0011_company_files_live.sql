-- Live lists: every write to a company's raw files or documents announces the company on the
-- channel lexdesk_company_files_changed, whoever writes (the upload finish, the pipeline's one
-- write, reprocessing, review edits, deletes, a script, SQL by hand). Each server process LISTENs
-- (src/server/domains/notifications/bus.ts) and tells that company's companyFilesChanged
-- subscribers, whose screens refetch. The payload names the company only; NOTIFY sends it at commit
-- and folds identical payloads of one transaction into one, so a pipeline run that writes fifty
-- documents is one event. Statement-level triggers: one pg_notify per company and statement, not
-- per row. Hand-written: drizzle-kit does not model functions or triggers.
CREATE OR REPLACE FUNCTION lexdesk_notify_company_files() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('lexdesk_company_files_changed', json_build_object('company_id', c.company_id)::text)
    FROM (SELECT DISTINCT company_id FROM changed_rows) AS c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "raw_file_inserted_notifies"
  AFTER INSERT ON "raw_file" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_company_files();--> statement-breakpoint
CREATE TRIGGER "raw_file_updated_notifies"
  AFTER UPDATE ON "raw_file" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_company_files();--> statement-breakpoint
CREATE TRIGGER "raw_file_deleted_notifies"
  AFTER DELETE ON "raw_file" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_company_files();--> statement-breakpoint
CREATE TRIGGER "legal_processed_file_inserted_notifies"
  AFTER INSERT ON "legal_processed_file" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_company_files();--> statement-breakpoint
CREATE TRIGGER "legal_processed_file_updated_notifies"
  AFTER UPDATE ON "legal_processed_file" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_company_files();--> statement-breakpoint
CREATE TRIGGER "legal_processed_file_deleted_notifies"
  AFTER DELETE ON "legal_processed_file" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_notify_company_files();
