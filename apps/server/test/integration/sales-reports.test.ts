/**
 * The sales reports, every declared summary report from its declaration:
 * - for random filters, periods, dimensions and scopes (platform, master merchant, agency,
 *   merchant HQ), every row and the totals equal the raw aggregate (sales-oracle.ts);
 * - each demo user's Summary answer over the API equals the oracle for its own subtree, and an org
 *   filter outside the subtree is VAL400 naming the field;
 * - the export holds the Summary rows and a totals line under translated headers, and every cell,
 *   read back from CSV and XLSX for each period, is typed (export-cell-check.ts);
 * - drillDown: for random rows, the drilled live list's TotalRecords equals the row's TxnCount
 *   whenever drillDown says `exact`; every sales report has exact rows once the summaries count
 *   sale rows only (part A), before that the service types whose every row is a sale.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  drillDown,
  LIST_REPORTS,
  reportApi,
  REPORT_LABELS,
  SUMMARY_REPORTS,
  summaryApi,
  summarySchemas,
  type ReportDimension,
  type SummaryReportDef,
  type SummaryRequest,
  type SummaryResponse,
} from '@paydesk/contract';
import type { GroupType, OrgLevel } from '@paydesk/domain';
import type { Database } from '../../src/db/client.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { runSummary } from '../../src/reports/summary-executor.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';
import { csvCellProblem, xlsxCellProblem, type CheckedColumn } from '../export-cell-check.ts';
import { norm, rowKey, salesOracle, settlementOracle, unattendedOracle, type OracleAnswer, type OracleScope } from './sales-oracle.ts';

const SCOPE_COLUMN: Record<OrgLevel, string> = {
  MASTER_MERCHANT: 'master_merchant_id', AGENCY: 'agency_id', AGENT: 'agent_id', MERCHANT_HQ: 'merchant_id', MERCHANT_BRANCH: 'branch_id',
};
const ORG_FIELD: Record<OrgLevel, string> = { MASTER_MERCHANT: 'MasterMerchantId', AGENCY: 'AgencyId', AGENT: 'AgentId', MERCHANT_HQ: 'MerchantId', MERCHANT_BRANCH: 'BranchId' };

interface Org {
  id: number;
  level: OrgLevel;
  path: string;
}

/** A scope as the auth guard builds it (only the fields the engine reads matter). */
const scopeOf = (org: Org | null): Scope => ({
  userId: 1, email: 'x@paydesk.my', sessionId: 's', membershipId: 1,
  groupType: (org ? org.level : 'SUPERADMIN') as GroupType,
  orgId: org?.id ?? null, orgLevel: org?.level ?? null, orgPath: org?.path ?? null, permissions: new Set(),
});
const oracleScope = (org: Org | null): OracleScope => (org ? { column: SCOPE_COLUMN[org.level], id: org.id } : null);
const mytDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

/** The engine's answer as the oracle's shape. */
function answerOf(def: SummaryReportDef, a: SummaryResponse): OracleAnswer {
  const measures = (r: Record<string, unknown>) => Object.fromEntries(def.measures.map((m) => [m.key, norm(m.kind, r[m.key])]));
  return { rows: new Map(a.Rows.map((r) => [rowKey(r.Period, r.Group, def.split ? r[def.split.key] : null), measures(r)])), totals: measures(a.Totals) };
}

/** The oracle of each summary source. */
const ORACLES = { sales_summary: salesOracle, terminal_settlement: settlementOracle, unattended_cash: unattendedOracle } as const;
const oracleOf = (db: Database, def: SummaryReportDef, req: SummaryRequest, org: Org | null) =>
  ORACLES[def.source as keyof typeof ORACLES](db, def, req, oracleScope(org), mytDay(req.SearchData.DateFrom), mytDay(req.SearchData.DateTo));

