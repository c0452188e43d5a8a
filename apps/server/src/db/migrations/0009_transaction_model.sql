CREATE TABLE "payment_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"link_ref" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_schedules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"cust_name" text NOT NULL,
	"cust_email" text,
	"cust_ref" text,
	"amount" numeric(18, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"cycles_total" integer,
	"cycles_done" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_settlement_batch_lines" (
	"batch_id" bigint NOT NULL,
	"card_scheme" text NOT NULL,
	"card_type" text NOT NULL,
	"sale_count" integer NOT NULL,
	"sale_amount" numeric(18, 2) NOT NULL,
	"void_count" integer NOT NULL,
	"void_amount" numeric(18, 2) NOT NULL,
	"net_amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "terminal_settlement_batch_lines_batch_id_card_scheme_card_type_pk" PRIMARY KEY("batch_id","card_scheme","card_type")
);
--> statement-breakpoint
CREATE TABLE "terminal_settlement_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"tid" text NOT NULL,
	"mid" text NOT NULL,
	"batch_no" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "mdr_fee" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "preauth_op" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_txn_id" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_link_id" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "recurring_schedule_id" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "recurring_cycle" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "entry_mode" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "keyed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "terminal_kind" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "batch_no" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "stan" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "rrn" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "wallet_provider" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bnpl_provider" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_ref_uq" ON "payment_links" USING btree ("link_ref");--> statement-breakpoint
CREATE INDEX "payment_links_merchant_idx" ON "payment_links" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_schedules_merchant_idx" ON "recurring_schedules" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_settlement_batches_uq" ON "terminal_settlement_batches" USING btree ("tid","batch_no");--> statement-breakpoint
CREATE INDEX "terminal_settlement_batches_merchant_idx" ON "terminal_settlement_batches" USING btree ("merchant_id","opened_at");--> statement-breakpoint
CREATE INDEX "transactions_tid_batch_idx" ON "transactions" USING btree ("tid","batch_no","created_at") WHERE "transactions"."tid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_term_kind_idx" ON "transactions" USING btree ("terminal_kind","created_at","id") WHERE "transactions"."terminal_kind" IN ('EWALLET', 'BNPL');--> statement-breakpoint
CREATE INDEX "transactions_original_idx" ON "transactions" USING btree ("original_txn_id") WHERE "transactions"."original_txn_id" IS NOT NULL;