-- The daily sales summary keeps EVERY hierarchy level (summaries/rebuild.ts
-- DAILY_MAX_LEVEL = 5). With levels 0-2 only, a merchant HQ's or branch's dashboard and sales
-- reports read their days from raw transactions: at 10 M transactions the busiest merchant HQ's
-- 30-day dashboard was no faster than the raw GROUP BY (bench/dashboard.bench.ts). At production
-- density a merchant-day holds many transactions, so its summary rows are far fewer than the raw
-- ones (figures: docs/ARCHITECTURE.md "Summaries"). The card scheme stays at levels 0-1 only
-- (deeper rows store '*'; a scheme question below level 1 still reads its days raw). Only the
-- `FROM fan WHERE level <= 2` of 0012's sales_summary_sql changes; the triggers call it by name.
CREATE OR REPLACE FUNCTION sales_summary_sql(src text) RETURNS text AS $$
BEGIN
  RETURN format($q$
    WITH d AS (SELECT * FROM (%s) AS src WHERE (src.txn_type IN ('SALE', 'MOTO', 'EPP', 'SALECOMPLETION', 'VOID', 'VOIDMOTO', 'VOIDEPP', 'VOIDSALECOMPLETION') AND (src.preauth_op IS NULL OR src.preauth_op = 'CAPTURE'))),
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
      FROM fan
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
-- Recompute the summaries through the same statement the triggers run (the seed rebuilds them anyway).
TRUNCATE TABLE sales_summary_daily, sales_summary_monthly;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE sales_summary_sql('SELECT 1 AS sign, created_at, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, payment_method, card_scheme, status, currency, amount, mdr_fee, txn_type, preauth_op FROM transactions');
END;
$$;
