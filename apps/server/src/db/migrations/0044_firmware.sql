CREATE TABLE "firmware_file_models" (
	"firmware_id" integer NOT NULL,
	"model" text NOT NULL,
	"firmware_version" text NOT NULL,
	CONSTRAINT "firmware_file_models_firmware_id_model_pk" PRIMARY KEY("firmware_id","model")
);
--> statement-breakpoint
CREATE TABLE "firmware_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"firmware_version" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"uploaded_by_user_id" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_by_user_id" integer,
	"retired_at" timestamp with time zone,
	"retire_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_files_status_ck" CHECK ("firmware_files"."status" IN ('ACTIVE', 'RETIRED'))
);
--> statement-breakpoint
CREATE TABLE "firmware_rollout_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"rollout_id" integer NOT NULL,
	"event" text NOT NULL,
	"stage" smallint,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_rollout_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"rollout_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"state" text DEFAULT 'WAITING' NOT NULL,
	"offered_at" timestamp with time zone,
	"installed_at" timestamp with time zone,
	CONSTRAINT "firmware_rollout_targets_state_ck" CHECK ("firmware_rollout_targets"."state" IN ('WAITING', 'OFFERED', 'INSTALLED', 'NOT_REPORTED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "firmware_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"firmware_id" integer NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"stages" jsonb NOT NULL,
	"models" jsonb NOT NULL,
	"merchant_id" integer,
	"current_stage" smallint DEFAULT 0 NOT NULL,
	"stage_wait_minutes" integer NOT NULL,
	"final_wait_hours" integer DEFAULT 72 NOT NULL,
	"stage_started_at" timestamp with time zone,
	"total" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_rollouts_status_ck" CHECK ("firmware_rollouts"."status" IN ('RUNNING', 'PAUSED', 'COMPLETED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "pending_firmware_id" integer;--> statement-breakpoint
ALTER TABLE "firmware_file_models" ADD CONSTRAINT "firmware_file_models_firmware_id_firmware_files_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_file_models" ADD CONSTRAINT "firmware_file_models_model_terminal_models_model_fk" FOREIGN KEY ("model") REFERENCES "public"."terminal_models"("model") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollout_events" ADD CONSTRAINT "firmware_rollout_events_rollout_id_firmware_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."firmware_rollouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollout_targets" ADD CONSTRAINT "firmware_rollout_targets_rollout_id_firmware_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."firmware_rollouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollout_targets" ADD CONSTRAINT "firmware_rollout_targets_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_firmware_id_firmware_files_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_file_models_version_uq" ON "firmware_file_models" USING btree ("model","firmware_version");--> statement-breakpoint
CREATE INDEX "firmware_files_uploaded_idx" ON "firmware_files" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "firmware_rollout_events_rollout_idx" ON "firmware_rollout_events" USING btree ("rollout_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_rollout_targets_open_uq" ON "firmware_rollout_targets" USING btree ("terminal_id") WHERE "firmware_rollout_targets"."state" IN ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_rollout_targets_rollout_uq" ON "firmware_rollout_targets" USING btree ("rollout_id","terminal_id");--> statement-breakpoint
CREATE INDEX "firmware_rollout_targets_stage_idx" ON "firmware_rollout_targets" USING btree ("rollout_id","stage","state");--> statement-breakpoint
CREATE INDEX "firmware_rollouts_firmware_idx" ON "firmware_rollouts" USING btree ("firmware_id");--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_pending_firmware_id_firmware_files_id_fk" FOREIGN KEY ("pending_firmware_id") REFERENCES "public"."firmware_files"("id") ON DELETE no action ON UPDATE no action;