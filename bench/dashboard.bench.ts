/**
 * Dashboard and summary benchmark on PostgreSQL:
 * `DATABASE_URL=postgres://… node --import tsx bench/dashboard.bench.ts [-n 1000000] [-r 20]`.
 * Seeds `-n` demo transactions when the database has none (an existing dataset is used as is).
 * At SUPERADMIN, master-merchant and merchant-HQ scope (the busiest organization of each level)
 * it times, interleaved in the same process, p50 and p95 in ms of:
 *  - the summary read (readSummary by service type, method and status, MYR) over 1 day, 30 days
 *    and 1 year ending on the newest transaction's MYT day, beside the same GROUP BY over raw
 *    transactions (baseline);
 *  - the whole dashboard (getDashboardSummary: summary, pending refunds, latest 10) beside the raw
 *    GROUP BY of its 30-day window;
 *  - "latest 10": one LIMIT 10 read per service type merged, beside the single ORDER BY … LIMIT 10;
 * and prints each ratio (baseline / new). Numbers only, no assertions. Without DATABASE_URL it
 * says so and exits 0 (npm run bench runs every bench).
 */
import { parseArgs } from 'node:util';
import { SERVICE_TYPE_CODES } from '@paydesk/domain';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { getDashboardSummary } from '../apps/server/src/modules/dashboard/get-summary.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';
import { readSummary } from '../apps/server/src/summaries/query.ts';
import { benchScope, busiestScope, compare as compareTimed, seedWhenEmpty } from './lib.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', short: 'n' }, runs: { type: 'string', short: 'r' } } });
const url = process.env.DATABASE_URL;
if (!url) {
  console.log('dashboard.bench: set DATABASE_URL to a PostgreSQL database to run it (skipped)');
  process.exit(0);
}
const RUNS = Number(values.runs ?? 20);
const database = await openDatabase(url);
await seedWhenEmpty(database, Number(values.transactions ?? 1_000_000));
const [{ n: total } = { n: 0 }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
const [{ last } = { last: '' }] = await database.query<{ last: string }>(`SELECT max(created_at)::text AS last FROM transactions`);
const now = new Date(last);
const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const counts = await database.query<{ t: string; n: string }>(
  `SELECT 'sales_summary_daily' AS t, count(*)::text AS n FROM sales_summary_daily UNION ALL SELECT 'sales_summary_monthly', count(*)::text FROM sales_summary_monthly
   UNION ALL SELECT 'refund_summary_daily', count(*)::text FROM refund_summary_daily`,
);
console.log(`${total} transactions, newest on MYT day ${today}; ${counts.map((c) => `${c.t} ${c.n} rows`).join(', ')}; ${RUNS} runs each`);

const SCOPES: { label: string; scope: Scope; where: string }[] = [];
SCOPES.push({ label: 'SUPERADMIN', scope: benchScope(null, null, null), where: 'true' });
const mm = await busiestScope(database, 'MASTER_MERCHANT', 'master_merchant_id');
SCOPES.push({ label: `master merchant ${mm.orgId}`, scope: mm, where: `master_merchant_id = ${mm.orgId}` });
const hq = await busiestScope(database, 'MERCHANT_HQ', 'merchant_id');
SCOPES.push({ label: `merchant HQ ${hq.orgId}`, scope: hq, where: `merchant_id = ${hq.orgId}` });
const compare = (label: string, a: () => Promise<unknown>, baseline: () => Promise<unknown>) => compareTimed(label, a, baseline, RUNS);

const rawGroupBy = (db: Database, where: string, from: string) =>
  db.query(
    `SELECT service_type, payment_method, status, count(*), sum(amount) FROM transactions
     WHERE ${where} AND currency = 'MYR' AND created_at >= ($1::date::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')
       AND created_at < (($2::date + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') GROUP BY 1, 2, 3`,
    [from, today],
  );

for (const s of SCOPES) {
  console.log(s.label);
  for (const [label, days] of [['1 day', 0], ['30 days', 29], ['1 year', 364]] as const) {
    const from = daysBefore(days);
    await compare(
      `summary read, ${label}`,
      () => readSummary(database, s.scope, { from, to: today, currency: 'MYR', groupBy: ['serviceType', 'paymentMethod', 'status'] }),
      () => rawGroupBy(database, s.where, from),
    );
  }
  await compare('whole dashboard (30-day window)', () => getDashboardSummary(database, s.scope, 'MYR', now), () => rawGroupBy(database, s.where, daysBefore(29)));
  const st = SERVICE_TYPE_CODES.join(', ');
  await compare(
    'latest 10: per service type vs one ORDER BY',
    () =>
      database.query(
        `SELECT x.id FROM unnest(ARRAY[${st}]::int2[]) AS st(code) CROSS JOIN LATERAL (
           SELECT id, created_at FROM transactions WHERE ${s.where} AND service_type = st.code AND currency = 'MYR' ORDER BY created_at DESC, id DESC LIMIT 10) x
         ORDER BY x.created_at DESC, x.id DESC LIMIT 10`,
      ),
    () => database.query(`SELECT id FROM transactions WHERE ${s.where} AND currency = 'MYR' ORDER BY created_at DESC, id DESC LIMIT 10`),
  );
}
await database.close();
