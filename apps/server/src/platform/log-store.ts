/**
 * The log store's writer (issue 30): every source's entries go to `log_entries` in batches, off
 * the request path. `write` only appends to a bounded buffer and answers at once — it never
 * waits, never throws and never fails the request or job that logs. A flush runs every
 * `flushMs` or as soon as `batchSize` entries wait; a full buffer drops the new entry and counts
 * it (`stats.dropped`, exported as a metric), and a batch the database refuses is counted in
 * `stats.failed` and reported on stdout (never written back to the store, which could loop).
 *
 * Rows go in with one INSERT … SELECT FROM unnest(arrays) per batch: one statement and one round
 * trip for up to `batchSize` rows, the same text every time (bench/log-ingest.bench.ts measures
 * it beside a COPY of the same rows). Before a batch, the partitions of its days are ensured
 * (platform/log-partitions.ts; known ones are remembered).
 *
 * Every message and attribute passes redactForLog (PANs masked to first 6 + last 4, secrets'
 * values redacted) before it is buffered, whichever door it came by.
 */
import type { LogLevel, LogSource } from '@paydesk/domain';
import type { Database, Query } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { ensureLogPartitions, utcDay } from './log-partitions.ts';
import { redactedJson, redactForLog } from './log-masking.ts';

/** The owner columns of an entry about one organization (a terminal's, a merchant's). */
export interface LogOwner {
  masterMerchantId: number | null;
  agencyId: number | null;
  agentId: number | null;
  merchantId: number | null;
  branchId: number | null;
}

/** One entry as a source writes it (schema/logs.ts describes each field). */
export interface LogEntryInput {
  /** When it happened (UTC); the source's clock. */
  at: Date;
  source: LogSource;
  level: LogLevel;
  message: string;
  requestId?: string | null;
  operation?: string | null;
  outcome?: string | null;
  /** Milliseconds. */
  durationMs?: number | null;
  userId?: number | null;
  userGroup?: string | null;
  mid?: string | null;
  tid?: string | null;
  txnRefNo?: string | null;
  owner?: LogOwner | null;
  /** JSON-like; redacted and capped at MAX_ATTRIBUTES_CHARS of JSON. */
  attributes?: Record<string, unknown> | null;
}

export interface LogStoreStats {
  /** Entries inserted. */
  written: number;
  /** Entries refused because the buffer was full. */
  dropped: number;
  /** Entries lost with a batch the database refused. */
  failed: number;
  /** Entries waiting now. */
  buffered: number;
}

export interface LogStoreOptions {
  /** Most entries waiting; beyond it new ones are dropped (default 20,000). */
  maxBuffer?: number;
  /** Entries per INSERT (default 1,000). */
  batchSize?: number;
  /** Milliseconds between flushes of a partial batch (default 250). */
  flushMs?: number;
  /** Where a refused batch is reported (default stderr as one JSON line). */
  report?: (message: string, err: unknown) => void;
}

/** Longest message kept, in characters (the rest is cut, marked '…'). */
export const MAX_MESSAGE_CHARS = 4_000;
/** Longest attributes kept, in characters of JSON (beyond: replaced by a note of their size). */
export const MAX_ATTRIBUTES_CHARS = 16_000;

const cut = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? `${s.slice(0, n - 1)}…` : s);

interface Row {
  at: string;
  source: LogSource;
  level: LogLevel;
  requestId: string | null;
  message: string;
  operation: string | null;
  outcome: string | null;
  durationMs: number | null;
  userId: number | null;
  userGroup: string | null;
  mid: string | null;
  tid: string | null;
  txnRefNo: string | null;
  owner: LogOwner | null;
  attributes: string | null;
}

/** The entry as stored: redacted, capped, times as ISO text. */
function rowOf(e: LogEntryInput): Row {
  let attributes: string | null = null;
  if (e.attributes) {
    const json = redactedJson(e.attributes);
    attributes = json.length > MAX_ATTRIBUTES_CHARS ? JSON.stringify({ truncated: true, chars: json.length }) : json;
  }
  return {
    at: e.at.toISOString(),
    source: e.source,
    level: e.level,
    requestId: cut(e.requestId, 100),
    message: cut(redactForLog(e.message), MAX_MESSAGE_CHARS) ?? '',
    operation: cut(redactForLog(e.operation ?? null), 300),
    outcome: cut(e.outcome, 100),
    durationMs: e.durationMs == null || !Number.isFinite(e.durationMs) ? null : Math.max(0, Math.min(2_147_483_647, Math.round(e.durationMs))),
    userId: e.userId ?? null,
    userGroup: cut(e.userGroup, 100),
    mid: cut(e.mid, 50),
    tid: cut(e.tid, 50),
    txnRefNo: cut(e.txnRefNo, 100),
    owner: e.owner ?? null,
    attributes,
  };
}

