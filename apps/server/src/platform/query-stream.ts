/**
 * Reads a large ordered SELECT in batches with memory flat in the row count, for exports
 * (1 M rows beside `COPY … TO STDOUT`). PostgreSQL: a server-side cursor on a
 * connection of its own; PGlite (one connection for everything): keyset batches, so other
 * requests run between two batches. See docs/ARCHITECTURE.md "Exports".
 */
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

/** What to read: `first` is the whole ordered SELECT without LIMIT; `next(last)` the same SELECT
 * continuing after the row `last` (keyset, e.g. `WHERE (created_at, id) < (…) ORDER BY …`). */
export interface RowSource<T> {
  first: SQL;
  next?: (last: T) => SQL;
}

export interface StreamRowsOptions {
  /** Rows per round trip (FETCH on PostgreSQL, LIMIT on PGlite); a positive integer. */
  batch: number;
  /** Aborting stops the stream before the next batch with the signal's reason and frees the cursor. */
  signal?: AbortSignal;
}

const dialect = new PgDialect();
/** FETCHes kept queued ahead of the consumer on PostgreSQL. */
const PREFETCH = 2;
let cursorSeq = 0;

/**
 * Streams the rows of `source` in order, `opts.batch` at a time, as an async generator of one row
 * per step (rows keyed by the SELECT's column names, values as the driver parses them).
 *
 * - PostgreSQL: takes a pooled connection of its own, opens a REPEATABLE READ READ ONLY
 *   transaction planned for the whole result (cursor_tuple_fraction 1), `DECLARE … NO SCROLL
 *   CURSOR FOR <first>` and `FETCH FORWARD batch` until the cursor is exhausted (`next` is not
 *   used: the snapshot keeps the order consistent). The cursor
 *   and transaction are closed and the connection released on finish, on error, on abort and when
 *   the consumer stops early (`break`, `return()`); a connection whose ROLLBACK failed is
 *   discarded rather than returned to the pool.
 * - PGlite: `first LIMIT batch`, then `next(last) LIMIT batch` until a batch comes back short —
 *   no transaction is held across batches, so concurrent requests interleave. Without `next` it
 *   falls back to `first LIMIT batch OFFSET k` (correct, but each batch rescans the skipped rows).
 *
 * Errors: a RangeError for a batch that is not a positive integer; the driver's error for a
 * failing query (after cleanup); `signal.reason` when aborted.
 */
export async function* streamRows<T extends Record<string, unknown>>(
  database: Database,
  source: RowSource<T>,
  opts: StreamRowsOptions,
): AsyncGenerator<T, void, undefined> {
  for await (const rows of streamBatches(database, source, opts)) yield* rows;
}

/**
 * The batches behind `streamRows` (same contract), one array of at most `opts.batch` rows per
 * step, for consumers that handle a batch at a time and want to skip the per-row await.
 */
export async function* streamBatches<T extends Record<string, unknown>>(
  database: Database,
  source: RowSource<T>,
  opts: StreamRowsOptions,
): AsyncGenerator<T[], void, undefined> {
  if (!Number.isInteger(opts.batch) || opts.batch < 1) throw new RangeError(`batch must be a positive integer, got ${opts.batch}`);
  opts.signal?.throwIfAborted();
  if (database.kind === 'postgres') yield* cursorBatches(database, source.first, opts);
  else yield* keysetBatches(database, source, opts);
}

async function* cursorBatches<T>(database: Database, first: SQL, opts: StreamRowsOptions): AsyncGenerator<T[], void, undefined> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const q = dialect.sqlToQuery(first);
  const name = `paydesk_qs_${++cursorSeq}`;
  const conn = await pool.connect();
  let open = false;
  let discard: Error | undefined;
  const ahead: Promise<pg.QueryResult<T & pg.QueryResultRow>>[] = [];
  try {
    await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    // The caller reads every row: plan for the whole result (hash joins, one sort) rather than the
    // fast-start plan a cursor gets by default (cursor_tuple_fraction 0.1).
    await conn.query('SET LOCAL cursor_tuple_fraction = 1');
    await conn.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${q.sql}`, q.params);
    const fetch = () => {
      const p = conn.query<T & pg.QueryResultRow>(`FETCH FORWARD ${opts.batch} FROM ${name}`);
      p.catch(() => {}); // awaited in order or in finally; never an unhandled rejection meanwhile
      return p;
    };
    // FETCHes queued ahead of the consumer: node-postgres sends a queued query the moment the one
    // before completes, so the server produces the next batches while this process formats the
    // current one, instead of one round trip per batch (measured on a loaded machine: a round
    // trip per batch left the process idle three quarters of the time). At most
    // PREFETCH + 1 batches are held.
    for (let i = 0; i < PREFETCH; i++) ahead.push(fetch());
    for (;;) {
      opts.signal?.throwIfAborted();
      const { rows } = await ahead[0]!;
      ahead.shift();
      const more = rows.length === opts.batch;
      if (more) ahead.push(fetch());
      if (rows.length > 0) yield rows;
      if (!more) break;
    }
    await conn.query(`CLOSE ${name}`);
    await conn.query('COMMIT');
    open = false;
  } finally {
    // Reached on error, abort and early return too: ROLLBACK closes the cursor with the transaction.
    if (open) {
      try {
        // FETCHes still queued run first (the connection answers in order); their rows are dropped.
        await Promise.allSettled(ahead);
        await conn.query('ROLLBACK');
      } catch (e) {
        discard = e as Error;
      }
    }
    conn.release(discard);
  }
}

async function* keysetBatches<T extends Record<string, unknown>>(
  database: Database,
  source: RowSource<T>,
  opts: StreamRowsOptions,
): AsyncGenerator<T[], void, undefined> {
  let current = source.first;
  let offset = 0;
  for (;;) {
    opts.signal?.throwIfAborted();
    const page = source.next ? sql`${current} LIMIT ${opts.batch}` : sql`${current} LIMIT ${opts.batch} OFFSET ${offset}`;
    const q = dialect.sqlToQuery(page);
    const rows = await database.query<T>(q.sql, q.params);
    if (rows.length > 0) yield rows;
    if (rows.length < opts.batch) return;
    offset += rows.length;
    if (source.next) current = source.next(rows[rows.length - 1] as T);
  }
}
