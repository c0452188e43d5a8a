CREATE TABLE "refund_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_request_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"summary" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_request_events" ADD CONSTRAINT "refund_request_events_refund_request_id_refund_requests_id_fk" FOREIGN KEY ("refund_request_id") REFERENCES "public"."refund_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_request_events_request_idx" ON "refund_request_events" USING btree ("refund_request_id","at");