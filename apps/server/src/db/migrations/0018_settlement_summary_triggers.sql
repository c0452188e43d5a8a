-- Keeps the settlement summaries current, like the sales summaries (migration
-- summaries_triggers): statement-level triggers with transition tables on the batches AND their
-- lines, one aggregate per statement. A batch's rows depend on all its lines (its distinct count
-- per scheme, the no-line row), so a change subtracts the affected batches' whole old
-- contribution and adds their new one.
--
-- settlement_summary_sql(batches, lines) is the statement that adds the signed contribution of
-- `batches` (a query with columns sign, id, settled_at, status, currency and the five ancestor
-- ids) joined to `lines` (sign, batch_id, card_scheme, card_type and the five measures; a line
-- belongs to the batch row of the same sign). Per batch: one row per (scheme, type) line, per
-- scheme, per type and one for the batch (GROUPING SETS, '*' for a grouped-away key; a batch
-- without lines is one ('', '') pseudo-line of zeros); then the finest key without the batch;
-- then each level (ancestors deeper than the level are 0; branch 0 is the HQ's own terminals):
-- the daily table levels 0-3, the monthly one all six (summaries/rebuild.ts
-- SETTLEMENT_DAILY_MAX_LEVEL: at 10 M transactions daily levels 4-5 were 1.4 M of 1.6 M rows,
-- more than the 518 k lines they summarize, and made the bulk rebuild 37 s; a merchant HQ's or
-- outlet's days are read from its batches, one index range). Rows go in key order, so concurrent
-- statements lock shared rows in the same order. summaries/rebuild.ts rebuilds the same rows in
-- bulk (settlementRebuildSql); the tests compare both with a plain GROUP BY.
CREATE OR REPLACE FUNCTION settlement_summary_sql(batches text, lines text) RETURNS text AS $$
BEGIN
  RETURN format($q$
    WITH b AS (%1$s),
    l AS (%2$s),
    bl AS (
      SELECT b.sign, b.id, (b.settled_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date AS settled_day, b.status, b.currency,
        b.master_merchant_id, b.agency_id, b.agent_id, b.merchant_id, coalesce(b.branch_id, 0) AS branch_id,
        coalesce(l.card_scheme, '') AS card_scheme, coalesce(l.card_type, '') AS card_type,
        coalesce(l.sale_count, 0) AS sale_count, coalesce(l.sale_amount, 0) AS sale_amount,
        coalesce(l.void_count, 0) AS void_count, coalesce(l.void_amount, 0) AS void_amount, coalesce(l.net_amount, 0) AS net_amount
      FROM b LEFT JOIN l ON l.batch_id = b.id AND l.sign = b.sign
      WHERE b.settled_at IS NOT NULL
    ),
    k AS (
      SELECT sign, settled_day, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
        CASE WHEN GROUPING(card_scheme) = 1 THEN '*' ELSE card_scheme END AS card_scheme,
        CASE WHEN GROUPING(card_type) = 1 THEN '*' ELSE card_type END AS card_type,
        sum(sale_count) AS sale_count, sum(sale_amount) AS sale_amount, sum(void_count) AS void_count,
        sum(void_amount) AS void_amount, sum(net_amount) AS net_amount
      FROM bl
      GROUP BY sign, id, settled_day, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
        GROUPING SETS ((card_scheme, card_type), (card_scheme), (card_type), ())
    ),
    f AS (
      SELECT settled_day, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, card_scheme, card_type,
        sum(sign)::int AS batch_count, sum(sign * sale_count)::int AS sale_count, sum(sign * sale_amount) AS sale_amount,
        sum(sign * void_count)::int AS void_count, sum(sign * void_amount) AS void_amount, sum(sign * net_amount) AS net_amount
      FROM k
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      HAVING sum(sign) <> 0 OR sum(sign * sale_count) <> 0 OR sum(sign * sale_amount) <> 0 OR sum(sign * void_count) <> 0
        OR sum(sign * void_amount) <> 0 OR sum(sign * net_amount) <> 0
    ),
    fan AS (
      SELECT lv.level,
        CASE WHEN lv.level >= 1 THEN f.master_merchant_id ELSE 0 END AS master_merchant_id,
        CASE WHEN lv.level >= 2 THEN f.agency_id ELSE 0 END AS agency_id,
        CASE WHEN lv.level >= 3 THEN f.agent_id ELSE 0 END AS agent_id,
        CASE WHEN lv.level >= 4 THEN f.merchant_id ELSE 0 END AS merchant_id,
        CASE WHEN lv.level >= 5 THEN f.branch_id ELSE 0 END AS branch_id,
        f.settled_day, f.status, f.currency, f.card_scheme, f.card_type,
        f.batch_count, f.sale_count, f.sale_amount, f.void_count, f.void_amount, f.net_amount
      FROM f CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint), (3::smallint), (4::smallint), (5::smallint)) AS lv(level)
    ),
    daily AS (
      INSERT INTO settlement_summary_daily AS s (level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, settled_day, status, currency, card_scheme, card_type,
        batch_count, sale_count, sale_amount, void_count, void_amount, net_amount)
      SELECT level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, settled_day, status, currency, card_scheme, card_type,
        sum(batch_count)::int, sum(sale_count)::int, sum(sale_amount), sum(void_count)::int, sum(void_amount), sum(net_amount)
      FROM fan WHERE level <= 3
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ON CONFLICT ON CONSTRAINT settlement_summary_daily_pk DO UPDATE SET
        batch_count = s.batch_count + EXCLUDED.batch_count, sale_count = s.sale_count + EXCLUDED.sale_count,
        sale_amount = s.sale_amount + EXCLUDED.sale_amount, void_count = s.void_count + EXCLUDED.void_count,
        void_amount = s.void_amount + EXCLUDED.void_amount, net_amount = s.net_amount + EXCLUDED.net_amount
    )
    INSERT INTO settlement_summary_monthly AS s (level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, month, status, currency, card_scheme, card_type,
      batch_count, sale_count, sale_amount, void_count, void_amount, net_amount)
    SELECT level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, date_trunc('month', settled_day)::date, status, currency, card_scheme, card_type,
      sum(batch_count)::int, sum(sale_count)::int, sum(sale_amount), sum(void_count)::int, sum(void_amount), sum(net_amount)
    FROM fan
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT settlement_summary_monthly_pk DO UPDATE SET
      batch_count = s.batch_count + EXCLUDED.batch_count, sale_count = s.sale_count + EXCLUDED.sale_count,
      sale_amount = s.sale_amount + EXCLUDED.sale_amount, void_count = s.void_count + EXCLUDED.void_count,
      void_amount = s.void_amount + EXCLUDED.void_amount, net_amount = s.net_amount + EXCLUDED.net_amount
  $q$, batches, lines);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Batches: the old rows with their (unchanged) lines go out, the new ones come in. An UPDATE that
-- leaves every summarized column as it was changes nothing.
CREATE OR REPLACE FUNCTION settlement_summary_batch_trigger() RETURNS trigger AS $$
DECLARE
  cols constant text := 'id, settled_at, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id';
  line_cols constant text := 'batch_id, card_scheme, card_type, sale_count, sale_amount, void_count, void_amount, net_amount';
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE settlement_summary_sql(format('SELECT 1 AS sign, %s FROM new_rows', cols),
      format('SELECT 1 AS sign, %s FROM terminal_settlement_batch_lines WHERE batch_id IN (SELECT id FROM new_rows)', line_cols));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE settlement_summary_sql(format('SELECT -1 AS sign, %s FROM old_rows', cols),
      format('SELECT -1 AS sign, %s FROM terminal_settlement_batch_lines WHERE batch_id IN (SELECT id FROM old_rows)', line_cols));
  ELSE
    changed := format('SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.%s) IS DISTINCT FROM (o.%s)',
      replace(cols, ', ', ', n.'), replace(cols, ', ', ', o.'));
    EXECUTE settlement_summary_sql(
      format('SELECT -1 AS sign, %1$s FROM old_rows WHERE id IN (%2$s) UNION ALL SELECT 1 AS sign, %1$s FROM new_rows WHERE id IN (%2$s)', cols, changed),
      format('SELECT s.sign, %s FROM terminal_settlement_batch_lines CROSS JOIN (VALUES (-1), (1)) AS s(sign) WHERE batch_id IN (%s)', line_cols, changed));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Lines: the batches they belong to leave with their lines as they were before the statement (the
-- lines now, less the new rows, plus the old rows) and come back with the lines now.
CREATE OR REPLACE FUNCTION settlement_summary_line_trigger() RETURNS trigger AS $$
DECLARE
  cols constant text := 'id, settled_at, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id';
  line_cols constant text := 'batch_id, card_scheme, card_type, sale_count, sale_amount, void_count, void_amount, net_amount';
  touched text;
  before text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := 'SELECT batch_id FROM new_rows';
    before := format('(SELECT %1$s FROM terminal_settlement_batch_lines WHERE batch_id IN (%2$s) EXCEPT ALL SELECT %1$s FROM new_rows)', line_cols, touched);
  ELSIF TG_OP = 'DELETE' THEN
    touched := 'SELECT batch_id FROM old_rows';
    before := format('(SELECT %1$s FROM terminal_settlement_batch_lines WHERE batch_id IN (%2$s) UNION ALL SELECT %1$s FROM old_rows)', line_cols, touched);
  ELSE
    touched := 'SELECT batch_id FROM old_rows UNION SELECT batch_id FROM new_rows';
    before := format('(SELECT %1$s FROM terminal_settlement_batch_lines WHERE batch_id IN (%2$s) EXCEPT ALL SELECT %1$s FROM new_rows UNION ALL SELECT %1$s FROM old_rows)', line_cols, touched);
  END IF;
  EXECUTE settlement_summary_sql(
    format('SELECT s.sign, %s FROM terminal_settlement_batches CROSS JOIN (VALUES (-1), (1)) AS s(sign) WHERE id IN (%s)', cols, touched),
    format('SELECT -1 AS sign, %1$s FROM %2$s AS before_rows UNION ALL SELECT 1 AS sign, %1$s FROM terminal_settlement_batch_lines WHERE batch_id IN (%3$s)', line_cols, before, touched));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER terminal_settlement_batches_summary_ins AFTER INSERT ON terminal_settlement_batches REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION settlement_summary_batch_trigger();
--> statement-breakpoint
CREATE TRIGGER terminal_settlement_batches_summary_upd AFTER UPDATE ON terminal_settlement_batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION settlement_summary_batch_trigger();
--> statement-breakpoint
CREATE TRIGGER terminal_settlement_batches_summary_del AFTER DELETE ON terminal_settlement_batches REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION settlement_summary_batch_trigger();
--> statement-breakpoint
CREATE TRIGGER terminal_settlement_batch_lines_summary_ins AFTER INSERT ON terminal_settlement_batch_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION settlement_summary_line_trigger();
--> statement-breakpoint
CREATE TRIGGER terminal_settlement_batch_lines_summary_upd AFTER UPDATE ON terminal_settlement_batch_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION settlement_summary_line_trigger();
--> statement-breakpoint
CREATE TRIGGER terminal_settlement_batch_lines_summary_del AFTER DELETE ON terminal_settlement_batch_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION settlement_summary_line_trigger();
--> statement-breakpoint
-- Fill from what the database already holds (the seed rebuilds them anyway).
DO $$
BEGIN
  EXECUTE settlement_summary_sql(
    'SELECT 1 AS sign, id, settled_at, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id FROM terminal_settlement_batches',
    'SELECT 1 AS sign, batch_id, card_scheme, card_type, sale_count, sale_amount, void_count, void_amount, net_amount FROM terminal_settlement_batch_lines');
END;
$$;
