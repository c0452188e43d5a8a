/**
 * Export benchmark: `node --expose-gc --import tsx bench/export.bench.ts [-n N]` (default 200,000).
 * Streams the e-commerce export (CSV and XLSX) of a platform-wide scope and records the peak heap
 * growth while it runs, against the baseline of reading the same rows into one array first (what a
 * non-streaming export would do). Prints rows, time, peak heap growth and the ratio.
 */
import { parseArgs } from 'node:util';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';
import { openTransactionExport } from '../apps/server/src/modules/transactions/export-transactions.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';

const { values } = parseArgs({ options: { transactions: { type: 'string', short: 'n' } } });
const n = Number(values.transactions ?? 200_000);
const database = await openDatabase('memory://');
await seedDemo(database, { transactions: n, seed: 1, password: 'bench-password' });
const scope: Scope = { userId: 1, email: 'bench', sessionId: 'bench', membershipId: 1, groupType: 'SUPERADMIN', orgId: null, orgLevel: null, orgPath: null, permissions: new Set() };
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

async function measure(label: string, run: () => Promise<number>): Promise<number> {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const t0 = performance.now();
  const rows = await run();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  const mb = (peak - base) / 1024 / 1024;
  console.log(`  ${label.padEnd(40)} ${String(rows).padStart(7)} rows  ${(performance.now() - t0).toFixed(0).padStart(6)} ms  peak heap +${mb.toFixed(1)} MB`);
  return mb;
}

const sink = () => new Writable({ write: (_c, _e, cb) => cb() });
const req = (Format: 'csv' | 'xlsx') => ({ ServiceType: 1 as const, SearchData: {}, Sort: { Field: 'CreatedAt' as const, Order: 'desc' as const }, Format });

console.log(`${n} transactions seeded; exporting every e-commerce row`);
const streamed = await measure('streamed CSV (keyset batches)', async () => {
  let rows = 0;
  const { stream } = await openTransactionExport(database, scope, req('csv'), (r) => (rows = r));
  await pipeline(stream, sink());
  return rows;
});
await measure('streamed XLSX (keyset batches)', async () => {
  let rows = 0;
  const { stream } = await openTransactionExport(database, scope, req('xlsx'), (r) => (rows = r));
  await pipeline(stream, sink());
  return rows;
});
const loaded = await measure('baseline: all rows read into memory', async () => {
  const rows = await database.query(`SELECT * FROM transactions WHERE service_type = 1 ORDER BY created_at DESC, id DESC`);
  return rows.length;
});
console.log(`  ratio peak heap baseline / streamed CSV: ${(loaded / Math.max(streamed, 0.1)).toFixed(1)}x`);
await database.close();
