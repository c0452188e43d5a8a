CREATE TABLE "recon_settlement_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"settlement_date" date NOT NULL,
	"settlement_day_at" timestamp with time zone NOT NULL,
	"currency" char(3) NOT NULL,
	"item_count" integer NOT NULL,
	"tally_count" integer NOT NULL,
	"tally_amount" numeric(18, 2) NOT NULL,
	"not_tally_count" integer NOT NULL,
	"not_tally_amount" numeric(18, 2) NOT NULL,
	"provider_only_count" integer NOT NULL,
	"provider_only_amount" numeric(18, 2) NOT NULL,
	"portal_only_count" integer NOT NULL,
	"portal_only_amount" numeric(18, 2) NOT NULL,
	"verified_count" integer NOT NULL,
	"verified_amount" numeric(18, 2) NOT NULL,
	"unverify_count" integer NOT NULL,
	"unverify_amount" numeric(18, 2) NOT NULL,
	"duplicate_count" integer NOT NULL,
	"duplicate_amount" numeric(18, 2) NOT NULL,
	"provider_amount" numeric(18, 2) NOT NULL,
	"provider_fee" numeric(18, 2) NOT NULL,
	"portal_amount" numeric(18, 2) NOT NULL,
	"master_merchant_id" integer,
	"agency_id" integer,
	"agent_id" integer,
	"merchant_id" integer,
	"branch_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "recon_items_provider_day_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "recon_settlement_days_uq" ON "recon_settlement_days" USING btree ("provider","kind","settlement_date","currency");--> statement-breakpoint
CREATE INDEX "recon_settlement_days_report_idx" ON "recon_settlement_days" USING btree ("provider","kind","settlement_date","id");