const INSERT = `INSERT INTO log_entries (at, source, level, request_id, message, operation, outcome, duration_ms, user_id, user_group, mid, tid, txn_ref_no,
  master_merchant_id, agency_id, agent_id, merchant_id, branch_id, attributes)
SELECT at, source, level, request_id, message, operation, outcome, duration_ms, user_id, user_group, mid, tid, txn_ref_no,
  master_merchant_id, agency_id, agent_id, merchant_id, branch_id, attributes::jsonb
FROM unnest($1::timestamptz[], $2::text[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::integer[], $9::integer[], $10::text[],
  $11::text[], $12::text[], $13::text[], $14::integer[], $15::integer[], $16::integer[], $17::integer[], $18::integer[], $19::text[])
  AS r(at, source, level, request_id, message, operation, outcome, duration_ms, user_id, user_group, mid, tid, txn_ref_no,
  master_merchant_id, agency_id, agent_id, merchant_id, branch_id, attributes)`;

/** The INSERT's 19 array parameters of a batch. */
export function insertParams(rows: readonly Row[]): unknown[][] {
  const col = <T>(f: (r: Row) => T) => rows.map(f);
  return [
    col((r) => r.at), col((r) => r.source), col((r) => r.level), col((r) => r.requestId), col((r) => r.message), col((r) => r.operation),
    col((r) => r.outcome), col((r) => r.durationMs), col((r) => r.userId), col((r) => r.userGroup), col((r) => r.mid), col((r) => r.tid),
    col((r) => r.txnRefNo), col((r) => r.owner?.masterMerchantId ?? null), col((r) => r.owner?.agencyId ?? null), col((r) => r.owner?.agentId ?? null),
    col((r) => r.owner?.merchantId ?? null), col((r) => r.owner?.branchId ?? null), col((r) => r.attributes),
  ];
}

/** The batched writer of one database (see the file's note). */
export class LogStore {
  private buffer: Row[] = [];
  private readonly known = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private readonly maxBuffer: number;
  private readonly batchSize: number;
  private readonly flushMs: number;
  private readonly report: (message: string, err: unknown) => void;
  readonly stats: LogStoreStats = { written: 0, dropped: 0, failed: 0, buffered: 0 };

  constructor(
    private readonly database: Database,
    opts: LogStoreOptions = {},
  ) {
    this.maxBuffer = opts.maxBuffer ?? 20_000;
    this.batchSize = opts.batchSize ?? 1_000;
    this.flushMs = opts.flushMs ?? 250;
    this.report = opts.report ?? ((m, err) => process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: m, err: String((err as Error)?.message ?? err) })}\n`));
  }

  /** Buffers one entry; false when it was dropped (buffer full, store closed, or not storable). Never throws. */
  write(entry: LogEntryInput): boolean {
    if (this.closed || this.buffer.length >= this.maxBuffer) {
      this.stats.dropped++;
      return false;
    }
    let row: Row;
    try {
      row = rowOf(entry);
    } catch {
      this.stats.dropped++;
      return false;
    }
    this.buffer.push(row);
    this.stats.buffered = this.buffer.length;
    if (this.buffer.length >= this.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      // A waiting flush never keeps the process alive; close() stores what is left.
      this.timer.unref();
    }
    return true;
  }

  /** Stores everything buffered now (resolves when it is in, or counted failed). Never rejects. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    this.flushing = this.drain().finally(() => (this.flushing = null));
    await this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.batchSize);
      this.stats.buffered = this.buffer.length;
      try {
        await this.insert(batch);
        this.stats.written += batch.length;
      } catch (err) {
        this.stats.failed += batch.length;
        this.report(`log store: ${batch.length} entries not stored`, err);
      }
    }
  }

  /** Inserts `rows` now (ensuring their partitions); throws the database's refusal. */
  async insert(rows: readonly Row[]): Promise<void> {
    for (const r of rows) {
      const key = `${r.source}|${r.at.slice(0, 10)}`;
      if (this.known.has(key)) continue;
      await ensureLogPartitions(this.database.query, r.source, [utcDay(new Date(r.at))]);
      this.known.add(key);
    }
    await this.database.query(INSERT, insertParams(rows));
  }

  /** Stores what is buffered and refuses further writes (the app is closing). */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}

/**
 * Inserts `rows` with `q` (e.g. inside the caller's transaction) and answers each row's id and
 * time, in order: for a writer whose answer names its entry (a terminal log file's upload). Their
 * partitions must exist already (ensureLogPartitions, outside the transaction: a lost creation
 * race would abort it). Throws the database's refusal.
 */
export async function insertLogRows(q: Query, rows: readonly Row[]): Promise<{ id: number; at: Date }[]> {
  const out = await q<{ id: number | string; at: string | Date }>(`${INSERT} RETURNING id, at`, insertParams(rows));
  return out.map((r) => ({ id: Number(r.id), at: new Date(r.at) }));
}

/** Rows as the writer stores them, for a caller inserting its own batch (the OTLP endpoint, the benchmark). */
export const logRowsOf = (entries: readonly LogEntryInput[]) => entries.map(rowOf);

const stores = new WeakMap<Database, LogStore>();

/** The log store of `ctx`'s database (one per database per process, made on first use). */
export function logStoreOf(ctx: Pick<AppContext, 'database'>): LogStore {
  let s = stores.get(ctx.database);
  if (!s) stores.set(ctx.database, (s = new LogStore(ctx.database)));
  return s;
}
