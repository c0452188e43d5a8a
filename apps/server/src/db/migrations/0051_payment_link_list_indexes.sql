DROP INDEX "payment_links_merchant_idx";--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_links_org_created_idx" ON "payment_links" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST);