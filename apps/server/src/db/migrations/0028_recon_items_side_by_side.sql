ALTER TABLE "recon_items" ADD COLUMN "txn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recon_items" ADD COLUMN "currency" char(3);--> statement-breakpoint
ALTER TABLE "recon_items" ADD COLUMN "provider_txn_id" text;--> statement-breakpoint
ALTER TABLE "recon_items" ADD COLUMN "provider_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "recon_items" ADD COLUMN "provider_fee" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "recon_items" ADD COLUMN "portal_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "recon_items" ADD COLUMN "portal_fee" numeric(18, 2);--> statement-breakpoint
CREATE INDEX "recon_items_report_txn_at_idx" ON "recon_items" USING btree ("provider","kind","txn_at","id");--> statement-breakpoint
CREATE INDEX "recon_items_report_day_idx" ON "recon_items" USING btree ("provider","kind","settlement_date","id");--> statement-breakpoint
CREATE INDEX "recon_items_portal_only_idx" ON "recon_items" USING btree ("provider","kind","reference") WHERE "recon_items"."matched_result" = 4;--> statement-breakpoint
-- Items matched before these columns existed take both sides from their rows (hand-written: the
-- two columns are NOT NULL, so they are filled before the constraint is set).
UPDATE "recon_items" i SET
  "txn_at" = coalesce(t.created_at, r.txn_at, i.created_at),
  "currency" = coalesce(r.currency, t.currency, 'MYR'),
  "provider_txn_id" = r.provider_txn_id, "provider_amount" = r.amount, "provider_fee" = r.fee,
  "portal_amount" = t.amount, "portal_fee" = t.mdr_fee
FROM "recon_items" x
LEFT JOIN "settlement_rows" r ON r.id = x.settlement_row_id
LEFT JOIN "transactions" t ON t.id = x.transaction_id
WHERE x.id = i.id;--> statement-breakpoint
ALTER TABLE "recon_items" ALTER COLUMN "txn_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recon_items" ALTER COLUMN "currency" SET NOT NULL;