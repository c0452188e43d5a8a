/**
 * Log ingest benchmark (issue 30: "OTLP ingest rows/s in batches of 1,000 beside a COPY of the same
 * rows, goal ≥ 30 %").
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/log-ingest.bench.ts [--rows 200000] [--batch 1000] [--connections 4]
 *
 * Starts the portal (`buildApp`, LOG_LEVEL silent) on a fresh database (PostgreSQL when
 * DATABASE_URL is set, dropped at the end; else in-memory PGlite) with the demo ingest keys, builds
 * OTLP/HTTP JSON bodies of `--batch` terminal log records each (a service name, a severity, a
 * message, the terminal's TID and MID, a transaction reference: what the demo host sends), and
 * posts them over `--connections` keep-alive connections with the terminal key: the whole path —
 * key check, JSON parse, the zod contract, mapping, the terminals' owner lookup, redaction, one
 * INSERT … unnest per batch — timed until every row is stored (counted after). Baseline, in the
 * same process: PostgreSQL's COPY of the same rows (same columns, same partitions) into
 * `log_entries`, the fastest way a competent engineer would load them. On PGlite, which has no
 * COPY from a client, the baseline is the store's own INSERT of the same rows without HTTP.
 * Prints rows/s of both and the ratio. Numbers only, no assertions; a smoke run: `--rows 2000`.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Pool } from 'undici';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureReferenceData } from '../apps/server/src/seed/index.ts';
import { DEMO_INGEST_KEYS, seedDemoIngestKeys } from '../apps/server/src/seed/demo-ingest-keys.ts';
import { logRowsOf, logStoreOf } from '../apps/server/src/platform/log-store.ts';
import { ensureLogPartitions, utcDay } from '../apps/server/src/platform/log-partitions.ts';
import { freshDatabaseTarget } from './lib.ts';

const { values } = parseArgs({ options: { rows: { type: 'string' }, batch: { type: 'string' }, connections: { type: 'string' } } });
const admin = process.env.DATABASE_URL;
const ROWS = Number(values.rows ?? (admin ? '200000' : '20000'));
const BATCH = Number(values.batch ?? '1000');
const CONNECTIONS = Number(values.connections ?? '4');

const attr = (key: string, v: string) => ({ key, value: { stringValue: v } });

/** Record `i` of the run as the terminal host sends it, at `ns` (Unix ns). */
function record(i: number, ns: bigint) {
  const tid = `6${String(1_000_000 + (i % 5_000)).padStart(7, '0')}`;
  return {
    timeUnixNano: String(ns),
    severityNumber: i % 50 === 0 ? 17 : i % 10 === 0 ? 13 : 9,
    severityText: i % 50 === 0 ? 'ERROR' : i % 10 === 0 ? 'WARN' : 'INFO',
    eventName: 'terminal.event',
    body: { stringValue: `Settlement batch ${String(i % 999).padStart(6, '0')} closed: ${i % 60} sales on ${tid}` },
    attributes: [attr('terminal.id', tid), attr('merchant.id', `00000${String(i % 900).padStart(7, '0')}`), attr('transaction.ref', `PD${String(i).padStart(16, '0')}`)],
  };
}

