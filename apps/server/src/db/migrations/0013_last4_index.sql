-- The Last4 filter of the transaction reports (reports/query.ts writes it as
-- `pan_last4 = $n` next to the report's `service_type` and the caller's scope equality, usually
-- with a created_at range and the created_at, id keyset order). ONE index, not one per scope level
-- like the amount sort's: the last 4 digits alone are selective (10,000 values, so about one row
-- in 10,000 of a service type matches), so the range (pan_last4, service_type, created_at) holds
-- few rows and the caller's ancestor-id equality is checked on those few; five more indexes would
-- cost every write and the seed for no measurable gain. created_at, id follow so the default
-- keyset page (newest first) and a date range are read in index order. Partial: rows without a
-- card (FPX, e-wallet, BNPL, batch messages) have no last 4 digits and never match.
CREATE INDEX "transactions_last4_idx" ON "transactions" USING btree ("pan_last4","service_type","created_at","id") WHERE "transactions"."pan_last4" IS NOT NULL;