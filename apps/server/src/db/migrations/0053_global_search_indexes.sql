-- The global search (modules/search, ⌘K). A reference is found by its head on the unique
-- text_pattern_ops index transactions_ref_uq and by its tail here: `reverse(txn_ref_no) LIKE
-- reverse(tail) || '%'` is one range of this expression index (a portal reference is `PD`, the MYT
-- day and a 10-digit number, so people quote either end). pg_trgm would serve any infix, but no
-- extension is loaded on PGlite nor PostgreSQL, and a trigram GIN index costs writes several times
-- a btree's. A customer by e-mail is `lower(cust_email) = $n` (partial: most terminal rows have
-- none). A refund request by its reference's prefix (text_pattern_ops: the collation is C.UTF-8,
-- so a default btree cannot serve LIKE). Price: two more btrees on `transactions` to maintain on
-- every insert and to build in the seed.
CREATE INDEX "refund_requests_ref_idx" ON "refund_requests" USING btree ("txn_ref_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_ref_reverse_idx" ON "transactions" USING btree (reverse("txn_ref_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_cust_email_idx" ON "transactions" USING btree (lower("cust_email")) WHERE "transactions"."cust_email" IS NOT NULL;