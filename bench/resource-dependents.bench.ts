/**
 * The resource engine's delete check on PostgreSQL:
 * `DATABASE_URL=postgres://… node --import tsx bench/resource-dependents.bench.ts [-n 10000000] [-r 20]`.
 * Seeds `-n` demo transactions when the database has none. Interleaved in the same process it
 * prints p50/p95 in ms and the ratio of:
 *  - the probe a delete of a currency, a bank and an acquirer now makes — `EXISTS` on the
 *    dependent column with a parameter typed as the column, served by the dependents indexes of
 *    migration 0039 — for a value no transaction uses (the case a delete succeeds in: the old
 *    check's worst case) and for one they use, beside the old check (`count(*)` over
 *    `col::text = $1::text`, which no index serves);
 *  - the write cost of those three indexes: one 10,000-row INSERT … SELECT of transactions with
 *    the indexes beside the same with them dropped (each in a transaction rolled back).
 * Numbers only, no assertions. Without DATABASE_URL it says so and exits 0.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { compare, seedWhenEmpty } from './lib.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', short: 'n' }, runs: { type: 'string', short: 'r' } } });
const url = process.env.DATABASE_URL;
if (!url) {
  console.log('resource-dependents.bench: set DATABASE_URL to a PostgreSQL database to run it (skipped)');
  process.exit(0);
}
const RUNS = Number(values.runs ?? 20);
const database = await openDatabase(url);
await seedWhenEmpty(database, Number(values.transactions ?? 10_000_000));
const [{ n } = { n: 0 }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
console.log(`transactions: ${n.toLocaleString('en')}`);

const exists = (column: string, value: unknown) => () => database.query(`SELECT EXISTS (SELECT 1 FROM transactions WHERE ${column} = $1) AS used`, [value]);
const counted = (column: string, value: unknown) => () => database.query(`SELECT count(*)::int AS n FROM transactions WHERE ${column}::text = $1::text`, [value]);
const [used] = await database.query<{ currency: string; bank_code: string; acquirer_id: number }>(
  `SELECT (SELECT currency FROM transactions LIMIT 1) AS currency, (SELECT bank_code FROM transactions WHERE bank_code IS NOT NULL LIMIT 1) AS bank_code,
          (SELECT acquirer_id FROM transactions WHERE acquirer_id IS NOT NULL LIMIT 1) AS acquirer_id`,
);
const cases: [string, string, unknown, unknown][] = [
  ['currency', 'currency', 'XTS', used!.currency],
  ['bank', 'bank_code', 'NOBANK01', used!.bank_code],
  ['acquirer', 'acquirer_id', 2_000_000_000, used!.acquirer_id],
];
for (const [label, column, unused, inUse] of cases) {
  // The old count scans the table: a few baseline runs are enough beside the index probe's many.
  await compare(`${label}: unused value, EXISTS vs count(*)::text`, exists(column, unused), counted(column, unused), RUNS, 3);
  await compare(`${label}: used value, EXISTS vs count(*)::text`, exists(column, inUse), counted(column, inUse), RUNS, 3);
}

// Write cost: the same bulk insert with the three indexes and without them, rolled back each time.
const pool = new pg.Pool({ connectionString: url, max: 1 });
const COLS = `txn_ref_no, service_type, payment_method, card_scheme, txn_type, status, amount, mdr_fee, currency, bank_code, acquirer_id,
  master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at`;
const INDEXES = ['transactions_currency_idx', 'transactions_bank_code_idx', 'transactions_acquirer_idx'];
async function insertMs(withIndexes: boolean): Promise<number> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    if (!withIndexes) for (const ix of INDEXES) await c.query(`DROP INDEX ${ix}`);
    const t0 = performance.now();
    await c.query(`INSERT INTO transactions (${COLS}) SELECT 'DB' || id, ${COLS.split(',').slice(1).join(',')} FROM transactions ORDER BY id DESC LIMIT 10000`);
    return performance.now() - t0;
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
}
const on: number[] = [];
const off: number[] = [];
await insertMs(true);
for (let i = 0; i < 5; i++) {
  on.push(await insertMs(true));
  off.push(await insertMs(false));
}
const best = (xs: number[]) => Math.min(...xs);
console.log(`one 10,000-row INSERT: with the 3 indexes ${best(on).toFixed(0)} ms | without ${best(off).toFixed(0)} ms | cost ×${(best(on) / best(off)).toFixed(2)}`);
await pool.end();
await database.close();
