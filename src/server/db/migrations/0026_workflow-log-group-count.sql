CREATE TABLE "workflow_log_group_count" (
	"company_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"groups" integer NOT NULL,
	CONSTRAINT "workflow_log_group_count_company_id_workflow_id_pk" PRIMARY KEY("company_id","workflow_id")
);
--> statement-breakpoint
ALTER TABLE "workflow_log_group_count" ADD CONSTRAINT "workflow_log_group_count_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_log_group_count" ADD CONSTRAINT "workflow_log_group_count_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model functions or triggers): the count of log groups per
-- company and workflow follows workflow_log_group. A group's key, company and workflow never
-- change after its insert (the 0023 trigger's upsert only recomputes status and times), so only
-- an insert (and, for completeness, a delete or a move to another company or workflow) changes a
-- count. The trigger is deferred to commit: the count row is locked from the commit's start to
-- its end only, so concurrent runs of one workflow on different documents do not wait on each
-- other's whole transaction; the group and its count become visible in the same commit.
CREATE FUNCTION lexdesk_workflow_log_group_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id = NEW.company_id AND OLD.workflow_id = NEW.workflow_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE workflow_log_group_count SET groups = groups - 1
      WHERE company_id = OLD.company_id AND workflow_id = OLD.workflow_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO workflow_log_group_count AS c (company_id, workflow_id, groups)
      VALUES (NEW.company_id, NEW.workflow_id, 1)
      ON CONFLICT (company_id, workflow_id) DO UPDATE SET groups = c.groups + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER workflow_log_group_counted
  AFTER INSERT OR DELETE OR UPDATE OF company_id, workflow_id ON workflow_log_group
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION lexdesk_workflow_log_group_count();
--> statement-breakpoint
-- The groups already there (migrations run before the server takes writes).
INSERT INTO workflow_log_group_count (company_id, workflow_id, groups)
SELECT company_id, workflow_id, count(*)::int FROM workflow_log_group GROUP BY company_id, workflow_id;
