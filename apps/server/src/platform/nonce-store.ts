/**
 * The replay guard of the secure channel (§7): a nonce is accepted once per
 * channel within the ±5 min timestamp window. A bounded in-memory map answers replays this
 * server has seen without a round trip; the table `channel_nonces` (primary key channel id +
 * nonce) carries the nonces across servers and restarts. How the two combine depends on whether
 * another process can use the same database:
 *
 * - PostgreSQL (shared: other servers may have seen the nonce): the database decides. Claims are
 *   group-committed — the claims of one turn of the event loop go in one INSERT (at once in
 *   batches of EARLY_BATCH when more arrive in that turn), up to MAX_IN_FLIGHT_SHARED at once
 *   (`unnest` of arrays; all or nothing, and a batch holding a replay goes again with ON
 *   CONFLICT DO NOTHING, answering the claims it did not insert) — and that
 *   INSERT commits asynchronously (`synchronous_commit` off for that statement only). The request
 *   waits until PostgreSQL has the row, so every server sees it at
 *   once, but not for the WAL flush. Window: only a crash of PostgreSQL itself can lose the
 *   nonces of its last ~3 × wal_writer_delay (600 ms by default); such a request could then be
 *   replayed within its ±5 min timestamp window.
 * - PGlite (embedded: one process owns the database): memory decides. At start the nonces still
 *   inside their window are loaded from the table; new ones are written behind, in batches at
 *   most WRITE_BEHIND_MS apart (and on close), so a restart refuses them too. Window: a crash of
 *   the process loses the nonces of its last WRITE_BEHIND_MS (100 ms).
 *
 * The map is bounded (maxInMemory, oldest dropped first). Once an entry still inside its window
 * has been dropped, memory no longer knows every recent nonce: a claim that might be the replay of
 * such a one (its timestamp less than 5 min after the newest dropped entry was seen) then goes to
 * the database and waits for it, as on PostgreSQL.
 */
import { MAX_CLOCK_SKEW_MS } from '@paydesk/contract';
import type { Database } from '../db/client.ts';

export interface NonceStore {
  /**
   * Records `nonce` for `channelId`: `timestamp` is the request's signed X-Timestamp and `at` the
   * server time it arrived (epoch ms; the caller has checked they are within MAX_CLOCK_SKEW_MS).
   * True when the nonce was never seen (the request may proceed), false for a replay: at once
   * when memory decides (a replay this server saw; a fresh nonce on PGlite), else a promise of the
   * database's verdict, which rejects when the database cannot be written (the caller fails closed).
   */
  claim(channelId: string, nonce: string, timestamp: number, at: number): boolean | Promise<boolean>;
  /** Writes the nonces still waiting to be written behind (PGlite); call before closing the database. */
  flush(): Promise<void>;
}

export interface NonceStoreOptions {
  /** How long a nonce must be remembered after it was seen, ms (twice the allowed clock skew). */
  retentionMs: number;
  /** Most nonces kept in memory; the oldest are dropped past it. */
  maxInMemory?: number;
  /** Told about a failed write-behind batch (the nonces stay in memory). */
  onError?: (err: unknown) => void;
  /**
   * Whether other processes may claim nonces in the same database (then it decides every claim).
   * Defaults to true on PostgreSQL and false on PGlite, which one process owns.
   */
  shared?: boolean;
}

/** Largest gap between two write-behind batches (PGlite), ms: the crash window there. */
export const WRITE_BEHIND_MS = 100;
/** Most claims in one INSERT. */
const MAX_BATCH = 2_000;
/**
 * Most INSERTs in flight at once when the database decides (PostgreSQL, several pooled
 * connections): claims arriving while one INSERT runs go out in the next turn of the event loop
 * instead of waiting for it, so a request waits about one INSERT, not up to two, and the server
 * is not left idle behind the database (api.bench on PostgreSQL, same machine and hour: 2,775 →
 * 3,572 req/s, node CPU 403 → 310 µs a request; 8 or 16 in flight were no faster).
 * PGlite has one connection: one at a time there.
 */
const MAX_IN_FLIGHT_SHARED = 4;
/**
 * Awaited claims that go out at once, without waiting for the end of the turn of the event loop,
 * when this many are queued and an INSERT may start: requests that arrive together (32 keep-alive
 * connections answered in one turn send their next requests in one turn) are then split into
 * INSERTs that run while the server works through the rest of the turn, instead of one INSERT the
 * whole server waits for. api.bench on PostgreSQL (2 cores, one hour, 8 rounds, two runs each):
 * one INSERT per turn 11,006–11,429 req/s (39.6–42.6 % of bare Fastify); batches of 16 at once
 * 12,323–12,661 (43.5–46.1 %); with the secure channel's read-only requests running while their
 * verdict is on its way as well, 12,684–13,001 (46.0–48.9 %). 8 and 24 were no better, 4 worse
 * (more statements for the same claims).
 */
