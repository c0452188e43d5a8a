ALTER TABLE "export_runs" ADD COLUMN "screen_kind" text;--> statement-breakpoint
ALTER TABLE "export_runs" ADD COLUMN "screen_name" text;--> statement-breakpoint
ALTER TABLE "export_runs" ADD COLUMN "screen_path" text;--> statement-breakpoint
ALTER TABLE "export_runs" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "export_runs" ADD COLUMN "query" jsonb;--> statement-breakpoint
ALTER TABLE "export_runs" ADD COLUMN "error_code" text;--> statement-breakpoint
CREATE INDEX "export_runs_user_started_idx" ON "export_runs" USING btree ("user_id","started_at","id");