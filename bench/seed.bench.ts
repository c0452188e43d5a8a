/**
 * Seed benchmark.
 *
 * With DATABASE_URL (PostgreSQL): `node --import tsx bench/seed.bench.ts [--transactions N]`
 * (default 1,000,000; `--transactions 10000000` for the full run). Seeds the demo dataset into
 * that database twice, with a reset each time, in the same process: first the baseline — the
 * PGlite path (unnest batches) over the first 100,000 rows (or N when smaller) — then the bulk
 * path (COPY FROM STDIN, indexes and keys built after the load, summary rebuilt with one
 * aggregate, VACUUM (ANALYZE)) over N rows, which stay in the database. Prints rows/s of each
 * (whole seed: hierarchy, users, transactions, side tables, refunds, summary, indexes, vacuum),
 * the ratio, and the database size.
 *
 * Without DATABASE_URL: seeds N (default 20,000) into fresh in-memory PGlite databases with the
 * bulk path and the in-process baselines, and prints the times and ratios.
 * No assertions: numbers only.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo, type SeedDemoOptions } from '../apps/server/src/seed/demo.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', short: 'n' } } });
const url = process.env.DATABASE_URL;
const transactions = Number((values.transactions ?? (url ? '1000000' : '20000')).replace(/_/g, ''));
const NOW = new Date('2026-03-15T04:30:00Z');

interface Variant {
  label: string;
  opts: Partial<SeedDemoOptions>;
}

/** Seeds `n` rows with `opts` into `target`; returns the wall time (ms) and the log's phase lines. */
async function seed(target: string, n: number, opts: Partial<SeedDemoOptions>, reset: boolean): Promise<{ ms: number; phases: string[] }> {
  const database = await openDatabase(target);
  const phases: string[] = [];
  try {
    const started = performance.now();
    await seedDemo(database, { transactions: n, seed: 1, password: 'bench-password', now: NOW, reset, ...opts, log: (m) => phases.push(m) });
    return { ms: performance.now() - started, phases };
  } finally {
    await database.close();
  }
}

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US');

if (url) {
  const baseN = Math.min(100_000, transactions);
  console.log(`PostgreSQL ${new URL(url).pathname.slice(1)}: baseline ${baseN} rows (unnest), then ${transactions} rows (COPY) (Node ${process.version})\n`);
  const base = await seed(url, baseN, { insertMode: 'unnest' }, true);
  console.log(`baseline  unnest batches  ${baseN} rows in ${base.ms.toFixed(0)} ms: ${rate(baseN, base.ms)} rows/s`);
  const bulk = await seed(url, transactions, { insertMode: 'copy' }, true);
  for (const p of bulk.phases.filter((m) => !/^transactions: \d+\//.test(m))) console.log(`  ${p}`);
  console.log(`bulk      COPY FREEZE     ${transactions} rows in ${bulk.ms.toFixed(0)} ms: ${rate(transactions, bulk.ms)} rows/s`);
  console.log(`ratio:    ${((transactions / bulk.ms) / (baseN / base.ms)).toFixed(2)}x the baseline's rows/s`);
  const database = await openDatabase(url);
  try {
    const [size] = await database.query<{ db: string; t: string }>(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS db, pg_size_pretty(pg_total_relation_size('transactions')) AS t`,
    );
    console.log(`size:     database ${size!.db}, transactions with indexes ${size!.t}`);
  } finally {
    await database.close();
  }
} else {
  const variants: Variant[] = [
    { label: 'bulk: unnest batches, trigger off, summary rebuilt, indexes deferred (default)', opts: {} },
    { label: 'unnest batches, trigger off, summary rebuilt, indexes kept', opts: { deferIndexes: false } },
    { label: 'multi-row VALUES batches, trigger off, summary rebuilt', opts: { insertMode: 'values' } },
    { label: 'unnest batches, statement-level summary triggers on', opts: { summaryMode: 'trigger' } },
    { label: 'baseline: single-row INSERTs, statement-level summary triggers on', opts: { insertMode: 'rows', summaryMode: 'trigger' } },
  ];
  console.log(`Seeding ${transactions} transactions into in-memory PGlite (Node ${process.version})\n`);
  const results: { label: string; total: number }[] = [];
  for (const v of variants) {
    const r = await seed('memory://', transactions, v.opts, false);
    results.push({ label: v.label, total: r.ms });
    console.log(`${r.ms.toFixed(0).padStart(7)} ms total  ${v.label}`);
  }
  const fast = results[0]!;
  const baseline = results[results.length - 1]!;
  console.log(`\nbulk path:  ${fast.total.toFixed(0)} ms`);
  console.log(`baseline:   ${baseline.total.toFixed(0)} ms`);
  console.log(`ratio:      ${(baseline.total / fast.total).toFixed(1)}x faster (whole seed, including hierarchy, users and refunds)`);
  for (const r of results.slice(1, -1)) console.log(`            ${(r.total / fast.total).toFixed(2)}x the bulk time: ${r.label}`);
}
