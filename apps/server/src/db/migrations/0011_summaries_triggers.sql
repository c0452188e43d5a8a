-- Summaries at every hierarchy level, kept current on write by STATEMENT-level
-- triggers with transition tables: one aggregate per statement, whatever its row count, instead
-- of one upsert per row. Replaces the per-row daily_sales_summary trigger of 0001_triggers.sql.
DROP TRIGGER IF EXISTS transactions_dss ON transactions;
--> statement-breakpoint
DROP FUNCTION IF EXISTS dss_trigger();
--> statement-breakpoint
DROP FUNCTION IF EXISTS dss_apply(transactions, integer);
--> statement-breakpoint
-- The statement that adds the signed rows of `src` (a query with columns sign, created_at, the ancestor ids,
-- service_type, payment_method, card_scheme, status, currency, amount, mdr_fee) to the sales summaries:
-- f is the delta per finest key with the status pivoted into the measures; the daily table gets
-- levels 0-2 (card scheme '*' at level 2: summaries/rebuild.ts DAILY_MAX_LEVEL, DAILY_SCHEME_MAX_LEVEL),
-- the monthly one all six levels. Rows go in key order, so
-- two concurrent statements lock shared (platform) rows in the same order and cannot deadlock on them.
CREATE OR REPLACE FUNCTION sales_summary_sql(src text) RETURNS text AS $$
BEGIN
  RETURN format($q$
    WITH d AS (%s),
    f AS (
      SELECT (d.created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date AS business_day,
        d.master_merchant_id, d.agency_id, d.agent_id, d.merchant_id, coalesce(d.branch_id, 0) AS branch_id,
        d.service_type, d.payment_method, coalesce(d.card_scheme, '') AS card_scheme, d.currency,
        sum(CASE WHEN d.status = 'PENDING' THEN d.sign ELSE 0 END)::int AS pending_count,
        sum(CASE WHEN d.status = 'PENDING' THEN d.sign * d.amount ELSE 0 END) AS pending_amount,
        sum(CASE WHEN d.status = 'PENDING' THEN d.sign * d.mdr_fee ELSE 0 END) AS pending_mdr_fee,
        sum(CASE WHEN d.status = 'SUCCESS' THEN d.sign ELSE 0 END)::int AS success_count,
        sum(CASE WHEN d.status = 'SUCCESS' THEN d.sign * d.amount ELSE 0 END) AS success_amount,
        sum(CASE WHEN d.status = 'SUCCESS' THEN d.sign * d.mdr_fee ELSE 0 END) AS success_mdr_fee,
        sum(CASE WHEN d.status = 'FAILED' THEN d.sign ELSE 0 END)::int AS failed_count,
        sum(CASE WHEN d.status = 'FAILED' THEN d.sign * d.amount ELSE 0 END) AS failed_amount,
        sum(CASE WHEN d.status = 'FAILED' THEN d.sign * d.mdr_fee ELSE 0 END) AS failed_mdr_fee,
        sum(CASE WHEN d.status = 'VOID' THEN d.sign ELSE 0 END)::int AS void_count,
        sum(CASE WHEN d.status = 'VOID' THEN d.sign * d.amount ELSE 0 END) AS void_amount,
        sum(CASE WHEN d.status = 'VOID' THEN d.sign * d.mdr_fee ELSE 0 END) AS void_mdr_fee
      FROM d
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      HAVING sum(CASE WHEN d.status = 'PENDING' THEN d.sign ELSE 0 END) <> 0 OR sum(CASE WHEN d.status = 'SUCCESS' THEN d.sign ELSE 0 END) <> 0 OR sum(CASE WHEN d.status = 'FAILED' THEN d.sign ELSE 0 END) <> 0 OR sum(CASE WHEN d.status = 'VOID' THEN d.sign ELSE 0 END) <> 0 OR sum(d.sign * d.amount) <> 0 OR sum(d.sign * d.mdr_fee) <> 0
    ),
    fan AS (
      SELECT l.level,
        CASE WHEN l.level >= 1 THEN f.master_merchant_id ELSE 0 END AS master_merchant_id,
        CASE WHEN l.level >= 2 THEN f.agency_id ELSE 0 END AS agency_id,
        CASE WHEN l.level >= 3 THEN f.agent_id ELSE 0 END AS agent_id,
        CASE WHEN l.level >= 4 THEN f.merchant_id ELSE 0 END AS merchant_id,
        CASE WHEN l.level >= 5 THEN f.branch_id ELSE 0 END AS branch_id,
        f.business_day, f.service_type, f.payment_method, f.card_scheme, f.currency, f.pending_count, f.pending_amount, f.pending_mdr_fee, f.success_count, f.success_amount, f.success_mdr_fee, f.failed_count, f.failed_amount, f.failed_mdr_fee, f.void_count, f.void_amount, f.void_mdr_fee
      FROM f CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint), (3::smallint), (4::smallint), (5::smallint)) AS l(level)
    ),
    daily AS (
      INSERT INTO sales_summary_daily AS s (business_day, level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, payment_method, card_scheme, currency, pending_count, pending_amount, pending_mdr_fee, success_count, success_amount, success_mdr_fee, failed_count, failed_amount, failed_mdr_fee, void_count, void_amount, void_mdr_fee)
      SELECT business_day, level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, payment_method, CASE WHEN level >= 2 THEN '*' ELSE card_scheme END, currency, sum(pending_count)::int, sum(pending_amount), sum(pending_mdr_fee), sum(success_count)::int, sum(success_amount), sum(success_mdr_fee), sum(failed_count)::int, sum(failed_amount), sum(failed_mdr_fee), sum(void_count)::int, sum(void_amount), sum(void_mdr_fee)
      FROM fan WHERE level <= 2
      GROUP BY 2, 3, 4, 5, 6, 7, 1, 8, 9, 10, 11
      ORDER BY 2, 3, 4, 5, 6, 7, 1, 8, 9, 10, 11
      ON CONFLICT ON CONSTRAINT sales_summary_daily_pk DO UPDATE SET
        pending_count = s.pending_count + EXCLUDED.pending_count,
        pending_amount = s.pending_amount + EXCLUDED.pending_amount,
        pending_mdr_fee = s.pending_mdr_fee + EXCLUDED.pending_mdr_fee,
        success_count = s.success_count + EXCLUDED.success_count,
        success_amount = s.success_amount + EXCLUDED.success_amount,
        success_mdr_fee = s.success_mdr_fee + EXCLUDED.success_mdr_fee,
        failed_count = s.failed_count + EXCLUDED.failed_count,
        failed_amount = s.failed_amount + EXCLUDED.failed_amount,
        failed_mdr_fee = s.failed_mdr_fee + EXCLUDED.failed_mdr_fee,
        void_count = s.void_count + EXCLUDED.void_count,
        void_amount = s.void_amount + EXCLUDED.void_amount,
        void_mdr_fee = s.void_mdr_fee + EXCLUDED.void_mdr_fee
    )
    INSERT INTO sales_summary_monthly AS s (month, level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, payment_method, card_scheme, currency, pending_count, pending_amount, pending_mdr_fee, success_count, success_amount, success_mdr_fee, failed_count, failed_amount, failed_mdr_fee, void_count, void_amount, void_mdr_fee)
    SELECT date_trunc('month', business_day)::date, level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, payment_method, card_scheme, currency, sum(pending_count)::int, sum(pending_amount), sum(pending_mdr_fee), sum(success_count)::int, sum(success_amount), sum(success_mdr_fee), sum(failed_count)::int, sum(failed_amount), sum(failed_mdr_fee), sum(void_count)::int, sum(void_amount), sum(void_mdr_fee)
    FROM fan
    GROUP BY 2, 3, 4, 5, 6, 7, 1, 8, 9, 10, 11
    ORDER BY 2, 3, 4, 5, 6, 7, 1, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT sales_summary_monthly_pk DO UPDATE SET
        pending_count = s.pending_count + EXCLUDED.pending_count,
        pending_amount = s.pending_amount + EXCLUDED.pending_amount,
        pending_mdr_fee = s.pending_mdr_fee + EXCLUDED.pending_mdr_fee,
        success_count = s.success_count + EXCLUDED.success_count,
        success_amount = s.success_amount + EXCLUDED.success_amount,
        success_mdr_fee = s.success_mdr_fee + EXCLUDED.success_mdr_fee,
        failed_count = s.failed_count + EXCLUDED.failed_count,
        failed_amount = s.failed_amount + EXCLUDED.failed_amount,
        failed_mdr_fee = s.failed_mdr_fee + EXCLUDED.failed_mdr_fee,
        void_count = s.void_count + EXCLUDED.void_count,
        void_amount = s.void_amount + EXCLUDED.void_amount,
        void_mdr_fee = s.void_mdr_fee + EXCLUDED.void_mdr_fee
  $q$, src);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- One function for the three triggers (a trigger with transition tables takes one event); it
