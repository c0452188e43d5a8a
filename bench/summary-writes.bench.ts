/**
 * Write cost of the summary triggers on PostgreSQL:
 * `DATABASE_URL=postgres://… node --import tsx bench/summary-writes.bench.ts [-r 3] [-c 8]`
 * on a seeded database (bench/dashboard.bench.ts seeds one). In the same process it prints rows/s of
 *  - one 10,000-row INSERT … SELECT with the summary triggers on, beside the same with them off
 *    (each in a transaction rolled back, alternated `-r` times);
 *  - 2,000 single-row INSERTs (the gateway's shape), triggers on beside off;
 *  - contention on the hot platform rows: `-c` connections each committing single-row inserts
 *    that all land on the same summary keys, triggers on beside off (rows are deleted afterwards,
 *    through the triggers, so the summaries stay equal to the table).
 * Numbers only, no assertions. Without DATABASE_URL it says so and exits 0.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({ options: { runs: { type: 'string', short: 'r' }, clients: { type: 'string', short: 'c' } } });
const url = process.env.DATABASE_URL;
if (!url) {
  console.log('summary-writes.bench: set DATABASE_URL to a seeded PostgreSQL database to run it (skipped)');
  process.exit(0);
}
const RUNS = Number(values.runs ?? 3);
const CLIENTS = Number(values.clients ?? 8);
const pool = new pg.Pool({ connectionString: url, max: CLIENTS + 1 });
const TRIGGERS = ['transactions_summary_ins', 'transactions_summary_upd', 'transactions_summary_del'];
const COLS = `txn_ref_no, service_type, payment_method, card_scheme, txn_type, status, amount, mdr_fee, currency,
  master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at`;

/** Runs fn on one connection in a transaction that is rolled back; triggers off inside it when asked. Returns ms. */
async function rolledBack(triggers: boolean, fn: (c: pg.PoolClient) => Promise<void>): Promise<number> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    if (!triggers) for (const t of TRIGGERS) await c.query(`ALTER TABLE transactions DISABLE TRIGGER ${t}`);
    const t0 = performance.now();
    await fn(c);
    return performance.now() - t0;
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
}

const bulk = (c: pg.PoolClient) =>
  c.query(`INSERT INTO transactions (${COLS}) SELECT 'WB' || id, service_type, payment_method, card_scheme, txn_type, status, amount, mdr_fee, currency,
    master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at FROM transactions ORDER BY id DESC LIMIT 10000`).then(() => undefined);
const singles = async (c: pg.PoolClient) => {
  const { rows } = await c.query(`SELECT id FROM transactions ORDER BY id DESC LIMIT 2000`);
  for (const r of rows) {
    await c.query(`INSERT INTO transactions (${COLS}) SELECT 'WS' || id, service_type, payment_method, card_scheme, txn_type, status, amount, mdr_fee, currency,
      master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at FROM transactions WHERE id = $1`, [r.id]);
  }
};

const rate = (rows: number, ms: number) => `${Math.round((rows / ms) * 1000).toLocaleString('en')} rows/s`;
for (const [label, rows, fn] of [['one 10,000-row INSERT', 10_000, bulk], ['2,000 single-row INSERTs', 2_000, singles]] as const) {
  const on: number[] = [];
  const off: number[] = [];
  await rolledBack(true, fn); // warm-up
  for (let i = 0; i < RUNS; i++) {
    on.push(await rolledBack(true, fn));
    off.push(await rolledBack(false, fn));
  }
  const best = (xs: number[]) => Math.min(...xs);
  console.log(`${label.padEnd(28)} triggers on ${rate(rows, best(on))} | off ${rate(rows, best(off))} | cost ×${(best(on) / best(off)).toFixed(2)}`);
}

// Contention: every insert copies the same source row, so all land on the same platform keys.
const [src] = (await pool.query(`SELECT id FROM transactions WHERE status = 'SUCCESS' ORDER BY id DESC LIMIT 1`)).rows;
async function hammer(tag: string, perClient: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, k) => {
      const c = await pool.connect();
      try {
        for (let i = 0; i < perClient; i++) {
          await c.query(`INSERT INTO transactions (${COLS}) SELECT $2 || '-' || ${k} || '-' || ${i}, service_type, payment_method, card_scheme, txn_type, status, amount, mdr_fee, currency,
            master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at FROM transactions WHERE id = $1`, [src.id, tag]);
        }
      } finally {
        c.release();
      }
    }),
  );
  return performance.now() - t0;
}
const PER = 200;
const onMs = await hammer('WC-on', PER);
for (const t of TRIGGERS) await pool.query(`ALTER TABLE transactions DISABLE TRIGGER ${t}`);
let offMs: number;
try {
  offMs = await hammer('WC-off', PER);
  await pool.query(`DELETE FROM transactions WHERE txn_ref_no LIKE 'WC-off-%'`);
} finally {
  for (const t of TRIGGERS) await pool.query(`ALTER TABLE transactions ENABLE TRIGGER ${t}`);
}
await pool.query(`DELETE FROM transactions WHERE txn_ref_no LIKE 'WC-on-%'`);
console.log(`${CLIENTS} clients × ${PER} committed inserts on one hot key: triggers on ${rate(CLIENTS * PER, onMs)} | off ${rate(CLIENTS * PER, offMs)} | cost ×${(onMs / offMs).toFixed(2)}`);
await pool.end();
