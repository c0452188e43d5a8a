/**
 * The bulk path of the summaries: after a load written with the summary
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
  'sales_summary_daily', 'sales_summary_monthly', 'sales_summary_org_daily', 'sales_summary_org_weekly', 'sales_summary_org_monthly', 'refund_summary_daily',
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
 * hard-codes the same two numbers (migration daily_summary_every_level; restated by sales_summary_org_triggers). Levels 3-5 joined the
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
const SALES_MEASURES = STATUS_MEASURES.flatMap((m) => [m.count, m.amount, m.mdrFee]);
const MEASURE_COLS = SALES_MEASURES.join(', ');
const PIVOT = STATUS_MEASURES.flatMap((m) => [
  `count(*) FILTER (WHERE status = '${m.status}')::int AS ${m.count}`,
  `coalesce(sum(amount) FILTER (WHERE status = '${m.status}'), 0) AS ${m.amount}`,
  `coalesce(sum(mdr_fee) FILTER (WHERE status = '${m.status}'), 0) AS ${m.mdrFee}`,
]).join(',\n    ');
const ORG_COLS = 'level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id';
const ANCESTOR_COLS = ['master_merchant_id', 'agency_id', 'agent_id', 'merchant_id', 'branch_id'];

/** One summary table's bulk rollup (levelRollupSql). */
interface RollupSpec {
  table: string;
  /** The table's period column; `finest` has it under the same name. */
  periodCol: string;
  /**
   * A FROM item at the finest grain the table needs: the period column, the five ancestor id
   * columns (branch 0 for none), `keys` and `measures`, under the table's names.
   */
  finest: string;
  /** The deepest level the table keeps. */
  maxLevel: number;
  /** The key columns after the period, in primary-key order; `keptTo`: the deepest level keeping it ('*' below). */
  keys: readonly { col: string; keptTo?: number }[];
  /** The measure columns, summed. */
  measures: readonly string[];
}

/**
 * The statements that fill a summary table level by level, from maxLevel up to 0: each level is
 * one GROUP BY of the level below it, already in the table (a fraction of the rows), or of the
 * finest rows where the level below has dropped a key this level keeps. Rows go in primary-key
 * order. At 10 M transactions one GROUPING SETS over the finest rows (every input row into six
 * hash tables) took 36 s for the daily sales table; level by level the whole sales rebuild went
 * from 77 to 64 s.
 */
function levelRollupSql(r: RollupSpec): string[] {
  const out: string[] = [];
  for (let level = r.maxLevel; level >= 0; level--) {
    const kept = r.keys.filter((k) => k.keptTo === undefined || level <= k.keptTo);
    const belowKeepsAll = level < r.maxLevel && kept.every((k) => k.keptTo === undefined || level + 1 <= k.keptTo);
    const source = belowKeepsAll ? `(SELECT * FROM ${r.table} WHERE level = ${level + 1}) f` : r.finest;
    const org = ANCESTOR_COLS.slice(0, level);
    const keyCols = kept.map((k) => k.col);
    out.push(`
INSERT INTO ${r.table} (${r.periodCol}, ${ORG_COLS}, ${r.keys.map((k) => k.col).join(', ')}, ${r.measures.join(', ')})
SELECT ${r.periodCol}, ${level}, ${ANCESTOR_COLS.map((a, i) => (i < level ? a : '0')).join(', ')}, ${r.keys.map((k) => (kept.includes(k) ? k.col : `'*'`)).join(', ')},
  ${r.measures.map((m) => `sum(${m})`).join(', ')}
FROM ${source}
GROUP BY ${[r.periodCol, ...org, ...keyCols].join(', ')}
ORDER BY ${[...org, r.periodCol, ...keyCols].join(', ')}`);
  }
  return out;
}

const MYT_DAY = `(created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;
/**
 * The first day of the month-clipped week of the date expression `day` (its Monday, or the 1st
 * when the week began in the month before): the period key of sales_summary_org_weekly, as the
 * trigger statement writes it (migration sales_summary_org_weekly).
 */
export const CLIPPED_WEEK_START_SQL = (day: string) => `greatest(date_trunc('week', ${day}), date_trunc('month', ${day}))::date`;
const FINEST_COLS = `${ANCESTOR_COLS.join(', ')}, service_type, payment_method, card_scheme, currency, ${MEASURE_COLS}`;

/**
 * The bulk statements of the sales summaries and their organization rollups: the sale rows of
 * `transactions` (saleRowSql, like the triggers since migration summaries_sales_only) aggregated
 * once into the temporary table sales_finest at the finest key of both sales tables — MYT day ×
 * the five ancestor ids × service type × payment method × card scheme ('' for none) × currency,
 * status measures pivoted — one scan instead of one per table (the monthly table's own scan took
 * 22 s at 10 M); each table rolled up level by level from it; the organization rollups from the
 * sales tables' outlet level, the month-clipped weeks from the daily organization rollup's.
 */
function salesRebuildSql(): string[] {
  const sales = [{ col: 'service_type' }, { col: 'payment_method' }, { col: 'card_scheme', keptTo: DAILY_SCHEME_MAX_LEVEL }, { col: 'currency' }];
  const org = [{ col: 'service_type' }, { col: 'currency' }];
  return [
    `CREATE TEMPORARY TABLE sales_finest ON COMMIT DROP AS
