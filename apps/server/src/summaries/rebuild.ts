/**
 * The bulk path of the summaries (issue 10 Build 5): after a load written with the summary
 * triggers disabled, one aggregate and rollup per summary table recomputes them from
 * `transactions` and `refund_requests`. The keys are exactly the triggers' (migration
 * summaries_triggers), so a rebuilt summary and one kept by triggers hold the same rows.
 */
import { TRANSACTION_STATUSES } from '@paydesk/domain';
import { saleRowSql } from './sales.ts';

/** Runs raw SQL (inside the caller's transaction when it has one); rows as plain objects. */
export type Exec = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** The summary tables, for callers' TRUNCATE and ANALYZE. */
export const SUMMARY_TABLES = [
  'sales_summary_daily', 'sales_summary_monthly', 'sales_summary_org_daily', 'sales_summary_org_monthly', 'refund_summary_daily',
  'settlement_summary_daily', 'settlement_summary_monthly',
] as const;

/** The statement-level triggers that keep the summaries current, per source table. */
export const SUMMARY_TRIGGERS = {
  transactions: ['transactions_summary_ins', 'transactions_summary_upd', 'transactions_summary_del'],
  refund_requests: ['refund_requests_summary_ins', 'refund_requests_summary_upd', 'refund_requests_summary_del'],
  terminal_settlement_batches: ['terminal_settlement_batches_summary_ins', 'terminal_settlement_batches_summary_upd', 'terminal_settlement_batches_summary_del'],
  terminal_settlement_batch_lines: ['terminal_settlement_batch_lines_summary_ins', 'terminal_settlement_batch_lines_summary_upd', 'terminal_settlement_batch_lines_summary_del'],
} as const;

/** The source tables a bulk load writes with their summary triggers disabled, before rebuildSummaries. */
export const BULK_SOURCES = ['transactions', 'terminal_settlement_batches', 'terminal_settlement_batch_lines'] as const;

/**
 * The daily table keeps levels 0..DAILY_MAX_LEVEL; the levels up to DAILY_SCHEME_MAX_LEVEL keep the
 * card scheme, the others store '*' for it. Scheme questions below the scheme levels read months
 * from the monthly table and days from `transactions`. The trigger function sales_summary_sql
 * hard-codes the same two numbers (migration daily_summary_every_level). Levels 3-5 joined the
 * daily table at 10 M transactions: without them a merchant HQ's dashboard read its days raw and
 * was no faster than the raw GROUP BY; at production density a merchant-day holds many
 * transactions, so its rows are far fewer than the raw ones (docs/ARCHITECTURE.md "Summaries").
 */
export const DAILY_MAX_LEVEL = 5;
export const DAILY_SCHEME_MAX_LEVEL = 1;

/**
 * The settlement daily table keeps levels 0..SETTLEMENT_DAILY_MAX_LEVEL (the monthly one all six);
 * a merchant HQ's or outlet's days come from its batches. The trigger statement
 * settlement_summary_sql hard-codes the same number (migration settlement_summary_triggers).
 */
export const SETTLEMENT_DAILY_MAX_LEVEL = 3;

/** The pivoted measure columns: count, amount and MDR fee per transaction status. */
export const STATUS_MEASURES = TRANSACTION_STATUSES.map((s) => ({
  status: s,
  count: `${s.toLowerCase()}_count`,
  amount: `${s.toLowerCase()}_amount`,
  mdrFee: `${s.toLowerCase()}_mdr_fee`,
}));
const MEASURE_COLS = STATUS_MEASURES.flatMap((m) => [m.count, m.amount, m.mdrFee]).join(', ');
const PIVOT = STATUS_MEASURES.flatMap((m) => [
  `count(*) FILTER (WHERE status = '${m.status}')::int AS ${m.count}`,
  `coalesce(sum(amount) FILTER (WHERE status = '${m.status}'), 0) AS ${m.amount}`,
  `coalesce(sum(mdr_fee) FILTER (WHERE status = '${m.status}'), 0) AS ${m.mdrFee}`,
]).join(',\n    ');
const SUMS = STATUS_MEASURES.flatMap((m) => [`sum(${m.count})::int`, `sum(${m.amount})`, `sum(${m.mdrFee})`]).join(', ');

