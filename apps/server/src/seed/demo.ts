/**
 * The deterministic demo dataset: hierarchy, users of every group type, transactions over the
 * last 90 days, refund requests, and the daily sales summary. Built for speed: rows are generated
 * in memory (generate.ts) and written in large `INSERT ... SELECT * FROM unnest(...)` batches,
 * with the per-row summary trigger disabled during the load and the summary rebuilt with one
 * aggregate. Everything runs in one database transaction, so a failure leaves nothing behind.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { defaultPermissions, type GroupType } from '@paydesk/domain';
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/client.ts';
import {
  DEMO_SIGN_INS, ORG_COUNT, generateHierarchy, generateRefunds, generateTransactions, generateUsers, spreadOrgChanges,
  type AcquirerRef, type GenOrg, type GenRefund, type GenTxn,
} from './generate.ts';
import { spreadConfigTimes } from './config-times.ts';
import { Rng } from './random.ts';
import { defaultGroupIds, ensureReferenceData } from './reference-data.ts';

export interface SeedDemoOptions {
  /** How many transactions to create. */
  transactions: number;
  /** PRNG seed (default 1): the same seed and `now` give the same rows. */
  seed?: number;
  /** Password of every demo user (hashed once). */
  password: string;
  /** The instant the dataset ends at (default: the current time). No transaction is after it. */
  now?: Date;
  /** Progress messages. */
  log?: (msg: string) => void;
  /** Wipe organizations, users, memberships, sessions, transactions, summary, refunds and the audit log first. */
  reset?: boolean;
  /** Benchmarks: how transactions are written (default 'unnest'). 'rows' is one INSERT per row. */
  insertMode?: InsertMode;
  /** Benchmarks: 'rebuild' (default) disables the per-row summary trigger during the load and rebuilds once; 'trigger' leaves it on. */
  summaryMode?: 'rebuild' | 'trigger';
  /** Benchmarks: drop and rebuild secondary indexes around the bulk load of an empty table (default true with 'rebuild'). */
  deferIndexes?: boolean;
  /** Rows per INSERT statement (default 5,000 for unnest, at most 1,500 for values). */
  batchSize?: number;
}

export type InsertMode = 'unnest' | 'values' | 'rows';

export interface DemoSummary {
  organizations: number;
  users: number;
  transactions: number;
  signIns: { groupType: string; email: string }[];
}

/** Runs raw SQL inside the seed's transaction. */
type Exec = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Tables a reset empties (TRUNCATE is allowed on the append-only audit log: its guard is a row trigger). */
const RESET_TABLES = ['organizations', 'users', 'memberships', 'sessions', 'transactions', 'daily_sales_summary', 'refund_requests', 'audit_log'];

/**
 * Seeds the demo dataset. Calls ensureReferenceData first. Refuses (throws) when the database
 * already has organizations or any demo user's e-mail, unless `reset` is set. Returns the counts
 * and the six demo sign-ins.
 */
