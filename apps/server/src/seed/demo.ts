/**
 * The deterministic demo dataset: hierarchy, users of every group type, transactions of every kind
 * (docs/transaction-model.md) over the last 90 days with their payment links, recurring schedules
 * and terminal settlement batches, refund requests, and the daily sales summary. Built for speed
 * at any size: rows are streamed from generate.ts in time order and written with
 * `COPY … FROM STDIN WITH (FREEZE)` on PostgreSQL (keys and indexes dropped before and built after
 * the load) or large `INSERT ... SELECT * FROM unnest(...)` batches on PGlite, with the per-row
 * summary trigger disabled during the load and the summary rebuilt with one aggregate, then
 * `VACUUM (ANALYZE)`. Everything but the vacuum runs in one database transaction, so a failure
 * leaves nothing behind.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { REFUNDED_STATUSES, defaultPermissions, type GroupType } from '@paydesk/domain';
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/client.ts';
import { CopyWriter } from '../db/copy-writer.ts';
import { pgArray } from '../db/pg-array.ts';
import { insertUnnest, type Exec, type TypedColumn } from '../db/unnest-insert.ts';
import { TXN_COLUMNS } from '../transactions/insert.ts';
import {
  DEMO_SIGN_INS, ORG_COUNT, generateHierarchy, generateUsers, spreadOrgChanges, streamTransactions,
  type AcquirerRef, type GenOrg, type GenRefund, type TxnChunk,
} from './generate.ts';
import { senToText, type GenBatch, type GenBatchLine, type GenLink, type GenSchedule } from './txn-model.ts';
import { spreadConfigTimes } from './config-times.ts';
import { Rng } from './random.ts';
import { BULK_SOURCES, SUMMARY_TABLES, rebuildSummaries, setSummaryTriggers } from '../summaries/rebuild.ts';
import { defaultGroupIds, ensureReferenceData } from './reference-data.ts';
import { seedUnattendedCash } from './demo-unattended.ts';
import { seedDemoTerminals } from './demo-terminals.ts';

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
  /** Wipe organizations, users, memberships, sessions, transactions, summary, refunds, the audit log and the demo's terminals and content first. */
  reset?: boolean;
  /** How transactions are written (default 'copy' on PostgreSQL, 'unnest' on PGlite). 'rows' is one INSERT per row. */
  insertMode?: InsertMode;
  /** Benchmarks: 'rebuild' (default) disables the summary triggers during the load and rebuilds the summaries once; 'trigger' leaves them on. */
  summaryMode?: 'rebuild' | 'trigger';
  /** Benchmarks: drop and rebuild secondary indexes around the bulk load of an empty table (default true with 'rebuild'). */
  deferIndexes?: boolean;
  /** Rows per INSERT statement (default 5,000 for unnest, at most 1,500 for values). */
  batchSize?: number;
  /** The server's field key (ServerKeys.fieldKey): the demo's provider credentials are sealed under it; without it they are left empty. */
  fieldKey?: Uint8Array;
}

/** 'copy' (PostgreSQL only, its default): COPY FROM STDIN; 'unnest' (PGlite's default): unnest batches. */
export type InsertMode = 'copy' | 'unnest' | 'values' | 'rows';

export interface DemoSummary {
  organizations: number;
  users: number;
  transactions: number;
  signIns: { groupType: string; email: string }[];
}

