/**
 * Settlement import + reconciliation benchmark (what it must show: "bench/ reports import + match
 * of 1 M rows on PostgreSQL; goal under 60 s").
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/settlement-import.bench.ts [--rows 1000000] [--transactions 10000000]
 *
 * Seeds the database when empty (10 M transactions by default), then writes one Revenue Monster
 * settlement CSV of `rows` lines from the provider's latest successful payments, with faults as a
 * real file has them (1 % amounts off by a few sen, 0.5 % payments left out, 0.5 % lines of
 * unknown references), and imports it exactly as the job does (runSettlementImport: stream, stage
 * with progress, match, DONE). Baseline, in the same process: PostgreSQL's own COPY of the same
 * file into a bare table (the fastest the bytes can get into the database). Prints each phase,
 * the total, the ratio to the baseline and the items per result; then deletes what it made.
 * Without DATABASE_URL: an in-memory PGlite of 20,000 transactions.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { storeSettlementFileFrom } from '../apps/server/src/modules/settlement/file-store.ts';
import { formatOf } from '../apps/server/src/modules/settlement/formats/index.ts';
import type { ProviderRow } from '../apps/server/src/modules/settlement/formats/types.ts';
import { registerSettlementFile, runSettlementImport } from '../apps/server/src/modules/settlement/import.ts';
import { streamSheet } from '../apps/server/src/platform/spreadsheet.ts';
import { seedWhenEmpty } from './lib.ts';

const { values } = parseArgs({ options: { rows: { type: 'string' }, transactions: { type: 'string' } } });
const url = process.env.DATABASE_URL;
const ROWS = Number((values.rows ?? (url ? '1000000' : '5000')).replace(/_/g, ''));
const database = await openDatabase(url ?? 'memory://');
const dir = await mkdtemp(join(tmpdir(), 'pd-settle-bench-'));
const format = formatOf('RM')!;
const sen = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);
const mytDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
try {
  await seedWhenEmpty(database, Number((values.transactions ?? (url ? '10000000' : '20000')).replace(/_/g, '')));
  const t0 = performance.now();
  const payments = await database.query<{ id: string; ref: string; amount: string; fee: string; currency: string; created_at: Date }>(
    `SELECT id::text, txn_ref_no AS ref, amount::text AS amount, mdr_fee::text AS fee, currency, created_at FROM transactions
     WHERE provider = 'RM' AND status = 'SUCCESS' AND txn_type IN ('SALE', 'MOTO', 'EPP', 'SALECOMPLETION') AND (preauth_op IS NULL OR preauth_op = 'CAPTURE')
     ORDER BY created_at DESC LIMIT $1`,
    [ROWS],
  );
  const rows: ProviderRow[] = [];
  let k = 0;
  for (const p of payments) {
    k++;
    if (k % 200 === 0) continue; // 0.5 % left out: EXIST IN portal
    const at = new Date(p.created_at);
    const off = k % 100 === 0 ? (k % 7) + 1 : 0; // 1 % amount off: NOT TALLY
    const amount = money(sen(p.amount) + off);
    const row: ProviderRow = {
      lineNo: 0, reference: p.ref, providerTxnId: `RM${p.id}`, txnType: 'PAYMENT', txnAt: at, settlementDate: mytDay(new Date(at.getTime() + 86_400_000)),
      amount, fee: p.fee, net: money(sen(amount) - sen(p.fee)), currency: p.currency, method: 'TNG', mid: null, tid: null,
    };
    rows.push(row);
    if (k % 200 === 100) rows.push({ ...row, reference: `PDX${String(k).padStart(15, '0')}`, providerTxnId: `RMX${k}` }); // 0.5 % unknown: EXIST IN provider
  }
  rows.reverse();
  rows.forEach((r, i) => (r.lineNo = i + 2));
  const path = join(dir, 'rm-settlement.csv');
  const headers = [...format.headersOut];
  const { stream } = streamSheet({
    format: 'csv', sheetName: 'RM', headers,
    rows: (async function* () {
      for (const r of rows) {
        const rec = format.write(r);
        yield headers.map((h) => rec[h] ?? '');
      }
    })(),
  });
  await pipeline(stream, createWriteStream(path));
  console.log(`${url ? `PostgreSQL ${new URL(url).pathname.slice(1)}` : 'PGlite (memory)'}: a Revenue Monster file of ${rows.length.toLocaleString('en-US')} lines written in ${((performance.now() - t0) / 1000).toFixed(1)} s (Node ${process.version})`);

  // Baseline: COPY of the same bytes into a bare table.
  let baselineMs = Number.NaN;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE TEMP TABLE copy_baseline (${headers.map((_, i) => `c${i} text`).join(', ')})`);
    const b0 = performance.now();
    await pipeline(createReadStream(path), client.query(copyFrom(`COPY copy_baseline FROM STDIN WITH (FORMAT csv, HEADER true)`)));
    baselineMs = performance.now() - b0;
    await client.end();
  }

  const fieldKey = new Uint8Array(32).fill(7);
  const stored = await storeSettlementFileFrom(dir, path, 'csv', fieldKey);
  const reg = await database.transaction((q) => registerSettlementFile(q, format, 'rm-settlement.csv', stored, null, new Date()));
  const i0 = performance.now();
  const out = await runSettlementImport(database, reg.fileId, { path: stored.path, key: fieldKey }, 'csv', () => new Date());
  const totalMs = performance.now() - i0;
  console.log(`import + match: ${(totalMs / 1000).toFixed(1)} s for ${rows.length.toLocaleString('en-US')} lines (goal < 60 s): ${Math.round(rows.length / (totalMs / 1000)).toLocaleString('en-US')} lines/s`);
  if (url) console.log(`baseline COPY of the same file: ${(baselineMs / 1000).toFixed(1)} s; ratio ${(totalMs / baselineMs).toFixed(1)}x the baseline's time`);
  console.log(`outcome: ${JSON.stringify(out)}`);
  for (const table of ['recon_items', 'settlement_rows']) await database.query(`DELETE FROM ${table} WHERE file_id = $1`, [reg.fileId]);
  await database.query(`DELETE FROM settlement_files WHERE id = $1`, [reg.fileId]);
  // Leave no dead rows behind: the next run's matching was 34 -> 58 s slower on the ~2 M dead rows of five earlier runs.
  if (url) for (const table of ['settlement_rows', 'recon_items']) await database.query(`VACUUM ANALYZE ${table}`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await database.close();
}
