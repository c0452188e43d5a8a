-- Keeps daily_sales_summary current as transactions are written (dashboard reads only the summary).
CREATE OR REPLACE FUNCTION dss_apply(r transactions, sign integer) RETURNS void AS $$
BEGIN
  INSERT INTO daily_sales_summary AS s (business_day, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
      service_type, payment_method, status, currency, txn_count, amount)
  VALUES ((r.created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, r.master_merchant_id, r.agency_id, r.agent_id, r.merchant_id,
      coalesce(r.branch_id, 0), r.service_type, r.payment_method, r.status, r.currency, sign, sign * r.amount)
  ON CONFLICT (business_day, merchant_id, branch_id, service_type, payment_method, status, currency)
  DO UPDATE SET txn_count = s.txn_count + EXCLUDED.txn_count, amount = s.amount + EXCLUDED.amount;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dss_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dss_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM dss_apply(NEW, 1); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transactions_dss AFTER INSERT OR DELETE OR UPDATE OF status, amount, created_at, service_type, payment_method, currency
  ON transactions FOR EACH ROW EXECUTE FUNCTION dss_trigger();
--> statement-breakpoint
-- The audit log is append-only.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
