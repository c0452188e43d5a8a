/**
 * The report benchmark on PostgreSQL at production scale:
 *
 *   DATABASE_URL=postgres://… node --expose-gc --import tsx bench/reports.bench.ts [-n 10000000] [-r 20]
 *     [--only seed,lists,sales,keyset,dashboard,export] [--reports /path,/path]
 *
 * Seeds `-n` demo transactions (default 10,000,000, bulk path) when the database has none and
 * prints the seed's rows/s (goal ≥ 20,000). Then, each new path timed beside its baseline in the
 * same process, interleaved (bench/lib.ts `compare`), p50/p95 in ms and the ratio:
 *  - lists: the first page of every declared list report (the engine's searchReport: 21-row
 *    keyset page + count capped at 10,001) at SUPERADMIN, the busiest master merchant's and the
 *    busiest merchant HQ's scope, beside the design it replaced (the same page + an exact
 *    count(*) of the filtered set). Goal p95 ≤ 50 ms.
 *  - sales: the first answer of every summary report (its declared period and grouping over the
 *    last 30 days, as the page first asks), and the same over the last day and by month over the
 *    last year, ending on the newest whole MYT day (the day before the newest transaction's: run
 *    at 3 a.m. MYT, "1 day" of the newest day was 3 hours of data, a raw read of 2 ms), through
 *    the engine's runSummary at the same three scopes, beside the plain GROUP BYs over the raw
 *    tables that the sales report tests use as their oracle (test/integration/sales-oracle.ts).
 *    The baseline runs 3 times (it takes up to seconds; the engine side runs -r times). Goal p95 ≤ 50 ms and ≥ 40×.
 *  - keyset: a page at depth 5,000,000 of /transaction/ecommerce (platform, newest first) through
 *    the engine's cursor, beside `OFFSET 5000000`. Goal ≤ 20 ms.
 *  - dashboard: bench/dashboard.bench.ts in a child process (summary reads at the three scopes over
 *    1 day, 30 days and 1 year beside the raw GROUP BY; goal p95 ≤ 50 ms and ≥ 40×).
 *  - export: bench/export.bench.ts in a child process per format (CSV, then XLSX, of the
 *    e-commerce view through the engine beside `COPY … TO STDOUT`, rows/s and peak RSS; goals CSV ≥ 40 % of COPY, XLSX ≥
 *    100,000 rows/s, RSS ≤ 300 MB).
 * Numbers only, no assertions. Without DATABASE_URL it says so and exits 0.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { LIST_REPORTS, SUMMARY_REPORTS, addDays, ecommerceTransactions, reportRowColumns, type ListReportDef, type ReportSearchRequest, type SummaryReportDef } from '@paydesk/contract';
import { openDatabase } from '../apps/server/src/db/client.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';
import { pageQuery, run, searchReport } from '../apps/server/src/reports/executor.ts';
import { encodeCursor, fromClause, reportConditions, whereClause } from '../apps/server/src/reports/query.ts';
import { col, sourceOf } from '../apps/server/src/reports/sources.ts';
import { runSummary } from '../apps/server/src/reports/summary-executor.ts';
import { salesOracle, settlementOracle, type OracleScope } from '../apps/server/test/integration/sales-oracle.ts';
import { benchScope, busiestScope, compare, seedWhenEmpty } from './lib.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', short: 'n' }, runs: { type: 'string', short: 'r' }, only: { type: 'string' }, reports: { type: 'string' } } });
const url = process.env.DATABASE_URL;
if (!url) {
  console.log('reports.bench: set DATABASE_URL to a PostgreSQL database to run it (skipped)');
  process.exit(0);
}
const RUNS = Number(values.runs ?? 20);
const only = new Set((values.only ?? 'seed,lists,sales,keyset,dashboard,export').split(','));
/** --reports: only these report paths in the lists and sales sections (default every report). */
const picked = values.reports ? new Set(values.reports.split(',')) : null;
const wanted = (def: { path: string }) => !picked || picked.has(def.path);
const database = await openDatabase(url);
const seededMs = await seedWhenEmpty(database, Number((values.transactions ?? '10000000').replace(/_/g, '')));
if (seededMs === null && only.has('seed')) console.log('seed: the database already holds transactions (drop it to measure seeding)');
const [{ n: total } = { n: 0 }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
console.log(`${Number(total).toLocaleString('en-US')} transactions; ${RUNS} runs each\n`);

const scopes: { label: string; scope: Scope; oracle: OracleScope }[] = [];
scopes.push({ label: 'SUPERADMIN', scope: benchScope(null, null, null), oracle: null });
const mm = await busiestScope(database, 'MASTER_MERCHANT', 'master_merchant_id');
scopes.push({ label: 'master merchant', scope: mm, oracle: { column: 'master_merchant_id', id: mm.orgId! } });
const hq = await busiestScope(database, 'MERCHANT_HQ', 'merchant_id');
scopes.push({ label: 'merchant HQ', scope: hq, oracle: { column: 'merchant_id', id: hq.orgId! } });

/** The first-page request of a report as the web sends it (default sort, 20 rows, no filter). */
const firstPage = (def: ListReportDef): ReportSearchRequest => ({ RowsPerPage: 20, SearchData: {}, Sort: { Field: def.defaultSort.key, Order: def.defaultSort.order } });

/** The replaced design: the same page plus an exact count(*) of the whole filtered set. */
async function pageWithExactCount(def: ListReportDef, scope: Scope): Promise<void> {
  const req = firstPage(def);
  const conds = reportConditions(def, scope, req.SearchData);
  await run(database, pageQuery(def, reportRowColumns(def), conds, req.Sort, req.RowsPerPage + 1));
  await run(database, sql`SELECT count(*)::int AS n ${fromClause(sourceOf(def), [])} ${whereClause(conds)}`);
}

if (only.has('lists')) {
  console.log('List reports, first page (engine: keyset page + count capped at 10,001 | base: page + exact count):');
  const worst = { p95: 0, label: '' };
  for (const def of LIST_REPORTS.filter(wanted)) {
    for (const s of scopes) {
      const r = await compare(`${def.path} ${s.label}`, () => searchReport(database, def, s.scope, firstPage(def)), () => pageWithExactCount(def, s.scope), RUNS);
      if (r.a.p95 > worst.p95) Object.assign(worst, { p95: r.a.p95, label: `${def.path} ${s.label}` });
    }
  }
  console.log(`  worst first-page p95: ${worst.p95.toFixed(1)} ms (${worst.label}); goal ≤ 50 ms\n`);
}

if (only.has('sales')) {
  const [{ last } = { last: '' }] = await database.query<{ last: string }>(`SELECT to_char((max(created_at) AT TIME ZONE 'Asia/Kuala_Lumpur')::date - 1, 'YYYY-MM-DD') AS last FROM transactions`);
  // 30 days with the declared period and grouping is the page's first answer (the web's default range).
  const windows = [
    { label: '1 day', from: last, period: (d: SummaryReportDef) => d.defaultPeriod },
    { label: '30 days', from: addDays(last, -29), period: (d: SummaryReportDef) => d.defaultPeriod },
    { label: '1 year', from: addDays(last, -364), period: () => 'month' as const },
  ];
  console.log(`Sales reports, first answer (engine runSummary | base: GROUP BY over the raw tables), ending ${last}:`);
  const worst = { p95: 0, ratio: Infinity, label: '', ratioLabel: '' };
  for (const def of SUMMARY_REPORTS.filter(wanted)) {
    for (const s of scopes) {
      for (const w of windows) {
        const req = { SearchData: { DateFrom: `${w.from}T00:00:00+08:00`, DateTo: `${last}T23:59:59+08:00` }, Period: w.period(def), GroupBy: def.defaultGroupBy };
        const oracle = def.source === 'terminal_settlement' ? settlementOracle : salesOracle;
        const label = `${def.path} ${s.label} ${w.label}`;
        // A question whose answer would pass SUMMARY_MAX_ROWS is refused (VAL400): the page asks the user to narrow it.
        const refused = await runSummary(database, def, s.scope, req).then(() => null, (e: unknown) => (e as { code?: string }).code === 'VAL400' ? (e as Error).message : Promise.reject(e));
        if (refused) {
          console.log(`  ${label.padEnd(52)} refused (VAL400): ${refused}`);
          continue;
        }
        const r = await compare(label, () => runSummary(database, def, s.scope, req), () => oracle(database, def, req, s.oracle, w.from, last), RUNS, 3);
        if (r.a.p95 > worst.p95) Object.assign(worst, { p95: r.a.p95, label });
        if (r.baseline.p95 / r.a.p95 < worst.ratio) Object.assign(worst, { ratio: r.baseline.p95 / r.a.p95, ratioLabel: label });
      }
    }
  }
  console.log(`  worst p95: ${worst.p95.toFixed(1)} ms (${worst.label}); lowest p95 ratio ${worst.ratio.toFixed(1)}x (${worst.ratioLabel}); goals ≤ 50 ms, ≥ 40x\n`);
}

if (only.has('keyset')) {
  const def = ecommerceTransactions;
  const src = sourceOf(def);
  const platform = scopes[0]!.scope;
  const conds = reportConditions(def, platform, {});
  const [{ n } = { n: 0 }] = await run<{ n: number }>(database, sql`SELECT count(*)::int AS n ${fromClause(src, [])} ${whereClause(conds)}`);
  const depth = Math.min(5_000_000, Math.max(0, Number(n) - 21));
  // The row just before the page at `depth`, found once (slowly) to make the cursor a user would hold after paging there.
  const [anchor] = await run<{ at: string; id: number }>(
    database,
    sql`SELECT to_char(${col(src, 'created_at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, ${col(src, 'id')} AS id ${fromClause(src, [])} ${whereClause(conds)}
        ORDER BY ${col(src, 'created_at')} DESC, ${col(src, 'id')} DESC OFFSET ${Math.max(0, depth - 1)} LIMIT 1`,
  );
  if (anchor) {
    const sort = { Field: 'CreatedAt', Order: 'desc' as const };
    const cursor = encodeCursor(sort, anchor.at, Number(anchor.id));
    console.log(`Keyset page at depth ${depth.toLocaleString('en-US')} of ${Number(n).toLocaleString('en-US')} e-commerce rows (platform):`);
    const r = await compare(
      'engine cursor page vs OFFSET',
      () => searchReport(database, def, platform, { RowsPerPage: 20, SearchData: {}, Sort: sort, Cursor: cursor }),
      () => run(database, sql`${pageQuery(def, reportRowColumns(def), conds, sort)} OFFSET ${depth} LIMIT 21`),
      Math.min(RUNS, 5),
    );
    console.log(`  keyset p95 ${r.a.p95.toFixed(1)} ms; goal ≤ 20 ms\n`);
  }
}
await database.close();

/** Runs another bench script on the same database, its output inline. */
function step(script: string, args: string[]): void {
  console.log(`--- ${script} ${args.join(' ')}`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, ...args], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) console.log(`${script} ended with status ${r.status}`);
}
if (only.has('dashboard')) step('bench/dashboard.bench.ts', ['-r', String(RUNS)]);
// One process per format: each peak RSS is that export's own (an XLSX run after the CSV one in
// the same process started from the RSS the CSV run left, 185 MB at 10 M).
if (only.has('export')) for (const format of ['engine-csv', 'engine-xlsx']) step('bench/export.bench.ts', ['-n', String(Math.min(1_000_000, Number(total))), '--only', format]);
