/**
 * Opens the database: PostgreSQL when `DATABASE_URL` is set, otherwise embedded PGlite in
 * `DATA_DIR` (default ./data) or in memory (`memory://`). The same migrations run on both.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { serverLog } from '../platform/server-log.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL with positional parameters; rows as plain objects. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  query: Query;
  /**
   * Runs a read-only statement of the summary reports (summaries/query.ts). On PostgreSQL it goes
   * to a second, small pool tuned for these reads: sessions without parallel workers (starting
   * them cost ~40 ms on the 2-core machine, more than the whole read: a master merchant's 30-day
   * merchant report took 148 ms with them, 33 without) and statements prepared once per
   * connection, named by a hash of their text (planning the union of summary parts took 3-7 ms;
   * a merchant HQ's one-day read went from 1.4 to 0.5 ms). Connections are replaced after
   * SUMMARY_READ_MAX_USES uses, which bounds each one's prepared statements. PGlite: `query`.
   */
  summaryRead: Query;
  /**
   * Runs one of the few fixed statements on the request path that run thousands of times a second
   * (the secure channel's nonce INSERT): on PostgreSQL prepared once per pooled connection, named
   * by a hash of its text, so each call skips parsing and planning (the nonce INSERT of 29 rows,
   * 2-core machine: 420-527 against 359-369 µs a round trip). A fixed text only, never a built one: each
   * distinct text stays prepared on every connection of the pool. PGlite: `query`.
   */
  hotQuery: Query;
  /**
   * Runs SQL as a library that brings its own statements expects (the job queue, platform/jobs.ts):
   * without values the text may hold several statements (simple protocol; the rows are the last
   * statement's), with values it is one statement. Answers `{ rows }`; throws the database error.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  /** PGlite only: the data folder as an uncompressed tar, which `openDatabase`'s `loadDataDir` opens again. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: start from this dump of a data folder (Database.dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
}

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;

/** The session settings of the summary-read connections (no parallel workers; see Database.summaryRead). */
export const SUMMARY_READ_OPTIONS = '-c max_parallel_workers_per_gather=0';

/** Uses of a summary-read connection before it is replaced (and its prepared statements freed). */
export const SUMMARY_READ_MAX_USES = 2_000;

const statementNames = new Map<string, string>();

/** A prepared statement's name: a hash of its text (the same text always gets the same name). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    // Bounded: summary texts vary with their filters; past the bound a name is hashed each time.
    if (statementNames.size < 1_000) statementNames.set(text, name);
  }
  return name;
}

/**
 * Opens and migrates. `target`: a postgres:// URL, a folder for PGlite, or 'memory://'.
 * Throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(target: string, opts: OpenOptions = {}): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    // An idle pooled connection ended by the server (a restart, pg_terminate_backend, DROP DATABASE
    // … FORCE) is reported on the pool: without a listener node-postgres throws it and the process
    // dies. The pool has already dropped that client and opens another on the next query.
    pool.on('error', (err) => serverLog.warn({ component: 'database', pool: 'main', err: err.message }, 'PostgreSQL ended an idle pooled connection'));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
    const readPool = new pg.Pool({ connectionString: target, max: 4, maxUses: SUMMARY_READ_MAX_USES, options: SUMMARY_READ_OPTIONS });
    readPool.on('error', (err) => serverLog.warn({ component: 'database', pool: 'summary-read', err: err.message }, 'PostgreSQL ended an idle pooled connection'));
    return {
      db,
      kind: 'postgres',
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      summaryRead: async (text, params) => (await readPool.query({ name: statementName(text), text, values: params as unknown[] })).rows,
      hotQuery: async (text, params) => (await pool.query({ name: statementName(text), text, values: params as unknown[] })).rows,
      executeSql: async (text, values) => {
        const result = (await pool.query(text, values as unknown[])) as pg.QueryResult | pg.QueryResult[];
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
      },
      transaction: async (fn) => {
        const conn = await pool.connect();
        try {
          await conn.query('BEGIN');
          const out = await fn(async (text, params) => (await conn.query(text, params as unknown[])).rows);
          await conn.query('COMMIT');
          return out;
        } catch (e) {
          await conn.query('ROLLBACK');
          throw e;
        } finally {
          conn.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), readPool.end()]);
      },
    };
  }
  if (target !== 'memory://') mkdirSync(target, { recursive: true });
  const client = target === 'memory://' ? new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) : new PGlite(target, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    query: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params as unknown[])).rows,
    summaryRead: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params as unknown[])).rows,
    hotQuery: async <T,>(text: string, params?: unknown[]) => (await client.query<T>(text, params as unknown[])).rows,
    executeSql: async (text, values) =>
      values && values.length > 0 ? { rows: (await client.query(text, values)).rows } : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    transaction: (fn) => client.transaction((tx) => fn(async <T,>(text: string, params?: unknown[]) => (await tx.query<T>(text, params as unknown[])).rows)),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

export { schema };
