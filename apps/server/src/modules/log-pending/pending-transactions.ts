/**
 * The pending-transaction logs (issue 30 item 3, §2 "Txn Resp Pending" and "Txn Terminal Pending"
 * log files): a transaction still PENDING longer than the live TXN_PENDING_MINUTES setting gets
 * ONE log entry — source TXN_TERMINAL_PENDING for service type 2 (terminal), TXN_RESP_PENDING for
 * the online service types — level 5, outcome OPEN, with its age in minutes, MID / TID, amount and
 * owner columns; when the transaction leaves PENDING, that entry is closed: its outcome becomes
 * RESOLVED and its attributes gain the final status and the time it was seen resolved.
 *
 * Design decisions:
 *  - One entry per transaction, not one per run: a run skips a transaction that already has an
 *    OPEN entry of its source (log_entries_txn_idx, bounded to the partitions written since the
 *    transaction was created: `e.at >= t.created_at`).
 *  - Closing updates the entry in place (UPDATE outcome, attributes || {…}). The log store is
 *    otherwise append-only by convention (no trigger forbids an UPDATE, unlike audit_log); this is
 *    the one writer that changes a row, and it changes only outcome and attributes of its own
 *    source's OPEN entries, so the screen shows one line per stuck transaction with its ending
 *    rather than two lines to pair up. The entry's `at` (when it was opened) never changes.
 *  - Bounded work per run, on indexes that exist. `transactions` has no index on status (a
 *    partial index on (created_at, id) WHERE status = 'PENDING' would make the search one short
 *    range; none exists, and this issue adds no migration), so each service type is walked by
 *    created_at on transactions_st_created_idx (service_type, created_at, id, …) from a cursor,
 *    at most SCAN_ROWS_PER_TYPE rows per type per run, oldest first, and at most
 *    MAX_OPENED_PER_RUN entries opened per run. The cursor of each service type is a row of
 *    `maintenance_runs` (name `log-pending:<service type>`, finished_at = every transaction of that
 *    type created before it has been examined). Once caught up, each run re-reads the last
 *    RESCAN_MS before the previous cut-off, so a transaction written late (with an older
 *    created_at) is still found; one written later than that, with a created_at older than the
 *    cursor, is not. Without a cursor (first run) the walk starts FIRST_RUN_HORIZON_DAYS back: a
 *    transaction stuck PENDING for longer before this log existed is not listed (the transaction
 *    views show it), instead of flooding the log with years of demo or legacy rows.
 *  - Closing reads the OPEN entries of the two sources (their partitions hold only these
 *    entries: one per transaction ever pending past the threshold, within retention), joins each
 *    to its transaction on transactions_ref_uq, and closes at most MAX_RESOLVED_PER_RUN per run,
 *    one UPDATE per (source, UTC day) so each touches one partition.
 *  - The queue is 'short' and cron-driven: one run at a time on one server, so two runs never
 *    open the same transaction twice (two overlapping runs — one outliving the 5-minute tick —
 *    could; harmless beyond a duplicate line).
 */
import { SERVICE_TYPES, type LogSource } from '@paydesk/domain';
import type { AppContext } from '../../platform/context.ts';
import { logRowsOf, logStoreOf, type LogEntryInput } from '../../platform/log-store.ts';
import { currentRequestId } from '../../platform/request-context.ts';

/** Rows of one service type examined per run (the walk's step). */
export const SCAN_ROWS_PER_TYPE = 20_000;
/** Entries opened per run, every service type together. */
export const MAX_OPENED_PER_RUN = 5_000;
/** Entries closed per run. */
export const MAX_RESOLVED_PER_RUN = 5_000;
/** How far back the first run (no cursor yet) starts, in days. */
export const FIRST_RUN_HORIZON_DAYS = 7;
/** Milliseconds before the previous cut-off read again by each caught-up run (late-written rows). */
export const RESCAN_MS = 60 * 60_000;
/** Entries per INSERT. */
const INSERT_BATCH = 1_000;
const DAY_MS = 86_400_000;
/** The two sources this job writes. */
export const PENDING_SOURCES = ['TXN_RESP_PENDING', 'TXN_TERMINAL_PENDING'] as const satisfies readonly LogSource[];

/** The log source of a pending transaction of service type `serviceType`: 2 terminal → TXN_TERMINAL_PENDING, else TXN_RESP_PENDING. */
export const pendingSourceOf = (serviceType: number): (typeof PENDING_SOURCES)[number] => (serviceType === 2 ? 'TXN_TERMINAL_PENDING' : 'TXN_RESP_PENDING');

