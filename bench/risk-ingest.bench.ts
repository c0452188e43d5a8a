/**
 * Risk ingest benchmark (what it reports: "ingest rows/s with the rules on, goal ≥ 5,000/s on
 * PostgreSQL, beside ingest without them").
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/risk-ingest.bench.ts [--rows 100000] [--batch 1000] [--transactions 10000000]
 *
 * Seeds the database when it is empty (the production-scale dataset: 10,000,000 transactions by
 * default), then ingests generated transactions of the seeded merchants, cards and IPs (the demo
 * generator, new ids after the seeded ones, times from now on) through `ingestTransactions` in
 * batches (live traffic: only generated rows dated from now on, in time order), interleaving rounds with the rules off (the baseline: the same INSERT and summary
 * triggers) and on (the §9 rules with the seeded thresholds), in the same process. Prints rows/s
 * of each, the ratio, the alerts raised and the states kept; then deletes what it ingested. No
 * assertions: numbers only. Without DATABASE_URL it runs on an in-memory PGlite of 20,000 rows.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ingestTransactions } from '../apps/server/src/modules/risk/ingest.ts';
import { generateHierarchy, streamTransactions } from '../apps/server/src/seed/generate.ts';
import type { GenTxn } from '../apps/server/src/transactions/insert.ts';
import { Rng } from '../apps/server/src/seed/random.ts';
import { seedWhenEmpty } from './lib.ts';

const { values } = parseArgs({ options: { rows: { type: 'string' }, batch: { type: 'string' }, transactions: { type: 'string' } } });
const url = process.env.DATABASE_URL;
const ROWS = Number(values.rows ?? (url ? '100000' : '20000'));
const BATCH = Number(values.batch ?? '1000');
const ROUNDS = 5;

const database = await openDatabase(url ?? 'memory://');
try {
  await seedWhenEmpty(database, Number((values.transactions ?? (url ? '10000000' : '20000')).replace(/_/g, '')));
  const [{ n: seeded, max }] = (await database.query<{ n: number; max: string }>(`SELECT count(*)::int AS n, max(id)::text AS max FROM transactions`)) as [{ n: number; max: string }];
  const ids = (await database.query<{ id: number }>(`SELECT id FROM organizations ORDER BY id`)).map((r) => Number(r.id));
  const acquirers = (await database.query<{ id: number; code: string; acq_name: string }>(`SELECT id, code, acq_name FROM acquirers WHERE is_active = 1 ORDER BY id`)).map((a) => ({ id: Number(a.id), code: a.code, name: a.acq_name }));
  const now = new Date();
  // The seed's hierarchy again (same seed, same ids): the generated rows belong to seeded merchants.
  const hierarchy = generateHierarchy(new Rng(1), ids, now);
  const first = Number(max) + 1;
  const rows: GenTxn[] = [];
  // Live traffic arrives in time order after what is stored: the generator's history ends 30 days
  // from now, and only its rows from now on are kept (about a third), in time order.
  const horizon = new Date(now.getTime() + 30 * 86_400_000);
  for (const chunk of streamTransactions(new Rng(4242), { hierarchy, acquirers, now: horizon }, ROWS * 2 * 3.5, { firstTxnId: first, firstLinkId: 1e9, firstScheduleId: 1e9, firstBatchId: 1e9 })) {
    for (const t of chunk.txns) {
      if (t.createdAt >= now && rows.length < ROWS * 2) rows.push({ ...t, txnRefNo: `PDB${String(t.id).padStart(15, '0')}`, originalTxnId: null, paymentLinkId: null, recurringScheduleId: null });
    }
  }
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  console.log(`${url ? `PostgreSQL ${new URL(url).pathname.slice(1)}` : 'PGlite (memory)'}: ${seeded.toLocaleString('en-US')} transactions; ingesting ${rows.length.toLocaleString('en-US')} more in batches of ${BATCH} (Node ${process.version})\n`);
  // Interleaved: round r ingests a slice with the rules off, then the next slice with them on.
  const per = Math.ceil(rows.length / (ROUNDS * 2));
  const ms = { off: 0, on: 0 };
  const count = { off: 0, on: 0 };
  let alerts = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of ['off', 'on'] as const) {
      const slice = rows.splice(0, per);
      const t0 = performance.now();
      for (let i = 0; i < slice.length; i += BATCH) alerts += (await ingestTransactions(database, slice.slice(i, i + BATCH), { rules: mode === 'on', at: new Date() })).alerts;
      ms[mode] += performance.now() - t0;
      count[mode] += slice.length;
    }
  }
  const rate = (m: 'off' | 'on') => (count[m] / ms[m]) * 1000;
  console.log(`rules off  ${count.off.toLocaleString('en-US')} rows in ${ms.off.toFixed(0)} ms: ${Math.round(rate('off')).toLocaleString('en-US')} rows/s (baseline)`);
  console.log(`rules on   ${count.on.toLocaleString('en-US')} rows in ${ms.on.toFixed(0)} ms: ${Math.round(rate('on')).toLocaleString('en-US')} rows/s (goal ≥ 5,000)`);
  console.log(`ratio:     ${(rate('on') / rate('off')).toFixed(2)}x the baseline's rows/s`);
  // What the rules themselves cost: the time on beyond the time off, per row (the write path, the
  // same in both, is what holds the totals; docs/ARCHITECTURE.md "Risk engine").
  const rulesMs = ms.on / count.on - ms.off / count.off;
  console.log(`rules stage: ${rulesMs > 0 ? `${(rulesMs * 1000).toFixed(0)} µs a row, ${Math.round(1000 / rulesMs).toLocaleString('en-US')} rows/s on its own` : 'below the noise of the write path'}`);
  const [cfg] = await database.query<{ sb: string; mw: string; wc: string }>(`SELECT current_setting('shared_buffers') AS sb, current_setting('max_wal_size') AS mw, current_setting('wal_compression') AS wc`);
  if (url) console.log(`server: shared_buffers ${cfg!.sb}, max_wal_size ${cfg!.mw}, wal_compression ${cfg!.wc}`);
  const [st] = await database.query<{ states: number; alerts: number }>(`SELECT (SELECT count(*)::int FROM risk_state) AS states, (SELECT count(*)::int FROM risk_alerts) AS alerts`);
  console.log(`alerts raised: ${alerts} (table holds ${st!.alerts}); risk states kept: ${st!.states}`);
  // Leave the dataset as it was for the other benches.
  await database.query(`DELETE FROM risk_alerts WHERE created_at >= $1`, [now]);
  await database.query(`DELETE FROM risk_state`);
  await database.query(`DELETE FROM transactions WHERE id >= $1`, [first]);
} finally {
  await database.close();
}
