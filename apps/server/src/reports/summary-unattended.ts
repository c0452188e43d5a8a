/**
 * The unattended cash summary source (/unattended-report/Denomination): the
 * cash events of `unattended_cash_events` grouped by the MYT day / ISO week / month of
 * `occurred_at` and by terminal (`tid`) or an organization level, within the caller's scope.
 * Figures: eventCount, cashIn / cashOut / netAmount (ringgit, decimal strings: sums of the
 * generated amount columns) and, per denomination and direction, the pieces counted (keyed by
 * their column, `note_100_in` … `coin_5_out`). Rows and totals in one statement (GROUPING SETS
 * with the empty set: the groups partition the events read, so the totals are their sums).
 *
 * Why a GROUP BY over the events and not a summary table: the table is small (a machine makes a
 * few hundred events a day, against thousands of card transactions per outlet), and its
 * `(scope column, occurred_at, id)` indexes per level (`(occurred_at, id)` for the platform,
 * `(tid, occurred_at, id)` for one terminal) make the read one index range: the caller's
 * equality and the day range are their leading keys. A trigger-kept daily table would be a
 * hand-written migration (the summaries' kind) for a read this small; it is the step to take
 * when the events grow to transaction scale.
 */
import { getTableColumns } from 'drizzle-orm';
import { CASH_DENOMINATIONS, CASH_DIRECTIONS, cashCountColumn } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { unattendedCashEvents } from '../db/schema/index.ts';
import { ownerConditionSql, type Scope } from '../platform/scope.ts';
import { ORG_FILTER_COLUMN_OF_LEVEL } from './summary-orgs.ts';
import type { SummarySource, SummarySourceQuery } from './summary-sources.ts';

const MYT = 'Asia/Kuala_Lumpur';
const EVENT_COLUMNS = new Set(Object.values(getTableColumns(unattendedCashEvents)).map((c) => c.name));

/** The count columns, in the domain's order (largest note in, …, smallest coin out). */
const COUNT_COLUMNS = CASH_DIRECTIONS.flatMap((dir) => CASH_DENOMINATIONS.map((d) => cashCountColumn(d, dir)));

/** Group names → column of the events (a terminal, or the owner column of an org level). */
const GROUP_COLUMN: Readonly<Record<string, string>> = { tid: 'tid', ...ORG_FILTER_COLUMN_OF_LEVEL };

/** The period's first MYT day of an event, by period kind (a `date`). */
const PERIOD_SQL: Readonly<Record<SummarySourceQuery['period'], string>> = {
  day: `(e.occurred_at AT TIME ZONE '${MYT}')::date`,
  week: `date_trunc('week', e.occurred_at AT TIME ZONE '${MYT}')::date`,
  month: `date_trunc('month', e.occurred_at AT TIME ZONE '${MYT}')::date`,
};

/** 'YYYY-MM-DD' plus one day. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A declared column name of the events, or an Error (a declaration defect, never request text). */
function column(name: string): string {
  if (!EVENT_COLUMNS.has(name)) throw new Error(`unattended cash: no column ${name}`);
  return `e.${name}`;
}

/**
 * The statement and its values for a question (exported for the committed query text,
 * docs/queries). Conditions: the caller's scope (one equality), the MYT days as a half-open
 * instant range, currency, TID, org filters, enum filters and the declaration's `where`.
 */
export function unattendedSummarySql(scope: Scope, q: SummarySourceQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const p = (v: unknown) => (values.push(v), `$${values.length}`);
  const conds = [`e.occurred_at >= ${p(`${q.from}T00:00:00+08:00`)}::timestamptz`, `e.occurred_at < ${p(`${nextDay(q.to)}T00:00:00+08:00`)}::timestamptz`, `e.currency = ${p(q.currency)}`];
  const owner = ownerConditionSql(scope, 'e', values.length + 1);
  if (owner.values.length) values.push(...owner.values);
  if (owner.text !== 'true') conds.push(owner.text);
  for (const [name, v] of Object.entries(q.codes)) conds.push(`${column(name)} = ${p(v)}`);
  for (const [dim, ids] of Object.entries(q.orgs)) conds.push(`${column(ORG_FILTER_COLUMN_OF_LEVEL[dim as keyof typeof ORG_FILTER_COLUMN_OF_LEVEL])} = ANY(${p(ids)}::int[])`);
  for (const [name, v] of [...Object.entries(q.enums), ...Object.entries(q.where)]) conds.push(`${column(name)}::text = ANY(${p((Array.isArray(v) ? v : [v]).map(String))}::text[])`);
  const keys = [q.group, q.split].filter((g): g is string => g !== null).map((g) => {
    const c = GROUP_COLUMN[g];
    if (!c) throw new Error(`unattended cash: cannot group by ${g}`);
    return column(c);
  });
  const groupSelect = [0, 1].map((i) => `${keys[i] ?? 'NULL'}::text AS g${i}`).join(', ');
  const sums = COUNT_COLUMNS.map((c) => `coalesce(sum(e.${c}), 0)::int8 AS ${c}`).join(', ');
  const money = (c: string) => `coalesce(sum(e.${c}), 0)::numeric(20,2)::text AS ${c}`;
  const text =
    `SELECT CASE WHEN GROUPING(${PERIOD_SQL[q.period]}) = 0 THEN to_char(${PERIOD_SQL[q.period]}, 'YYYY-MM-DD') END AS period, ${groupSelect}, ` +
    `count(*)::int AS event_count, ${money('cash_in_amount')}, ${money('cash_out_amount')}, ${money('net_amount')}, ${sums} ` +
    `FROM unattended_cash_events e WHERE ${conds.join(' AND ')} ` +
    `GROUP BY GROUPING SETS ((${[PERIOD_SQL[q.period], ...keys].join(', ')}), ()) ` +
    `ORDER BY 1 NULLS FIRST${keys.map((k) => `, ${k}`).join('')}`;
  return { text, values };
}

/** The figures of one answer row (counts as numbers, money as decimal strings). */
function figuresOf(r: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {
    eventCount: Number(r.event_count ?? 0),
    cashIn: String(r.cash_in_amount ?? '0.00'),
    cashOut: String(r.cash_out_amount ?? '0.00'),
    netAmount: String(r.net_amount ?? '0.00'),
  };
  for (const c of COUNT_COLUMNS) out[c] = Number(r[c] ?? 0);
  return out;
}

/** An org group's value is its id (a number); a terminal's its TID. */
const groupValue = (g: string | null, v: unknown): string | number | null => (v === null || v === undefined ? null : g === 'tid' ? String(v) : Number(v));

export const UNATTENDED_CASH_SOURCE: SummarySource = {
  groups: Object.keys(GROUP_COLUMN),
  figures: ['eventCount', 'cashIn', 'cashOut', 'netAmount', ...COUNT_COLUMNS],
  codeColumns: ['tid'],
  async read(database: Database, scope: Scope, q: SummarySourceQuery) {
    const { text, values } = unattendedSummarySql(scope, q);
    const rows = await database.summaryRead<Record<string, unknown>>(text, values);
    const totalRow = rows.find((r) => r.period === null);
    return {
      rows: rows.filter((r) => r.period !== null).map((r) => ({ period: String(r.period), group: groupValue(q.group, r.g0), split: groupValue(q.split, r.g1), figures: figuresOf(r) })),
      totals: figuresOf(totalRow ?? {}),
    };
  },
};
