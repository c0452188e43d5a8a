/**
 * For random filters and scopes, every summary total equals the raw
 * aggregate over transactions (and refund requests), on the bulk-rebuilt summaries and again after
 * random inserts, updates and deletes that reach the summaries only through the triggers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GroupType, OrgLevel } from '@paydesk/domain';
import type { Database } from '../../src/db/client.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { ORG_DIMENSIONS, SUMMARY_GROUPS, readSummary, readSummaryWithTotals, summaryReadPlan, type OrgDimension, type SummaryQuery, type SummaryRow } from '../../src/summaries/query.ts';
import { rebuildSummaries } from '../../src/summaries/rebuild.ts';
import { saleRowSql } from '../../src/summaries/sales.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

const MYT_DAY = (col: string) => `(${col} AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;
const MEASURES = ['txnCount', 'gross', 'successCount', 'successAmount', 'refundCount', 'refundAmount', 'mdrFee', 'net'] as const;

interface Org {
  id: number;
  level: OrgLevel;
  path: string;
  parentPath: string;
}

/** A scope as the auth guard builds it; only the fields the summaries read matter here. */
function scopeOf(org: Org | null): Scope {
  return {
    userId: 1,
    email: 'x@paydesk.my',
    sessionId: 's',
    membershipId: 1,
    groupType: (org ? org.level : 'SUPERADMIN') as GroupType,
    orgId: org?.id ?? null,
    orgLevel: org?.level ?? null,
    orgPath: org?.path ?? null,
    permissions: new Set(),
  };
}

const SCOPE_COLUMN: Record<OrgLevel, string> = {
  MASTER_MERCHANT: 'master_merchant_id', AGENCY: 'agency_id', AGENT: 'agent_id', MERCHANT_HQ: 'merchant_id', MERCHANT_BRANCH: 'branch_id',
};

/**
 * The same question answered by a plain GROUP BY over transactions UNION refund requests, with
 * the definitions readSummary documents (sale rows only, refunds on the MYT day of refunded_at,
 * counted as SUCCESS).
 */
