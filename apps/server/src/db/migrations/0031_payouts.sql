CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"business_day" date NOT NULL,
	"business_day_at" timestamp with time zone NOT NULL,
	"currency" char(3) NOT NULL,
	"sales_count" integer NOT NULL,
	"refund_count" integer NOT NULL,
	"gross" numeric(18, 2) NOT NULL,
	"refunds" numeric(18, 2) NOT NULL,
	"mdr" numeric(18, 2) NOT NULL,
	"chargebacks" numeric(18, 2) NOT NULL,
	"net" numeric(18, 2) GENERATED ALWAYS AS (gross - refunds - mdr - chargebacks) STORED,
	"carry_in" numeric(18, 2) DEFAULT '0' NOT NULL,
	"payable" numeric(18, 2) GENERATED ALWAYS AS (greatest(gross - refunds - mdr - chargebacks + carry_in, 0)) STORED,
	"carry_out" numeric(18, 2) GENERATED ALWAYS AS (least(gross - refunds - mdr - chargebacks + carry_in, 0)) STORED,
	"settlement_days" smallint NOT NULL,
	"custom_schedule" boolean DEFAULT false NOT NULL,
	"payout_date" date NOT NULL,
	"state" text NOT NULL,
	"violation" text,
	"hold_note" text,
	"held_by_user_id" integer,
	"held_at" timestamp with time zone,
	"release_note" text,
	"released_by_user_id" integer,
	"released_at" timestamp with time zone,
	"master_merchant_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_state_ck" CHECK ("payouts"."state" IN ('SCHEDULED', 'HELD', 'RELEASED', 'CARRIED', 'PAID', 'FAILED')),
	CONSTRAINT "payouts_carry_in_ck" CHECK ("payouts"."carry_in" <= 0),
	CONSTRAINT "payouts_held_ck" CHECK ("payouts"."state" <> 'HELD' OR ("payouts"."violation" IS NOT NULL AND "payouts"."hold_note" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_day_uq" ON "payouts" USING btree ("merchant_id","channel","currency","business_day");--> statement-breakpoint
CREATE INDEX "payouts_day_idx" ON "payouts" USING btree ("business_day","id");--> statement-breakpoint
CREATE INDEX "payouts_mm_day_idx" ON "payouts" USING btree ("master_merchant_id","business_day","id");--> statement-breakpoint
CREATE INDEX "payouts_agency_day_idx" ON "payouts" USING btree ("agency_id","business_day","id");--> statement-breakpoint
CREATE INDEX "payouts_agent_day_idx" ON "payouts" USING btree ("agent_id","business_day","id");--> statement-breakpoint
CREATE INDEX "payouts_merchant_day_idx" ON "payouts" USING btree ("merchant_id","business_day","id");--> statement-breakpoint
CREATE INDEX "payouts_payout_date_idx" ON "payouts" USING btree ("payout_date","id");