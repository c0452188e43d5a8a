-- The organization rollups of the sales summaries (db/schema.ts
-- salesSummaryOrgColumns): the same measures without payment method and card scheme, for the
-- questions that need neither; filled and kept current by migration sales_summary_org_triggers.
CREATE TABLE "sales_summary_org_daily" (
	"business_day" date NOT NULL,
	"level" smallint NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"currency" char(3) NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"pending_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"pending_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"success_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"success_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"failed_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"failed_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"void_count" integer DEFAULT 0 NOT NULL,
	"void_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"void_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_summary_org_daily_pk" PRIMARY KEY("level","master_merchant_id","agency_id","agent_id","merchant_id","branch_id","business_day","service_type","currency")
);
--> statement-breakpoint
CREATE TABLE "sales_summary_org_monthly" (
	"month" date NOT NULL,
	"level" smallint NOT NULL,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"currency" char(3) NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"pending_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"pending_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"success_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"success_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"failed_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"failed_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"void_count" integer DEFAULT 0 NOT NULL,
	"void_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"void_mdr_fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_summary_org_monthly_pk" PRIMARY KEY("level","master_merchant_id","agency_id","agent_id","merchant_id","branch_id","month","service_type","currency")
);
--> statement-breakpoint
CREATE INDEX "sales_summary_org_daily_level_day_idx" ON "sales_summary_org_daily" USING btree ("level","business_day");--> statement-breakpoint
CREATE INDEX "sales_summary_org_monthly_level_month_idx" ON "sales_summary_org_monthly" USING btree ("level","month");