CREATE TABLE "task_board_count" (
	"project_id" uuid NOT NULL,
	"status_id" integer NOT NULL,
	"assignee_id" uuid,
	"qa_id" uuid,
	"n" integer NOT NULL,
	CONSTRAINT "task_board_count_key" UNIQUE NULLS NOT DISTINCT("project_id","status_id","assignee_id","qa_id")
);
--> statement-breakpoint
ALTER TABLE "task_board_count" ADD CONSTRAINT "task_board_count_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_board_count_assignee_idx" ON "task_board_count" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "task_board_count_qa_idx" ON "task_board_count" USING btree ("qa_id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model functions or triggers): task_board_count follows the
-- tasks on a board (live, not "estimated") per project, status, assignee and QA person, in the
-- writing statement's transaction, so a rollback takes its counts back with it. One statement's
-- changes are summed per key first (transition tables), and the keys are upserted in key order:
-- two transactions moving cards in opposite directions lock the same count rows in the same
-- order, so they wait for each other instead of deadlocking.
CREATE FUNCTION lexdesk_task_board_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO task_board_count AS c (project_id, status_id, assignee_id, qa_id, n)
      SELECT project_id, status_id, assignee_id, qa_id, count(*)::int FROM new_rows
        WHERE NOT is_deleted AND task_type <> 'estimated'
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT task_board_count_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO task_board_count AS c (project_id, status_id, assignee_id, qa_id, n)
      SELECT project_id, status_id, assignee_id, qa_id, -count(*)::int FROM old_rows
        WHERE NOT is_deleted AND task_type <> 'estimated'
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT task_board_count_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO task_board_count AS c (project_id, status_id, assignee_id, qa_id, n)
      SELECT project_id, status_id, assignee_id, qa_id, sum(d)::int FROM (
          SELECT project_id, status_id, assignee_id, qa_id, 1 AS d FROM new_rows
            WHERE NOT is_deleted AND task_type <> 'estimated'
          UNION ALL
          SELECT project_id, status_id, assignee_id, qa_id, -1 AS d FROM old_rows
            WHERE NOT is_deleted AND task_type <> 'estimated'
        ) AS change
        GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT task_board_count_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_board_counted_insert AFTER INSERT ON task
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_task_board_count();
--> statement-breakpoint
-- (PostgreSQL allows no column list with transition tables: an update of other columns sums
-- to no change and writes nothing.)
CREATE TRIGGER task_board_counted_update AFTER UPDATE ON task
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_task_board_count();
--> statement-breakpoint
CREATE TRIGGER task_board_counted_delete AFTER DELETE ON task
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_task_board_count();
--> statement-breakpoint
CREATE FUNCTION lexdesk_task_board_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM task_board_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_board_counted_truncate AFTER TRUNCATE ON task
  FOR EACH STATEMENT EXECUTE FUNCTION lexdesk_task_board_count_truncate();
--> statement-breakpoint
-- The tasks already there (migrations run before the server takes writes).
INSERT INTO task_board_count (project_id, status_id, assignee_id, qa_id, n)
SELECT project_id, status_id, assignee_id, qa_id, count(*)::int FROM task
  WHERE NOT is_deleted AND task_type <> 'estimated'
  GROUP BY project_id, status_id, assignee_id, qa_id;