export async function seedDemo(database: Database, opts: SeedDemoOptions): Promise<DemoSummary> {
  if (!Number.isInteger(opts.transactions) || opts.transactions < 0) throw new Error(`seedDemo: transactions must be a non-negative integer, got ${opts.transactions}`);
  if (!opts.password) throw new Error('seedDemo: a password for the demo users is required');
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const now = opts.now ?? new Date();
  const insertMode = opts.insertMode ?? 'unnest';
  const summaryMode = opts.summaryMode ?? 'rebuild';

  await ensureReferenceData(database);
  const groupIds = await defaultGroupIds(database);
  const acquirers = (await database.query<{ id: number; code: string; acq_name: string }>('SELECT id, code, acq_name FROM acquirers WHERE is_active = 1 ORDER BY id')).map(
    (a): AcquirerRef => ({ id: Number(a.id), code: a.code, name: a.acq_name }),
  );
  if (acquirers.length === 0) throw new Error('seedDemo: no active acquirer');
  const passwordHash = await hashPassword(opts.password);

  const result = await inTransaction(database, async (exec) => {
    const [{ n: orgCount } = { n: 0 }] = await exec<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
    if (opts.reset) {
      await exec(`TRUNCATE TABLE ${RESET_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
      log('reset: emptied the demo tables');
    } else {
      if (Number(orgCount) > 0) {
        throw new Error(
          `seedDemo refuses to run: the database already has ${orgCount} organizations. ` +
            'Seed an empty database, or pass reset (npm run seed -- --reset) to wipe the demo tables first.',
        );
      }
      const taken = await exec<{ email: string }>('SELECT email FROM users WHERE lower(email) = ANY($1::text[])', [pgArray(DEMO_SIGN_INS.map((s) => s.email))]);
      if (taken.length > 0) {
        throw new Error(`seedDemo refuses to run: user(s) ${taken.map((t) => t.email).join(', ')} already exist. Pass reset to wipe the demo tables first.`);
      }
    }

    const rng = new Rng(opts.seed ?? 1);
    const ids = (await exec<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('organizations', 'id'))::int AS id FROM generate_series(1, $1::int)`, [ORG_COUNT]))
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    const hierarchy = generateHierarchy(rng, ids, now);
    // Change times draw from a second stream of the same seed, so they leave every other row as it was.
    const timesRng = new Rng(((opts.seed ?? 1) ^ 0x5eed_7157) >>> 0);
    spreadOrgChanges(timesRng, hierarchy.all, now);
    await insertBatches(exec, 'organizations', ORG_COLUMNS, hierarchy.all, 'unnest', 5000);
    log(`organizations: ${hierarchy.all.length}`);

    const { users, memberships } = generateUsers(rng, hierarchy, now);
    const userRows = await insertUnnest(exec, 'users', USER_COLUMNS(passwordHash), users, 'RETURNING id, email');
    const userIds = new Map(userRows.map((r) => [String(r.email), Number(r.id)]));
    await insertUnnest(
      exec,
      'memberships',
      MEMBERSHIP_COLUMNS,
      memberships.map((m) => ({ userId: userIds.get(m.email)!, orgId: m.orgId, groupId: groupIds[m.groupType as GroupType], isDefault: m.isDefault })),
    );
    await addFinanceGroup(exec, userIds.get('merchant@paydesk.my')!, hierarchy.demo.hq.id);
    log(`users: ${users.length} (${memberships.length + 1} memberships)`);

    const genStarted = Date.now();
    const txns = generateTransactions(rng, { hierarchy, acquirers, now }, opts.transactions);
    log(`generated ${txns.length} transactions in ${Date.now() - genStarted} ms`);

    const [{ m: maxIdBefore } = { m: '0' }] = await exec<{ m: string }>('SELECT coalesce(max(id), 0)::text AS m FROM transactions');
    const bulk = summaryMode === 'rebuild';
    const deferIndexes = bulk && opts.deferIndexes !== false;
    if (bulk) {
      await exec('ALTER TABLE transactions DISABLE TRIGGER transactions_dss');
      await exec(`SET LOCAL work_mem = '64MB'`);
      await exec(`SET LOCAL maintenance_work_mem = '128MB'`);
    }
    let loaded = false;
    try {
      const batch = opts.batchSize ?? (insertMode === 'values' ? 1500 : 5000);
      await withIndexesDeferred(exec, deferIndexes ? 'transactions' : null, log, async () => {
        const insertStarted = Date.now();
        await insertBatches(exec, 'transactions', TXN_COLUMNS, txns, insertMode, batch, (done) => log(`transactions: ${done}/${txns.length}`));
        log(`inserted ${txns.length} transactions in ${Date.now() - insertStarted} ms (${insertMode})`);
      });
      if (bulk) {
        await withIndexesDeferred(exec, deferIndexes ? 'daily_sales_summary' : null, log, async () => {
          const summaryStarted = Date.now();
          await exec(REBUILD_SUMMARY_SQL, [maxIdBefore]);
          log(`daily_sales_summary rebuilt in ${Date.now() - summaryStarted} ms`);
        });
      }
      loaded = true;
    } finally {
      if (bulk) {
        const enable = exec('ALTER TABLE transactions ENABLE TRIGGER transactions_dss');
        // After a failure the transaction may be aborted; its rollback restores the trigger anyway.
        if (loaded) await enable;
        else await enable.catch(() => undefined);
      }
    }

    const refunds = generateRefunds(rng, txns, now, hierarchy.demo.hq.id);
    await insertRefunds(exec, refunds);
    log(`refund requests: ${refunds.length}`);
    await spreadConfigTimes(exec, timesRng, now);
    log('configuration rows dated over the past months');
    return { organizations: hierarchy.all.length, users: users.length, transactions: txns.length };
  });

  // Fresh statistics for the planner after a bulk load (outside the transaction; cheap).
  await database.query('ANALYZE organizations, users, memberships, transactions, daily_sales_summary, refund_requests');
  log(`demo dataset ready in ${Date.now() - started} ms`);
  return { ...result, signIns: DEMO_SIGN_INS.map((s) => ({ ...s })) };
}