describe.each(DATABASES)('sales reports on %s', (kind) => {
  let s: TestServer;
  let db: Database;
  let orgs: Org[];
  let days: string[];
  /** Per scope level, organizations with sales (the platform is null). */
  let scopes: (Org | null)[];
  const values: Record<string, (string | number)[]> = {};

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2500 });
    db = s.database;
    // Finished refunds on later days, so the refund measures are exercised (through the triggers).
    await db.query(
      `UPDATE refund_requests SET status = 'REFUNDED', updated_at = created_at + make_interval(hours => id * 7 % 200), refunded_at = created_at + make_interval(hours => id * 7 % 200)
       WHERE refunded_at IS NULL AND id % 2 = 0`,
    );
    orgs = (await db.query<{ id: number; level: OrgLevel; path: string }>(`SELECT id, level, path FROM organizations ORDER BY id`)).map((o) => ({ id: Number(o.id), level: o.level, path: o.path }));
    const [range] = await db.query<{ a: string; b: string }>(
      `SELECT to_char(min(created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date - 2, 'YYYY-MM-DD') AS a, to_char(max(updated_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date + 2, 'YYYY-MM-DD') AS b FROM transactions`,
    );
    days = [];
    for (let d = new Date(`${range!.a}T00:00:00Z`); d.toISOString().slice(0, 10) <= range!.b; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
    scopes = [null];
    for (const level of ['MASTER_MERCHANT', 'AGENCY', 'MERCHANT_HQ'] as const) {
      const top = await db.query<{ id: number }>(`SELECT ${SCOPE_COLUMN[level]} AS id FROM transactions GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3`);
      scopes.push(...top.map((r) => orgs.find((o) => o.id === Number(r.id))!));
    }
    for (const [key, sql] of [
      ['PaymentMethod', 'SELECT DISTINCT payment_method AS v FROM transactions WHERE payment_method IS NOT NULL'],
      ['CardScheme', 'SELECT DISTINCT card_scheme AS v FROM transactions WHERE card_scheme IS NOT NULL'],
      ['CardType', 'SELECT DISTINCT card_type AS v FROM terminal_settlement_batch_lines'],
      ['Currency', 'SELECT DISTINCT currency AS v FROM transactions'],
    ] as const) values[key] = (await db.query<{ v: string }>(sql)).map((r) => r.v).sort();
    values.Status = ['PENDING', 'SUCCESS', 'FAILED', 'VOID'];
    values.ServiceType = [1, 2, 3, 4, 5, 6];
  }, 300_000);
  afterAll(async () => s?.close());

  /** A random Summary request for `def` within `scope`: a range (≤ 120 days), period, GroupBy, filters, an org filter inside the scope. */
  const request = (def: SummaryReportDef, scope: Org | null) => {
    const sometimes = <T,>(a: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: a, weight: 1 });
    const enumKeys = def.filters.flatMap((f) => (f.kind === 'enum' ? [f.key] : []));
    const inside = orgs.filter((o) => o.path.startsWith(scope?.path ?? '/'));
    return fc.record({
      start: fc.integer({ min: 0, max: days.length - 1 }),
      span: fc.integer({ min: 0, max: 120 }),
      period: fc.constantFrom(...def.periods),
      groupBy: fc.constantFrom(null, ...def.dimensions.map((d) => d.key)),
      enums: fc.record(Object.fromEntries(enumKeys.map((k) => [k, sometimes(fc.subarray(values[k] ?? [], { minLength: 1 }))]))),
      org: sometimes(fc.constantFrom(...inside)),
      currency: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.constantFrom(...values.Currency!), weight: 1 }),
    }).map((r): SummaryRequest => {
      const from = days[r.start]!;
      const to = days[Math.min(days.length - 1, r.start + r.span)]!;
      const SearchData: Record<string, unknown> = { DateFrom: `${from}T00:00:00+08:00`, DateTo: `${to}T23:59:59+08:00` };
      for (const [k, v] of Object.entries(r.enums)) if (v) SearchData[k] = v;
      if (r.org) SearchData[ORG_FIELD[r.org.level]] = r.org.id;
      if (r.currency) SearchData.Currency = r.currency;
      return summarySchemas(def).summary.parse({ SearchData, Period: r.period, GroupBy: r.groupBy });
    });
  };

  it.each(SUMMARY_REPORTS.map((d) => [d.name, d] as const))('%s: every row and the totals equal the raw aggregate, for random filters, periods, dimensions and scopes', async (_n, def) => {
    let rows = 0;
    const same = async (scope: Org | null, req: SummaryRequest) => {
      const got = answerOf(def, await runSummary(db, def, scopeOf(scope), req));
      const want = await oracleOf(db, def, req, scope);
      expect(got.totals).toEqual(want.totals);
      expect(Object.fromEntries(got.rows)).toEqual(Object.fromEntries(want.rows));
      rows += got.rows.size;
    };
    // The whole seeded range by month at the platform (never empty), then random questions.
    await same(null, summarySchemas(def).summary.parse({ SearchData: { DateFrom: `${days[Math.max(0, days.length - 366)]}T00:00:00+08:00`, DateTo: `${days[days.length - 1]}T00:00:00+08:00` }, Period: 'month' }));
    expect(rows).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...scopes).chain((scope) => request(def, scope).map((req) => ({ scope, req }))), async ({ scope, req }) => same(scope, req)),
      { numRuns: 12 },
    );
  }, 300_000);

  it("answers each demo user's subtree over the API, and refuses an org filter outside it", async () => {
    const [foreign] = await db.query<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MERCHANT_HQ' ORDER BY id DESC LIMIT 1`);
    let checked = 0;
    for (const email of ['admin@paydesk.my', 'mm@paydesk.my', 'agency@paydesk.my', 'merchant@paydesk.my']) {
      const client = await s.signIn(email);
      const profile = await client.call('profile');
      const org = orgs.find((o) => o.id === profile.Current.CompanyId) ?? null;
      for (const def of SUMMARY_REPORTS) {
        if (!profile.Permissions.includes(def.permission)) continue;
        const body = { SearchData: { DateFrom: `${days[0]}T00:00:00+08:00`, DateTo: `${days[Math.min(days.length - 1, 360)]}T00:00:00+08:00` }, Period: 'month' as const };
        const answer = await summaryApi(client, def).summary(body);
        const want = await oracleOf(db, def, summarySchemas(def).summary.parse(body), org);
        expect(answerOf(def, answer).totals, `${def.name} as ${email}`).toEqual(want.totals);
        if (org && !orgs.find((o) => o.id === Number(foreign!.id))!.path.startsWith(org.path)) {
          const e = await errorOf(summaryApi(client, def).summary({ ...body, SearchData: { ...body.SearchData, MerchantId: Number(foreign!.id) } }));
          expect(e.status).toBe(400);
          expect(e.message).toContain('SearchData.MerchantId');
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(SUMMARY_REPORTS.length);
  }, 300_000);

  it.each(SUMMARY_REPORTS.map((d) => [d.name, d] as const))('%s: exports the rows and a totals line under translated headers, every cell typed (CSV and XLSX, each period)', async (_n, def) => {
    const admin = await s.signIn('admin@paydesk.my');
    const problems: string[] = [];
    for (const Period of def.periods) {
      const body = { SearchData: { DateFrom: `${days[0]}T00:00:00+08:00`, DateTo: `${days[days.length - 1]}T00:00:00+08:00` }, Period, GroupBy: def.dimensions[0]!.key };
      const answer = await summaryApi(admin, def).summary(body);
      const res = await summaryApi(admin, def).export({ ...body, Format: 'csv', Language: 'ms' });
      expect(res.status).toBe(200);
      const lines = parse((await res.text()).replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
      const header = lines[0]!;
      expect(header[0]).toBe(`${REPORT_LABELS.ms['sales.period']} (MYT)`);
      expect(header).toContain(REPORT_LABELS.ms[def.dimensions[0]!.labelKey]);
      for (const m of def.measures) expect(header).toContain(REPORT_LABELS.ms[m.labelKey]);
      expect(lines.length).toBe(1 + answer.Rows.length + 1);
      const last = lines[lines.length - 1]!;
      expect(last[0]).toBe(REPORT_LABELS.ms['sales.total']);
      const first = def.measures[0]!;
      expect(Number(last[header.indexOf(REPORT_LABELS.ms[first.labelKey]!)])).toBe(Number(answer.Totals[first.key]));
      // The period as the screen writes it: its first day DD-MM-YYYY, a month MM-YYYY.
      answer.Rows.forEach((r, i) => expect(lines[i + 1]![0]).toBe(Period === 'month' ? `${r.Period.slice(5, 7)}-${r.Period.slice(0, 4)}` : `${r.Period.slice(8, 10)}-${r.Period.slice(5, 7)}-${r.Period.slice(0, 4)}`));

      const dimension = (d: ReportDimension): CheckedColumn => ({ key: d.key, kind: d.kind === 'enum' ? 'enum' : 'text', enumKey: d.enumKey ?? d.key, names: d.kind === 'org' });
      const columns: CheckedColumn[] = [
        { key: 'Period', kind: Period === 'month' ? 'month' : 'date' },
        dimension(def.dimensions[0]!),
        ...(def.split ? [dimension(def.split)] : []),
        ...def.measures.map((m) => ({ key: m.key, kind: m.kind })),
      ];
      lines.slice(1, -1).forEach((line, r) => columns.forEach((c, i) => {
        const p = csvCellProblem(c, line[i]!, 'ms');
        if (p) problems.push(`${Period} csv row ${r + 1} ${c.key}: ${p}`);
      }));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await (await summaryApi(admin, def).export({ ...body, Format: 'xlsx', Language: 'en' })).arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      expect(sheet.rowCount).toBe(answer.Rows.length + 2);
      sheet.eachRow((row, n) => {
        if (n === 1 || n === sheet.rowCount) return;
        columns.forEach((c, i) => {
          const p = xlsxCellProblem(c, row.getCell(i + 1), 'en');
          if (p) problems.push(`${Period} xlsx row ${n - 1} ${c.key}: ${p}`);
        });
      });
    }
    expect(problems.slice(0, 10)).toEqual([]);
  }, 300_000);

  it('drills a summary row down to a live list holding exactly its counted rows', async () => {
    const admin = await s.signIn('admin@paydesk.my');
    const checked: Record<string, number> = {};
    for (const def of SUMMARY_REPORTS) {
      checked[def.name] = 0;
      // The row's count the list's TotalRecords must equal: transactions, or settlement batches.
      const count = def.measures.find((m) => m.kind === 'count')!.key;
      const check = async (req: SummaryRequest, answer: SummaryResponse, pick: number) => {
        if (!answer.Rows.length) return;
        const row = answer.Rows[pick % answer.Rows.length]!;
        const drill = drillDown(def, req, row, answer.Currency);
        if (!drill.exact) return;
        const list = await reportApi(admin, drill.report!).search({ RowsPerPage: 1, SearchData: drill.searchData } as never);
        expect(list.TotalRecords, `${def.name} ${JSON.stringify(row)} → ${drill.path} ${JSON.stringify(drill.searchData)}`).toBe(row[count]);
        checked[def.name]!++;
      };
      // The screen's opening question (the last year by month, the default grouping): its first rows.
      const opening = summarySchemas(def).summary.parse({
        SearchData: { DateFrom: `${days[Math.max(0, days.length - 300)]}T00:00:00+08:00`, DateTo: `${days[days.length - 1]}T00:00:00+08:00` },
        Period: 'month',
      });
      const first = await runSummary(db, def, scopeOf(null), opening);
      for (let i = 0; i < Math.min(6, first.Rows.length); i++) await check(opening, first, i);
      // And random questions, one random row each.
      await fc.assert(
        fc.asyncProperty(request(def, null), fc.nat(), async (req, pick) => check(req, await runSummary(db, def, scopeOf(null), req), pick)),
        { numRuns: 15 },
      );
    }
    console.log(`drill-down on ${kind}: exact rows checked per report ${JSON.stringify(checked)}`);
    // Every report whose live list is declared drills some rows exactly.
    const covered = Object.entries(checked).filter(([, n]) => n > 0).map(([name]) => name);
    expect(covered.length).toBeGreaterThan(0);
    const listed = (d: SummaryReportDef) => typeof d.drillTo !== 'string' || LIST_REPORTS.some((l) => l.path === d.drillTo);
    for (const def of SUMMARY_REPORTS.filter(listed)) expect(covered, def.name).toContain(def.name);
  }, 600_000);
});
