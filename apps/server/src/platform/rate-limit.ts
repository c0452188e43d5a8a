/**
 * Request rate limits kept in the database (table `rate_limit_windows`), so every server on one
 * database enforces one limit: a second instance behind the load balancer does not
 * double the allowance, as the in-memory @fastify/rate-limit did.
 *
 * Design: one row per key and fixed window (`window_start` = the time floored to the window).
 * A hit is ONE atomic statement — `INSERT … ON CONFLICT DO UPDATE SET hits = hits + 1 RETURNING`
 * — so concurrent hits, from any server, are each counted exactly once. The verdict weighs the
 * previous window's hits by how much of it still overlaps the last `windowMs` (the sliding-window
 * estimate over fixed counters), so a burst straddling a window boundary is not let through twice
 * and the count does not fall to zero at the boundary. Refused hits count too: a client that keeps
 * hammering stays refused. Old windows are swept by piggy-backing a DELETE on every
 * SWEEP_EVERY-th hit of this process (no timer to stop on shutdown).
 *
 * Redis (a choice when REDIS_URL is set) is left out: the database is shared
 * by every server already, and one indexed upsert per sign-in is cheap next to argon2id.
 */
import type { Database } from '../db/client.ts';

/** A limit: at most `limit` hits per `windowMs` milliseconds per key. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** The verdict on one hit. */
export interface RateLimitVerdict {
  /** False when this hit is over the limit (the caller answers 429). */
  allowed: boolean;
  /** Hits counted for the key in the current window, this one included. */
  hits: number;
  /** The sliding estimate the verdict compared with the limit (current + weighted previous). */
  estimate: number;
  /** Ms until the current window ends (a Retry-After hint; UTC-independent). */
  retryAfterMs: number;
}

/** A DELETE of old windows rides on every SWEEP_EVERY-th hit of a process. */
export const SWEEP_EVERY = 100;
/** Windows older than this (or than two windows, if longer) are swept, ms. */
export const SWEEP_AGE_MS = 60 * 60_000;

let hitsSinceSweep = 0;

/**
 * Counts one hit for `key` at `now` (the app clock, UTC) and says whether it is within `rule`.
 * Resolves with the verdict; throws (rejects) when the database fails, so a caller fails closed.
 * A failing sweep is ignored: it only delays the clean-up of old rows.
 */
export async function hitRateLimit(database: Database, key: string, rule: RateLimit, now: Date): Promise<RateLimitVerdict> {
  const t = now.getTime();
  const start = t - (t % rule.windowMs);
  const rows = await database.query<{ hits: number; previous: number }>(
    `WITH hit AS (
       INSERT INTO rate_limit_windows AS w (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = w.hits + 1
       RETURNING w.hits)
     SELECT hit.hits, COALESCE((SELECT p.hits FROM rate_limit_windows p WHERE p.key = $1 AND p.window_start = $3), 0) AS previous
     FROM hit`,
    [key, new Date(start), new Date(start - rule.windowMs)],
  );
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  const hits = Number(row.hits);
  // The part of the previous window that is still inside the last windowMs.
  const overlap = 1 - (t - start) / rule.windowMs;
  const estimate = hits + Math.floor(Number(row.previous) * overlap);
  if (++hitsSinceSweep >= SWEEP_EVERY) {
    hitsSinceSweep = 0;
    await sweepRateLimits(database, now, Math.max(SWEEP_AGE_MS, 2 * rule.windowMs)).catch(() => undefined);
  }
  return { allowed: estimate <= rule.limit, hits, estimate, retryAfterMs: start + rule.windowMs - t };
}

/**
 * Deletes the windows that started more than `maxAgeMs` before `now` (UTC). Resolves with the
 * number of rows deleted; throws when the database fails.
 */
export async function sweepRateLimits(database: Database, now: Date, maxAgeMs: number = SWEEP_AGE_MS): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `WITH gone AS (DELETE FROM rate_limit_windows WHERE window_start < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - maxAgeMs)],
  );
  return Number(rows[0]?.n ?? 0);
}