// ---------------------------------------------------------------------------------------------
// Transactions on either driver

/**
 * Runs `fn` in one database transaction on a single connection: PGlite's own transaction, or a
 * pooled PostgreSQL client with BEGIN/COMMIT (ROLLBACK on any error).
 */
export async function inTransaction<T>(database: Database, fn: (exec: Exec) => Promise<T>): Promise<T> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    return (client as PGlite).transaction(async (tx) => fn(async <R,>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows));
  }
  const conn = await (client as pg.Pool).connect();
  try {
    await conn.query('BEGIN');
    const out = await fn(async <R,>(text: string, params?: unknown[]) => (await conn.query(text, params)).rows as R[]);
    await conn.query('COMMIT');
    return out;
  } catch (err) {
    await conn.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    conn.release();
  }
}

/**
 * Bulk-load helper: when `table` is empty, drops its secondary indexes (those backing no
 * constraint), runs `load`, then recreates them from their own definitions (pg_get_indexdef), as
 * one sorted build per index is much faster than row-by-row maintenance. Inside the seed's
 * transaction, so a failure rolls the drops back. A non-empty table (or null) just runs `load`.
 */
async function withIndexesDeferred(exec: Exec, table: string | null, log: (m: string) => void, load: () => Promise<void>): Promise<void> {
  if (!table) return load();
  const [{ empty } = { empty: false }] = await exec<{ empty: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM ${table}) AS empty`);
  if (!empty) return load();
  const indexes = await exec<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE t.relname = $1 AND n.nspname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
     ORDER BY i.relname`,
    [table],
  );
  for (const ix of indexes) await exec(`DROP INDEX ${quoteIdent(ix.name)}`);
  await load();
  const started = Date.now();
  for (const ix of indexes) await exec(ix.def);
  if (indexes.length > 0) log(`${table}: rebuilt ${indexes.length} indexes in ${Date.now() - started} ms`);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// ---------------------------------------------------------------------------------------------
// Batched inserts

type PgType = 'text' | 'int2' | 'int4' | 'int8' | 'numeric' | 'timestamptz' | 'bool';
interface Column<R> {
  name: string;
  type: PgType;
  get: (row: R) => string | number | boolean | Date | null;
}

/**
 * A PostgreSQL array literal ("{...}") of the values: NULL for null, numbers and booleans bare,
 * everything else double-quoted with backslash escapes. Sent as one text parameter and cast with
 * `$n::type[]`, it works the same on PGlite and node-postgres, and is far cheaper than a parameter
 * per value.
 */
