/**
 * Export benchmark (goals: XLSX ≥ 100,000 rows/s with peak RSS ≤ 300 MB, CSV
 * ≥ 40 % of COPY's rows/s, on 1 M rows × 14 columns):
 *
 *   DATABASE_URL=postgres://… node --expose-gc --import tsx bench/export.bench.ts [-n 1000000] [--old N]
 *     [--only copy,csv,xlsx,engine,engine-csv,engine-xlsx,engine-old,old] [--all]
 *
 * Needs PostgreSQL; seeds the database with `seedDemo` (reset) when it holds fewer than n
 * transactions. Streams the same rows — the newest n transactions with their merchant and branch
 * names, dates in MYT (§9 format), enumeration codes as English labels, 14 columns — through:
 * `COPY (SELECT …) TO STDOUT` (pg-copy-streams, CSV, the baseline), streamRows + CSV,
 * streamRows + XLSX, and the previous exceljs streaming writer (`--old N` rows of it, default n).
 * Each run writes to a sink that drops the bytes; prints rows/s, the file size, peak RSS (sampled
 * process.memoryUsage().rss) and the ratio of its rows/s to COPY's, all in the same process.
 *
 * The engine path (`--only engine,engine-old`): the real report export of /transaction/ecommerce
 * (reports/export.ts `openReportExport`, platform scope, newest first, English; every service-type-1
 * row, ~40 % of the table) — its COPY of the texts SELECT as the baseline, then CSV and XLSX read by
 * COPY (the PostgreSQL path), and with `engine-old` the read this replaced (read 'batches':
 * streamBatches, i.e. the cursor on PostgreSQL, rows formatted in node) for the before figures.
 * `--all` runs it without the report's service-type condition: every transaction (1 M rows on the
 * bench database).
 */
import { parseArgs } from 'node:util';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import { enumLabeller, formatMytDateTime } from '@paydesk/domain';
import { ecommerceTransactions, type ReportExportRequest } from '@paydesk/contract';
import { openDatabase } from '../apps/server/src/db/client.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';
import { copyStatement, exportTextQuery } from '../apps/server/src/reports/export-copy.ts';
import { exportColumns, exportHeaders, openReportExport, type ExportRead } from '../apps/server/src/reports/export.ts';
import { reportConditions } from '../apps/server/src/reports/query.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';
import { streamRows } from '../apps/server/src/platform/query-stream.ts';
import { isFormulaLike, streamSheet, type SheetCell } from '../apps/server/src/platform/spreadsheet.ts';