-- EXECUTEs the statement itself, as transition tables are visible only in the trigger function. An
-- UPDATE counts only the rows whose summarized columns changed: -1 for the old, +1 for the new.
CREATE OR REPLACE FUNCTION sales_summary_trigger() RETURNS trigger AS $$
DECLARE
  cols constant text := 'created_at, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, payment_method, card_scheme, status, currency, amount, mdr_fee';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE sales_summary_sql(format('SELECT 1 AS sign, %s FROM new_rows', cols));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE sales_summary_sql(format('SELECT -1 AS sign, %s FROM old_rows', cols));
  ELSE
    EXECUTE sales_summary_sql(format(
      'SELECT -1 AS sign, %1$s FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND (n.%2$s) IS NOT DISTINCT FROM (o.%3$s))
       UNION ALL
       SELECT 1 AS sign, %1$s FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE n.id = o.id AND (n.%2$s) IS NOT DISTINCT FROM (o.%3$s))',
      cols, replace(cols, ', ', ', n.'), replace(cols, ', ', ', o.')));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transactions_summary_ins AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER transactions_summary_upd AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER transactions_summary_del AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_summary_trigger();
--> statement-breakpoint
-- Refunds done: REFUNDED or COMPLETED requests, on the MYT day of updated_at, with the payment
-- method and card scheme of the refunded transaction (fixed once it is authorized); built like
-- sales_summary_sql.
CREATE OR REPLACE FUNCTION refund_summary_sql(src text) RETURNS text AS $$
BEGIN
  RETURN format($q$
    WITH d AS (%s),
    f AS (
      SELECT (d.updated_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date AS business_day, l.level,
        CASE WHEN l.level >= 1 THEN d.master_merchant_id ELSE 0 END AS master_merchant_id,
        CASE WHEN l.level >= 2 THEN d.agency_id ELSE 0 END AS agency_id,
        CASE WHEN l.level >= 3 THEN d.agent_id ELSE 0 END AS agent_id,
        CASE WHEN l.level >= 4 THEN d.merchant_id ELSE 0 END AS merchant_id,
        CASE WHEN l.level >= 5 THEN coalesce(d.branch_id, 0) ELSE 0 END AS branch_id,
        d.service_type, coalesce(t.payment_method, '') AS payment_method, coalesce(t.card_scheme, '') AS card_scheme, d.currency,
        sum(d.sign)::int AS refund_count, sum(d.sign * d.amount) AS refund_amount
      FROM d LEFT JOIN transactions t ON t.id = d.transaction_id
      CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint), (3::smallint), (4::smallint), (5::smallint)) AS l(level)
      WHERE d.status IN ('REFUNDED', 'COMPLETED')
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      HAVING sum(d.sign) <> 0 OR sum(d.sign * d.amount) <> 0
    )
    INSERT INTO refund_summary_daily AS s (business_day, level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
        service_type, payment_method, card_scheme, currency, refund_count, refund_amount)
    SELECT * FROM f ORDER BY level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, business_day, service_type, payment_method, card_scheme, currency
    ON CONFLICT ON CONSTRAINT refund_summary_daily_pk DO UPDATE SET
      refund_count = s.refund_count + EXCLUDED.refund_count, refund_amount = s.refund_amount + EXCLUDED.refund_amount
  $q$, src);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refund_summary_trigger() RETURNS trigger AS $$
DECLARE
  cols constant text := 'transaction_id, updated_at, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, status, currency, amount';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE refund_summary_sql(format('SELECT 1 AS sign, %s FROM new_rows', cols));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE refund_summary_sql(format('SELECT -1 AS sign, %s FROM old_rows', cols));
  ELSE
    EXECUTE refund_summary_sql(format(
      'SELECT -1 AS sign, %1$s FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND (n.%2$s) IS NOT DISTINCT FROM (o.%3$s))
       UNION ALL
       SELECT 1 AS sign, %1$s FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE n.id = o.id AND (n.%2$s) IS NOT DISTINCT FROM (o.%3$s))',
      cols, replace(cols, ', ', ', n.'), replace(cols, ', ', ', o.')));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER refund_requests_summary_ins AFTER INSERT ON refund_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refund_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER refund_requests_summary_upd AFTER UPDATE ON refund_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refund_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER refund_requests_summary_del AFTER DELETE ON refund_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refund_summary_trigger();