export function pgArray(values: readonly (string | number | boolean | Date | null | undefined)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'number') parts[i] = String(v);
    else if (typeof v === 'boolean') parts[i] = v ? 't' : 'f';
    else {
      const s = v instanceof Date ? v.toISOString() : v;
      parts[i] = `"${s.replace(/[\\"]/g, '\\$&')}"`;
    }
  }
  return `{${parts.join(',')}}`;
}

/** One `INSERT ... SELECT * FROM unnest($1::t1[], $2::t2[], ...)` of all rows; returns RETURNING rows. */
async function insertUnnest<R>(exec: Exec, table: string, cols: readonly Column<R>[], rows: readonly R[], returning = ''): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const sql =
    `INSERT INTO ${table} (${cols.map((c) => c.name).join(', ')}) ` +
    `SELECT * FROM unnest(${cols.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) ${returning}`;
  return exec(sql, cols.map((c) => pgArray(rows.map(c.get))));
}

/** Multi-row `INSERT ... VALUES (...), (...)` with one parameter per value. */
async function insertValues<R>(exec: Exec, table: string, cols: readonly Column<R>[], rows: readonly R[]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const base = params.length;
    tuples.push(`(${cols.map((c, i) => `$${base + i + 1}::${c.type}`).join(', ')})`);
    for (const c of cols) {
      const v = c.get(row);
      params.push(v instanceof Date ? v.toISOString() : v);
    }
  }
  await exec(`INSERT INTO ${table} (${cols.map((c) => c.name).join(', ')}) VALUES ${tuples.join(', ')}`, params);
}

/** Writes rows in batches with the chosen statement shape, reporting progress about every quarter. */
async function insertBatches<R>(
  exec: Exec,
  table: string,
  cols: readonly Column<R>[],
  rows: readonly R[],
  mode: InsertMode,
  batchSize: number,
  progress?: (done: number) => void,
): Promise<void> {
  const size = mode === 'rows' ? 1 : mode === 'values' ? Math.min(batchSize, Math.floor(65_000 / cols.length)) : batchSize;
  const reportEvery = Math.max(size, Math.ceil(rows.length / 4));
  let nextReport = reportEvery;
  const single =
    mode === 'rows'
      ? `INSERT INTO ${table} (${cols.map((c) => c.name).join(', ')}) VALUES (${cols.map((c, i) => `$${i + 1}::${c.type}`).join(', ')})`
      : '';
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    if (mode === 'unnest') await insertUnnest(exec, table, cols, chunk);
    else if (mode === 'values') await insertValues(exec, table, cols, chunk);
    else {
      const row = chunk[0]!;
      await exec(single, cols.map((c) => {
        const v = c.get(row);
        return v instanceof Date ? v.toISOString() : v;
      }));
    }
    const done = Math.min(rows.length, i + size);
    if (progress && (done >= nextReport || done === rows.length)) {
      progress(done);
      nextReport = done + reportEvery;
    }
  }
}

const ORG_COLUMNS: Column<GenOrg>[] = [
  { name: 'id', type: 'int4', get: (o) => o.id },
  { name: 'level', type: 'text', get: (o) => o.level },
  { name: 'parent_id', type: 'int4', get: (o) => o.parentId },
  { name: 'path', type: 'text', get: (o) => o.path },
  { name: 'name', type: 'text', get: (o) => o.name },
  { name: 'reg_no', type: 'text', get: (o) => o.regNo },
  { name: 'mid', type: 'text', get: (o) => o.mid },
  { name: 'business_category', type: 'text', get: (o) => o.businessCategory },
  { name: 'address1', type: 'text', get: (o) => o.address1 },
  { name: 'city', type: 'text', get: (o) => o.city },
  { name: 'state', type: 'text', get: (o) => o.state },
  { name: 'postcode', type: 'text', get: (o) => o.postcode },
  { name: 'phone', type: 'text', get: (o) => o.phone },
  { name: 'email', type: 'text', get: (o) => o.email },
  { name: 'is_active', type: 'int2', get: (o) => o.isActive },
  { name: 'onboarding_status', type: 'text', get: (o) => o.onboardingStatus },
  { name: 'created_at', type: 'timestamptz', get: (o) => o.createdAt },
  { name: 'updated_at', type: 'timestamptz', get: (o) => o.updatedAt },
];

