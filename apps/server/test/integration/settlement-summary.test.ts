/**
 * The settlement summaries (settlement_summary_daily / _monthly) hold exactly
 * what an independent GROUP BY over the batches and their lines gives — count(DISTINCT batch) per
 * level and row kind — after the bulk rebuild and after random inserts, updates and deletes of
 * batches and lines that reach them only through the statement-level triggers; and the settlement
 * sales report answers random questions on them like the raw oracle, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SUMMARY_REPORTS, summarySchemas, type SummaryReportDef } from '@paydesk/contract';
import { CARD_SCHEMES, CARD_TYPES, type GroupType, type OrgLevel } from '@paydesk/domain';
import type { Database } from '../../src/db/client.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { runSummary } from '../../src/reports/summary-executor.ts';
import { SETTLEMENT_DAILY_MAX_LEVEL, rebuildSummaries } from '../../src/summaries/rebuild.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import { norm, rowKey, settlementOracle } from './sales-oracle.ts';

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

const ANCESTORS = ['master_merchant_id', 'agency_id', 'agent_id', 'merchant_id', 'branch_id'];
const KEY = 'level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, period, status, currency, card_scheme, card_type';
const SCOPE_COLUMN: Record<OrgLevel, string> = {
  MASTER_MERCHANT: 'master_merchant_id', AGENCY: 'agency_id', AGENT: 'agent_id', MERCHANT_HQ: 'merchant_id', MERCHANT_BRANCH: 'branch_id',
};
const def = SUMMARY_REPORTS.find((d) => d.source === 'terminal_settlement') as SummaryReportDef;

/**
 * The rows a summary table must hold, written without its statement: per level it keeps (daily:
 * 0..SETTLEMENT_DAILY_MAX_LEVEL, monthly: all six) and each of the four row kinds, a plain GROUP BY of batches LEFT JOIN lines with count(DISTINCT batch).
 */
