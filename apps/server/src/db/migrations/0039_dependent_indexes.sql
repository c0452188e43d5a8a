CREATE INDEX "mdr_rates_category_idx" ON "mdr_rates" USING btree ("mdr_category_id");--> statement-breakpoint
CREATE INDEX "memberships_group_idx" ON "memberships" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "organization_configs_bank_idx" ON "organization_configs" USING btree ("payout_bank_id");--> statement-breakpoint
CREATE INDEX "organization_configs_category_idx" ON "organization_configs" USING btree ("mdr_category_id");--> statement-breakpoint
CREATE INDEX "organizations_business_category_idx" ON "organizations" USING btree ("business_category");--> statement-breakpoint
CREATE INDEX "transactions_currency_idx" ON "transactions" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "transactions_bank_code_idx" ON "transactions" USING btree ("bank_code") WHERE "transactions"."bank_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_acquirer_idx" ON "transactions" USING btree ("acquirer_id") WHERE "transactions"."acquirer_id" IS NOT NULL;