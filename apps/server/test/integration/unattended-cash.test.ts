/**
 * The unattended terminals' cash, on PGlite and on PostgreSQL with DATABASE_URL:
 * - the demo seed's events are consistent: amounts = counts × face value, each sale's legs name a
 *   terminal sale of the same TID and owner, the cash kept = the sale's amount rounded to 5 sen;
 * - for generated events (fast-check) and random questions at every scope, the report equals a raw
 *   GROUP BY oracle (amounts from counts, not the generated columns) and the history's keyset pages
 *   hold exactly the oracle's events in order;
 * - over the API an agent sees only its subtree, and a foreign org, TID or id answers nothing;
 * - the exports hold the rows and figures of the screens; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { REPORT_LABELS, reportApi, reportByName, reportSchemas, summaryApi, summaryReportByName, summarySchemas, type SummaryRequest } from '@paydesk/contract';
import {
  CASH_DENOMINATIONS, CASH_EVENT_DIRECTIONS, CASH_EVENT_KINDS, CASH_EVENT_LINKED, cashAmountSen, cashCountColumn, cashCountKey, type CashEventKind, type GroupType, type OrgLevel,
} from '@paydesk/domain';
import type { Database } from '../../src/db/client.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { searchReport } from '../../src/reports/executor.ts';
import { runSummary } from '../../src/reports/summary-executor.ts';
import { insertCashEvents, roundCash, type GenCashEvent } from '../../src/seed/demo-unattended.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';
import { norm, rowKey, unattendedOracle } from './sales-oracle.ts';

const history = reportByName('UnattendedHistory');
const report = summaryReportByName('UnattendedReport');
const SCOPE_COLUMN: Record<OrgLevel, string> = {
  MASTER_MERCHANT: 'master_merchant_id', AGENCY: 'agency_id', AGENT: 'agent_id', MERCHANT_HQ: 'merchant_id', MERCHANT_BRANCH: 'branch_id',
};
const COUNT_COLUMNS = (['in', 'out'] as const).flatMap((dir) => CASH_DENOMINATIONS.map((d) => cashCountColumn(d, dir)));
/** Sen of a decimal ringgit string. */
const sen = (m: string) => Math.round(Number(m) * 100);

interface Org {
  id: number;
  level: OrgLevel;
  path: string;
}
/** An outlet that has terminals: its owner columns as a sale row carries them. */
interface Outlet {
  master_merchant_id: number;
  agency_id: number;
  agent_id: number;
  merchant_id: number;
  branch_id: number | null;
}

const scopeOf = (org: Org | null): Scope => ({
  userId: 1, email: 'x@paydesk.my', sessionId: 's', membershipId: 1,
  groupType: (org ? org.level : 'SUPERADMIN') as GroupType,
  orgId: org?.id ?? null, orgLevel: org?.level ?? null, orgPath: org?.path ?? null, permissions: new Set(),
});

/** The generated days (MYT) events fall on: a fixed fortnight, so questions over it are never empty. */
const DAYS = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 2, 2 + i)).toISOString().slice(0, 10));

