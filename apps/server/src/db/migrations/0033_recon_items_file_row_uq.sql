DROP INDEX "recon_items_row_uq";--> statement-breakpoint
DROP INDEX "recon_items_file_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "recon_items_file_row_uq" ON "recon_items" USING btree ("file_id","settlement_row_id");