const { values } = parseArgs({
  options: { transactions: { type: 'string', short: 'n' }, old: { type: 'string' }, only: { type: 'string' }, batch: { type: 'string' }, all: { type: 'boolean' } },
});
const n = Number(values.transactions ?? 1_000_000);
const oldRows = Number(values.old ?? n);
const batch = Number(values.batch ?? 1_000);
const only = new Set((values.only ?? 'copy,csv,xlsx,engine,old').split(','));
if (!process.env.DATABASE_URL) {
  console.error('export.bench needs DATABASE_URL (PostgreSQL): COPY is the baseline.');
  process.exit(2);
}
const database = await openDatabase(process.env.DATABASE_URL);
const pool = (database.db as unknown as { $client: pg.Pool }).$client;
const have = Number((await database.query<{ n: string }>('SELECT count(*) AS n FROM transactions'))[0]?.n ?? 0);
if (have < n) {
  console.log(`seeding ${n} transactions (the database holds ${have})…`);
  await seedDemo(database, { transactions: n, seed: 1, password: 'bench-password', reset: true });
  await database.query('VACUUM ANALYZE transactions');
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** The export's SELECT: the newest `limit` transactions with their organisation names. */
const selectText = (limit: number) => `
  SELECT t.id, t.txn_ref_no, t.payment_creation_date, t.created_at, t.service_type, t.payment_method, t.card_scheme,
         t.masked_pan, t.txn_type, t.status, t.amount, t.currency, m.name AS merchant_name, b.name AS branch_name, t.mid, t.cust_name
  FROM transactions t
  LEFT JOIN organizations m ON m.id = t.merchant_id
  LEFT JOIN organizations b ON b.id = t.branch_id
  ORDER BY t.created_at DESC, t.id DESC
  LIMIT ${limit}`;
type Txn = {
  id: string;
  txn_ref_no: string;
  payment_creation_date: Date | null;
  created_at: Date;
  service_type: number;
  payment_method: string;
  card_scheme: string | null;
  masked_pan: string | null;
  txn_type: string;
  status: string;
  amount: string;
  currency: string;
  merchant_name: string | null;
  branch_name: string | null;
  mid: string | null;
  cust_name: string | null;
};

const label = enumLabeller('en');
const headers = exportHeaders(ecommerceTransactions, 'en');
/** One row's 14 cells in the e-commerce report's export column order (as the export builds them). */
const ORDER = ['TxnRefNo', 'CreatedAt', 'MerchantName', 'BranchName', 'MID', 'ServiceType', 'PaymentMethod', 'CardScheme', 'MaskedPAN', 'TxnType', 'Status', 'Currency', 'TxnAmount', 'CustName'];
const ids = exportColumns(ecommerceTransactions).map((c) => c.key);
if (ids.join() !== ORDER.join()) throw new Error(`export columns changed: ${ids.join()}`);
function cells(r: Txn, xlsx: boolean): SheetCell[] {
  return [
    r.txn_ref_no,
    formatMytDateTime(r.payment_creation_date ?? r.created_at),
    r.merchant_name ?? '',
    r.branch_name ?? '',
    r.mid ?? '',
    label('serviceType', r.service_type),
    label('paymentMethod', r.payment_method),
    label('cardScheme', r.card_scheme),
    r.masked_pan ?? '',
    label('transactionType', r.txn_type),
    label('status', r.status),
    r.currency,
    xlsx ? Number(r.amount) : r.amount,
    r.cust_name ?? '',
  ];
}
async function* sheetRows(limit: number, xlsx: boolean): AsyncGenerator<SheetCell[]> {
  for await (const r of streamRows<Txn>(database, { first: sql.raw(selectText(limit)) }, { batch })) yield cells(r, xlsx);
}
const layout = { sheetName: 'Transactions', headers, widths: { Merchant: 32, Customer: 32, 'Transaction date (MYT)': 22 }, numFmt: { Amount: '#,##0.00' } };

/** The previous XLSX writer (exceljs streaming WorkbookWriter, as streamSheet once wrote it), measured beside the current one. */
async function oldExceljsXlsx(rows: AsyncIterable<SheetCell[]>): Promise<Readable> {
  // Loaded only for this run, so it does not weigh on the RSS of the others.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  void (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(layout.sheetName);
    ws.columns = headers.map((h) => ({ header: h, key: h, width: (layout.widths as Record<string, number>)[h] ?? 20 }));
    headers.forEach((h, i) => {
      const fmt = (layout.numFmt as Record<string, string>)[h];
      if (fmt) ws.getColumn(i + 1).numFmt = fmt;
    });
    for await (const r of rows) {
      const row = ws.addRow(r);
      r.forEach((c, i) => {
        if (typeof c === 'string' && isFormulaLike(c)) row.getCell(i + 1).numFmt = '@';
      });
      row.commit();
      if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e as Error));
  return out;
}

let peakRss = 0;
let peakHeap = 0;
const sampleRss = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapTotal + m.external);
};
/** Drops the bytes, counting them (and samples RSS on every chunk, beside the timer). */
function sink(counter: { bytes: number }) {
  return new Writable({
    write(chunk: Buffer, _e, cb) {
      counter.bytes += chunk.length;
      cb();
    },
  });
}
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
let copyRate = 0;