function expectedSql(period: 'day' | 'month'): string {
  const day = `(b.settled_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;
  const parts: string[] = [];
  for (let level = 0; level <= (period === 'day' ? SETTLEMENT_DAILY_MAX_LEVEL : 5); level++) {
    for (const scheme of [true, false]) {
      for (const type of [true, false]) {
        const anc = ANCESTORS.map((c, i) => `${i < level ? `coalesce(b.${c}, 0)` : '0'} AS ${c}`).join(', ');
        parts.push(`SELECT ${level} AS level, ${anc}, to_char(${period === 'day' ? day : `date_trunc('month', ${day})`}, 'YYYY-MM-DD') AS period,
          b.status, b.currency::text AS currency, ${scheme ? `coalesce(l.card_scheme, '')` : `'*'`} AS card_scheme, ${type ? `coalesce(l.card_type, '')` : `'*'`} AS card_type,
          count(DISTINCT b.id)::int AS batch_count, coalesce(sum(l.sale_count), 0)::int AS sale_count, coalesce(sum(l.sale_amount), 0)::numeric(20,2)::text AS sale_amount,
          coalesce(sum(l.void_count), 0)::int AS void_count, coalesce(sum(l.void_amount), 0)::numeric(20,2)::text AS void_amount, coalesce(sum(l.net_amount), 0)::numeric(20,2)::text AS net_amount
          FROM terminal_settlement_batches b LEFT JOIN terminal_settlement_batch_lines l ON l.batch_id = b.id
          WHERE b.settled_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`);
      }
    }
  }
  return `SELECT * FROM (${parts.join('\nUNION ALL\n')}) e ORDER BY ${KEY}`;
}

/** The table's rows that count (a key whose batches all left keeps a row of zeros, like the sales summaries). */
const heldSql = (table: string, periodCol: string) => `
  SELECT level, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, to_char(${periodCol}, 'YYYY-MM-DD') AS period, status, currency::text AS currency,
    card_scheme, card_type, batch_count, sale_count, sale_amount::numeric(20,2)::text AS sale_amount, void_count, void_amount::numeric(20,2)::text AS void_amount, net_amount::numeric(20,2)::text AS net_amount
  FROM ${table} AS s(${periodCol}) WHERE NOT (batch_count = 0 AND sale_count = 0 AND sale_amount = 0 AND void_count = 0 AND void_amount = 0 AND net_amount = 0)
  ORDER BY ${KEY}`;

const scopeOf = (org: { id: number; level: OrgLevel; path: string } | null): Scope => ({
  userId: 1, email: 'x@paydesk.my', sessionId: 's', membershipId: 1,
  groupType: (org ? org.level : 'SUPERADMIN') as GroupType,
  orgId: org?.id ?? null, orgLevel: org?.level ?? null, orgPath: org?.path ?? null, permissions: new Set(),
});

describe.each(DATABASES)('settlement summaries on %s', (kind) => {
  let s: TestServer;
  let db: Database;

  const expectHeld = async (label: string) => {
    for (const [table, col, period] of [['settlement_summary_daily', 'settled_day', 'day'], ['settlement_summary_monthly', 'month', 'month']] as const) {
      const held = await db.query<Record<string, unknown>>(heldSql(table, col));
      const want = await db.query<Record<string, unknown>>(expectedSql(period));
      const norm2 = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r).map(String).join('|'));
      expect(norm2(held), `${table} ${label}`).toEqual(norm2(want));
    }
  };

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2500 });
    db = s.database;
  }, 300_000);
  afterAll(async () => s?.close());

  it('holds after the bulk rebuild what the raw GROUP BY gives, lineless batches and several schemes per batch included', async () => {
    await db.transaction(async (exec) => rebuildSummaries(exec));
    const [facts] = await db.query<{ batches: number; lineless: number; multi: number; open: number }>(
      `SELECT count(*)::int AS batches,
         count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM terminal_settlement_batch_lines l WHERE l.batch_id = b.id))::int AS lineless,
         count(*) FILTER (WHERE (SELECT count(DISTINCT card_scheme) FROM terminal_settlement_batch_lines l WHERE l.batch_id = b.id) > 1)::int AS multi,
         count(*) FILTER (WHERE settled_at IS NULL)::int AS open
       FROM terminal_settlement_batches b`,
    );
    expect(facts!.batches).toBeGreaterThan(20);
    expect(facts!.multi).toBeGreaterThan(0);
    // A small seed may lack a lineless or an open batch: make some, through the triggers.
    if (facts!.lineless === 0) await db.query(`DELETE FROM terminal_settlement_batch_lines WHERE batch_id IN (SELECT id FROM terminal_settlement_batches ORDER BY id LIMIT 2)`);
    if (facts!.open === 0) await db.query(`UPDATE terminal_settlement_batches SET settled_at = NULL, status = 'OPEN' WHERE id = (SELECT max(id) FROM terminal_settlement_batches)`);
    await expectHeld('after the rebuild');
  }, 120_000);

  it('stays equal after random batch and line writes through the statement-level triggers, and the report answers like the raw oracle', async () => {
    const write = fc.oneof(
      // New batches copied from random ones (new TID), moved in time, with their lines in a second statement or none.
      fc.record({ kind: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 8 }), shiftDays: fc.integer({ min: -40, max: 5 }), withLines: fc.boolean(), open: fc.boolean() }),
      fc.record({ kind: fc.constant('addLine' as const), n: fc.integer({ min: 1, max: 10 }), scheme: fc.constantFrom(...CARD_SCHEMES), type: fc.constantFrom(...CARD_TYPES) }),
      fc.record({ kind: fc.constant('lineAmounts' as const), n: fc.integer({ min: 1, max: 20 }), cents: fc.integer({ min: -500, max: 5000 }) }),
      fc.record({ kind: fc.constant('lineType' as const), n: fc.integer({ min: 1, max: 10 }), type: fc.constantFrom(...CARD_TYPES) }),
      fc.record({ kind: fc.constant('deleteLines' as const), n: fc.integer({ min: 1, max: 15 }) }),
      fc.record({ kind: fc.constant('settle' as const), n: fc.integer({ min: 1, max: 10 }), status: fc.constantFrom('SETTLED', 'UPLOADED', 'OPEN'), shiftDays: fc.integer({ min: -35, max: 35 }) }),
      fc.record({ kind: fc.constant('branch' as const), n: fc.integer({ min: 1, max: 10 }) }),
      fc.record({ kind: fc.constant('noop' as const), n: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant('deleteBatches' as const), n: fc.integer({ min: 1, max: 5 }), keepLines: fc.boolean() }),
    );
    let seq = 0;
    const random = `ORDER BY md5(id::text || $1)`;
    const salt = () => [String(Math.random())];
    const apply = async (w: ValueOf<typeof write>) => {
      if (w.kind === 'insert') {
        const tag = `T${++seq}`;
        await db.query(
          `INSERT INTO terminal_settlement_batches (master_merchant_id, agency_id, agent_id, merchant_id, branch_id, tid, mid, batch_no, opened_at, settled_at, status, currency)
           SELECT master_merchant_id, agency_id, agent_id, merchant_id, branch_id, '${tag}-' || id, mid, batch_no, opened_at + make_interval(days => ${w.shiftDays}),
             ${w.open ? 'NULL' : `coalesce(settled_at, opened_at) + make_interval(days => ${w.shiftDays})`}, ${w.open ? `'OPEN'` : 'status'}, currency
           FROM terminal_settlement_batches WHERE settled_at IS NOT NULL ${random} LIMIT ${w.n}`, salt());
        if (w.withLines) {
          await db.query(
            `INSERT INTO terminal_settlement_batch_lines (batch_id, card_scheme, card_type, sale_count, sale_amount, void_count, void_amount, net_amount)
             SELECT n.id, l.card_scheme, l.card_type, l.sale_count, l.sale_amount, l.void_count, l.void_amount, l.net_amount
             FROM terminal_settlement_batches n JOIN terminal_settlement_batches o ON n.tid = '${tag}-' || o.id AND n.batch_no = o.batch_no
             JOIN terminal_settlement_batch_lines l ON l.batch_id = o.id`);
        }
      } else if (w.kind === 'addLine') {
        await db.query(
          `INSERT INTO terminal_settlement_batch_lines (batch_id, card_scheme, card_type, sale_count, sale_amount, void_count, void_amount, net_amount)
           SELECT id, '${w.scheme}', '${w.type}', 2, 30.50, 1, 10.25, 20.25 FROM terminal_settlement_batches ${random} LIMIT ${w.n}
           ON CONFLICT DO NOTHING`, salt());
      } else if (w.kind === 'lineAmounts') {
        await db.query(
          `UPDATE terminal_settlement_batch_lines SET sale_amount = sale_amount + ${w.cents / 100}, net_amount = net_amount + ${w.cents / 100}, sale_count = sale_count + 1
           WHERE (batch_id, card_scheme, card_type) IN (SELECT batch_id, card_scheme, card_type FROM terminal_settlement_batch_lines ORDER BY md5(batch_id::text || card_scheme || card_type || $1) LIMIT ${w.n})`, salt());
      } else if (w.kind === 'lineType') {
        // A key change: the line moves to another card type (where the batch has none of it; one line per batch and scheme).
        await db.query(
          `UPDATE terminal_settlement_batch_lines l SET card_type = '${w.type}'
           WHERE (batch_id, card_scheme, card_type) IN (SELECT batch_id, card_scheme, card_type FROM
               (SELECT DISTINCT ON (batch_id, card_scheme) batch_id, card_scheme, card_type FROM terminal_settlement_batch_lines ORDER BY batch_id, card_scheme, card_type) d
             ORDER BY md5(batch_id::text || card_scheme || $1) LIMIT ${w.n})
             AND NOT EXISTS (SELECT 1 FROM terminal_settlement_batch_lines o WHERE o.batch_id = l.batch_id AND o.card_scheme = l.card_scheme AND o.card_type = '${w.type}')`, salt());
      } else if (w.kind === 'deleteLines') {
        await db.query(
          `DELETE FROM terminal_settlement_batch_lines WHERE (batch_id, card_scheme, card_type) IN
             (SELECT batch_id, card_scheme, card_type FROM terminal_settlement_batch_lines ORDER BY md5(batch_id::text || card_type || $1) LIMIT ${w.n})`, salt());
      } else if (w.kind === 'settle') {
        await db.query(
          `UPDATE terminal_settlement_batches SET status = '${w.status}',
             settled_at = ${w.status === 'OPEN' ? 'NULL' : `coalesce(settled_at, opened_at) + make_interval(days => ${w.shiftDays})`}
           WHERE id IN (SELECT id FROM terminal_settlement_batches ${random} LIMIT ${w.n})`, salt());
      } else if (w.kind === 'branch') {
        // To another outlet of the same merchant HQ, or to the HQ itself (no branch).
        await db.query(
          `UPDATE terminal_settlement_batches b SET branch_id = (SELECT o.id FROM organizations o WHERE o.parent_id = b.merchant_id AND o.id IS DISTINCT FROM b.branch_id ORDER BY o.id LIMIT 1)
           WHERE id IN (SELECT id FROM terminal_settlement_batches ${random} LIMIT ${w.n})`, salt());
      } else if (w.kind === 'noop') {
        await db.query(`UPDATE terminal_settlement_batches SET status = status WHERE id IN (SELECT id FROM terminal_settlement_batches ${random} LIMIT ${w.n})`, salt());
      } else {
        const ids = (await db.query<{ id: string }>(`SELECT id::text FROM terminal_settlement_batches ${random} LIMIT ${w.n}`, salt())).map((r) => Number(r.id));
        await db.query(`DELETE FROM terminal_settlement_batches WHERE id = ANY($1::bigint[])`, [ids]);
        if (!w.keepLines) await db.query(`DELETE FROM terminal_settlement_batch_lines WHERE batch_id = ANY($1::bigint[])`, [ids]);
      }
    };

    const orgs = (await db.query<{ id: number; level: OrgLevel; path: string }>(`SELECT id, level, path FROM organizations`)).map((o) => ({ ...o, id: Number(o.id) }));
    const busiest = async (column: string) => {
      const [r] = await db.query<{ id: number }>(`SELECT ${column} AS id FROM terminal_settlement_batches WHERE ${column} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
      return orgs.find((o) => o.id === Number(r!.id))!;
    };
    const scopes = [null, await busiest(SCOPE_COLUMN.MASTER_MERCHANT), await busiest(SCOPE_COLUMN.AGENT), await busiest(SCOPE_COLUMN.MERCHANT_HQ)];
    const [range] = await db.query<{ a: string; b: string }>(
      `SELECT to_char(min(settled_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date - 40, 'YYYY-MM-DD') AS a, to_char(max(settled_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date + 40, 'YYYY-MM-DD') AS b FROM terminal_settlement_batches`,
    );
    const question = fc.record({
      scope: fc.constantFrom(...scopes),
      span: fc.integer({ min: 0, max: 120 }),
      back: fc.integer({ min: 0, max: 200 }),
      period: fc.constantFrom(...def.periods),
      groupBy: fc.constantFrom(null, ...def.dimensions.map((d) => d.key)),
      schemes: fc.option(fc.subarray([...CARD_SCHEMES], { minLength: 1, maxLength: 2 }), { nil: undefined }),
    });
    const ask = async (q: ValueOf<typeof question>) => {
      const to = new Date(Date.parse(`${range!.b}T00:00:00Z`) - q.back * 86_400_000).toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - q.span * 86_400_000).toISOString().slice(0, 10);
      const req = summarySchemas(def).summary.parse({
        SearchData: { DateFrom: `${from}T00:00:00+08:00`, DateTo: `${to}T23:59:59+08:00`, ...(q.schemes ? { CardScheme: q.schemes } : {}) },
        Period: q.period, GroupBy: q.groupBy,
      });
      const got = await runSummary(db, def, scopeOf(q.scope), req);
      const want = await settlementOracle(db, def, req, q.scope ? { column: SCOPE_COLUMN[q.scope.level], id: q.scope.id } : null, from, to);
      const measures = (r: Record<string, unknown>) => Object.fromEntries(def.measures.map((m) => [m.key, norm(m.kind, r[m.key])]));
      expect(measures(got.Totals)).toEqual(want.totals);
      expect(Object.fromEntries(got.Rows.map((r) => [rowKey(r.Period, r.Group, null), measures(r)]))).toEqual(Object.fromEntries(want.rows));
    };

    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 4 }), fc.array(question, { minLength: 2, maxLength: 2 }), async (writes, questions) => {
        for (const w of writes) {
          await apply(w);
          kinds.add(w.kind);
        }
        await expectHeld(JSON.stringify(writes));
        for (const q of questions) await ask(q);
      }),
      { numRuns: 25 },
    );
    expect(kinds.size).toBeGreaterThanOrEqual(7);

    // Every grouping and period over the whole range at every scope, each scope holding a settled
    // batch with lines of two schemes and two card types: grouped by either, that batch is in two
    // rows but once in the totals (the reader then reads the totals apart; otherwise in the same
    // statement as the rows).
    for (const scope of scopes) {
      const where = scope ? `AND ${SCOPE_COLUMN[scope.level]} = ${scope.id}` : '';
      await db.query(
        `INSERT INTO terminal_settlement_batch_lines (batch_id, card_scheme, card_type, sale_count, sale_amount, void_count, void_amount, net_amount)
         SELECT b.id, v.scheme, v.type, 1, 12.00, 0, 0, 12.00
         FROM (SELECT id FROM terminal_settlement_batches WHERE settled_at IS NOT NULL AND status IN ('SETTLED', 'UPLOADED') ${where} ORDER BY id LIMIT 1) b
         CROSS JOIN (VALUES ($1, $3), ($2, $4)) AS v(scheme, type)
         ON CONFLICT DO NOTHING`,
        [CARD_SCHEMES[0], CARD_SCHEMES[1], CARD_TYPES[0], CARD_TYPES[1]],
      );
    }
    const span = Math.round((Date.parse(`${range!.b}T00:00:00Z`) - Date.parse(`${range!.a}T00:00:00Z`)) / 86_400_000);
    for (const scope of scopes) {
      for (const period of def.periods) {
        for (const groupBy of [null, ...def.dimensions.map((d) => d.key)]) await ask({ scope, span, back: 0, period, groupBy, schemes: undefined });
      }
    }
  }, 300_000);
});
