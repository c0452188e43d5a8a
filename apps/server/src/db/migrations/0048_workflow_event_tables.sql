CREATE TABLE "payout_batch_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"summary" text
);
--> statement-breakpoint
CREATE TABLE "rm_application_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"summary" text
);
--> statement-breakpoint
ALTER TABLE "payout_batch_events" ADD CONSTRAINT "payout_batch_events_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rm_application_events" ADD CONSTRAINT "rm_application_events_application_id_rm_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."rm_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batch_events_batch_idx" ON "payout_batch_events" USING btree ("batch_id","at");--> statement-breakpoint
CREATE INDEX "rm_application_events_application_idx" ON "rm_application_events" USING btree ("application_id","at");