CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "requested_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refunded_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_status" text;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_pending_uq" ON "refund_requests" USING btree ("transaction_id") WHERE "refund_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "refund_requests_created_idx" ON "refund_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refund_requests_mm_created_idx" ON "refund_requests" USING btree ("master_merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "refund_requests_merchant_created_idx" ON "refund_requests" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_within_amount" CHECK ("transactions"."refunded_amount" = 0 OR ("transactions"."refunded_amount" > 0 AND "transactions"."refunded_amount" <= "transactions"."amount"));--> statement-breakpoint
-- Refunds count on the MYT day the money left (refunded_at, set once by REFUND), in every status
-- after it (REFUNDED, REFUNDED_ACK_FAIL, COMPLETED): before this, a refund moved to the day its
-- acknowledgement arrived and dropped out while the acknowledgement failed.
CREATE OR REPLACE FUNCTION refund_summary_sql(src text) RETURNS text AS $$
BEGIN
  RETURN format($q$
    WITH d AS (%s),
    f AS (
      SELECT (d.refunded_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date AS business_day, l.level,
        CASE WHEN l.level >= 1 THEN d.master_merchant_id ELSE 0 END AS master_merchant_id,
        CASE WHEN l.level >= 2 THEN d.agency_id ELSE 0 END AS agency_id,
        CASE WHEN l.level >= 3 THEN d.agent_id ELSE 0 END AS agent_id,
        CASE WHEN l.level >= 4 THEN d.merchant_id ELSE 0 END AS merchant_id,
        CASE WHEN l.level >= 5 THEN coalesce(d.branch_id, 0) ELSE 0 END AS branch_id,
        d.service_type, coalesce(t.payment_method, '') AS payment_method, coalesce(t.card_scheme, '') AS card_scheme, d.currency,
        sum(d.sign)::int AS refund_count, sum(d.sign * d.amount) AS refund_amount
      FROM d LEFT JOIN transactions t ON t.id = d.transaction_id
      CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint), (3::smallint), (4::smallint), (5::smallint)) AS l(level)
      WHERE d.refunded_at IS NOT NULL
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
  cols constant text := 'transaction_id, refunded_at, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, currency, amount';
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
UPDATE refund_requests SET refunded_at = updated_at WHERE status IN ('REFUNDED', 'REFUNDED_ACK_FAIL', 'COMPLETED');
--> statement-breakpoint
UPDATE transactions t SET refunded_amount = x.refunded, refund_status = x.status
FROM (
  SELECT transaction_id, coalesce(sum(amount) FILTER (WHERE refunded_at IS NOT NULL), 0) AS refunded,
    (array_agg(status ORDER BY created_at DESC, id DESC))[1] AS status
  FROM refund_requests GROUP BY transaction_id
) x
WHERE x.transaction_id = t.id;
--> statement-breakpoint
TRUNCATE refund_summary_daily;
--> statement-breakpoint
INSERT INTO refund_summary_daily (business_day, level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, service_type, payment_method, card_scheme, currency, refund_count, refund_amount)
SELECT (r.refunded_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, l.level,
  CASE WHEN l.level >= 1 THEN r.master_merchant_id ELSE 0 END,
  CASE WHEN l.level >= 2 THEN r.agency_id ELSE 0 END,
  CASE WHEN l.level >= 3 THEN r.agent_id ELSE 0 END,
  CASE WHEN l.level >= 4 THEN r.merchant_id ELSE 0 END,
  CASE WHEN l.level >= 5 THEN coalesce(r.branch_id, 0) ELSE 0 END,
  r.service_type, coalesce(t.payment_method, ''), coalesce(t.card_scheme, ''), r.currency, count(*)::int, sum(r.amount)
FROM refund_requests r LEFT JOIN transactions t ON t.id = r.transaction_id
CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint), (3::smallint), (4::smallint), (5::smallint)) AS l(level)
WHERE r.refunded_at IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
