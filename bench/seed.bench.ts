/**
 * Seed benchmark: `node --import tsx bench/seed.bench.ts [--transactions N]` (default 20,000).
 * Seeds the demo dataset into fresh in-memory PGlite databases with the bulk path (unnest
 * batches, summary trigger off, indexes rebuilt once, summary rebuilt with one aggregate) and
 * with the in-process baselines, and prints the times and ratios. No assertions: numbers only.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo, type SeedDemoOptions } from '../apps/server/src/seed/demo.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', short: 'n' } } });
const transactions = Number(values.transactions ?? 20_000);
const NOW = new Date('2026-03-15T04:30:00Z');

interface Variant {
  label: string;
  opts: Partial<SeedDemoOptions>;
}

const variants: Variant[] = [
  { label: 'bulk: unnest batches, trigger off, summary rebuilt, indexes deferred (default)', opts: {} },
  { label: 'unnest batches, trigger off, summary rebuilt, indexes kept', opts: { deferIndexes: false } },
  { label: 'multi-row VALUES batches, trigger off, summary rebuilt', opts: { insertMode: 'values' } },
  { label: 'unnest batches, per-row summary trigger on', opts: { summaryMode: 'trigger' } },
  { label: 'baseline: single-row INSERTs, per-row summary trigger on', opts: { insertMode: 'rows', summaryMode: 'trigger' } },
];

async function run(v: Variant): Promise<{ total: number; insert: number }> {
  const database = await openDatabase('memory://');
  try {
    let insert = Number.NaN;
    const started = performance.now();
    await seedDemo(database, {
      transactions,
      seed: 1,
      password: 'bench-password',
      now: NOW,
      ...v.opts,
      log: (m) => {
        const match = /^inserted \d+ transactions in (\d+) ms/.exec(m);
        if (match) insert = Number(match[1]);
      },
    });
    return { total: performance.now() - started, insert };
  } finally {
    await database.close();
  }
}

console.log(`Seeding ${transactions} transactions into in-memory PGlite (Node ${process.version})\n`);
const results: { label: string; total: number; insert: number }[] = [];
for (const v of variants) {
  const r = await run(v);
  results.push({ label: v.label, ...r });
  console.log(`${r.total.toFixed(0).padStart(7)} ms total  (${String(r.insert).padStart(6)} ms writing transactions)  ${v.label}`);
}
const fast = results[0]!;
const baseline = results[results.length - 1]!;
console.log(`\nbulk path:  ${fast.total.toFixed(0)} ms`);
console.log(`baseline:   ${baseline.total.toFixed(0)} ms`);
console.log(`ratio:      ${(baseline.total / fast.total).toFixed(1)}x faster (whole seed, including hierarchy, users and refunds)`);
for (const r of results.slice(1, -1)) console.log(`            ${(r.total / fast.total).toFixed(2)}x the bulk time: ${r.label}`);
