CREATE TABLE "payout_batch_lines" (
	"batch_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"payout_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"bank_code" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no_sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"description" text NOT NULL,
	"result" text,
	"reason" text,
	CONSTRAINT "payout_batch_lines_batch_id_line_no_pk" PRIMARY KEY("batch_id","line_no"),
	CONSTRAINT "payout_batch_lines_result_ck" CHECK ("payout_batch_lines"."result" IS NULL OR "payout_batch_lines"."result" = 'PAID' OR ("payout_batch_lines"."result" = 'FAILED' AND "payout_batch_lines"."reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"currency" char(3) NOT NULL,
	"payout_date" date NOT NULL,
	"state" text NOT NULL,
	"line_count" integer NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"failed_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"file_sha256" text NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result_by_user_id" integer,
	"result_at" timestamp with time zone,
	"result_file_sha256" text,
	CONSTRAINT "payout_batches_state_ck" CHECK ("payout_batches"."state" IN ('AWAITING_RESULT', 'COMPLETED')),
	CONSTRAINT "payout_batches_counts_ck" CHECK ("payout_batches"."state" <> 'COMPLETED' OR "payout_batches"."paid_count" + "payout_batches"."failed_count" = "payout_batches"."line_count")
);
--> statement-breakpoint
CREATE TABLE "settled_payments" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"business_day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"payment_product_id" integer,
	"mdr_rate_id" integer,
	"mdr_fee" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_state_ck";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payout_batch_lines" ADD CONSTRAINT "payout_batch_lines_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_lines" ADD CONSTRAINT "payout_batch_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_lines_reference_uq" ON "payout_batch_lines" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_lines_payout_uq" ON "payout_batch_lines" USING btree ("batch_id","payout_id");--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "settled_payments_day_idx" ON "settled_payments" USING btree ("business_day","merchant_id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("channel","currency","payout_date") WHERE "payouts"."state" IN ('SCHEDULED', 'RELEASED', 'FAILED');--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id") WHERE "payouts"."batch_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_ck" CHECK ("payouts"."state" NOT IN ('BATCHED', 'PAID', 'FAILED') OR "payouts"."batch_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_state_ck" CHECK ("payouts"."state" IN ('SCHEDULED', 'HELD', 'RELEASED', 'CARRIED', 'BATCHED', 'PAID', 'FAILED'));