interface UserRow {
  email: string;
  nickName: string;
  isActive: 0 | 1;
  createdAt: Date;
  lastLoginAt: Date | null;
}
const USER_COLUMNS = (passwordHash: string): Column<UserRow>[] => [
  { name: 'email', type: 'text', get: (u) => u.email },
  { name: 'nick_name', type: 'text', get: (u) => u.nickName },
  { name: 'password_hash', type: 'text', get: () => passwordHash },
  { name: 'is_active', type: 'int2', get: (u) => u.isActive },
  { name: 'created_at', type: 'timestamptz', get: (u) => u.createdAt },
  { name: 'last_login_at', type: 'timestamptz', get: (u) => u.lastLoginAt },
];

interface MembershipRow {
  userId: number;
  orgId: number | null;
  groupId: number;
  isDefault: boolean;
}
const MEMBERSHIP_COLUMNS: Column<MembershipRow>[] = [
  { name: 'user_id', type: 'int4', get: (m) => m.userId },
  { name: 'org_id', type: 'int4', get: (m) => m.orgId },
  { name: 'group_id', type: 'int4', get: (m) => m.groupId },
  { name: 'is_default', type: 'bool', get: (m) => m.isDefault },
];

const TXN_COLUMNS: Column<GenTxn>[] = [
  { name: 'txn_ref_no', type: 'text', get: (t) => t.txnRefNo },
  { name: 'merchant_order_no', type: 'text', get: (t) => t.merchantOrderNo },
  { name: 'order_description', type: 'text', get: (t) => t.orderDescription },
  { name: 'service_type', type: 'int2', get: (t) => t.serviceType },
  { name: 'payment_method', type: 'text', get: (t) => t.paymentMethod },
  { name: 'card_scheme', type: 'text', get: (t) => t.cardScheme },
  { name: 'card_type', type: 'text', get: (t) => t.cardType },
  { name: 'masked_pan', type: 'text', get: (t) => t.maskedPan },
  { name: 'pan_last4', type: 'text', get: (t) => t.panLast4 },
  { name: 'issuer_country', type: 'text', get: (t) => t.issuerCountry },
  { name: 'bank_code', type: 'text', get: (t) => t.bankCode },
  { name: 'txn_type', type: 'text', get: (t) => t.txnType },
  { name: 'status', type: 'text', get: (t) => t.status },
  { name: 'amount', type: 'numeric', get: (t) => t.amount },
  { name: 'currency', type: 'text', get: (t) => t.currency },
  { name: 'mid', type: 'text', get: (t) => t.mid },
  { name: 'tid', type: 'text', get: (t) => t.tid },
  { name: 'acquirer_id', type: 'int4', get: (t) => t.acquirerId },
  { name: 'acquirer_name', type: 'text', get: (t) => t.acquirerName },
  { name: 'provider', type: 'text', get: (t) => t.provider },
  { name: 'auth_code', type: 'text', get: (t) => t.authCode },
  { name: 'response_code', type: 'text', get: (t) => t.responseCode },
  { name: 'response_message', type: 'text', get: (t) => t.responseMessage },
  { name: 'master_merchant_id', type: 'int4', get: (t) => t.masterMerchantId },
  { name: 'agency_id', type: 'int4', get: (t) => t.agencyId },
  { name: 'agent_id', type: 'int4', get: (t) => t.agentId },
  { name: 'merchant_id', type: 'int4', get: (t) => t.merchantId },
  { name: 'branch_id', type: 'int4', get: (t) => t.branchId },
  { name: 'cust_name', type: 'text', get: (t) => t.custName },
  { name: 'cust_phone_no', type: 'text', get: (t) => t.custPhoneNo },
  { name: 'cust_email', type: 'text', get: (t) => t.custEmail },
  { name: 'cust_ref', type: 'text', get: (t) => t.custRef },
  { name: 'cust_address1', type: 'text', get: (t) => t.custAddress1 },
  { name: 'cust_address2', type: 'text', get: (t) => t.custAddress2 },
  { name: 'cust_state', type: 'text', get: (t) => t.custState },
  { name: 'cust_city', type: 'text', get: (t) => t.custCity },
  { name: 'cust_country', type: 'text', get: (t) => t.custCountry },
  { name: 'client_ip', type: 'text', get: (t) => t.clientIp },
  { name: 'payment_creation_date', type: 'timestamptz', get: (t) => t.paymentCreationDate },
  { name: 'created_at', type: 'timestamptz', get: (t) => t.createdAt },
  { name: 'updated_at', type: 'timestamptz', get: (t) => t.updatedAt },
];