describe.each(DATABASES)('unattended cash on %s', (kind) => {
  let s: TestServer;
  let db: Database;
  let orgs: Org[];
  let outlets: Outlet[];

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 1500 });
    db = s.database;
    orgs = (await db.query<Org>('SELECT id, level, path FROM organizations ORDER BY id')).map((o) => ({ id: Number(o.id), level: o.level, path: o.path }));
    // Ten outlets of two master merchants: HQs and branches, so every scope level has events of its own and others'.
    outlets = await db.query<Outlet>(
      `SELECT DISTINCT ON (coalesce(branch_id, merchant_id)) master_merchant_id, agency_id, agent_id, merchant_id, branch_id FROM transactions
       WHERE service_type = 2 ORDER BY coalesce(branch_id, merchant_id), id LIMIT 10`,
    );
  }, 300_000);
  afterAll(async () => s?.close());

  it('seeds consistent cash events for a handful of terminals of terminal sales', async () => {
    const events = await db.query<Record<string, string | number | null>>(
      `SELECT e.*, e.cash_in_amount::text AS cash_in, e.cash_out_amount::text AS cash_out, e.net_amount::text AS net, t.tid AS t_tid, t.service_type AS t_st, t.amount::text AS t_amount,
         t.txn_ref_no AS t_ref, t.merchant_id AS t_merchant, t.branch_id AS t_branch
       FROM unattended_cash_events e LEFT JOIN transactions t ON t.id = e.transaction_id ORDER BY e.id`,
    );
    const tids = new Set(events.map((e) => e.tid));
    // Every terminal seeded opens its days with a float and takes cash for sales (how many depends on the seed's sales).
    for (const tid of tids) for (const kind of ['REFILL', 'CASH_IN']) expect(events.some((e) => e.tid === tid && e.event_kind === kind), `${String(tid)} ${kind}`).toBe(true);
    expect(tids.size).toBeGreaterThanOrEqual(2);
    expect(tids.size).toBeLessThanOrEqual(10);
    const kept = new Map<number, number>();
    for (const e of events) {
      const counts = Object.fromEntries(COUNT_COLUMNS.map((c) => [c, Number(e[c])]));
      expect(sen(String(e.cash_in))).toBe(cashAmountSen(counts, 'in'));
      expect(sen(String(e.cash_out))).toBe(cashAmountSen(counts, 'out'));
      expect(sen(String(e.net))).toBe(cashAmountSen(counts, 'in') - cashAmountSen(counts, 'out'));
      // Each kind counts only its directions.
      const kindDirs = CASH_EVENT_DIRECTIONS[e.event_kind as CashEventKind];
      for (const dir of ['in', 'out'] as const) if (!kindDirs.includes(dir)) expect(cashAmountSen(counts, dir), `${String(e.event_kind)} ${dir}`).toBe(0);
      expect(e.transaction_id !== null).toBe(CASH_EVENT_LINKED.has(e.event_kind as CashEventKind));
      if (e.transaction_id === null) continue;
      expect([e.t_tid, Number(e.t_st), e.t_ref, Number(e.t_merchant), e.t_branch === null ? null : Number(e.t_branch)]).toEqual([e.tid, 2, e.txn_ref_no, Number(e.merchant_id), e.branch_id === null ? null : Number(e.branch_id)]);
      if (e.event_kind !== 'REFUND_OUT') kept.set(Number(e.transaction_id), (kept.get(Number(e.transaction_id)) ?? 0) + cashAmountSen(counts, 'in') - cashAmountSen(counts, 'out'));
    }
    // What a paid sale leaves in the machine is its amount rounded to 5 sen (Malaysian cash rounding).
    const sales = await db.query<{ id: number; amount: string }>('SELECT id, amount::text AS amount FROM transactions WHERE id = ANY($1::int8[])', [[...kept.keys()]]);
    expect(sales.length).toBe(kept.size);
    for (const t of sales) expect(kept.get(Number(t.id))).toBe(roundCash(sen(t.amount)));
  });

  /** Generated events at the test's outlets: kind, day, second of the day, pieces per allowed direction. */
  const eventArb = () =>
    fc.record({
      outlet: fc.nat({ max: Math.max(0, outlets.length - 1) }),
      terminal: fc.nat({ max: 1 }),
      kind: fc.constantFrom(...CASH_EVENT_KINDS),
      day: fc.nat({ max: DAYS.length - 1 }),
      second: fc.nat({ max: 86_399 }),
      pieces: fc.array(fc.tuple(fc.nat({ max: CASH_DENOMINATIONS.length - 1 }), fc.integer({ min: 1, max: 40 }), fc.boolean()), { minLength: 1, maxLength: 4 }),
    }).map((r): GenCashEvent => {
      const o = outlets[r.outlet]!;
      const dirs = CASH_EVENT_DIRECTIONS[r.kind];
      const counts: Record<string, number> = {};
      for (const [d, n, second] of r.pieces) counts[cashCountColumn(CASH_DENOMINATIONS[d]!, dirs[second && dirs.length > 1 ? 1 : 0]!)] = n;
      // Test terminals: 'T' + outlet id + terminal (8 characters, the TID pattern), never the seed's.
      const tid = `T${String(o.branch_id ?? o.merchant_id).padStart(6, '0')}${r.terminal}`;
      const at = new Date(Date.parse(`${DAYS[r.day]}T00:00:00+08:00`) + r.second * 1000);
      return { sale: { ...o, id: 0, txn_ref_no: '', tid, mid: null, amount: '0', created_at: at }, kind: r.kind, at, linked: false, counts };
    });

  it('answers the report like a raw GROUP BY and the history like a filtered, sorted read, for generated events and random questions at every scope', async () => {
    expect(outlets.length).toBeGreaterThan(2);
    const ownerOrgs = () => orgs.filter((o) => outlets.some((x) => [x.master_merchant_id, x.agency_id, x.agent_id, x.merchant_id, x.branch_id].includes(o.id)));
    let rowsCompared = 0;
    let eventsWalked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb(), { maxLength: 25 }),
        fc.record({
          scope: fc.option(fc.constantFrom(...ownerOrgs()), { freq: 3 }),
          from: fc.nat({ max: DAYS.length - 1 }),
          span: fc.nat({ max: DAYS.length }),
          period: fc.constantFrom(...report.periods),
          group: fc.constantFrom(null, ...report.dimensions.map((d) => d.key)),
          tid: fc.option(fc.nat({ max: 20 }), { freq: 3 }),
          org: fc.option(fc.nat({ max: 50 }), { freq: 2 }),
          kinds: fc.option(fc.subarray([...CASH_EVENT_KINDS], { minLength: 1 }), { freq: 2 }),
          order: fc.constantFrom('asc' as const, 'desc' as const),
          size: fc.integer({ min: 1, max: 40 }),
        }),
        async (generated, q) => {
          await insertCashEvents((text, params) => db.query(text, params), generated);
          const org = q.scope;
          // An org filter inside the scope, among the organizations owning the test's outlets (others hold no events).
          const inside = ownerOrgs().filter((o) => o.path.startsWith(org?.path ?? '/') && o.level !== 'MASTER_MERCHANT');
          const SearchData: Record<string, unknown> = {
            DateFrom: `${DAYS[q.from]}T00:00:00+08:00`,
            DateTo: `${DAYS[Math.min(DAYS.length - 1, q.from + q.span)]}T23:59:59.999+08:00`,
          };
          if (q.tid !== null && generated.length) {
            const tids = (await db.query<{ tid: string }>(`SELECT DISTINCT tid FROM unattended_cash_events WHERE tid LIKE 'T%' ORDER BY tid`)).map((r) => r.tid);
            SearchData.TID = tids[q.tid % tids.length];
          }
          if (q.org !== null && inside.length) {
            const o = inside[q.org % inside.length]!;
            SearchData[{ AGENCY: 'AgencyId', AGENT: 'AgentId', MERCHANT_HQ: 'MerchantId', MERCHANT_BRANCH: 'BranchId', MASTER_MERCHANT: 'MasterMerchantId' }[o.level]] = o.id;
          }
          // The report against the oracle.
          const req: SummaryRequest = summarySchemas(report).summary.parse({ SearchData, Period: q.period, GroupBy: q.group });
          const got = await runSummary(db, report, scopeOf(org), req);
          const want = await unattendedOracle(db, report, req, org ? { column: SCOPE_COLUMN[org.level], id: org.id } : null, DAYS[q.from]!, DAYS[Math.min(DAYS.length - 1, q.from + q.span)]!);
          const measures = (r: Record<string, unknown>) => Object.fromEntries(report.measures.map((m) => [m.key, norm(m.kind, r[m.key])]));
          expect(measures(got.Totals)).toEqual(want.totals);
          expect(Object.fromEntries(got.Rows.map((r) => [rowKey(r.Period, r.Group, null), measures(r)]))).toEqual(Object.fromEntries(want.rows));
          rowsCompared += got.Rows.length;
          // The history: every keyset page walked equals the oracle's ids in (occurred_at, id) order.
          if (q.kinds) SearchData.EventKind = q.kinds;
          const conds = [`e.occurred_at >= $1::timestamptz`, `e.occurred_at <= $2::timestamptz`, `e.currency = 'MYR'`];
          const values: unknown[] = [SearchData.DateFrom, SearchData.DateTo];
          if (org) conds.push(`e.${SCOPE_COLUMN[org.level]} = ${org.id}`);
          if (typeof SearchData.TID === 'string') conds.push(`e.tid = '${SearchData.TID}'`);
          for (const [field, column] of [['MasterMerchantId', 'master_merchant_id'], ['AgencyId', 'agency_id'], ['AgentId', 'agent_id'], ['MerchantId', 'merchant_id'], ['BranchId', 'branch_id']] as const) {
            if (typeof SearchData[field] === 'number') conds.push(`e.${column} = ${Number(SearchData[field])}`);
          }
          if (q.kinds) {
            conds.push(`e.event_kind = ANY($3::text[])`);
            values.push(q.kinds);
          }
          const oracle = (await db.query<{ id: number }>(`SELECT id FROM unattended_cash_events e WHERE ${conds.join(' AND ')} ORDER BY occurred_at ${q.order}, id ${q.order}`, values)).map((r) => Number(r.id));
          const walked: number[] = [];
          let cursor: string | undefined;
          let total = -1;
          do {
            const page = await searchReport(db, history, scopeOf(org), reportSchemas(history).search.parse({ RowsPerPage: q.size, Cursor: cursor, SearchData: { ...SearchData, Currency: 'MYR' }, Sort: { Field: 'OccurredAt', Order: q.order } }));
            total = page.TotalRecords;
            walked.push(...page.Items.map((i) => Number(i.Id)));
            cursor = page.NextCursor ?? undefined;
          } while (cursor);
          expect(walked).toEqual(oracle);
          expect(total).toBe(oracle.length);
          eventsWalked += walked.length;
        },
      ),
      { numRuns: 25 },
    );
    console.log(`unattended cash on ${kind}: ${rowsCompared} report rows compared, ${eventsWalked} history rows walked`);
    expect(rowsCompared).toBeGreaterThan(0);
    expect(eventsWalked).toBeGreaterThan(0);
  }, 600_000);

  it("shows an agent its subtree only, and answers a foreign org, TID or event with nothing", async () => {
    const agent = await s.signIn('agent@paydesk.my');
    const profile = await agent.call('profile');
    const me = orgs.find((o) => o.id === profile.Current.CompanyId)!;
    const [mine] = await db.query<{ n: number; cash_in: string; first: Date | string; last: Date | string }>(
      `SELECT count(*)::int AS n, coalesce(sum(cash_in_amount), 0)::text AS cash_in, min(occurred_at) AS first, max(occurred_at) AS last FROM unattended_cash_events WHERE agent_id = $1`,
      [me.id],
    );
    expect(Number(mine!.n)).toBeGreaterThan(0);
    const list = await reportApi(agent, history).search({ RowsPerPage: 200, SearchData: { Currency: 'MYR' } });
    expect(list.TotalRecords).toBe(Math.min(Number(mine!.n), 10_000));
    const owners = await db.query<{ agent_id: number }>('SELECT DISTINCT agent_id FROM unattended_cash_events WHERE id = ANY($1::int8[])', [list.Items.map((i) => i.Id)]);
    expect(owners.map((o) => Number(o.agent_id))).toEqual([me.id]);
    // Every event, from the agent's first to its last (the generated fortnight of 2026 and the
    // seed's recent days, in whichever order the clock puts them; within the 1,100-day limit).
    const all = { DateFrom: new Date(mine!.first).toISOString(), DateTo: new Date(new Date(mine!.last).getTime() + 1).toISOString() };
    const summary = await summaryApi(agent, report).summary({ SearchData: all, Period: 'month', GroupBy: null });
    expect(summary.Totals.EventCount).toBe(Number(mine!.n));
    expect(Number(summary.Totals.CashIn)).toBe(Number(mine!.cash_in));
    // Another tenant's terminal, merchant and event.
    const [foreign] = await db.query<{ id: number; tid: string; merchant_id: number }>('SELECT id, tid, merchant_id FROM unattended_cash_events WHERE agent_id <> $1 ORDER BY id LIMIT 1', [me.id]);
    expect(foreign).toBeDefined();
    expect((await reportApi(agent, history).search({ SearchData: { TID: foreign!.tid } })).TotalRecords).toBe(0);
    expect((await summaryApi(agent, report).summary({ SearchData: { ...all, TID: foreign!.tid }, Period: 'month' })).Rows).toEqual([]);
    const refused = await errorOf(summaryApi(agent, report).summary({ SearchData: { ...all, MerchantId: Number(foreign!.merchant_id) }, Period: 'month' }));
    expect([refused.status, refused.message]).toEqual([400, expect.stringContaining('SearchData.MerchantId')]);
    expect((await errorOf(reportApi(agent, history).get(Number(foreign!.id)))).status).toBe(404);
    expect((await reportApi(await s.signIn('admin@paydesk.my'), history).get(Number(foreign!.id))).Id).toBe(Number(foreign!.id));
  });

  it('exports the history and the report with the figures the screens show', async () => {
    const admin = await s.signIn('admin@paydesk.my');
    const [busy] = await db.query<{ tid: string }>(`SELECT tid FROM unattended_cash_events WHERE tid NOT LIKE 'T%' GROUP BY tid ORDER BY count(*) DESC, tid LIMIT 1`);
    const SearchData = { TID: busy!.tid, Currency: 'MYR' };
    const page = await reportApi(admin, history).search({ RowsPerPage: 200, SearchData });
    const res = await reportApi(admin, history).export({ SearchData, Format: 'csv', Language: 'en' });
    expect(res.status).toBe(200);
    const [header = [], ...lines] = parse((await res.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(lines.length).toBe(page.TotalRecords);
    const at = (key: string) => header.indexOf(REPORT_LABELS.en[key]!);
    for (const d of CASH_DENOMINATIONS) for (const dir of ['in', 'out'] as const) expect(at(`cash.${cashCountKey(d, dir)}`), cashCountKey(d, dir)).toBeGreaterThanOrEqual(0);
    const rows = await db.query<Record<string, string | number>>(`SELECT id, cash_in_amount::text AS cash_in, net_amount::text AS net, ${COUNT_COLUMNS.join(', ')} FROM unattended_cash_events WHERE tid = $1`, [busy!.tid]);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    for (const line of lines) {
      const row = byId.get(line[at('cash.eventId')]!.replace(/\D/g, ''))!;
      expect(row).toBeDefined();
      expect(Number(line[at('cash.cashIn')]!.replace(/[^\d.-]/g, ''))).toBe(Number(row.cash_in));
      expect(Number(line[at('cash.net')]!.replace(/[^\d.-]/g, ''))).toBe(Number(row.net));
      for (const d of CASH_DENOMINATIONS) expect(Number(line[at(`cash.${cashCountKey(d, 'in')}`)]!.replace(/\D/g, '') || 0)).toBe(Number(row[cashCountColumn(d, 'in')]));
    }
    // The seeded events are recent: the last 120 days by month hold them all.
    const recent = { Period: 'month' as const, SearchData: { DateFrom: new Date(Date.now() - 120 * 86_400_000).toISOString(), DateTo: new Date().toISOString(), TID: busy!.tid } };
    const answer = await summaryApi(admin, report).summary(recent);
    expect(answer.Totals.EventCount).toBe(page.TotalRecords);
    const file = await summaryApi(admin, report).export({ ...recent, Format: 'csv', Language: 'zh' });
    const [head = [], ...body2] = parse((await file.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(head).toContain(REPORT_LABELS.zh['cash.Note100In']);
    expect(body2.length).toBe(answer.Rows.length + 1);
    expect(Number(body2.at(-1)![head.indexOf(REPORT_LABELS.zh['cash.eventCount']!)]!.replace(/\D/g, ''))).toBe(page.TotalRecords);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const admin = await s.signIn('admin@paydesk.my');
    // Thunks, not promises: a call made before its turn rejects unobserved.
    const cases: [() => Promise<unknown>, string][] = [
      [() => reportApi(admin, history).search({ SearchData: { TID: 'no!' } }), 'SearchData.TID'],
      [() => reportApi(admin, history).search({ SearchData: { EventKind: ['SPILL'] } }), 'SearchData.EventKind'],
      [() => reportApi(admin, history).search({ SearchData: { DateFrom: '2026-03-05T00:00:00+08:00', DateTo: '2026-03-01T00:00:00+08:00' } }), 'SearchData.DateFrom'],
      [() => summaryApi(admin, report).summary({ SearchData: { DateFrom: '2026-03-05T00:00:00+08:00', DateTo: '2026-03-01T00:00:00+08:00' } }), 'SearchData.DateFrom'],
      [() => summaryApi(admin, report).summary({ SearchData: { DateFrom: '2026-03-01T00:00:00+08:00', DateTo: '2026-03-05T00:00:00+08:00', TID: 'x' } }), 'SearchData.TID'],
      [() => summaryApi(admin, report).summary({ SearchData: { DateFrom: '2026-03-01T00:00:00+08:00', DateTo: '2026-03-05T00:00:00+08:00' }, GroupBy: 'Merchant' }), 'GroupBy'],
    ];
    for (const [call, field] of cases) {
      const e = await errorOf(call());
      expect([e.status, e.message], field).toEqual([400, expect.stringContaining(field)]);
    }
  });
});