export const EARLY_BATCH = 16;

/**
 * The INSERT for a batch some request waits for: every claim or none (a unique violation, i.e. a
 * replay in the batch, rolls the statement back and INSERT_SORTING answers the batch). Most
 * batches hold no replay, and without ON CONFLICT the database does no speculative insertion
 * and returns nothing (a batch of 29: 279-300 against 350-365 µs a round trip on the 2-core
 * machine). `set_config(..., true)` is transaction-local and is evaluated inside the statement's
 * own implicit transaction, so the async commit applies to this statement only. Every row gets one
 * `seen_at`, the newest arrival in the batch ($3): at most one turn of the event loop later than a
 * row's own, so a nonce is kept that much longer, never shorter; one timestamp instead of an
 * array of them halves what the database parses per row. The keys of a batch are distinct
 * (writeBatch sees to it).
 */
const INSERT_AWAITED = `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
INSERT INTO channel_nonces (channel_id, nonce, seen_at)
SELECT u.channel_id, u.nonce, $3::timestamptz FROM unnest($1::text[], $2::text[]) AS u(channel_id, nonce), async_commit`;

/** PostgreSQL's unique_violation: INSERT_AWAITED met a key already in the table. */
const UNIQUE_VIOLATION = '23505';

/**
 * A batch INSERT_AWAITED refused: inserts the claims not yet in the table and answers the others
 * (the replays), as INSERT_AWAITED otherwise.
 */
const INSERT_SORTING = `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
claims AS (SELECT u.channel_id, u.nonce FROM unnest($1::text[], $2::text[]) AS u(channel_id, nonce)),
added AS (
  INSERT INTO channel_nonces (channel_id, nonce, seen_at)
  SELECT c.channel_id, c.nonce, $3::timestamptz FROM claims c, async_commit
  ON CONFLICT DO NOTHING
  RETURNING channel_id, nonce)
SELECT c.channel_id, c.nonce FROM claims c
WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.channel_id = c.channel_id AND a.nonce = c.nonce)`;

/**
 * One INSERT for a write-behind batch nobody waits for (PGlite): memory has already decided, so
 * nothing is returned (reading the rows back cost as much as writing them), and every row gets
 * the newest arrival of the batch (at most WRITE_BEHIND_MS after its own; kept that much longer).
 */
const INSERT_BEHIND = `INSERT INTO channel_nonces (channel_id, nonce, seen_at)
SELECT u.channel_id, u.nonce, $3::timestamptz FROM unnest($1::text[], $2::text[]) AS u(channel_id, nonce)
ON CONFLICT DO NOTHING`;

interface Claim {
  channelId: string;
  nonce: string;
  /** keyOf(channelId, nonce). */
  key: string;
  at: number;
  /** Absent for a write-behind entry nobody waits for. */
  done?: { resolve: (fresh: boolean) => void; reject: (err: unknown) => void };
}

const keyOf = (channelId: string, nonce: string) => `${channelId} ${nonce}`;

