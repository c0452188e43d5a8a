/**
 * The log store (issue 30, §2 Log files): one table for every source's entries, and the ingest
 * keys of the programs that send logs over OTLP/HTTP.
 *
 * `log_entries` is declared here for its columns (the report engine reads them from this
 * declaration); the migration that creates it is hand-edited to partition it — by LIST (source),
 * each source by RANGE (at) one partition per UTC day (platform/log-partitions.ts creates them
 * ahead and drops them past the source's retention). A partitioned table's keys must hold the
 * partition keys, so the primary key is (source, at, id).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * One log entry. `level` is domain LOG_LEVELS (1 info, 5 warning, 9 exception); `operation` is
 * what the entry is about (a request's route, a job's queue, a provider call's operation, an OTLP
 * record's event name); `outcome` its result as text (an HTTP status, COMPLETED / FAILED /
 * RETRY, a pending entry's OPEN / RESOLVED); owner columns are set when the entry is about one
 * organization (a terminal's owner, a merchant's call), so a merchant given a log permission sees
 * its own and nothing else (scopeCondition). `attributes` is masked JSON (never a full PAN,
 * password, token or account number: platform/log-redaction.ts).
 */
export const logEntries = pgTable(
  'log_entries',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: ts('at').notNull(),
    source: text('source').notNull(),
    level: smallint('level').notNull(),
    requestId: text('request_id'),
    message: text('message').notNull(),
    operation: text('operation'),
    outcome: text('outcome'),
    durationMs: integer('duration_ms'),
    userId: integer('user_id'),
    userGroup: text('user_group'),
    mid: text('mid'),
    tid: text('tid'),
    txnRefNo: text('txn_ref_no'),
    masterMerchantId: integer('master_merchant_id'),
    agencyId: integer('agency_id'),
    agentId: integer('agent_id'),
    merchantId: integer('merchant_id'),
    branchId: integer('branch_id'),
    attributes: jsonb('attributes'),
  },
  (t) => [
    primaryKey({ name: 'log_entries_pk', columns: [t.source, t.at, t.id] }),
    // Partial: most entries (the portal's, the scheduler's) name no transaction, terminal or
    // merchant, and an index entry per row would cost every insert for nothing.
    index('log_entries_request_idx').on(t.requestId).where(sql`${t.requestId} IS NOT NULL`),
    index('log_entries_txn_idx').on(t.txnRefNo).where(sql`${t.txnRefNo} IS NOT NULL`),
    index('log_entries_tid_idx').on(t.tid, t.at).where(sql`${t.tid} IS NOT NULL`),
    index('log_entries_mid_idx').on(t.mid, t.at).where(sql`${t.mid} IS NOT NULL`),
  ],
);

/**
 * The ingest key of one OTLP source (domain OTLP_LOG_SOURCES): issued, rotated and revoked on the
 * log ingest keys screen. Only a SHA-256 of the key is kept (`key_hash`, hex) with its first 8
 * characters to tell keys apart; the key itself is shown once, when issued. A revoked key
 * (`revoked_at`) writes nothing.
 */
export const logIngestKeys = pgTable(
  'log_ingest_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    label: text('label').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /**
     * A transaction ingest source's signing secret (`whsec_…`), sealed (platform/sealing.ts):
     * verifying a Standard Webhooks HMAC needs the secret itself, so it cannot be kept as a hash
     * like a bearer key. Null for bearer keys; `key_hash` then holds the secret's SHA-256 (unique).
     */
    secretSealed: text('secret_sealed'),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by'),
  },
  (t) => [uniqueIndex('log_ingest_keys_hash_uq').on(t.keyHash), index('log_ingest_keys_source_idx').on(t.source)],
);