const ORG = ['a1', 'a2', 'a3', 'a4', 'a5'];
const ORG_SOURCE = ['master_merchant_id', 'agency_id', 'agent_id', 'merchant_id', 'coalesce(branch_id, 0)'];
const ORG_COLS = 'level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id';

/**
 * The statement that fills `table` (period column `periodCol`, computed per transaction as
 * `period`) at levels 0..maxLevel, the card scheme kept up to schemeMaxLevel: a plain hash
 * aggregate of `transactions` at the finest key the table needs (one scan), then one GROUPING
 * SETS rollup of that (smaller) set to every level. Only sale rows count (saleRowSql, like the
 * triggers since migration summaries_sales_only). Rows leave in primary-key order.
 */
function rollupSql(table: string, periodCol: string, period: string, maxLevel: number, schemeMaxLevel: number): string {
  const org = ORG.slice(0, maxLevel);
  const sets = Array.from({ length: maxLevel + 1 }, (_, l) =>
    `(${['p', ...ORG.slice(0, l), 'service_type', 'payment_method', ...(l <= schemeMaxLevel ? ['cs'] : []), 'currency'].join(', ')})`);
  // The level of an output row is the deepest ancestor it is grouped by; the others are 0.
  const level = `(CASE ${org.map((a, i) => `WHEN GROUPING(${a}) = 0 THEN ${i + 1}`).reverse().join(' ')} ELSE 0 END)::smallint`;
  const ancestors = ORG.map((a, i) => (i < maxLevel ? `coalesce(${a}, 0)` : '0')).join(', ');
  return `
WITH f AS MATERIALIZED (
  SELECT ${period} AS p, ${org.map((a, i) => `${ORG_SOURCE[i]} AS ${a}`).join(', ')}, service_type, payment_method, coalesce(card_scheme, '') AS cs, currency,
    ${PIVOT}
  FROM transactions
  WHERE ${saleRowSql()}
  GROUP BY ${Array.from({ length: maxLevel + 5 }, (_, i) => i + 1).join(', ')}
)
INSERT INTO ${table} (${periodCol}, ${ORG_COLS}, service_type, payment_method, card_scheme, currency, ${MEASURE_COLS})
SELECT p, ${level}, ${ancestors}, service_type, payment_method, ${schemeMaxLevel < maxLevel ? `CASE WHEN GROUPING(cs) = 1 THEN '*' ELSE cs END` : 'cs'}, currency, ${SUMS}
FROM f
GROUP BY GROUPING SETS (${sets.join(', ')})
ORDER BY 2, 3, 4, 5, 6, 7, 1, 8, 9, 10, 11`;
}

const MYT_DAY = `(created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;

/**
 * The statement that fills an organization rollup (`table`, without payment method and card
 * scheme) from the sales summary `from` with the same period column: one GROUP BY of the rows
 * already summarized, in primary-key order (the trigger statement sales_summary_sql writes the
 * same rows; migration sales_summary_org_triggers).
 */
function orgRollupSql(table: string, from: string, periodCol: string): string {
  const keys = `${periodCol}, ${ORG_COLS}, service_type, currency`;
  return `