const { target, drop } = await freshDatabaseTarget();
const database = await openDatabase(target);
try {
  await ensureReferenceData(database);
  await seedDemoIngestKeys(database);
  const config = { ...loadConfig({}), logLevel: 'silent' };
  const app = await buildApp({ database, config, keys: { jwtKey: randomBytes(32), kek: randomBytes(32), fieldKey: randomBytes(32) }, now: () => new Date() }, { portalLog: false });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });

  // The bodies, built before the clock starts (the client's work is not the portal's).
  const start = BigInt(Date.now()) * 1_000_000n;
  const bodies: string[] = [];
  for (let b = 0; b * BATCH < ROWS; b++) {
    const n = Math.min(BATCH, ROWS - b * BATCH);
    const logRecords = Array.from({ length: n }, (_, k) => record(b * BATCH + k, start + BigInt(b * BATCH + k) * 1000n));
    bodies.push(JSON.stringify({ resourceLogs: [{ resource: { attributes: [attr('service.name', 'terminal-host')] }, scopeLogs: [{ scope: { name: 'bench' }, logRecords }] }] }));
  }
  // Today's partitions exist before either run (the store makes them on first use; not timed).
  await ensureLogPartitions(database.query, 'TERMINAL', [utcDay(new Date()), utcDay(new Date(Date.now() + 86_400_000))]);

  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const res = await pool.request({ method: 'POST', path: '/api/otlp/v1/logs', headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_INGEST_KEYS.TERMINAL}` }, body });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`ingest answered ${res.statusCode}: ${text.slice(0, 300)}`);
      }
    }),
  );
  const ingestMs = performance.now() - t0;
  await pool.close();
  const [{ n: stored }] = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM log_entries WHERE source = 'TERMINAL'`)) as [{ n: number }];
  if (stored !== ROWS) throw new Error(`stored ${stored} of ${ROWS} rows`);

  // The same rows as the store writes them (mapped and redacted), for the baseline.
  const rows = logRowsOf(
    Array.from({ length: ROWS }, (_, i) => {
      const r = record(i, start + BigInt(i) * 1000n);
      return {
        at: new Date(Number(BigInt(r.timeUnixNano) / 1_000_000n)), source: 'TERMINAL' as const, level: r.severityNumber >= 17 ? 9 : r.severityNumber >= 13 ? 5 : 1,
        message: r.body.stringValue, operation: r.eventName, tid: r.attributes[0]!.value.stringValue, mid: r.attributes[1]!.value.stringValue,
        txnRefNo: r.attributes[2]!.value.stringValue, attributes: { 'service.name': 'terminal-host' },
      } as const;
    }),
  );
  let baselineMs: number;
  let baselineLabel: string;
  if (admin) {
    const csv = (v: unknown) => (v === null || v === undefined ? '' : `"${String(v).replace(/"/g, '""')}"`);
    const lines = rows.map((r) => [r.at, r.source, r.level, r.message, r.operation, r.tid, r.mid, r.txnRefNo, r.attributes].map(csv).join(',') + '\n');
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    const b0 = performance.now();
    await pipeline(Readable.from(lines), client.query(copyFrom(`COPY log_entries (at, source, level, message, operation, tid, mid, txn_ref_no, attributes) FROM STDIN WITH (FORMAT csv)`)));
    baselineMs = performance.now() - b0;
    await client.end();
    baselineLabel = 'COPY of the same rows into log_entries';
  } else {
    const store = logStoreOf({ database });
    const b0 = performance.now();
    for (let i = 0; i < rows.length; i += BATCH) await store.insert(rows.slice(i, i + BATCH));
    baselineMs = performance.now() - b0;
    baselineLabel = "the store's INSERT of the same rows, no HTTP (PGlite has no client COPY)";
  }
  const rate = (ms: number) => Math.round(ROWS / (ms / 1000));
  console.log(`${ROWS.toLocaleString('en-US')} OTLP log records in batches of ${BATCH} over ${CONNECTIONS} connections (${database.kind}, Node ${process.version})`);
  console.log(`  OTLP/HTTP ingest:  ${rate(ingestMs).toLocaleString('en-US').padStart(9)} rows/s (${(ingestMs / 1000).toFixed(2)} s)`);
  console.log(`  baseline, ${baselineLabel}: ${rate(baselineMs).toLocaleString('en-US')} rows/s (${(baselineMs / 1000).toFixed(2)} s)`);
  console.log(`  ratio ingest / baseline, rows/s: ${((100 * baselineMs) / ingestMs).toFixed(1)} % (goal ≥ 30 %)`);
  await app.close();
} finally {
  await database.close();
  await drop();
}