/**
 * Adds the rows written since `$1` (an id) to daily_sales_summary, grouped exactly as the
 * `dss_apply` trigger function does (0001_triggers.sql): MYT business day, merchant, branch (0 =
 * the HQ itself), service type, payment method, status, currency; onto existing rows.
 */
export const REBUILD_SUMMARY_SQL = `
INSERT INTO daily_sales_summary AS s (business_day, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
    service_type, payment_method, status, currency, txn_count, amount)
SELECT (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, master_merchant_id, agency_id, agent_id, merchant_id,
    coalesce(branch_id, 0), service_type, payment_method, status, currency, count(*)::int, sum(amount)
FROM transactions
WHERE id > $1::bigint
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
ON CONFLICT (business_day, merchant_id, branch_id, service_type, payment_method, status, currency)
DO UPDATE SET txn_count = s.txn_count + EXCLUDED.txn_count, amount = s.amount + EXCLUDED.amount`;

/** Refund requests copy amount, currency, service type and scope from their transaction (joined on the reference). */
async function insertRefunds(exec: Exec, refunds: readonly GenRefund[]): Promise<void> {
  if (refunds.length === 0) return;
  await exec(
    `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, description,
        master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
     SELECT t.id, t.txn_ref_no, t.service_type, t.amount, t.currency, r.reason_code, r.status, r.description,
        t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, r.created_at, r.updated_at
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])
        AS r(txn_ref_no, reason_code, status, description, created_at, updated_at)
     JOIN transactions t ON t.txn_ref_no = r.txn_ref_no
     ORDER BY r.created_at`,
    [
      pgArray(refunds.map((r) => r.txnRefNo)),
      pgArray(refunds.map((r) => r.reasonCode)),
      pgArray(refunds.map((r) => r.status)),
      pgArray(refunds.map((r) => r.description)),
      pgArray(refunds.map((r) => r.createdAt)),
      pgArray(refunds.map((r) => r.updatedAt)),
    ],
  );
}

/** Permissions of the demo "Merchant HQ Finance" group: the HQ's reports, not its live transactions or services. */
export function financeGroupPermissions(): string[] {
  return defaultPermissions('MERCHANT_HQ').filter((p) => !/^(transaction|transactionterminal|paymentlink|paybycard|recurring|prechargeback|pos):/.test(p));
}

/**
 * A custom (non-default) group and a second membership for merchant@paydesk.my, so switching
 * user group visibly changes the menu: the finance group does not watch live transactions.
 */
async function addFinanceGroup(exec: Exec, userId: number, hqId: number): Promise<void> {
  const [group] = await exec<{ id: number }>(
    `INSERT INTO user_groups (name, group_type, description, is_default) VALUES ('Merchant HQ Finance', 'MERCHANT_HQ', 'Reports and settlement only; no live transactions', false) RETURNING id`,
  );
  const perms = financeGroupPermissions();
  await exec(`INSERT INTO user_group_permissions (group_id, permission) SELECT $1, unnest($2::text[])`, [group!.id, pgArray(perms)]);
  await exec(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, false)`, [userId, hqId, group!.id]);
}
