/**
 * The replay guard of the secure channel (§7): a nonce is accepted once per
 * channel within the ±5 min timestamp window. A bounded in-memory map answers replays this
 * server has seen without a round trip; the table `channel_nonces` (primary key channel id +
 * nonce) carries the nonces across servers and restarts. How the two combine depends on whether
 * another process can use the same database:
 *
 * - PostgreSQL (shared: other servers may have seen the nonce): the database decides. Claims are
 *   group-committed — the claims of one turn of the event loop go in one INSERT, up to
 *   MAX_IN_FLIGHT_SHARED at once (`unnest` of arrays, ON CONFLICT DO NOTHING RETURNING: a row not
 *   returned was already there, i.e. a replay) — and that INSERT commits asynchronously (`synchronous_commit` off for that
 *   statement only). The request waits until PostgreSQL has the row, so every server sees it at
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
   * Resolves true when the nonce was never seen (the request may proceed), false for a replay.
   * Rejects when the database cannot be written on a path that needs it (the caller fails closed).
   */
  claim(channelId: string, nonce: string, timestamp: number, at: number): Promise<boolean>;
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
 * One INSERT for a batch some request waits for. `set_config(..., true)` is transaction-local and
 * is evaluated inside the statement's own implicit transaction, so the async commit applies to
 * this statement only. Every row gets one `seen_at`, the newest arrival in the batch ($3): at most
 * one turn of the event loop later than a row's own, so a nonce is kept that much longer, never
 * shorter; one timestamp instead of an array of them halves what the database parses per row.
 */
const INSERT_AWAITED = `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
INSERT INTO channel_nonces (channel_id, nonce, seen_at)
SELECT u.channel_id, u.nonce, $3::timestamptz FROM unnest($1::text[], $2::text[]) AS u(channel_id, nonce), async_commit
ON CONFLICT DO NOTHING
RETURNING channel_id, nonce`;

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
  at: number;
  /** Absent for a write-behind entry nobody waits for. */
  done?: { resolve: (fresh: boolean) => void; reject: (err: unknown) => void };
}

const keyOf = (channelId: string, nonce: string) => `${channelId} ${nonce}`;

/** A nonce store over `database` (see the module comment); loads the recent nonces on PGlite. */
export async function createNonceStore(database: Database, opts: NonceStoreOptions): Promise<NonceStore> {
  const maxInMemory = opts.maxInMemory ?? 200_000;
  const shared = opts.shared ?? database.kind === 'postgres';
  /** key → when this server (or the table, at start) first saw it, epoch ms; oldest first. */
  const seen = new Map<string, number>();
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
    seen.set(key, at);
    for (const [k, seenAt] of seen) {
      if (at - seenAt > opts.retentionMs) seen.delete(k);
      else if (seen.size > maxInMemory) {
        seen.delete(k);
        forgottenUpTo = Math.max(forgottenUpTo, seenAt);
      } else break;
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
    const awaited = batch.some((c) => c.done);
    let newest = -Infinity;
    for (const c of batch) if (c.at > newest) newest = c.at;
    const params = [batch.map((c) => c.channelId), batch.map((c) => c.nonce), new Date(newest).toISOString()];
    try {
      if (!awaited) {
        await database.query(INSERT_BEHIND, params);
        return;
      }
      const rows = await database.query<{ channel_id: string; nonce: string }>(INSERT_AWAITED, params);
      const inserted = new Set(rows.map((r) => keyOf(r.channel_id, r.nonce)));
      // A key twice in one batch (a copy of a nonce memory had already dropped) was inserted
      // once: the first claim of it gets the row, any later one is the replay. Across batches in
      // flight together the database decides: the second INSERT of a key does nothing.
      for (const c of batch) {
        const first = inserted.delete(keyOf(c.channelId, c.nonce));
        c.done?.resolve(first);
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
      if (seen.has(key)) return Promise.resolve(false);
      remember(key, at);
      // A first copy of this request was seen at most MAX_CLOCK_SKEW_MS before its timestamp.
      if (!shared && timestamp - MAX_CLOCK_SKEW_MS > forgottenUpTo) {
        queue.push({ channelId, nonce, at });
        schedule(false);
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ channelId, nonce, at, done: { resolve, reject } });
        schedule(true);
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
