/**
 * Transaction list and dashboard benchmark: `node --import tsx bench/transactions.bench.ts [-n N]`
 * (default 200,000 transactions, the `npm start` dataset). On one in-memory PGlite it times, in
 * the same process:
 *  - the 200th page of 50 rows by keyset cursor (what the API does) against OFFSET 9,950 (baseline);
 *  - the dashboard's month-to-date figures from sales_summary_daily (platform level 0) against the same aggregate
 *    over raw transactions (baseline);
 * and prints each ratio. Numbers only, no assertions.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', short: 'n' } } });
const n = Number(values.transactions ?? 200_000);
const database = await openDatabase('memory://');
await seedDemo(database, { transactions: n, seed: 1, password: 'bench-password' });

async function time(label: string, runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  const ms = (performance.now() - t0) / runs;
  console.log(`  ${label.padEnd(58)} ${ms.toFixed(2)} ms`);
  return ms;
}

const PAGE = 50;
const DEPTH = 199;
console.log(`${n} transactions; page ${DEPTH + 1} of ${PAGE} rows, service type 1, newest first`);
const [cut] = await database.query<{ created_at: string; id: number }>(
  `SELECT created_at::text, id::int FROM transactions WHERE service_type = 1 ORDER BY created_at DESC, id DESC OFFSET ${DEPTH * PAGE - 1} LIMIT 1`,
);
const keyset = await time('keyset (created_at, id) < cursor', 20, () =>
  database.query(`SELECT id FROM transactions WHERE service_type = 1 AND (created_at, id) < ($1::timestamptz, $2) ORDER BY created_at DESC, id DESC LIMIT ${PAGE}`, [cut!.created_at, cut!.id]),
);
const offset = await time(`baseline: OFFSET ${DEPTH * PAGE}`, 20, () =>
  database.query(`SELECT id FROM transactions WHERE service_type = 1 ORDER BY created_at DESC, id DESC OFFSET ${DEPTH * PAGE} LIMIT ${PAGE}`),
);
console.log(`  ratio OFFSET / keyset: ${(offset / keyset).toFixed(1)}x`);

console.log('dashboard month-to-date by service type and method, platform scope');
const MTD = `(now() AT TIME ZONE 'Asia/Kuala_Lumpur')::date - 30`;
const summary = await time('sales_summary_daily, platform level', 10, () =>
  database.query(
    `SELECT service_type, payment_method, sum(success_count), sum(success_amount) FROM sales_summary_daily WHERE level = 0 AND currency = 'MYR' AND business_day >= ${MTD} GROUP BY 1, 2`,
  ),
);
const raw = await time('baseline: aggregate over raw transactions', 10, () =>
  database.query(
    `SELECT service_type, payment_method, count(*), sum(amount) FROM transactions WHERE currency = 'MYR' AND status = 'SUCCESS' AND (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date >= ${MTD} GROUP BY 1, 2`,
  ),
);
console.log(`  ratio raw / summary: ${(raw / summary).toFixed(1)}x`);
await database.close();
