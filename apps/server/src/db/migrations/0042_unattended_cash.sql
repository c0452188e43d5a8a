CREATE TABLE "unattended_cash_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"tid" text NOT NULL,
	"mid" text,
	"event_kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"transaction_id" bigint,
	"txn_ref_no" text,
	"currency" char(3) DEFAULT 'MYR' NOT NULL,
	"note_100_in" integer DEFAULT 0 NOT NULL,
	"note_100_out" integer DEFAULT 0 NOT NULL,
	"note_50_in" integer DEFAULT 0 NOT NULL,
	"note_50_out" integer DEFAULT 0 NOT NULL,
	"note_20_in" integer DEFAULT 0 NOT NULL,
	"note_20_out" integer DEFAULT 0 NOT NULL,
	"note_10_in" integer DEFAULT 0 NOT NULL,
	"note_10_out" integer DEFAULT 0 NOT NULL,
	"note_5_in" integer DEFAULT 0 NOT NULL,
	"note_5_out" integer DEFAULT 0 NOT NULL,
	"note_1_in" integer DEFAULT 0 NOT NULL,
	"note_1_out" integer DEFAULT 0 NOT NULL,
	"coin_50_in" integer DEFAULT 0 NOT NULL,
	"coin_50_out" integer DEFAULT 0 NOT NULL,
	"coin_20_in" integer DEFAULT 0 NOT NULL,
	"coin_20_out" integer DEFAULT 0 NOT NULL,
	"coin_10_in" integer DEFAULT 0 NOT NULL,
	"coin_10_out" integer DEFAULT 0 NOT NULL,
	"coin_5_in" integer DEFAULT 0 NOT NULL,
	"coin_5_out" integer DEFAULT 0 NOT NULL,
	"cash_in_amount" numeric(18, 2) GENERATED ALWAYS AS (note_100_in * 100.00 + note_50_in * 50.00 + note_20_in * 20.00 + note_10_in * 10.00 + note_5_in * 5.00 + note_1_in * 1.00 + coin_50_in * 0.50 + coin_20_in * 0.20 + coin_10_in * 0.10 + coin_5_in * 0.05) STORED,
	"cash_out_amount" numeric(18, 2) GENERATED ALWAYS AS (note_100_out * 100.00 + note_50_out * 50.00 + note_20_out * 20.00 + note_10_out * 10.00 + note_5_out * 5.00 + note_1_out * 1.00 + coin_50_out * 0.50 + coin_20_out * 0.20 + coin_10_out * 0.10 + coin_5_out * 0.05) STORED,
	"net_amount" numeric(18, 2) GENERATED ALWAYS AS ((note_100_in * 100.00 + note_50_in * 50.00 + note_20_in * 20.00 + note_10_in * 10.00 + note_5_in * 5.00 + note_1_in * 1.00 + coin_50_in * 0.50 + coin_20_in * 0.20 + coin_10_in * 0.10 + coin_5_in * 0.05) - (note_100_out * 100.00 + note_50_out * 50.00 + note_20_out * 20.00 + note_10_out * 10.00 + note_5_out * 5.00 + note_1_out * 1.00 + coin_50_out * 0.50 + coin_20_out * 0.20 + coin_10_out * 0.10 + coin_5_out * 0.05)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uce_event_kind_ck" CHECK ("unattended_cash_events"."event_kind" IN ('CASH_IN', 'CASH_OUT', 'REFUND_OUT', 'REFILL', 'COLLECTION', 'ADJUSTMENT')),
	CONSTRAINT "uce_counts_ck" CHECK (note_100_in >= 0 AND note_100_out >= 0 AND note_50_in >= 0 AND note_50_out >= 0 AND note_20_in >= 0 AND note_20_out >= 0 AND note_10_in >= 0 AND note_10_out >= 0 AND note_5_in >= 0 AND note_5_out >= 0 AND note_1_in >= 0 AND note_1_out >= 0 AND coin_50_in >= 0 AND coin_50_out >= 0 AND coin_20_in >= 0 AND coin_20_out >= 0 AND coin_10_in >= 0 AND coin_10_out >= 0 AND coin_5_in >= 0 AND coin_5_out >= 0),
	CONSTRAINT "uce_link_ck" CHECK ("unattended_cash_events"."transaction_id" IS NULL OR "unattended_cash_events"."event_kind" IN ('CASH_IN', 'CASH_OUT', 'REFUND_OUT'))
);
--> statement-breakpoint
CREATE INDEX "uce_occurred_idx" ON "unattended_cash_events" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "uce_mm_occurred_idx" ON "unattended_cash_events" USING btree ("master_merchant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "uce_agency_occurred_idx" ON "unattended_cash_events" USING btree ("agency_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "uce_agent_occurred_idx" ON "unattended_cash_events" USING btree ("agent_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "uce_merchant_occurred_idx" ON "unattended_cash_events" USING btree ("merchant_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "uce_branch_occurred_idx" ON "unattended_cash_events" USING btree ("branch_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "uce_tid_occurred_idx" ON "unattended_cash_events" USING btree ("tid","occurred_at","id");--> statement-breakpoint
CREATE INDEX "uce_transaction_idx" ON "unattended_cash_events" USING btree ("transaction_id") WHERE "unattended_cash_events"."transaction_id" IS NOT NULL;