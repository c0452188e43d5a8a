CREATE INDEX "transactions_ref_prefix_idx" ON "transactions" USING btree ("txn_ref_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_st_amount_idx" ON "transactions" USING btree ("service_type","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_mm_amount_idx" ON "transactions" USING btree ("master_merchant_id","service_type","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_agency_amount_idx" ON "transactions" USING btree ("agency_id","service_type","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_agent_amount_idx" ON "transactions" USING btree ("agent_id","service_type","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_amount_idx" ON "transactions" USING btree ("merchant_id","service_type","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_branch_amount_idx" ON "transactions" USING btree ("branch_id","service_type","amount","id");