SELECT ${MYT_DAY} AS business_day, master_merchant_id, agency_id, agent_id, merchant_id, coalesce(branch_id, 0) AS branch_id,
  service_type, payment_method, coalesce(card_scheme, '') AS card_scheme, currency,
  ${PIVOT}
FROM transactions
WHERE ${saleRowSql()}
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
    ...levelRollupSql({ table: 'sales_summary_daily', periodCol: 'business_day', finest: 'sales_finest', maxLevel: DAILY_MAX_LEVEL, keys: sales, measures: SALES_MEASURES }),
    ...levelRollupSql({
      table: 'sales_summary_monthly', periodCol: 'month', maxLevel: 5, keys: sales.map((k) => ({ col: k.col })), measures: SALES_MEASURES,
      finest: `(SELECT date_trunc('month', business_day)::date AS month, ${FINEST_COLS} FROM sales_finest) f`,
    }),
    'DROP TABLE sales_finest',
    ...levelRollupSql({ table: 'sales_summary_org_daily', periodCol: 'business_day', finest: '(SELECT * FROM sales_summary_daily WHERE level = 5) f', maxLevel: 5, keys: org, measures: SALES_MEASURES }),
    ...levelRollupSql({ table: 'sales_summary_org_monthly', periodCol: 'month', finest: '(SELECT * FROM sales_summary_monthly WHERE level = 5) f', maxLevel: 5, keys: org, measures: SALES_MEASURES }),
    ...levelRollupSql({
      table: 'sales_summary_org_weekly', periodCol: 'week_start', maxLevel: 5, keys: org, measures: SALES_MEASURES,
      finest: `(SELECT ${CLIPPED_WEEK_START_SQL('business_day')} AS week_start, ${ANCESTOR_COLS.join(', ')}, service_type, currency, ${MEASURE_COLS} FROM sales_summary_org_daily WHERE level = 5) f`,
    }),
  ];
}

/**
 * Empties and recomputes the summary tables from the raw tables, in the caller's transaction
 * (sale rows only, saleRowSql): the sales tables and their organization rollups from one scan of
 * `transactions` (salesRebuildSql), the settlement summaries from the batches and lines
 * (settlementRebuildSql: the rows their trigger statement writes), each table level by level
 * (levelRollupSql), and one GROUP BY over
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
  for (const statement of salesRebuildSql()) await exec(statement);
  for (const statement of settlementRebuildSql()) await exec(statement);
  await exec(`SELECT set_config('work_mem', $1, true), set_config('enable_sort', $2, true)`, [saved!.w, saved!.s]);
  await exec(`
INSERT INTO refund_summary_daily (business_day, ${ORG_COLS}, service_type, payment_method, card_scheme, currency, refund_count, refund_amount)
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
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`);
}

/** Disables (false) or enables (true) the summary triggers on `table`, e.g. around a bulk load. */
export async function setSummaryTriggers(exec: Exec, table: keyof typeof SUMMARY_TRIGGERS, enabled: boolean): Promise<void> {
  for (const name of SUMMARY_TRIGGERS[table]) await exec(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
}

const SETTLEMENT_MEASURES = ['batch_count', 'sale_count', 'sale_amount', 'void_count', 'void_amount', 'net_amount'];
const SETTLEMENT_KEYS = [{ col: 'status' }, { col: 'currency' }, { col: 'card_scheme' }, { col: 'card_type' }];

/**
 * The bulk rebuild of the settlement summaries (the rows settlement_summary_sql writes, without
 * its per-level fan-out of every row): the batches' finest key (MYT settled day × owner × status ×
 * currency × row kind, count of distinct batches and sums of lines) into a temporary table once,
 * then each table level by level from it (levelRollupSql). At 10 M transactions (95 k batches,
 * 518 k lines) the trigger statement over the whole tables took 37 s, mostly hashing its 5.4 M
 * fanned-out rows.
 */
function settlementRebuildSql(): string[] {
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
    ...levelRollupSql({ table: 'settlement_summary_daily', periodCol: 'settled_day', finest: 'settlement_finest', maxLevel: SETTLEMENT_DAILY_MAX_LEVEL, keys: SETTLEMENT_KEYS, measures: SETTLEMENT_MEASURES }),
    ...levelRollupSql({
      table: 'settlement_summary_monthly', periodCol: 'month', maxLevel: 5, keys: SETTLEMENT_KEYS, measures: SETTLEMENT_MEASURES,
      finest: `(SELECT date_trunc('month', settled_day)::date AS month, ${ANCESTOR_COLS.join(', ')}, ${SETTLEMENT_KEYS.map((k) => k.col).join(', ')}, ${SETTLEMENT_MEASURES.join(', ')} FROM settlement_finest) f`,
    }),
    'DROP TABLE settlement_finest',
  ];
}