/** The maintenance_runs row holding the cursor of service type `serviceType`. */
export const cursorName = (serviceType: number) => `log-pending:${serviceType}`;

/** What one run did. */
export interface PendingRunResult {
  /** Transactions examined (every service type). */
  scanned: number;
  /** Entries opened (one per newly listed transaction). */
  opened: number;
  /** Entries closed (their transaction left PENDING). */
  resolved: number;
}

interface PendingRow {
  id: number;
  txn_ref_no: string;
  service_type: number;
  status: string;
  created_at: Date;
  amount: string;
  currency: string;
  mid: string | null;
  tid: string | null;
  master_merchant_id: number;
  agency_id: number;
  agent_id: number;
  merchant_id: number;
  branch_id: number | null;
}

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const nullableInt = (v: unknown) => (v == null ? null : Number(v));

/** The OPEN entry of pending transaction `t` at `now` with threshold `thresholdMinutes`. */
function openEntry(t: PendingRow, now: Date, thresholdMinutes: number): LogEntryInput {
  const createdAt = asDate(t.created_at);
  const ageMinutes = Math.floor((now.getTime() - createdAt.getTime()) / 60_000);
  const serviceType = Number(t.service_type);
  const kind = SERVICE_TYPES.find((s) => s.code === serviceType)?.key ?? String(serviceType);
  return {
    at: now,
    source: pendingSourceOf(serviceType),
    level: 5,
    requestId: currentRequestId(),
    message: `Transaction ${t.txn_ref_no} PENDING for ${ageMinutes} minutes (threshold ${thresholdMinutes})`,
    operation: kind,
    outcome: 'OPEN',
    mid: t.mid,
    tid: t.tid,
    txnRefNo: t.txn_ref_no,
    owner: { masterMerchantId: Number(t.master_merchant_id), agencyId: Number(t.agency_id), agentId: Number(t.agent_id), merchantId: Number(t.merchant_id), branchId: nullableInt(t.branch_id) },
    attributes: {
      transactionId: Number(t.id), serviceType, status: t.status, ageMinutes, thresholdMinutes,
      amount: t.amount, currency: t.currency, createdAt: createdAt.toISOString(),
    },
  };
}

/**
 * One run (the pending-transactions queue's handler): opens an entry for every transaction newly
 * found PENDING for longer than `thresholdMinutes` before `now` (within the run's bounds), then
 * closes the OPEN entries whose transaction is no longer PENDING (see the file's note). Entries
 * are inserted before the cursors move, so a run that fails midway is repeated from the same
 * place by the next. Answers what it did; throws the database's error (the queue retries).
 */
