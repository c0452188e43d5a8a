CREATE TABLE "ingest_messages" (
	"source" text NOT NULL,
	"message_id" text NOT NULL,
	"credential_id" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_messages_source_message_id_pk" PRIMARY KEY("source","message_id")
);
--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"amount" numeric(18, 2),
	"op_ref" text,
	"response_code" text,
	"response_message" text,
	"base" jsonb,
	"outcome" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_ingest_keys" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "ingest_source" text;--> statement-breakpoint
CREATE INDEX "ingest_messages_received_idx" ON "ingest_messages" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_events_source_event_uq" ON "transaction_events" USING btree ("source","event_id");--> statement-breakpoint
CREATE INDEX "transaction_events_txn_idx" ON "transaction_events" USING btree ("transaction_id","event_at");