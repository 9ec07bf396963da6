DROP INDEX "task_assignee_idx";--> statement-breakpoint
DROP INDEX "task_qa_idx";--> statement-breakpoint
CREATE INDEX "task_board_status_idx" ON "task" USING btree ("status_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "task"."is_deleted" = false and "task"."task_type" <> 'estimated';--> statement-breakpoint
CREATE INDEX "task_board_project_idx" ON "task" USING btree ("project_id","status_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "task"."is_deleted" = false and "task"."task_type" <> 'estimated';--> statement-breakpoint
CREATE INDEX "task_assignee_idx" ON "task" USING btree ("assignee_id","status_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "task"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "task_qa_idx" ON "task" USING btree ("qa_id","status_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "task"."is_deleted" = false;