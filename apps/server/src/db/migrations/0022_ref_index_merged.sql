-- One index for TxnRefNo (seed speed): the unique index takes text_pattern_ops, whose opclass also
-- holds =, so it serves uniqueness, equality lookups and LIKE 'prefix%'; the separate prefix index goes.
DROP INDEX "transactions_ref_prefix_idx";--> statement-breakpoint
DROP INDEX "transactions_ref_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_ref_uq" ON "transactions" USING btree ("txn_ref_no" text_pattern_ops);