INSERT INTO ${table} (${keys}, ${MEASURE_COLS})
SELECT ${keys}, ${SUMS}
FROM ${from}
GROUP BY 2, 3, 4, 5, 6, 7, 1, 8, 9
ORDER BY 2, 3, 4, 5, 6, 7, 1, 8, 9`;
}

/**
 * Empties and recomputes the summary tables from the raw tables, in the caller's transaction
 * (sale rows only, saleRowSql): one scan of `transactions` for the daily table (all levels), one
 * for the monthly table, each a hash aggregate rolled up by GROUPING SETS (rollupSql); the
 * organization rollups from those two (orgRollupSql); the settlement summaries from the batches
 * and lines (settlementRebuildSql: the rows their trigger statement writes); one GROUP BY over
 * `refund_requests`. For these statements only, hash tables get 256 MB and sorts are discouraged:
 * the planner otherwise sorts the million rows (measured 19 s against ~12 s per 1 M on a loaded
 * 2-core machine, docs/ARCHITECTURE.md "Summaries"). Disable the summary triggers
 * (setSummaryTriggers, on every BULK_SOURCES table) around the load it follows, or rows would be
 * counted twice. Meant for a database nobody else writes meanwhile (the seed). Throws on any SQL error.
 */
export async function rebuildSummaries(exec: Exec): Promise<void> {
  await exec(`TRUNCATE TABLE ${SUMMARY_TABLES.join(', ')}`);
  const [saved] = await exec<{ w: string; s: string }>(`SELECT current_setting('work_mem') AS w, current_setting('enable_sort') AS s`);
  await exec(`SET LOCAL work_mem = '256MB'`);
  await exec(`SET LOCAL enable_sort = off`);
  await exec(rollupSql('sales_summary_daily', 'business_day', MYT_DAY, DAILY_MAX_LEVEL, DAILY_SCHEME_MAX_LEVEL));
  await exec(rollupSql('sales_summary_monthly', 'month', `date_trunc('month', ${MYT_DAY})::date`, 5, 5));
  await exec(orgRollupSql('sales_summary_org_daily', 'sales_summary_daily', 'business_day'));
  await exec(orgRollupSql('sales_summary_org_monthly', 'sales_summary_monthly', 'month'));
  for (const statement of settlementRebuildSql()) await exec(statement);
  await exec(`SELECT set_config('work_mem', $1, true), set_config('enable_sort', $2, true)`, [saved!.w, saved!.s]);
  await exec(`
INSERT INTO refund_summary_daily (business_day, ${ORG_COLS}, service_type, payment_method, card_scheme, currency, refund_count, refund_amount)
SELECT (r.updated_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, l.level,
  CASE WHEN l.level >= 1 THEN r.master_merchant_id ELSE 0 END,
  CASE WHEN l.level >= 2 THEN r.agency_id ELSE 0 END,
  CASE WHEN l.level >= 3 THEN r.agent_id ELSE 0 END,
  CASE WHEN l.level >= 4 THEN r.merchant_id ELSE 0 END,
  CASE WHEN l.level >= 5 THEN coalesce(r.branch_id, 0) ELSE 0 END,
  r.service_type, coalesce(t.payment_method, ''), coalesce(t.card_scheme, ''), r.currency, count(*)::int, sum(r.amount)
FROM refund_requests r LEFT JOIN transactions t ON t.id = r.transaction_id
CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint), (3::smallint), (4::smallint), (5::smallint)) AS l(level)
WHERE r.status IN ('REFUNDED', 'COMPLETED')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`);
}

/** Disables (false) or enables (true) the summary triggers on `table`, e.g. around a bulk load. */
export async function setSummaryTriggers(exec: Exec, table: keyof typeof SUMMARY_TRIGGERS, enabled: boolean): Promise<void> {
  for (const name of SUMMARY_TRIGGERS[table]) await exec(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
}

const SETTLEMENT_MEASURES = 'batch_count, sale_count, sale_amount, void_count, void_amount, net_amount';
const SETTLEMENT_ORG = ['master_merchant_id', 'agency_id', 'agent_id', 'merchant_id', 'branch_id'];

/**
 * The bulk rebuild of the settlement summaries (the rows settlement_summary_sql writes, without
 * its per-level fan-out of every row): the batches' finest key (MYT settled day × owner × status ×
 * currency × row kind, count of distinct batches and sums of lines) into a temporary table once,
 * then each table as one GROUPING SETS rollup of it over its levels, in primary-key order. At 10 M
 * transactions (95 k batches, 518 k lines) the trigger statement over the whole tables took 37 s,
 * mostly hashing its 5.4 M fanned-out rows.
 */
function settlementRebuildSql(): string[] {
  const rollup = (table: string, periodCol: string, period: string, maxLevel: number) => {
    const keys = ['p', 'status', 'currency', 'card_scheme', 'card_type'];
    const sets = Array.from({ length: maxLevel + 1 }, (_, l) => `(${[...SETTLEMENT_ORG.slice(0, l), ...keys].join(', ')})`);
    // The level of an output row is the deepest ancestor it is grouped by (only those in some set may be named).
    const level = `(CASE ${SETTLEMENT_ORG.slice(0, maxLevel).map((a, i) => `WHEN GROUPING(${a}) = 0 THEN ${i + 1}`).reverse().join(' ')} ELSE 0 END)::smallint`;
    return `
