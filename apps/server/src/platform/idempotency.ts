/**
 * Idempotency keys for the money-moving POSTs (routes flagged `idempotent` in the
 * route table), as Stripe's API has them: the caller sends `Idempotency-Key` (1–100 characters of
 * letters, digits, '-', '_', ':' or '.'; a UUID v4 is what the web app sends), and
 *  - the first request with a key runs and its answer is stored with the key, the route and a
 *    SHA-256 of the request body, in the SAME database transaction as the work — both commit or
 *    neither does;
 *  - a replay with the same key and body within IDEMPOTENCY_TTL_MS answers the stored answer
 *    (header `Idempotent-Replayed: true`) and does nothing;
 *  - the same key with another body or on another route is refused: 422 IDEM422;
 *  - a concurrent request with the same key waits on the key's primary key until the first
 *    commits, then replays its answer (or runs, when the first was rolled back);
 *  - a refused request (any 4xx) stores nothing: its work was rolled back, and the corrected
 *    request may reuse the key. Stripe does the same for requests that fail validation.
 * Keys are per user: one user cannot replay or probe another's.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';
import type { Database, Query } from '../db/client.ts';
import type { AppContext } from './context.ts';
import type { JobQueue } from './jobs.ts';
import { AppError, badInput } from './errors.ts';

/** How long a key's answer is replayed: 24 hours (ms). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** The request header. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A JSON text of `value` with object keys sorted, so equal bodies hash equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The key of a request; throws VAL400 naming `Idempotency-Key` when it is missing or malformed. */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw badInput('Idempotency-Key', 'this request moves money: send a unique Idempotency-Key header (e.g. a UUID) and reuse it only to retry the same request');
  if (!KEY_PATTERN.test(key)) throw badInput('Idempotency-Key', 'use 1 to 100 letters, digits, "-", "_", ":" or "."');
  return key;
}

/**
 * Runs `work` once per (user, key): in one transaction with the key's row, as described above.
 * `route` is the route table name; `body` the parsed request body. `work` answers the JSON answer;
 * follow-up jobs are queued inside it, through `q` (JobQueue.send's `in`), so they exist exactly
 * when the work commits and a replay queues none.
 * Answers the answer (the stored one on a replay). Throws IDEM422 on a key reused with another
 * body or route, VAL400 on a missing key, and whatever `work` throws (nothing is stored then).
 */
export async function runIdempotent<T>(
  database: Database,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  route: string,
  body: unknown,
  now: Date,
  work: (q: Query) => Promise<{ answer: T }>,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  const hash = createHash('sha256').update(canonical(body)).digest('hex');
  const outcome = await database.transaction(async (q) => {
    const [claimed] = await q<{ ok: number }>(
      `INSERT INTO idempotency_keys (user_id, key, route, request_hash, response, created_at) VALUES ($1, $2, $3, $4, 'null'::jsonb, $5)
       ON CONFLICT (user_id, key) DO UPDATE SET route = EXCLUDED.route, request_hash = EXCLUDED.request_hash, response = EXCLUDED.response, created_at = EXCLUDED.created_at
         WHERE idempotency_keys.created_at < $6
       RETURNING 1 AS ok`,
      [userId, key, route, hash, now, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)],
    );
    if (!claimed) {
      const [stored] = await q<{ route: string; request_hash: string; response: unknown }>(
        `SELECT route, request_hash, response FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [userId, key],
      );
      if (!stored || stored.route !== route || stored.request_hash !== hash) {
        throw new AppError(422, ERROR_CODES.IDEMPOTENCY_MISMATCH, `Idempotency-Key: this key was used for ${stored && stored.route !== route ? 'another endpoint' : 'a request with another body'}; send a new key for a new request`);
      }
      return { replayed: true as const, answer: stored.response as T };
    }
    const done = await work(q);
    await q(`UPDATE idempotency_keys SET response = $3::jsonb WHERE user_id = $1 AND key = $2`, [userId, key, JSON.stringify(done.answer)]);
    return { replayed: false as const, answer: done.answer };
  });
  if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
  return outcome.answer;
}

/** Deletes keys older than the replay window (the scheduler's housekeeping); answers how many. */
export async function purgeIdempotencyKeys(database: Database, now: Date): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - IDEMPOTENCY_TTL_MS)],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The purge's queue: hourly (MYT cron), one run waiting at a time. */
export const IDEMPOTENCY_PURGE_QUEUE = { name: 'idempotency-purge', retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, policy: 'short' as const };

/** Defines the purge's queue, works it on this server and schedules it every hour. */
export async function installIdempotencyPurge(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(IDEMPOTENCY_PURGE_QUEUE);
  await jobs.work(IDEMPOTENCY_PURGE_QUEUE.name, async () => void (await purgeIdempotencyKeys(ctx.database, ctx.now())), {
    noRecord: 'a schedule: the next hourly purge deletes what this one left',
  });
  await jobs.schedule(IDEMPOTENCY_PURGE_QUEUE.name, '7 * * * *');
}
