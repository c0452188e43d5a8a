/**
 * The refund desk's scheduler part: PENDING refund requests older than the
 * REFUND_EXPIRY_DAYS setting expire, as docs/refund-flow.md draws (EXPIRE, only from PENDING).
 */
import { refundTransition, statusesAccepting } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';

/** Requests expired per transaction: a big backlog never holds thousands of row locks at once. */
export const EXPIRY_BATCH = 1_000;
const DAY_MS = 86_400_000;

/**
 * Expires the refund requests in a status that accepts EXPIRE (PENDING) created before `now`
 * minus `maxAgeDays` days: status EXPIRED, updated_at `now`, the transaction's refund_status
 * EXPIRED, and one EXPIRE event each in
 * refund_request_events (actor null: the system), in batches of EXPIRY_BATCH, each batch one
 * transaction. A request a desk action holds (row lock) is skipped this round and expires on the
 * next if it is still pending; one a desk action has moved meanwhile is left as it is (the status
 * is checked again under the lock). Idempotent. Answers how many expired. Throws the database error.
 */
export async function expirePendingRefunds(database: Database, now: Date, maxAgeDays: number): Promise<number> {
  if (!Number.isInteger(maxAgeDays) || maxAgeDays < 1) throw new Error(`expirePendingRefunds: maxAgeDays must be a positive integer, got ${maxAgeDays}`);
  const from = statusesAccepting('EXPIRE');
  // Every status that accepts EXPIRE leads to the same one (EXPIRED).
  const to = refundTransition(from[0]!, 'EXPIRE');
  const cutoff = new Date(now.getTime() - maxAgeDays * DAY_MS);
  const summary = `Pending longer than ${maxAgeDays} days: expired by the scheduler`;
  let total = 0;
  for (;;) {
    const expired = await database.transaction(async (q) => {
      const [row] = await q<{ n: number }>(
        `WITH due AS (
           SELECT id, status FROM refund_requests WHERE status = ANY($1::text[]) AND created_at < $2 ORDER BY id LIMIT ${EXPIRY_BATCH} FOR UPDATE SKIP LOCKED
         ), expired AS (
           UPDATE refund_requests r SET status = $3, updated_at = $4 FROM due WHERE r.id = due.id AND r.status = ANY($1::text[])
           RETURNING r.id, r.transaction_id, due.status AS from_status
         ), marked AS (
           UPDATE transactions t SET refund_status = $3 FROM expired WHERE t.id = expired.transaction_id RETURNING 1
         ), logged AS (
           INSERT INTO refund_request_events (refund_request_id, at, actor_user_id, action, from_status, to_status, summary)
           SELECT id, $4, NULL, 'EXPIRE', from_status, $3, $5 FROM expired RETURNING 1
         )
         SELECT (SELECT count(*)::int FROM logged) AS n, (SELECT count(*) FROM marked) AS marked`,
        [from, cutoff, to, now, summary],
      );
      return Number(row?.n ?? 0);
    });
    total += expired;
    if (expired < EXPIRY_BATCH) return total;
  }
}
