/**
 * Server plumbing shared by every server on the database: secure-channel keys and nonces, rate
 * limit windows, governed exports, idempotency keys, start-up maintenance runs and the mail outbox.
 */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * Secure-channel keys agreed by the ECDH handshake (§7). `keyMaterial` holds the AES and HMAC
 * keys wrapped (AES-256-GCM) with the server's key-encryption key, never in plain.
 */
export const secureChannels = pgTable('secure_channels', {
  id: text('id').primaryKey(),
  keyMaterial: text('key_material').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
});

/** Nonces seen per channel within the 5-minute window; a second use is a replay. */
export const channelNonces = pgTable(
  'channel_nonces',
  {
    channelId: text('channel_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.nonce] }), index('channel_nonces_seen_idx').on(t.seenAt)],
);

/**
 * Fixed-window request counters shared by every server on the database: sign-in per
 * client address and per account. One row per key and window start (UTC); old windows are swept.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_windows_start_idx').on(t.windowStart)],
);

/**
 * Exports as governed work: one row per export from start to its end, so the per-user
 * concurrency limit holds across servers and the lifecycle (RUNNING → COMPLETED | CANCELLED |
 * FAILED) is audited. A RUNNING row older than the stale limit no longer counts (a crashed server).
 * It is also each user's export history (issue 29 item 8, contract endpoints/export-history.ts):
 * the screen (kind, declared name, web path), the file name, the request's filters and sort as
 * validated (`query`: `{SearchData, Sort?, Period?, GroupBy?}`, never a secret) and a FAILED run's
 * error code; the screen columns are null on runs recorded before it. Kept per user by
 * platform/export-retention.ts; times UTC.
 */
export const exportRuns = pgTable(
  'export_runs',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    target: text('target').notNull(),
    format: text('format').notNull(),
    status: text('status').notNull().default('RUNNING'),
    rows: integer('rows'),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    screenKind: text('screen_kind'),
    screenName: text('screen_name'),
    screenPath: text('screen_path'),
    fileName: text('file_name'),
    query: jsonb('query'),
    errorCode: text('error_code'),
  },
  (t) => [
    index('export_runs_user_status_idx').on(t.userId, t.status, t.startedAt),
    // A user's history, newest first (and its retention's newest N): one backward index range.
    index('export_runs_user_started_idx').on(t.userId, t.startedAt, t.id),
  ],
);

/**
 * Idempotency keys of the money-moving POSTs (as Stripe's): per caller, the key
 * sent in `Idempotency-Key`, the route, a SHA-256 of the request body and the first answer. A
 * replay within 24 h answers the stored answer; the same key with another body or route is
 * refused (IDEM422). Written in the same database transaction as the work it guards, so the work
 * and its answer commit together or not at all. Older rows are replaced on reuse and purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * One-time data maintenance run at start-up after the migrations (main.ts), e.g. masking card
 * numbers that imports stored before the readers masked cells: a step whose name has a row here is
 * done and is not run again, so its scan is paid once, not at every start. Times UTC.
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  finishedAt: ts('finished_at').notNull(),
});

/**
 * Outgoing e-mail: written in the transaction of the change that sends it and
 * delivered by the job queue (a real SMTP transport when configured). The body is sealed at rest:
 * an invitation carries a live link.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);
