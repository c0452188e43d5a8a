CREATE TABLE "resource_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"summary" text
);
--> statement-breakpoint
CREATE INDEX "resource_events_record_idx" ON "resource_events" USING btree ("resource","record_id","at","id");