INSERT INTO ${table} (level, ${SETTLEMENT_ORG.join(', ')}, ${periodCol}, status, currency, card_scheme, card_type, ${SETTLEMENT_MEASURES})
SELECT ${level}, ${SETTLEMENT_ORG.map((a, i) => (i < maxLevel ? `coalesce(${a}, 0)` : '0')).join(', ')}, ${keys.join(', ')},
  sum(batch_count)::int, sum(sale_count)::int, sum(sale_amount), sum(void_count)::int, sum(void_amount), sum(net_amount)
FROM (SELECT ${period} AS p, * FROM settlement_finest) f
GROUP BY GROUPING SETS (${sets.join(', ')})
ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`;
  };
  return [
    `CREATE TEMPORARY TABLE settlement_finest ON COMMIT DROP AS
WITH bl AS (
  SELECT b.id, (b.settled_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date AS settled_day, b.status, b.currency,
    b.master_merchant_id, b.agency_id, b.agent_id, b.merchant_id, coalesce(b.branch_id, 0) AS branch_id,
    coalesce(l.card_scheme, '') AS card_scheme, coalesce(l.card_type, '') AS card_type,
    coalesce(l.sale_count, 0) AS sale_count, coalesce(l.sale_amount, 0) AS sale_amount,
    coalesce(l.void_count, 0) AS void_count, coalesce(l.void_amount, 0) AS void_amount, coalesce(l.net_amount, 0) AS net_amount
  FROM terminal_settlement_batches b LEFT JOIN terminal_settlement_batch_lines l ON l.batch_id = b.id
  WHERE b.settled_at IS NOT NULL
), k AS (
  SELECT settled_day, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
    CASE WHEN GROUPING(card_scheme) = 1 THEN '*' ELSE card_scheme END AS card_scheme,
    CASE WHEN GROUPING(card_type) = 1 THEN '*' ELSE card_type END AS card_type,
    sum(sale_count) AS sale_count, sum(sale_amount) AS sale_amount, sum(void_count) AS void_count, sum(void_amount) AS void_amount, sum(net_amount) AS net_amount
  FROM bl
  GROUP BY id, settled_day, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
    GROUPING SETS ((card_scheme, card_type), (card_scheme), (card_type), ())
)
SELECT settled_day, status, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, card_scheme, card_type,
  count(*)::int AS batch_count, sum(sale_count)::int AS sale_count, sum(sale_amount) AS sale_amount,
  sum(void_count)::int AS void_count, sum(void_amount) AS void_amount, sum(net_amount) AS net_amount
FROM k GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
    rollup('settlement_summary_daily', 'settled_day', 'settled_day', SETTLEMENT_DAILY_MAX_LEVEL),
    rollup('settlement_summary_monthly', 'month', `date_trunc('month', settled_day)::date`, 5),
    'DROP TABLE settlement_finest',
  ];
}