async function rawSummary(database: Database, org: Org | null, q: SummaryQuery): Promise<SummaryRow[]> {
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  const cond = (alias: string, dayCol: string, withSales: boolean): string => {
    const c = [`${MYT_DAY(`${alias}.${dayCol}`)} BETWEEN ${p(q.from)}::date AND ${p(q.to)}::date`, `${alias}.currency = ${p(q.currency)}`];
    if (org) c.push(`${alias}.${SCOPE_COLUMN[org.level]} = ${p(org.id)}`);
    for (const [dim, ids] of Object.entries(q.orgFilter ?? {})) if (ids) c.push(`${alias}.${ORG_DIMENSIONS[dim as OrgDimension].column} = ANY(${p([...ids])}::int[])`);
    if (q.serviceTypes) c.push(`${alias}.service_type = ANY(${p([...q.serviceTypes])}::int2[])`);
    if (q.paymentMethods) c.push(`coalesce(t.payment_method, '') = ANY(${p([...q.paymentMethods])}::text[])`);
    if (q.cardSchemes) c.push(`t.card_scheme = ANY(${p([...q.cardSchemes])}::text[])`);
    if (withSales && q.statuses) c.push(`t.status = ANY(${p([...q.statuses])}::text[])`);
    return c.join(' AND ');
  };
  const key = (g: string, alias: string, dayCol: string): string => {
    const day = MYT_DAY(`${alias}.${dayCol}`);
    switch (g) {
      case 'day': return `to_char(${day}, 'YYYY-MM-DD')`;
      case 'week': return `to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;
      case 'month': return `to_char(date_trunc('month', ${day}), 'YYYY-MM-DD')`;
      case 'serviceType': return `${alias}.service_type`;
      case 'paymentMethod': return `coalesce(t.payment_method, '')`;
      case 'cardScheme': return `coalesce(t.card_scheme, '')`;
      case 'status': return alias === 'r' ? `'SUCCESS'` : 't.status';
      case 'branch': return `coalesce(${alias}.branch_id, 0)`;
      default: return `${alias}.${ORG_DIMENSIONS[g as OrgDimension].column}`;
    }
  };
  const groups = [...new Set(q.groupBy)];
  const keysOf = (alias: string, dayCol: string) => groups.map((g, i) => `${key(g, alias, dayCol)} AS k${i}`);
  const sales = `SELECT ${[...keysOf('t', 'created_at'), '1 AS n', 't.amount', 't.mdr_fee', 't.status', '0 AS rn', '0::numeric AS ra'].join(', ')}
    FROM transactions t WHERE ${saleRowSql('t')} AND ${cond('t', 'created_at', true)}`;
  const refundsIn = !q.statuses || q.statuses.includes('SUCCESS');
  const refunds = `SELECT ${[...keysOf('r', 'refunded_at'), '0', '0::numeric', '0::numeric', `'SUCCESS'`, '1', 'r.amount'].join(', ')}
    FROM refund_requests r LEFT JOIN transactions t ON t.id = r.transaction_id
    WHERE r.refunded_at IS NOT NULL AND ${cond('r', 'refunded_at', false)}`;
  const k = groups.map((_, i) => `k${i}`);
  const rows = await database.query<Record<string, unknown>>(
    `SELECT ${[...k, 'count(*) FILTER (WHERE n = 1)::int AS txn_count', 'coalesce(sum(amount), 0.00)::text AS gross',
      `count(*) FILTER (WHERE n = 1 AND status = 'SUCCESS')::int AS success_count`,
      `coalesce(sum(amount) FILTER (WHERE status = 'SUCCESS'), 0.00)::text AS success_amount`,
      'coalesce(sum(rn), 0)::int AS refund_count', 'coalesce(sum(ra), 0.00)::text AS refund_amount', 'coalesce(sum(mdr_fee), 0.00)::text AS mdr_fee',
      `(coalesce(sum(amount) FILTER (WHERE status = 'SUCCESS'), 0) - coalesce(sum(ra), 0) - coalesce(sum(mdr_fee), 0))::text AS net`].join(', ')}
     FROM (${sales} UNION ALL ${refundsIn ? refunds : `${refunds} AND false`}) x ${k.length ? `GROUP BY ${k.join(', ')}` : ''}`,
    params,
  );
  return rows.map((r) => {
    const out: Record<string, unknown> = {
      txnCount: Number(r.txn_count), gross: r.gross, successCount: Number(r.success_count), successAmount: r.success_amount,
      refundCount: Number(r.refund_count), refundAmount: r.refund_amount, mdrFee: r.mdr_fee, net: r.net,
    };
    groups.forEach((g, i) => {
      const v = r[`k${i}`];
      out[g] = g === 'cardScheme' ? (v === '' ? null : v) : g === 'branch' ? (Number(v) === 0 ? null : Number(v))
        : ['day', 'week', 'month', 'paymentMethod', 'status'].includes(g) ? String(v) : Number(v);
    });
    return out as unknown as SummaryRow;
  });
}

/** Rows as a map from their group keys to their measures, decimals compared by value. */
function byKey(rows: readonly SummaryRow[], groups: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of rows) {
    const rec = r as unknown as Record<string, unknown>;
    m.set(JSON.stringify([...new Set(groups)].map((g) => rec[g])), MEASURES.map((x) => (typeof rec[x] === 'string' ? Number(rec[x]).toFixed(2) : String(rec[x]))).join('|'));
  }
  return m;
}

describe.each(DATABASES)('summaries equal the raw aggregate on %s', (kind) => {
  let s: TestServer;
  let db: Database;
  let orgs: Org[];
  let days: string[];
  let methods: string[];
  let schemes: string[];
  let currencies: string[];
  /** Per level, the 8 organizations with the most transactions. */
  let busy: Record<string, Org[]>;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2500 });
    db = s.database;
    // MDR fees are not seeded yet (H3 adds them): give a spread of fees so the measure is tested.
    await db.query(`UPDATE transactions SET mdr_fee = round(amount * ((id % 5) * 0.005), 2) WHERE status = 'SUCCESS'`);
    // A small seed has few finished refunds: finish half of the rest, and refund every sixth
    // refundable sale, over the following days (across month ends too).
    await db.query(
      `UPDATE refund_requests SET status = 'REFUNDED', updated_at = created_at + make_interval(hours => id * 7 % 200), refunded_at = created_at + make_interval(hours => id * 7 % 200)
       WHERE refunded_at IS NULL AND id % 2 = 0`,
    );
    await db.query(
      `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status,
         master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at, refunded_at)
       SELECT id, txn_ref_no, service_type, round(amount / 2, 2), currency, 'OT', CASE WHEN id % 4 = 0 THEN 'COMPLETED' ELSE 'REFUNDED' END,
         master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, created_at + make_interval(hours => (id % 120)::int), created_at + make_interval(hours => (id % 120)::int)
       FROM transactions WHERE status = 'SUCCESS' AND service_type <> 2 AND id % 6 = 0 AND id NOT IN (SELECT transaction_id FROM refund_requests)`,
    );
    orgs = (await db.query<{ id: number; level: OrgLevel; path: string }>(`SELECT id, level, path FROM organizations ORDER BY id`)).map((o) => ({
      id: Number(o.id), level: o.level, path: o.path, parentPath: o.path.replace(/\d+\/$/, ''),
    }));
    const [range] = await db.query<{ a: string; b: string }>(
      `SELECT to_char(min(${MYT_DAY('created_at')}) - 3, 'YYYY-MM-DD') AS a, to_char(max(${MYT_DAY('updated_at')}) + 3, 'YYYY-MM-DD') AS b FROM transactions`,
    );
    days = [];
    for (let d = new Date(`${range!.a}T00:00:00Z`); d.toISOString().slice(0, 10) <= range!.b; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
    methods = (await db.query<{ v: string }>(`SELECT DISTINCT payment_method AS v FROM transactions ORDER BY 1`)).map((r) => r.v);
    schemes = (await db.query<{ v: string }>(`SELECT DISTINCT card_scheme AS v FROM transactions WHERE card_scheme IS NOT NULL ORDER BY 1`)).map((r) => r.v);
    currencies = (await db.query<{ v: string }>(`SELECT DISTINCT currency AS v FROM transactions ORDER BY 1`)).map((r) => r.v);
    busy = {};
    for (const [level, col] of Object.entries(SCOPE_COLUMN)) {
      const top = await db.query<{ id: number }>(`SELECT ${col} AS id FROM transactions WHERE ${col} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 8`);
      busy[level] = top.map((r) => orgs.find((o) => o.id === Number(r.id))!);
    }
  });
  afterAll(async () => s.close());

  /** A random question: range (single days, month edges, whole months, any span), filters, scope, grouping. */
  const question = () => {
    const monthStarts = days.filter((d) => d.endsWith('-01'));
    const dayIdx = fc.integer({ min: 0, max: days.length - 1 });
    const range = fc.oneof(
      dayIdx.map((i) => [days[i]!, days[i]!] as const),
      fc.tuple(dayIdx, dayIdx).map(([a, b]) => [days[Math.min(a, b)]!, days[Math.max(a, b)]!] as const),
      // Month edges: from a month's first day (±1) to a later month's last day (±1).
      fc.tuple(fc.integer({ min: 0, max: monthStarts.length - 1 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 })).map(([m, len, da, db2]) => {
        const ia = days.indexOf(monthStarts[m]!) + da;
        const next = monthStarts[m + len + 1];
        const ib = (next ? days.indexOf(next) - 1 : days.length - 1) + db2;
        const a = Math.max(0, Math.min(ia, days.length - 1));
        const b = Math.max(a, Math.min(ib, days.length - 1));
        return [days[a]!, days[b]!] as const;
      }),
    );
    // Every level equally often, and within a level the organizations that have sales.
    const scope = fc.oneof(fc.constant(null), ...Object.values(busy).map((list) => fc.constantFrom(...list)));
    const sometimes = <T,>(a: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: a, weight: 1 });
    return fc.record({
      range,
      scope,
      serviceTypes: sometimes(fc.subarray([1, 2, 3, 4, 5, 6], { minLength: 2 })),
      paymentMethods: sometimes(fc.subarray(methods, { minLength: 2 })),
      cardSchemes: sometimes(fc.subarray(schemes, { minLength: 1 })),
      statuses: sometimes(fc.subarray(['PENDING', 'SUCCESS', 'FAILED', 'VOID'], { minLength: 1 })),
      currency: fc.oneof({ arbitrary: fc.constant('MYR'), weight: 4 }, { arbitrary: fc.constantFrom(...currencies), weight: 1 }),
      // An org filter one level below the scope: ids of children of the scope (or of any org).
      orgFilterSeed: sometimes(fc.integer({ min: 0, max: 1_000_000 })),
      groupBy: fc.subarray(SUMMARY_GROUPS, { maxLength: 3 }),
    }).map((r) => {
      let orgFilter: SummaryQuery['orgFilter'];
      if (r.orgFilterSeed !== undefined) {
        const inside = orgs.filter((o) => o.path.startsWith(r.scope?.path ?? '/') && o.id !== r.scope?.id);
        const pick = inside.length ? inside[r.orgFilterSeed % inside.length]! : undefined;
        if (pick) {
          const dim = (Object.keys(ORG_DIMENSIONS) as OrgDimension[])[pick.path.split('/').filter(Boolean).length - 1]!;
          const sibling = orgs.find((o) => o.parentPath === pick.parentPath && o.id !== pick.id);
          orgFilter = { [dim]: sibling ? [pick.id, sibling.id] : [pick.id] };
        }
      }
      const q: SummaryQuery = {
        from: r.range[0], to: r.range[1], currency: r.currency, groupBy: r.groupBy,
        serviceTypes: r.serviceTypes, paymentMethods: r.paymentMethods, cardSchemes: r.cardSchemes, statuses: r.statuses, orgFilter,
      };
      return { org: r.scope, q };
    });
  };

  /** How many questions had a non-empty raw answer (the property must not pass on empty sets only). */
  let answered = 0;
  let asked = 0;
  /** How often each source of planRead answered a non-empty question (every path must be compared). */
  const paths = { daily: 0, dailyScheme: 0, weekly: 0, monthly: 0, raw: 0, statusPivot: 0, orgRollup: 0, salesRollup: 0, monthMinusDays: 0, monthMinusRawDays: 0, monthMinusWeeks: 0 };

  async function expectEqual(org: Org | null, q: SummaryQuery): Promise<void> {
    const [got, want, both, [wantTotals]] = await Promise.all([
      readSummary(db, scopeOf(org), q), rawSummary(db, org, q), readSummaryWithTotals(db, scopeOf(org), q), readSummary(db, scopeOf(org), { ...q, groupBy: [] }),
    ]);
    // The one-statement read gives the same rows in the same order, and the ungrouped read's
    // totals (whose equality with the raw aggregate the questions without groups check).
    expect(both.rows).toEqual(got);
    expect(both.totals).toEqual(wantTotals);
    asked += 1;
    if (want.some((r) => r.txnCount > 0 || r.refundCount > 0)) {
      answered += 1;
      const { level, plan } = summaryReadPlan(scopeOf(org), q);
      if (plan.dailyDays.length) paths.daily += 1;
      if (plan.dailyDays.length && (q.cardSchemes || q.groupBy.includes('cardScheme')) && level <= 1) paths.dailyScheme += 1;
      if (plan.weeklyDays.length) paths.weekly += 1;
      if (plan.weeklyDays.some((d) => d.sign === -1)) paths.monthMinusWeeks += 1;
      if (plan.months) paths.monthly += 1;
      if (plan.rawDays.length) paths.raw += 1;
      if (plan.dailyDays.some((d) => d.sign === -1)) paths.monthMinusDays += 1;
      if (plan.rawDays.some((d) => d.sign === -1)) paths.monthMinusRawDays += 1;
      if (q.groupBy.includes('status')) paths.statusPivot += 1;
      if (plan.dailyDays.length || plan.weeklyDays.length || plan.months) paths[plan.tables.daily === 'sales_summary_org_daily' ? 'orgRollup' : 'salesRollup'] += 1;
    }
    const g = byKey(got, q.groupBy);
    const w = byKey(want, q.groupBy);
    // With no grouping both give one totals row, zero when nothing matched.
    expect(Object.fromEntries(g), JSON.stringify({ org: org?.id, q })).toEqual(Object.fromEntries(w));
  }

  it('has data enough to mean something: several levels, methods, schemes, currencies and refunds', async () => {
    expect(new Set(orgs.map((o) => o.level)).size).toBe(5);
    expect(schemes.length).toBeGreaterThan(1);
    expect(currencies.length).toBeGreaterThan(1);
    const [r] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests WHERE refunded_at IS NOT NULL`);
    expect(r!.n).toBeGreaterThan(0);
    const [m] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE branch_id IS NULL`);
    expect(m!.n).toBeGreaterThan(0);
    // Rows the sales figures must leave out: holds and batch messages (CAPTURE_VOID rows are rare in
    // a small seed; the random writes below turn rows into every pre-auth operation).
    const kinds = await db.query<{ k: string }>(`SELECT DISTINCT coalesce(preauth_op, txn_type) AS k FROM transactions WHERE NOT ${saleRowSql()}`);
    expect(kinds.map((r) => r.k)).toEqual(expect.arrayContaining(['PREAUTH', 'SETTLE']));
  });

  it('answers every random question like the raw GROUP BY (bulk-rebuilt summaries)', async () => {
    // The MDR update above went through the triggers; rebuild so this property tests the bulk path.
    await db.transaction(async (exec) => rebuildSummaries(exec));
    asked = answered = 0;
    await fc.assert(fc.asyncProperty(question(), ({ org, q }) => expectEqual(org, q)), { numRuns: 120 });
    expect(answered / asked).toBeGreaterThan(0.3);
    // Each source (daily rows, daily by card scheme, weekly and monthly rollups, raw index range, organization or sales rollup) and the
    // status unpivot answered several non-empty questions: the random ones usually reach each,
    // and these fixed ones (compared like them) make sure, one per source and scope level.
    const [a, b] = [days[5]!, days.at(-5)!];
    for (const org of [null, ...busy.MASTER_MERCHANT!.slice(0, 3)]) await expectEqual(org, { from: a, to: b, currency: 'MYR', groupBy: ['cardScheme', 'status'] });
    for (const org of busy.AGENCY!.slice(0, 3)) await expectEqual(org, { from: a, to: b, currency: 'MYR', groupBy: ['paymentMethod'] });
    for (const org of [...busy.AGENT!.slice(0, 2), ...busy.MERCHANT_BRANCH!.slice(0, 2)]) {
      await expectEqual(org, { from: a, to: b, currency: 'MYR', groupBy: ['serviceType'] });
      // The card scheme below level 1 is not in the daily rows: these days come from `transactions`.
      await expectEqual(org, { from: a, to: b, currency: 'MYR', groupBy: ['cardScheme'] });
    }
    // Most of one month: read as the whole month minus its edge days (monthCover), from the daily
    // table and, for the card scheme below level 1, from `transactions`.
    const month = days[Math.floor(days.length / 2)]!.slice(0, 7);
    for (const org of [null, ...busy.AGENT!.slice(0, 2), ...busy.MERCHANT_BRANCH!.slice(0, 2)]) {
      for (const groupBy of [['serviceType'], ['cardScheme'], ['month', 'status']] as SummaryQuery['groupBy'][]) {
        await expectEqual(org, { from: `${month}-03`, to: `${month}-26`, currency: 'MYR', groupBy });
      }
    }
    // The month minus whole clipped weeks from the weekly rollup: the first starting days of the
    // month whose plan subtracts a week (found by planRead itself, whatever weekday the month starts).
    const minusWeek = Array.from({ length: 20 }, (_, i) => `${month}-${String(i + 2).padStart(2, '0')}`)
      .filter((from) => summaryReadPlan(scopeOf(null), { from, to: `${month}-28`, currency: 'MYR', groupBy: [] }).plan.weeklyDays.some((d) => d.sign === -1))
      .slice(0, 2);
    expect(minusWeek.length).toBe(2);
    for (const org of [null, ...busy.AGENT!.slice(0, 1), ...busy.MERCHANT_BRANCH!.slice(0, 1)]) {
      for (const from of minusWeek) await expectEqual(org, { from, to: `${month}-28`, currency: 'MYR', groupBy: ['serviceType'] });
    }
    for (const [path, n] of Object.entries(paths)) expect(n, path).toBeGreaterThanOrEqual(3);
  });

  it('reads the whole range from both tables: a year over month edges equals the raw aggregate at every level', async () => {
    const q: SummaryQuery = { from: days[1]!, to: days.at(-2)!, currency: 'MYR', groupBy: ['month', 'status'] };
    for (const org of [null, ...orgs.filter((o, i) => i % 97 === 0)]) await expectEqual(org, q);
  });

  it('stays equal after random inserts, updates and deletes through the statement-level triggers', async () => {
    const ids = async (n: number, where = 'true') =>
      (await db.query<{ id: string }>(`SELECT id::text FROM transactions WHERE ${where} ORDER BY md5(id::text || $1) LIMIT ${n}`, [String(Math.random())])).map((r) => Number(r.id));
    const write = fc.oneof(
      // Insert copies of random rows, moved in time (possibly across a month edge), amount and status changed.
      fc.record({ kind: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 40 }), shiftDays: fc.integer({ min: -40, max: 5 }), status: fc.constantFrom('SUCCESS', 'FAILED', 'VOID', 'PENDING') }),
      fc.record({ kind: fc.constant('status' as const), n: fc.integer({ min: 1, max: 60 }), status: fc.constantFrom('SUCCESS', 'FAILED', 'VOID', 'PENDING') }),
      fc.record({ kind: fc.constant('amount' as const), n: fc.integer({ min: 1, max: 60 }), cents: fc.integer({ min: -500, max: 5000 }) }),
      fc.record({ kind: fc.constant('fee' as const), n: fc.integer({ min: 1, max: 60 }), cents: fc.integer({ min: 0, max: 300 }) }),
      fc.record({ kind: fc.constant('noop' as const), n: fc.integer({ min: 1, max: 60 }) }),
      // Into or out of the sales: another type (a sale kind, a hold, a batch message) or pre-auth operation.
      fc.record({
        kind: fc.constant('type' as const), n: fc.integer({ min: 1, max: 40 }),
        txnType: fc.constantFrom('SALE', 'VOIDSALECOMPLETION', 'PREAUTH', 'VOIDPREAUTH', 'REVERSE', 'SETTLE', 'MOTO'),
        preauthOp: fc.constantFrom(null, 'PREAUTH', 'CAPTURE', 'CAPTURE_VOID'),
      }),
      fc.record({ kind: fc.constant('delete' as const), n: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ kind: fc.constant('refund' as const), n: fc.integer({ min: 1, max: 10 }), status: fc.constantFrom('REFUNDED', 'COMPLETED', 'REFUNDED_ACK_FAIL', 'REJECTED', 'EXPIRED') }),
    );
    let seq = 0;
    const apply = async (w: ValueOf<typeof write>) => {
      if (w.kind === 'insert') {
        const pick = await ids(w.n);
        seq += 1;
        await db.query(
          `INSERT INTO transactions (txn_ref_no, service_type, payment_method, card_scheme, txn_type, preauth_op, status, amount, mdr_fee, currency,
             master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
           SELECT 'PT' || $1::text || '-' || id, service_type, payment_method, card_scheme, txn_type, preauth_op, $2, amount + 1.25, round(amount * 0.01, 2), currency,
             master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at + make_interval(days => $3::int), updated_at
           FROM transactions WHERE id = ANY($4::bigint[])`,
          [String(seq), w.status, w.shiftDays, pick],
        );
      } else if (w.kind === 'status') await db.query(`UPDATE transactions SET status = $1 WHERE id = ANY($2::bigint[])`, [w.status, await ids(w.n)]);
      // A refunded transaction's amount stays at least what was refunded (CHECK transactions_refund_within_amount).
      else if (w.kind === 'amount') await db.query(`UPDATE transactions SET amount = greatest(0.01, amount + $1::numeric / 100) WHERE id = ANY($2::bigint[])`, [w.cents, await ids(w.n, 'refunded_amount = 0')]);
      else if (w.kind === 'fee') await db.query(`UPDATE transactions SET mdr_fee = $1::numeric / 100 WHERE id = ANY($2::bigint[])`, [w.cents, await ids(w.n)]);
      else if (w.kind === 'type') await db.query(`UPDATE transactions SET txn_type = $1, preauth_op = $2 WHERE id = ANY($3::bigint[])`, [w.txnType, w.preauthOp, await ids(w.n)]);
      else if (w.kind === 'noop') await db.query(`UPDATE transactions SET cust_name = 'x' WHERE id = ANY($1::bigint[])`, [await ids(w.n)]);
      else if (w.kind === 'delete') {
        // A refunded transaction is kept (a refund request must find its transaction).
        await db.query(`DELETE FROM transactions WHERE id = ANY($1::bigint[])`, [await ids(w.n, 'id NOT IN (SELECT transaction_id FROM refund_requests)')]);
      } else {
        // One open request per transaction (refund_requests_one_pending_uq).
        const pick = await ids(w.n, `status = 'SUCCESS' AND service_type <> 2 AND id NOT IN (SELECT transaction_id FROM refund_requests WHERE status = 'PENDING')`);
        await db.query(
          `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status,
             master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
           SELECT id, txn_ref_no, service_type, amount, currency, 'OT', 'PENDING', master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, created_at
           FROM transactions WHERE id = ANY($1::bigint[])`,
          [pick],
        );
        // Then a multi-row status change, dated a few days after each request; a refunded status
        // (re)dates the money's day, another clears it, so the triggers move, add and drop refunds.
        await db.query(
          `UPDATE refund_requests SET status = $1, updated_at = updated_at + interval '2 days 5 hours',
             refunded_at = CASE WHEN $1 IN ('REFUNDED', 'COMPLETED', 'REFUNDED_ACK_FAIL') THEN updated_at + interval '2 days 5 hours' END
           WHERE id IN (SELECT id FROM refund_requests ORDER BY md5(id::text || $2) LIMIT $3)`,
          [w.status, String(Math.random()), w.n * 2],
        );
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), fc.array(question(), { minLength: 2, maxLength: 2 }), async (writes, questions) => {
        for (const w of writes) await apply(w);
        for (const { org, q } of questions) await expectEqual(org, q);
      }),
      { numRuns: 40 },
    );
    expect(answered).toBeGreaterThan(0);
    // And the whole tables: every level's rows sum to the raw sale rows (nothing lost between levels).
    const [raw] = await db.query<{ n: number; a: string }>(`SELECT count(*)::int AS n, sum(amount)::text AS a FROM transactions WHERE ${saleRowSql()}`);
    const levels = await db.query<{ level: number; n: number; a: string }>(
      `SELECT level, sum(pending_count + success_count + failed_count + void_count)::int AS n,
         sum(pending_amount + success_amount + failed_amount + void_amount)::text AS a FROM sales_summary_monthly GROUP BY level ORDER BY level`,
    );
    expect(levels.map((l) => [Number(l.level), l.n, l.a])).toEqual([0, 1, 2, 3, 4, 5].map((l) => [l, raw!.n, raw!.a]));
  });

  it('refuses a reversed or malformed day range', async () => {
    await expect(readSummary(db, scopeOf(null), { from: '2026-02-02', to: '2026-02-01', currency: 'MYR', groupBy: [] })).rejects.toThrow(/bad day range/);
    await expect(readSummary(db, scopeOf(null), { from: '2026-2-1', to: '2026-02-01', currency: 'MYR', groupBy: [] })).rejects.toThrow(/bad day range/);
  });
});