export async function logPendingTransactions(ctx: Pick<AppContext, 'database'>, now: Date, thresholdMinutes: number): Promise<PendingRunResult> {
  if (!Number.isFinite(thresholdMinutes) || thresholdMinutes < 0) throw new Error(`logPendingTransactions: thresholdMinutes must be ≥ 0, got ${thresholdMinutes}`);
  const q = ctx.database.query;
  const store = logStoreOf(ctx);
  const cut = new Date(now.getTime() - thresholdMinutes * 60_000);
  const cursors = new Map(
    (await q<{ name: string; finished_at: unknown }>(`SELECT name, finished_at FROM maintenance_runs WHERE name LIKE 'log-pending:%'`)).map((r) => [r.name, asDate(r.finished_at)]),
  );
  const result: PendingRunResult = { scanned: 0, opened: 0, resolved: 0 };

  for (const { code } of SERVICE_TYPES) {
    const budget = MAX_OPENED_PER_RUN - result.opened;
    if (budget <= 0) break;
    const from = cursors.get(cursorName(code)) ?? new Date(now.getTime() - FIRST_RUN_HORIZON_DAYS * DAY_MS);
    if (from.getTime() > cut.getTime()) continue;
    // The walk's step: up to SCAN_ROWS_PER_TYPE rows from the cursor (an index range on transactions_st_created_idx).
    const [step] = await q<{ n: number; last: unknown }>(
      `SELECT count(*)::int AS n, max(created_at) AS last FROM (
         SELECT created_at FROM transactions WHERE service_type = $1 AND created_at >= $2 AND created_at <= $3 ORDER BY created_at, id LIMIT $4) b`,
      [code, from, cut, SCAN_ROWS_PER_TYPE],
    );
    const scanned = Number(step?.n ?? 0);
    result.scanned += scanned;
    const full = scanned >= SCAN_ROWS_PER_TYPE && step?.last != null;
    let end = full ? asDate(step.last) : cut;
    const source = pendingSourceOf(code);
    const pending = await q<PendingRow>(
      `SELECT t.id, t.txn_ref_no, t.service_type, t.status, t.created_at, t.amount::text AS amount, t.currency, t.mid, t.tid,
              t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id
       FROM transactions t
       WHERE t.service_type = $1 AND t.created_at >= $2 AND t.created_at <= $3 AND t.status = 'PENDING'
         AND NOT EXISTS (SELECT 1 FROM log_entries e WHERE e.source = $4 AND e.txn_ref_no = t.txn_ref_no AND e.at >= t.created_at AND e.outcome = 'OPEN')
       ORDER BY t.created_at, t.id LIMIT $5`,
      [code, from, end, source, budget],
    );
    const capped = pending.length >= budget;
    if (capped) end = asDate(pending.at(-1)!.created_at);
    const entries = pending.map((t) => openEntry(t, now, thresholdMinutes));
    for (let i = 0; i < entries.length; i += INSERT_BATCH) await store.insert(logRowsOf(entries.slice(i, i + INSERT_BATCH)));
    result.opened += entries.length;
    // A step cut short (rows or budget) resumes at its last row (`>=`: its ties are read again, the
    // ones opened skipped); a finished one moves to the cut-off less RESCAN_MS. Never backwards, and
    // never stuck: a step whose every row shares the cursor's instant moves 1 ms past it.
    let next = full || capped ? end : new Date(Math.max(from.getTime(), cut.getTime() - RESCAN_MS));
    if ((full || capped) && next.getTime() <= from.getTime()) next = new Date(from.getTime() + 1);
    await q(`INSERT INTO maintenance_runs (name, finished_at) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET finished_at = EXCLUDED.finished_at`, [cursorName(code), next]);
  }

  result.resolved = await resolveEntries(ctx, now);
  return result;
}

/**
 * Closes up to MAX_RESOLVED_PER_RUN OPEN entries of the pending sources whose transaction is no
 * longer PENDING (or is gone): outcome RESOLVED, attributes gain finalStatus (the transaction's
 * status, or null when it is gone), resolvedAt (`now`) and pendingMinutes (from the
 * transaction's creation to `now`). Answers how many were closed.
 */
export async function resolveEntries(ctx: Pick<AppContext, 'database'>, now: Date): Promise<number> {
  const q = ctx.database.query;
  const done = await q<{ source: string; at: unknown; id: number; status: string | null; created_at: unknown }>(
    `SELECT e.source, e.at, e.id, t.status, t.created_at
     FROM log_entries e LEFT JOIN transactions t ON t.txn_ref_no = e.txn_ref_no
     WHERE e.source = ANY($1::text[]) AND e.outcome = 'OPEN' AND e.txn_ref_no IS NOT NULL AND (t.id IS NULL OR t.status <> 'PENDING')
     ORDER BY e.at, e.id LIMIT $2`,
    [[...PENDING_SOURCES], MAX_RESOLVED_PER_RUN],
  );
  // One UPDATE per (source, UTC day): each names one partition's rows.
  const groups = new Map<string, { source: string; day: Date; ids: number[]; statuses: (string | null)[]; minutes: (number | null)[] }>();
  for (const r of done) {
    const at = asDate(r.at);
    const day = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
    const key = `${r.source}|${day.toISOString()}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { source: r.source, day, ids: [], statuses: [], minutes: [] }));
    g.ids.push(Number(r.id));
    g.statuses.push(r.status);
    g.minutes.push(r.created_at == null ? null : Math.floor((now.getTime() - asDate(r.created_at).getTime()) / 60_000));
  }
  let resolved = 0;
  for (const g of groups.values()) {
    const rows = await q<{ id: number }>(
      `UPDATE log_entries e SET outcome = 'RESOLVED',
         attributes = coalesce(e.attributes, '{}'::jsonb) || jsonb_build_object('finalStatus', u.status, 'resolvedAt', $4::text, 'pendingMinutes', u.minutes)
       FROM unnest($5::bigint[], $6::text[], $7::integer[]) AS u(id, status, minutes)
       WHERE e.source = $1 AND e.at >= $2 AND e.at < $3 AND e.id = u.id AND e.outcome = 'OPEN'
       RETURNING e.id`,
      [g.source, g.day, new Date(g.day.getTime() + DAY_MS), now.toISOString(), g.ids, g.statuses, g.minutes],
    );
    resolved += rows.length;
  }
  return resolved;
}
