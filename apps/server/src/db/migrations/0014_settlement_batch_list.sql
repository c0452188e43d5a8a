DROP INDEX "terminal_settlement_batches_merchant_idx";--> statement-breakpoint
ALTER TABLE "terminal_settlement_batches" ADD COLUMN "currency" char(3) DEFAULT 'MYR' NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_settlement_batches" ADD COLUMN "host_response_code" text;--> statement-breakpoint
ALTER TABLE "terminal_settlement_batches" ADD COLUMN "sale_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_settlement_batches" ADD COLUMN "sale_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_settlement_batches" ADD COLUMN "void_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_settlement_batches" ADD COLUMN "void_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_settlement_batches" ADD COLUMN "net_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "refund_requests_transaction_idx" ON "refund_requests" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "tsb_opened_idx" ON "terminal_settlement_batches" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "tsb_mm_opened_idx" ON "terminal_settlement_batches" USING btree ("master_merchant_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "tsb_agency_opened_idx" ON "terminal_settlement_batches" USING btree ("agency_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "tsb_agent_opened_idx" ON "terminal_settlement_batches" USING btree ("agent_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "tsb_branch_opened_idx" ON "terminal_settlement_batches" USING btree ("branch_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "tsb_settled_idx" ON "terminal_settlement_batches" USING btree ("settled_at","id");--> statement-breakpoint
CREATE INDEX "tsb_mm_settled_idx" ON "terminal_settlement_batches" USING btree ("master_merchant_id","settled_at","id");--> statement-breakpoint
CREATE INDEX "tsb_agency_settled_idx" ON "terminal_settlement_batches" USING btree ("agency_id","settled_at","id");--> statement-breakpoint
CREATE INDEX "tsb_agent_settled_idx" ON "terminal_settlement_batches" USING btree ("agent_id","settled_at","id");--> statement-breakpoint
CREATE INDEX "tsb_merchant_settled_idx" ON "terminal_settlement_batches" USING btree ("merchant_id","settled_at","id");--> statement-breakpoint
CREATE INDEX "tsb_branch_settled_idx" ON "terminal_settlement_batches" USING btree ("branch_id","settled_at","id");--> statement-breakpoint
CREATE INDEX "terminal_settlement_batches_merchant_idx" ON "terminal_settlement_batches" USING btree ("merchant_id","opened_at","id");--> statement-breakpoint
-- Backfill: batches written before these columns get their totals from their lines and
-- the host's answer from their status (SETTLED = '00', UPLOADED = '95' then the trailer; OPEN = none).
UPDATE "terminal_settlement_batches" b SET
  "sale_count" = l.sc, "sale_amount" = l.sa, "void_count" = l.vc, "void_amount" = l.va, "net_amount" = l.na
FROM (SELECT "batch_id", sum("sale_count")::int AS sc, sum("sale_amount") AS sa, sum("void_count")::int AS vc, sum("void_amount") AS va, sum("net_amount") AS na
      FROM "terminal_settlement_batch_lines" GROUP BY "batch_id") l
WHERE l."batch_id" = b."id";--> statement-breakpoint
UPDATE "terminal_settlement_batches" SET "host_response_code" = CASE "status" WHEN 'SETTLED' THEN '00' WHEN 'UPLOADED' THEN '95' END WHERE "host_response_code" IS NULL;