/** The terminal, device and content configuration tables the demo fills (demo-terminals.ts). */
const DEMO_TERMINAL_TABLES = [
  'master_devices', 'terminals', 'terminal_advertisements', 'mobile_advertisements', 'mobile_topics',
  'mobile_notification_contents', 'nfc_receipt_templates', 'nfc_receipt_banners', 'tpa_provider_configs',
];
/** Tables a reset empties (TRUNCATE is allowed on the append-only audit log: its guard is a row trigger). */
const RESET_TABLES = [
  'organizations', 'users', 'memberships', 'sessions', 'transactions', ...SUMMARY_TABLES, 'refund_requests', 'refund_request_events', 'audit_log',
  'payment_links', 'recurring_schedules', 'terminal_settlement_batches', 'terminal_settlement_batch_lines',
  'risk_state', 'risk_alerts', 'risk_alert_transactions', 'risk_alert_events', 'idempotency_keys', 'unattended_cash_events',
  ...DEMO_TERMINAL_TABLES,
];
/** Tables the seed writes in bulk, vacuumed and analysed after it. */
const SEEDED_TABLES = [
  'organizations', 'users', 'memberships', 'transactions', ...SUMMARY_TABLES, 'refund_requests',
  'payment_links', 'recurring_schedules', 'terminal_settlement_batches', 'terminal_settlement_batch_lines', 'unattended_cash_events',
  ...DEMO_TERMINAL_TABLES,
];

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
  const insertMode = opts.insertMode ?? (database.kind === 'pglite' ? 'unnest' : 'copy');
  const summaryMode = opts.summaryMode ?? 'rebuild';

  await ensureReferenceData(database);
  const groupIds = await defaultGroupIds(database);
  const acquirers = (await database.query<{ id: number; code: string; acq_name: string }>('SELECT id, code, acq_name FROM acquirers WHERE is_active = 1 ORDER BY id')).map(
    (a): AcquirerRef => ({ id: Number(a.id), code: a.code, name: a.acq_name }),
  );
  if (acquirers.length === 0) throw new Error('seedDemo: no active acquirer');
  const passwordHash = await hashPassword(opts.password);

  const result = await inTransaction(database, async (exec, conn) => {
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

    const staffOf = new Map<number, number[]>();
    for (const m of memberships) {
      if (m.orgId === null || (m.groupType !== 'MERCHANT_HQ' && m.groupType !== 'MERCHANT_BRANCH')) continue;
      const list = staffOf.get(m.orgId) ?? [];
      list.push(userIds.get(m.email)!);
      staffOf.set(m.orgId, list);
    }
    const [maxIds] = await exec<{ t: string; l: string; s: string; b: string; empty: boolean }>(
      `SELECT (SELECT coalesce(max(id), 0) FROM transactions)::text AS t, (SELECT coalesce(max(id), 0) FROM payment_links)::text AS l,
              (SELECT coalesce(max(id), 0) FROM recurring_schedules)::text AS s, (SELECT coalesce(max(id), 0) FROM terminal_settlement_batches)::text AS b,
              NOT EXISTS (SELECT 1 FROM transactions) AND NOT EXISTS (SELECT 1 FROM refund_requests) AS empty`,
    );
    const bulk = summaryMode === 'rebuild';
    const deferIndexes = bulk && opts.deferIndexes !== false;
    const client = conn;
    if (insertMode === 'copy' && !client) throw new Error('seedDemo: insertMode copy needs PostgreSQL');
    if (bulk) {
      for (const table of BULK_SOURCES) await setSummaryTriggers(exec, table, false);
      await exec(`SET LOCAL work_mem = '64MB'`);
      await exec(`SET LOCAL maintenance_work_mem = '${client ? '512MB' : '128MB'}'`);
    }
    // COPY FREEZE needs the table truncated in this transaction: free when it is empty anyway.
    const freeze = insertMode === 'copy' && Boolean(maxIds!.empty);
    if (freeze) await exec('TRUNCATE transactions, refund_requests, refund_request_events');
    const stream = streamTransactions(rng, { hierarchy, acquirers, now }, opts.transactions, {
      firstTxnId: Number(maxIds!.t) + 1,
      firstLinkId: Number(maxIds!.l) + 1,
      firstScheduleId: Number(maxIds!.s) + 1,
      firstBatchId: Number(maxIds!.b) + 1,
      staffOf,
      chunkSize: insertMode === 'copy' ? 5000 : 20_000,
    });
    const refunds: GenRefund[] = [];
    let written = 0;
    let loaded = false;
    try {
      const batch = opts.batchSize ?? (insertMode === 'values' ? 1500 : 5000);
      await withIndexesDeferred(exec, deferIndexes ? 'transactions' : null, log, insertMode === 'copy', async () => {
        const insertStarted = Date.now();
        const side = new SideRows();
        const reportEvery = Math.max(1, Math.ceil(opts.transactions / 10));
        let nextReport = reportEvery;
        let copy = client && insertMode === 'copy' ? new CopyWriter(client, 'transactions', TXN_COLUMNS, freeze) : null;
        for (const chunk of stream) {
          if (copy) {
            await copy.write(chunk.txns);
            // Let the socket drain between chunks, so PostgreSQL ingests while the next chunk is made.
            await new Promise((r) => setImmediate(r));
          } else await insertBatches(exec, 'transactions', TXN_COLUMNS, chunk.txns, insertMode === 'copy' ? 'unnest' : insertMode, batch);
          written += chunk.txns.length;
          side.add(chunk);
          for (const r of chunk.refunds) refunds.push(r);
          // Side rows go in between (one COPY at a time on a connection), about every 500,000 transactions.
          if (side.size >= 100_000) {
            await copy?.end();
            await side.flush(exec, client);
            if (copy) copy = new CopyWriter(client!, 'transactions', TXN_COLUMNS, freeze);
          }
          if (written >= nextReport) {
            log(`transactions: ${written}/${opts.transactions}`);
            nextReport += reportEvery;
          }
        }
        await copy?.end();
        await side.flush(exec, client);
        log(`inserted ${written} transactions in ${Date.now() - insertStarted} ms (${insertMode})`);
      });
      await exec(`SELECT setval(pg_get_serial_sequence('transactions', 'id'), greatest(1, (SELECT coalesce(max(id), 0) FROM transactions)))`);
      for (const t of ['payment_links', 'recurring_schedules', 'terminal_settlement_batches']) {
        await exec(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), greatest(1, (SELECT coalesce(max(id), 0) FROM ${t})))`);
      }
      if (bulk) {
        const summaryStarted = Date.now();
        await rebuildSummaries(exec);
        log(`summaries rebuilt in ${Date.now() - summaryStarted} ms`);
      }
      loaded = true;
    } finally {
      if (bulk) {
        const enable = (async () => {
          for (const table of BULK_SOURCES) await setSummaryTriggers(exec, table, true);
        })();
        // After a failure the transaction may be aborted; its rollback restores the trigger anyway.
        if (loaded) await enable;
        else await enable.catch(() => undefined);
      }
    }

    await insertRefunds(exec, refunds);
    log(`refund requests: ${refunds.length}`);
    // Unattended terminals: the demo merchant, three more of the demo agent's and one of another tenant (demo-unattended.ts).
    const cashMerchants = [
      hierarchy.demo.hq.id,
      ...hierarchy.hqs.filter((h) => h.parentId === hierarchy.demo.agent.id && h.id !== hierarchy.demo.hq.id).slice(0, 3).map((h) => h.id),
      ...hierarchy.hqs.filter((h) => h.path.startsWith(hierarchy.masters.at(-1)!.path)).slice(0, 1).map((h) => h.id),
    ];
    log(`unattended cash events: ${await seedUnattendedCash(exec, cashMerchants, opts.seed ?? 1, now)}`);
    // Terminals of the transactions' TIDs, their devices, the app and terminal content (demo-terminals.ts), dated below.
    const made = await seedDemoTerminals(exec, { seed: opts.seed ?? 1, now, demoHqId: hierarchy.demo.hq.id, fieldKey: opts.fieldKey });
    log(`terminals and content: ${Object.entries(made).map(([t, n]) => `${t} ${n}`).join(', ')}`);
    await spreadConfigTimes(exec, timesRng, now);
    log('configuration rows dated over the past months');
    return { organizations: hierarchy.all.length, users: users.length, transactions: written };
  });

  // Visibility map (index-only scans) and fresh statistics for the planner after a bulk load, outside
  // the transaction (VACUUM cannot run in one); after COPY FREEZE there is nothing to freeze. PGlite
  // (small, in-process datasets) only needs the statistics.
  const vacuumStarted = Date.now();
  await database.query(`${database.kind === 'pglite' ? 'ANALYZE' : 'VACUUM (ANALYZE)'} ${[...SEEDED_TABLES].join(', ')}`);
  log(`${database.kind === 'pglite' ? 'ANALYZE' : 'VACUUM (ANALYZE)'} in ${Date.now() - vacuumStarted} ms`);
  log(`demo dataset ready in ${Date.now() - started} ms`);
  return { ...result, signIns: DEMO_SIGN_INS.map((s) => ({ ...s })) };
}

// ---------------------------------------------------------------------------------------------
// Transactions on either driver

/**
 * Runs `fn` in one database transaction on a single connection: PGlite's own transaction, or a
 * pooled PostgreSQL client with BEGIN/COMMIT (ROLLBACK on any error). `fn` also gets that client
 * on PostgreSQL (null on PGlite), for COPY.
 */
export async function inTransaction<T>(database: Database, fn: (exec: Exec, conn: pg.PoolClient | null) => Promise<T>): Promise<T> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    return (client as PGlite).transaction(async (tx) => fn(async <R,>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows, null));
  }
  const conn = await (client as pg.Pool).connect();
  try {
    await conn.query('BEGIN');
    const out = await fn(async <R,>(text: string, params?: unknown[]) => (await conn.query(text, params)).rows as R[], conn);
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
 * constraint) — and with `constraints` its primary-key and unique constraints too — runs `load`,
 * then recreates them from their own definitions (pg_get_indexdef / pg_get_constraintdef), as one
 * sorted build per index is much faster than row-by-row maintenance. Inside the seed's
 * transaction, so a failure rolls the drops back. A non-empty table (or null) just runs `load`.
 */
async function withIndexesDeferred(exec: Exec, table: string | null, log: (m: string) => void, constraints: boolean, load: () => Promise<void>): Promise<void> {
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
  const keys = constraints
    ? await exec<{ name: string; def: string }>(
        `SELECT c.conname AS name, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
         WHERE t.relname = $1 AND n.nspname = current_schema() AND c.contype IN ('p', 'u')
           AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.confrelid = t.oid)
         ORDER BY c.conname`,
        [table],
      )
    : [];
  for (const ix of indexes) await exec(`DROP INDEX ${quoteIdent(ix.name)}`);
  for (const k of keys) await exec(`ALTER TABLE ${table} DROP CONSTRAINT ${quoteIdent(k.name)}`);
  await load();
  const started = Date.now();
  for (const k of keys) await exec(`ALTER TABLE ${table} ADD CONSTRAINT ${quoteIdent(k.name)} ${k.def}`);
  for (const ix of indexes) await exec(ix.def);
  if (indexes.length + keys.length > 0) log(`${table}: rebuilt ${keys.length} constraints and ${indexes.length} indexes in ${Date.now() - started} ms`);
}

/**
 * Side rows of the stream (payment links, recurring schedules, settlement batches and lines)
 * gathered between flushes, then written with COPY on PostgreSQL or unnest batches on PGlite.
 */
class SideRows {
  private links: GenLink[] = [];
  private schedules: GenSchedule[] = [];
  private batches: GenBatch[] = [];
  private lines: GenBatchLine[] = [];

  get size(): number {
    return this.links.length + this.batches.length + this.lines.length;
  }

  add(c: TxnChunk): void {
    for (const r of c.links) this.links.push(r);
    for (const r of c.schedules) this.schedules.push(r);
    for (const r of c.batches) this.batches.push(r);
    for (const r of c.batchLines) this.lines.push(r);
  }

  async flush(exec: Exec, client: pg.PoolClient | null): Promise<void> {
    const put = async <R,>(table: string, cols: TypedColumn<R>[], rows: R[]) => {
      if (rows.length === 0) return;
      if (client) {
        const w = new CopyWriter(client, table, cols);
        await w.write(rows);
        await w.end();
      } else await insertBatches(exec, table, cols, rows, 'unnest', 5000);
    };
    await put('payment_links', LINK_COLUMNS, this.links);
    await put('recurring_schedules', SCHEDULE_COLUMNS, this.schedules);
    await put('terminal_settlement_batches', BATCH_COLUMNS, this.batches);
    await put('terminal_settlement_batch_lines', LINE_COLUMNS, this.lines);
    this.links = [];
    this.schedules = [];
    this.batches = [];
    this.lines = [];
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// ---------------------------------------------------------------------------------------------
// Batched inserts

/** Multi-row `INSERT ... VALUES (...), (...)` with one parameter per value. */
async function insertValues<R>(exec: Exec, table: string, cols: readonly TypedColumn<R>[], rows: readonly R[]): Promise<void> {
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
  cols: readonly TypedColumn<R>[],
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

const ORG_COLUMNS: TypedColumn<GenOrg>[] = [
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
const USER_COLUMNS = (passwordHash: string): TypedColumn<UserRow>[] => [
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
const MEMBERSHIP_COLUMNS: TypedColumn<MembershipRow>[] = [
  { name: 'user_id', type: 'int4', get: (m) => m.userId },
  { name: 'org_id', type: 'int4', get: (m) => m.orgId },
  { name: 'group_id', type: 'int4', get: (m) => m.groupId },
  { name: 'is_default', type: 'bool', get: (m) => m.isDefault },
];

type Owned = { masterMerchantId: number; agencyId: number; agentId: number; merchantId: number; branchId: number | null };
const ownerColumns = <R extends Owned>(): TypedColumn<R>[] => [
  { name: 'master_merchant_id', type: 'int4', get: (r) => r.masterMerchantId },
  { name: 'agency_id', type: 'int4', get: (r) => r.agencyId },
  { name: 'agent_id', type: 'int4', get: (r) => r.agentId },
  { name: 'merchant_id', type: 'int4', get: (r) => r.merchantId },
  { name: 'branch_id', type: 'int4', get: (r) => r.branchId },
];
const LINK_COLUMNS: TypedColumn<GenLink>[] = [
  { name: 'id', type: 'int8', get: (r) => r.id },
  // The resource engine's owner (/payment-link): the branch, else the HQ.
  { name: 'org_id', type: 'int4', get: (r) => r.branchId ?? r.merchantId },
  ...ownerColumns<GenLink>(),
  { name: 'link_ref', type: 'text', get: (r) => r.linkRef },
  { name: 'amount', type: 'numeric', get: (r) => r.amount },
  { name: 'currency', type: 'text', get: (r) => r.currency },
  { name: 'description', type: 'text', get: (r) => r.description },
  { name: 'status', type: 'text', get: (r) => r.status },
  { name: 'expires_at', type: 'timestamptz', get: (r) => r.expiresAt },
  { name: 'use_count', type: 'int4', get: (r) => (r.status === 'PAID' ? 1 : 0) },
  { name: 'created_at', type: 'timestamptz', get: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', get: (r) => r.createdAt },
];
const SCHEDULE_COLUMNS: TypedColumn<GenSchedule>[] = [
  { name: 'id', type: 'int8', get: (r) => r.id },
  ...ownerColumns<GenSchedule>(),
  { name: 'cust_name', type: 'text', get: (r) => r.custName },
  { name: 'cust_email', type: 'text', get: (r) => r.custEmail },
  { name: 'cust_ref', type: 'text', get: (r) => r.custRef },
  { name: 'amount', type: 'numeric', get: (r) => r.amount },
  { name: 'currency', type: 'text', get: (r) => r.currency },
  { name: 'frequency', type: 'text', get: (r) => r.frequency },
  { name: 'start_date', type: 'date', get: (r) => r.startDate },
  { name: 'cycles_total', type: 'int4', get: (r) => r.cyclesTotal },
  { name: 'cycles_done', type: 'int4', get: (r) => r.cyclesDone },
  { name: 'next_run_at', type: 'timestamptz', get: (r) => r.nextRunAt },
  { name: 'status', type: 'text', get: (r) => r.status },
  { name: 'created_at', type: 'timestamptz', get: (r) => r.createdAt },
];
const BATCH_COLUMNS: TypedColumn<GenBatch>[] = [
  { name: 'id', type: 'int8', get: (r) => r.id },
  ...ownerColumns<GenBatch>(),
  { name: 'tid', type: 'text', get: (r) => r.tid },
  { name: 'mid', type: 'text', get: (r) => r.mid },
  { name: 'batch_no', type: 'text', get: (r) => r.batchNo },
  { name: 'opened_at', type: 'timestamptz', get: (r) => r.openedAt },
  { name: 'settled_at', type: 'timestamptz', get: (r) => r.settledAt },
  { name: 'status', type: 'text', get: (r) => r.status },
  { name: 'currency', type: 'text', get: () => 'MYR' },
  { name: 'host_response_code', type: 'text', get: (r) => r.hostResponseCode },
  { name: 'sale_count', type: 'int4', get: (r) => r.saleCount },
  { name: 'sale_amount', type: 'numeric', get: (r) => senToText(r.saleSen) },
  { name: 'void_count', type: 'int4', get: (r) => r.voidCount },
  { name: 'void_amount', type: 'numeric', get: (r) => senToText(r.voidSen) },
  { name: 'net_amount', type: 'numeric', get: (r) => senToText(r.saleSen - r.voidSen) },
];
const LINE_COLUMNS: TypedColumn<GenBatchLine>[] = [
  { name: 'batch_id', type: 'int8', get: (r) => r.batchId },
  { name: 'card_scheme', type: 'text', get: (r) => r.cardScheme },
  { name: 'card_type', type: 'text', get: (r) => r.cardType },
  { name: 'sale_count', type: 'int4', get: (r) => r.saleCount },
  { name: 'sale_amount', type: 'numeric', get: (r) => senToText(r.saleSen) },
  { name: 'void_count', type: 'int4', get: (r) => r.voidCount },
  { name: 'void_amount', type: 'numeric', get: (r) => senToText(r.voidSen) },
  { name: 'net_amount', type: 'numeric', get: (r) => senToText(r.saleSen - r.voidSen) },
];

/**
 * Refund requests copy amount, currency, service type and scope from their transaction (joined on
 * the reference). Those past REFUND carry `refunded_at` (their last change) and their
 * transactions the refunded amount; every transaction its request's status; and each request a
 * log as the desk would have written it (actor null: demo history), so View log has content.
 */
async function insertRefunds(exec: Exec, refunds: readonly GenRefund[]): Promise<void> {
  if (refunds.length === 0) return;
  const [before] = await exec<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM refund_requests`);
  await exec(
    `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, description,
        master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at, refunded_at)
     SELECT t.id, t.txn_ref_no, t.service_type, t.amount, t.currency, r.reason_code, r.status, r.description,
        t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, r.created_at, r.updated_at,
        CASE WHEN r.status = ANY($7::text[]) THEN r.updated_at END
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
      pgArray([...REFUNDED_STATUSES]),
    ],
  );
  const fresh = `r.id > ${Number(before!.id)}`;
  await exec(
    `UPDATE transactions t SET refund_status = r.status, refunded_amount = CASE WHEN r.refunded_at IS NULL THEN 0 ELSE r.amount END
     FROM refund_requests r WHERE r.transaction_id = t.id AND ${fresh}`,
  );
  await exec(
    `INSERT INTO refund_request_events (refund_request_id, at, actor_user_id, action, from_status, to_status, summary)
     SELECT r.id, r.created_at, NULL::int, 'REQUEST', NULL::text, 'PENDING', 'Refund requested (' || r.reason_code || '): ' || coalesce(r.description, '') FROM refund_requests r WHERE ${fresh}
     UNION ALL
     SELECT r.id, coalesce(r.refunded_at, r.updated_at), NULL,
       CASE r.status WHEN 'REJECTED' THEN 'REJECT' WHEN 'TXN_NOT_FOUND' THEN 'NOT_FOUND' WHEN 'EXPIRED' THEN 'EXPIRE' ELSE 'REFUND' END, 'PENDING',
       CASE WHEN r.refunded_at IS NOT NULL THEN 'REFUNDED' ELSE r.status END,
       CASE WHEN r.refunded_at IS NOT NULL THEN 'Refunded ' || r.currency || ' ' || r.amount::text ELSE 'Closed as ' || r.status END
     FROM refund_requests r WHERE ${fresh} AND r.status <> 'PENDING'
     UNION ALL
     SELECT r.id, r.updated_at, NULL, CASE r.status WHEN 'COMPLETED' THEN 'ACK_DELIVERED' ELSE 'ACK_FAILED' END, 'REFUNDED', r.status,
       CASE r.status WHEN 'COMPLETED' THEN 'Acknowledgement delivered to the merchant' ELSE 'Acknowledgement not delivered after its retries' END
     FROM refund_requests r WHERE ${fresh} AND r.status IN ('COMPLETED', 'REFUNDED_ACK_FAIL')`,
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
