/**
 * streamRows (platform/query-stream.ts, for exports) on each database of the run:
 * order and completeness over many batches, other queries interleaving on PGlite, and cleanup —
 * abort, early stop and a query failing mid-way leave no connection checked out, no transaction
 * open and the database usable.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { streamBatches, streamRows } from '../../src/platform/query-stream.ts';
import { DATABASES, freshPostgres } from './harness.ts';

const N = 1_050;
const BATCH = 100;
type Item = { id: number; v: string };

const items = {
  first: sql`SELECT id, v FROM qs_items ORDER BY id`,
  next: (last: Item) => sql`SELECT id, v FROM qs_items WHERE id > ${last.id} ORDER BY id`,
};
/** Fails with division by zero on row 550, i.e. inside the 6th batch. */
const failing = {
  first: sql`SELECT id, (1 / (id - 550))::int AS x FROM qs_items ORDER BY id`,
  next: (last: { id: number }) => sql`SELECT id, (1 / (id - 550))::int AS x FROM qs_items WHERE id > ${last.id} ORDER BY id`,
};

describe.each(DATABASES)('streamRows on %s', (kind) => {
  let database: Database;
  let drop = async () => {};

  beforeAll(async () => {
    if (kind === 'postgres') {
      const pgdb = await freshPostgres();
      database = await openDatabase(pgdb.url);
      drop = pgdb.drop;
    } else {
      database = await openDatabase('memory://');
    }
    await database.query('CREATE TABLE qs_items (id int PRIMARY KEY, v text NOT NULL)');
    // Inserted in reverse so the physical order is not the requested order.
    await database.query(`INSERT INTO qs_items SELECT g, 'v' || g FROM generate_series(${N}, 1, -1) g`);
  });

  afterAll(async () => {
    await database?.close();
    await drop();
  });

  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;

  /** No connection checked out, pool size as before, no session left inside a transaction. */
  async function expectClean(poolSizeBefore?: number) {
    if (kind === 'postgres') {
      const p = pool();
      expect(p.idleCount).toBe(p.totalCount);
      if (poolSizeBefore !== undefined) expect(p.totalCount).toBe(poolSizeBefore);
      const inTx = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      expect(inTx[0]?.n).toBe(0);
    }
    // The database still answers (on PGlite: no transaction was left open on its one connection).
    await database.transaction(async (q) => expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM qs_items'))[0]?.n).toBe(N));
  }

  it('yields every row once, in order, over more than 3 batches', async () => {
    const got: number[] = [];
    for await (const r of streamRows<Item>(database, items, { batch: BATCH })) {
      got.push(r.id);
      expect(r.v).toBe(`v${r.id}`);
    }
    expect(got).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const sizes: number[] = [];
    for await (const b of streamBatches<Item>(database, items, { batch: BATCH })) sizes.push(b.length);
    expect(sizes).toEqual([...Array<number>(10).fill(BATCH), N - 10 * BATCH]);
    await expectClean();
  });

  it('an exact multiple of the batch ends cleanly, and an empty result yields nothing', async () => {
    const ten = { first: sql`SELECT id FROM qs_items WHERE id <= 300 ORDER BY id`, next: (l: { id: number }) => sql`SELECT id FROM qs_items WHERE id <= 300 AND id > ${l.id} ORDER BY id` };
    const got: number[] = [];
    for await (const r of streamRows(database, ten, { batch: BATCH })) got.push(r.id);
    expect(got).toHaveLength(300);
    const none: unknown[] = [];
    for await (const r of streamRows(database, { first: sql`SELECT id FROM qs_items WHERE id < 0 ORDER BY id` }, { batch: BATCH })) none.push(r);
    expect(none).toEqual([]);
    await expectClean();
  });

  it('without next, PGlite pages by offset and still yields every row in order', async () => {
    const got: number[] = [];
    for await (const r of streamRows<Item>(database, { first: items.first }, { batch: 250 })) got.push(r.id);
    expect(got).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });

  it('lets other queries run between batches', async () => {
    const seen: number[] = [];
    let i = 0;
    for await (const r of streamRows<Item>(database, items, { batch: BATCH })) {
      if (++i % BATCH === 0) {
        // On PGlite this only completes if no transaction is held across batches.
        const other = await database.query<{ v: string }>('SELECT v FROM qs_items WHERE id = $1', [r.id]);
        seen.push(Number(other[0]?.v.slice(1)));
      }
    }
    expect(seen).toHaveLength(10);
  });

  it('abort mid-way stops with the reason and releases the connection', async () => {
    await database.query('SELECT 1');
    const before = kind === 'postgres' ? pool().totalCount : undefined;
    const ctl = new AbortController();
    const got: number[] = [];
    const run = async () => {
      for await (const r of streamRows<Item>(database, items, { batch: BATCH, signal: ctl.signal })) {
        got.push(r.id);
        if (r.id === 250) ctl.abort(new Error('client went away'));
      }
    };
    await expect(run()).rejects.toThrow('client went away');
    expect(got).toHaveLength(300); // the batch in hand is finished, no further batch is read
    await expectClean(before);
  });

  it('an already aborted signal reads nothing', async () => {
    const ctl = new AbortController();
    ctl.abort(new Error('gone'));
    await expect(streamRows(database, items, { batch: BATCH, signal: ctl.signal }).next()).rejects.toThrow('gone');
    await expectClean();
  });

  it('a consumer that stops early (break) frees the cursor', async () => {
    const before = kind === 'postgres' ? pool().totalCount : undefined;
    let n = 0;
    for await (const r of streamRows<Item>(database, items, { batch: BATCH })) {
      if (r.id === 150) break;
      n++;
    }
    expect(n).toBe(149);
    await expectClean(before);
  });

  it('an error mid-way is thrown after the rows before it, and closes the cursor', async () => {
    const before = kind === 'postgres' ? pool().totalCount : undefined;
    const got: number[] = [];
    const run = async () => {
      for await (const r of streamRows(database, failing, { batch: BATCH })) got.push(r.id);
    };
    await expect(run()).rejects.toThrow(/division by zero/);
    expect(got).toHaveLength(500);
    await expectClean(before);
  });

  it('refuses a batch that is not a positive integer', async () => {
    await expect(streamRows(database, items, { batch: 0 }).next()).rejects.toThrow(RangeError);
    await expect(streamRows(database, items, { batch: 1.5 }).next()).rejects.toThrow(RangeError);
  });
});