async function measure(label: string, rows: number, stream: () => Readable | Promise<Readable>): Promise<void> {
  gc();
  await new Promise((r) => setTimeout(r, 200));
  const startRss = process.memoryUsage().rss;
  peakRss = startRss;
  peakHeap = 0;
  const timer = setInterval(sampleRss, 20);
  const counter = { bytes: 0 };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await pipeline(await stream(), sink(counter));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  sampleRss();
  const rate = (rows / ms) * 1000;
  if (label.includes('COPY TO STDOUT')) copyRate = rate;
  const ratio = copyRate ? `  ${((rate / copyRate) * 100).toFixed(0).padStart(3)} % of COPY` : '';
  console.log(
    `  ${label.padEnd(34)} ${String(rows).padStart(8)} rows ${(ms / 1000).toFixed(1).padStart(6)} s ${Math.round(rate).toLocaleString('en').padStart(9)} rows/s` +
      `  ${mb(counter.bytes).padStart(4)} MB  RSS ${mb(startRss)} → peak ${mb(peakRss)} MB (heap+external ${mb(peakHeap)})  node CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s${ratio}`,
  );
}

console.log(`export of ${n} transactions × ${headers.length} columns (PostgreSQL, cursor batch ${batch}); RSS at start ${mb(process.memoryUsage().rss)} MB`);
if (only.has('copy')) {
  await measure('COPY (SELECT …) TO STDOUT, CSV', n, async () => {
    const conn = await pool.connect();
    const s = conn.query(copyTo(`COPY (${selectText(n)}) TO STDOUT WITH (FORMAT csv, HEADER)`));
    s.once('close', () => conn.release());
    return s;
  });
}
if (only.has('csv')) await measure('streamRows + CSV', n, () => streamSheet({ format: 'csv', ...layout, rows: sheetRows(n, false) }).stream);
if (only.has('xlsx')) await measure('streamRows + XLSX', n, () => streamSheet({ format: 'xlsx', ...layout, rows: sheetRows(n, true) }).stream);
if (['engine', 'engine-old', 'engine-csv', 'engine-xlsx'].some((k) => only.has(k))) {
  // --all: the same declaration without its service-type `where`, i.e. every transaction (1 M rows).
  const def = values.all ? { ...ecommerceTransactions, where: {} } : ecommerceTransactions;
  const scope: Scope = { userId: 1, email: 'bench', sessionId: 'bench', membershipId: 1, groupType: 'SUPERADMIN', orgId: null, orgLevel: null, orgPath: null, permissions: new Set() };
  const base = { SearchData: {}, Sort: { Field: 'CreatedAt', Order: 'desc' }, Language: 'en' } as const;
  const rowsOf = Number((await database.query<{ n: string }>(`SELECT count(*) AS n FROM transactions${values.all ? '' : ' WHERE service_type = 1'}`))[0]?.n ?? 0);
  console.log(`engine: ${def.path} export, ${rowsOf} rows × ${exportColumns(def).length} columns`);
  copyRate = 0;
  await measure('engine SELECT: COPY TO STDOUT (text)', rowsOf, async () => {
    const conn = await pool.connect();
    const text = copyStatement(exportTextQuery(def, exportColumns(def), reportConditions(def, scope, {}), base.Sort, 'en'));
    const st = conn.query(copyTo(text));
    st.once('close', () => conn.release());
    return st;
  });
  const engine = (format: 'csv' | 'xlsx', read: ExportRead) => async () =>
    (await openReportExport(database, def, scope, { ...base, Format: format } as ReportExportRequest, () => {}, undefined, read)).stream;
  if (only.has('engine') || only.has('engine-csv')) await measure('engine CSV (COPY)', rowsOf, engine('csv', 'copy'));
  if (only.has('engine') || only.has('engine-xlsx')) await measure('engine XLSX (COPY)', rowsOf, engine('xlsx', 'copy'));
  if (only.has('engine-old')) {
    await measure('engine CSV (cursor, before)', rowsOf, engine('csv', 'batches'));
    await measure('engine XLSX (cursor, before)', rowsOf, engine('xlsx', 'batches'));
  }
}
// Last: exceljs's RSS growth is not given back, it would distort the runs after it.
if (only.has('old') && oldRows > 0) await measure('streamRows + exceljs XLSX (previous)', oldRows, () => oldExceljsXlsx(sheetRows(oldRows, true)));
await database.close();