const byKey = (a: Claim, b: Claim) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** A nonce store over `database` (see the module comment); loads the recent nonces on PGlite. */
export async function createNonceStore(database: Database, opts: NonceStoreOptions): Promise<NonceStore> {
  const maxInMemory = opts.maxInMemory ?? 200_000;
  const shared = opts.shared ?? database.kind === 'postgres';
  /** The keys this server (or the table, at start) has seen and still remembers. */
  const seen = new Set<string>();
  /**
   * The same keys with when they were first seen (epoch ms), oldest first, from `head` on: a
   * queue in two arrays, so that remembering a key allocates no iterator (one per request).
   */
  const order: string[] = [];
  const orderAt: number[] = [];
  let head = 0;
  /** Newest `seen` time among entries dropped while still inside their window. */
  let forgottenUpTo = -Infinity;
  const queue: Claim[] = [];
  const maxInFlight = shared ? MAX_IN_FLIGHT_SHARED : 1;
  /** The INSERTs in flight. */
  const writing = new Set<Promise<void>>();
  /** The next write-behind, when one is planned. */
  let timer: NodeJS.Timeout | undefined;
  /** A write for waiting requests is planned for this turn of the event loop. */
  let soon = false;

  function remember(key: string, at: number): void {
    seen.add(key);
    order.push(key);
    orderAt.push(at);
    while (head < order.length) {
      const seenAt = orderAt[head]!;
      if (at - seenAt > opts.retentionMs) seen.delete(order[head]!);
      else if (seen.size > maxInMemory) {
        seen.delete(order[head]!);
        forgottenUpTo = Math.max(forgottenUpTo, seenAt);
      } else break;
      head++;
    }
    // Drop the forgotten front once it is half the queue: amortized O(1) a key.
    if (head > 1024 && head * 2 > order.length) {
      order.splice(0, head);
      orderAt.splice(0, head);
      head = 0;
    }
  }

  if (!shared) {
    const since = new Date(Date.now() - opts.retentionMs).toISOString();
    const rows = await database.query<{ channel_id: string; nonce: string; seen_at: Date | string }>(
      'SELECT channel_id, nonce, seen_at FROM channel_nonces WHERE seen_at >= $1::timestamptz ORDER BY seen_at',
      [since],
    );
    for (const r of rows) remember(keyOf(r.channel_id, r.nonce), new Date(r.seen_at).getTime());
  }

  /** Writes one batch: answers its waiting claims, or reports a failed write-behind. */
  async function writeBatch(batch: Claim[]): Promise<void> {
    const channelIds: string[] = [];
    const nonceList: string[] = [];
    let newest = -Infinity;
    let awaited = false;
    /**
     * A key twice in one batch (a copy of a nonce memory had already dropped) is sent once: the
     * first claim of it may get the row, every later one is the replay. Across batches in flight
     * together the database decides: the second INSERT of a key does nothing.
     */
    let copies: Set<string> | undefined;
    const keys = new Set<string>();
    const rows: Claim[] = [];
    for (const c of batch) {
      if (c.at > newest) newest = c.at;
      if (c.done) awaited = true;
      if (keys.has(c.key)) {
        (copies ??= new Set()).add(c.key);
        continue;
      }
      keys.add(c.key);
      rows.push(c);
    }
    // Every server inserts the keys of a batch in one order (the database inserts unnest's rows in
    // array order), so two INSERTs in flight holding the same keys, from this server or another,
    // wait for each other in one direction and cannot deadlock (40P01).
    rows.sort(byKey);
    for (const c of rows) {
      channelIds.push(c.channelId);
      nonceList.push(c.nonce);
    }
    const params = [channelIds, nonceList, new Date(newest).toISOString()];
    try {
      if (!awaited) {
        await database.hotQuery(INSERT_BEHIND, params);
        return;
      }
      const replays = await database.hotQuery(INSERT_AWAITED, params).then(
        () => [],
        (err: unknown) => {
          if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
          return database.hotQuery<{ channel_id: string; nonce: string }>(INSERT_SORTING, params);
        },
      );
      const refused = replays.length ? new Set(replays.map((r) => keyOf(r.channel_id, r.nonce))) : undefined;
      for (const c of batch) {
        if (!refused && !copies) {
          c.done?.resolve(true);
          continue;
        }
        // Of a key's copies in this batch, the first (in arrival order, answered or written
        // behind) gets the row: evaluated for every claim, not only for those a request awaits.
        const fresh = refused?.has(c.key) ? false : copies?.has(c.key) ? keys.delete(c.key) : true;
        c.done?.resolve(fresh);
      }
    } catch (err) {
      for (const c of batch) c.done?.reject(err);
      if (batch.some((c) => !c.done)) opts.onError?.(err);
    }
  }

  /** Sends the queue in batches while fewer than maxInFlight INSERTs run; each one ending sends what queued meanwhile. */
  function startWrite(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (queue.length && writing.size < maxInFlight) {
      const write: Promise<void> = writeBatch(queue.splice(0, MAX_BATCH)).finally(() => {
        writing.delete(write);
        // Claims queued while the INSERTs were in flight.
        if (queue.length) schedule(queue.some((c) => c.done));
      });
      writing.add(write);
    }
  }

  /** Plans the next write: in this turn of the event loop when a request waits for it, else write-behind. */
  function schedule(awaited: boolean): void {
    if (writing.size >= maxInFlight) return;
    if (awaited) {
      if (soon) return;
      soon = true;
      // Claims arriving in the same turn of the event loop share the next INSERT.
      setImmediate(() => {
        soon = false;
        startWrite();
      });
    } else if (!timer) {
      timer = setTimeout(startWrite, WRITE_BEHIND_MS);
      timer.unref();
    }
  }

  return {
    claim(channelId, nonce, timestamp, at) {
      const key = keyOf(channelId, nonce);
      if (seen.has(key)) return false;
      remember(key, at);
      // A first copy of this request was seen at most MAX_CLOCK_SKEW_MS before its timestamp.
      if (!shared && timestamp - MAX_CLOCK_SKEW_MS > forgottenUpTo) {
        queue.push({ channelId, nonce, key, at });
        schedule(false);
        return true;
      }
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ channelId, nonce, key, at, done: { resolve, reject } });
        if (queue.length >= EARLY_BATCH && writing.size < maxInFlight) startWrite();
        else schedule(true);
      });
    },
    async flush() {
      while (writing.size || queue.length) {
        startWrite();
        await Promise.all(writing);
      }
    },
  };
}
