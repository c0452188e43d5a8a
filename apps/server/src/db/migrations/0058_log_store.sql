CREATE TABLE "log_entries" (
	"id" bigserial NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"level" smallint NOT NULL,
	"request_id" text,
	"message" text NOT NULL,
	"operation" text,
	"outcome" text,
	"duration_ms" integer,
	"user_id" integer,
	"user_group" text,
	"mid" text,
	"tid" text,
	"txn_ref_no" text,
	"master_merchant_id" integer,
	"agency_id" integer,
	"agent_id" integer,
	"merchant_id" integer,
	"branch_id" integer,
	"attributes" jsonb,
	CONSTRAINT "log_entries_pk" PRIMARY KEY("source","at","id")
) PARTITION BY LIST ("source");
--> statement-breakpoint
CREATE TABLE "log_ingest_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"label" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE INDEX "log_entries_request_idx" ON "log_entries" USING btree ("request_id") WHERE "log_entries"."request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "log_entries_txn_idx" ON "log_entries" USING btree ("txn_ref_no") WHERE "log_entries"."txn_ref_no" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "log_entries_tid_idx" ON "log_entries" USING btree ("tid","at") WHERE "log_entries"."tid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "log_entries_mid_idx" ON "log_entries" USING btree ("mid","at") WHERE "log_entries"."mid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "log_ingest_keys_hash_uq" ON "log_ingest_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "log_ingest_keys_source_idx" ON "log_ingest_keys" USING btree ("source");
--> statement-breakpoint
CREATE TABLE "log_entries_payment" PARTITION OF "log_entries" FOR VALUES IN ('PAYMENT') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_mobile" PARTITION OF "log_entries" FOR VALUES IN ('MOBILE') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_portal" PARTITION OF "log_entries" FOR VALUES IN ('PORTAL') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_scheduler" PARTITION OF "log_entries" FOR VALUES IN ('SCHEDULER') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_terminal" PARTITION OF "log_entries" FOR VALUES IN ('TERMINAL') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_master_devices_api" PARTITION OF "log_entries" FOR VALUES IN ('MASTER_DEVICES_API') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_txn_resp_pending" PARTITION OF "log_entries" FOR VALUES IN ('TXN_RESP_PENDING') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_txn_terminal_pending" PARTITION OF "log_entries" FOR VALUES IN ('TXN_TERMINAL_PENDING') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_card_receipt_upload" PARTITION OF "log_entries" FOR VALUES IN ('CARD_RECEIPT_UPLOAD') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_terminal_ereceipt_upload" PARTITION OF "log_entries" FOR VALUES IN ('TERMINAL_ERECEIPT_UPLOAD') PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_entries_master_terminal" PARTITION OF "log_entries" FOR VALUES IN ('MASTER_TERMINAL') PARTITION BY RANGE ("at");
