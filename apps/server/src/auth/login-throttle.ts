/**
 * The sign-in failure counter and lockout, per account key — the lower-cased e-mail,
 * whether or not a user has it — in table `login_throttle`, shared by every server on the
 * database. An unknown e-mail is counted and locked exactly like a known one, so the lockout does
 * not tell which accounts exist. Counted: wrong passwords and wrong or reused second-factor codes
 * at sign-in (modules/auth/login.ts), and wrong codes of the enrolment's Mfa/Confirm
 * (modules/users/mfa-enrolment.ts), so a session cannot try codes past the threshold either.
 *
 * The race it closes: reading the counter, checking the password and then writing counter + 1
 * let 100 parallel guesses all pass the check. Here every password check first RESERVES its
 * attempt (counter + 1) in one atomic upsert, so `failures` counts finished failures AND checks in
 * flight, and a check runs only when its reservation is within `threshold`. The verdict then
 * changes the row again, atomically and conditionally:
 * - reserve  — locked (locked_until > now): refused, nothing changes. Lock expired: a fresh count
 *              starts with this attempt. `failures` already ≥ threshold (the slots are taken by
 *              checks in flight, or by checks a crashed server never finished): the account locks
 *              now and this attempt is refused — so no password check ever runs beyond the
 *              threshold, and a stuck counter cannot refuse forever without a lockout that ends.
 * - failure  — the reservation already counted it; if `failures` has reached the threshold and
 *              the row is not locked, lock it (locked_until = now + lockoutMs) and reset the count.
 * - success  — reset the count only if the row is not locked; if it got locked meanwhile (the
 *              threshold was passed while this check ran), the sign-in is refused.
 * Each conditional statement changes the row for at most one request, so exactly one request
 * reports having locked the account (one LOCKOUT audit record per lockout).
 *
 * Rows idle for THROTTLE_FORGET_MS (24 h) and not locked are swept by a DELETE riding on every
 * SWEEP_EVERY-th reservation of a process, so e-mails sprayed by an attacker do not pile up; this
 * also forgets a failure count after a day without attempts.
 *
 * Times are the app clock (`ctx.now()`, UTC) passed as parameters, never SQL now(), so tests can
 * move them. `users.failed_logins` (the column the old sign-in used) is no longer read or
 * written: this table is the only source of sign-in lockouts. `users.locked_until` now holds an
 * administrator's lock (user management), which Unlock lifts together with this row.
 */
import { ERROR_CODES, formatDateTime } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { AppError } from '../platform/errors.ts';

/**
 * What the counter's statements run on: the database, or `{ query }` of an open transaction (so a
 * verdict can commit or roll back with the work it guards, as Mfa/Confirm's enrolment does).
 */
export type Queryable = Pick<Database, 'query'>;

/** The live lockout settings: failed sign-ins before lockout, and its length in ms. */
export interface LockoutPolicy {
  threshold: number;
  lockoutMs: number;
}

/** The outcome of reserving an attempt. */
export type Reservation =
  /** The password may be checked; `failures` counts this attempt. */
  | { admitted: true; failures: number }
  /**
   * Refused: the account is locked until `lockedUntil` (null if it unlocked again in a race).
   * `lockedNow` is true for the one request whose reservation set the lock.
   */
  | { admitted: false; lockedNow: boolean; lockedUntil: Date | null };

/** The outcome of a wrong password: whether this request locked the account, and until when. */
export interface FailureVerdict {
  lockedNow: boolean;
  lockedUntil: Date | null;
}

/**
 * AUTH423 (423) naming the end of the lock (MYT) when known: the answer of every attempt the
 * counter refuses or locks. `counted` names what was counted ('failed sign-ins' at sign-in).
 */
export function accountLocked(until: Date | null, threshold: number, counted = 'failed sign-ins'): AppError {
  return new AppError(423, ERROR_CODES.ACCOUNT_LOCKED, `Account is locked after ${threshold} ${counted}${until ? ` until ${formatDateTime(until)}` : ''}`);
}

/** A row untouched for this long and not locked is forgotten (ms). */
export const THROTTLE_FORGET_MS = 24 * 60 * 60_000;
/** The sweep of forgotten rows rides on every SWEEP_EVERY-th reservation of a process. */
export const SWEEP_EVERY = 100;
let reservationsSinceSweep = 0;

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * Reserves one password check for `accountKey` at `now` (one atomic upsert). Resolves with
 * `{admitted: true, failures}` when the check may run, else with the lock that refuses it.
 * Throws when the database fails (the caller then answers 500: it fails closed).
 */
export async function reserveAttempt(database: Queryable, accountKey: string, now: Date, policy: LockoutPolicy): Promise<Reservation> {
  const lockUntil = new Date(now.getTime() + policy.lockoutMs);
  // The WHERE of DO UPDATE leaves a live lock untouched and returns no row; PostgreSQL re-checks
  // it on the newest row version when another request changed the row concurrently.
  const rows = await database.query<{ failures: number; locked_until: Date | string | null }>(
    `INSERT INTO login_throttle AS t (account_key, failures, locked_until, updated_at) VALUES ($1, 1, NULL, $2)
     ON CONFLICT (account_key) DO UPDATE SET
       failures = CASE WHEN t.locked_until IS NOT NULL THEN 1 WHEN t.failures >= $3 THEN 0 ELSE t.failures + 1 END,
       locked_until = CASE WHEN t.locked_until IS NULL AND t.failures >= $3 THEN $4::timestamptz ELSE NULL END,
       updated_at = $2
     WHERE t.locked_until IS NULL OR t.locked_until <= $2
     RETURNING t.failures, t.locked_until`,
    [accountKey, now, policy.threshold, lockUntil],
  );
  if (++reservationsSinceSweep >= SWEEP_EVERY) {
    reservationsSinceSweep = 0;
    // Best effort: a failed sweep only delays the clean-up.
    await sweepLoginThrottle(database, now).catch(() => undefined);
  }
  const row = rows[0];
  if (!row) return { admitted: false, lockedNow: false, lockedUntil: await lockedUntil(database, accountKey, now) };
  const locked = toDate(row.locked_until);
  if (locked) return { admitted: false, lockedNow: true, lockedUntil: locked };
  return { admitted: true, failures: Number(row.failures) };
}

/**
 * Records that an admitted check found a wrong password: locks the account when the count has
 * reached `policy.threshold` and no lock is live (one conditional UPDATE, true for one request
 * only). Resolves with whether this request locked it; throws when the database fails.
 */
export async function recordFailure(database: Queryable, accountKey: string, now: Date, policy: LockoutPolicy): Promise<FailureVerdict> {
  const rows = await database.query<{ locked_until: Date | string }>(
    `UPDATE login_throttle SET failures = 0, locked_until = $4, updated_at = $2
     WHERE account_key = $1 AND failures >= $3 AND (locked_until IS NULL OR locked_until <= $2)
     RETURNING locked_until`,
    [accountKey, now, policy.threshold, new Date(now.getTime() + policy.lockoutMs)],
  );
  const row = rows[0];
  return row ? { lockedNow: true, lockedUntil: toDate(row.locked_until) } : { lockedNow: false, lockedUntil: null };
}

/**
 * Records that an admitted check found the right password: resets the count, but only if the row
 * is not locked. Resolves true when the sign-in may go on, false when the account got locked
 * while the password was being checked (refuse it, create no session). Throws when the database fails.
 */
export async function recordSuccess(database: Queryable, accountKey: string, now: Date): Promise<boolean> {
  const rows = await database.query(
    `UPDATE login_throttle SET failures = 0, locked_until = NULL, updated_at = $2
     WHERE account_key = $1 AND (locked_until IS NULL OR locked_until <= $2)
     RETURNING 1 AS ok`,
    [accountKey, now],
  );
  // No row: locked meanwhile (or the row is gone, which only a manual delete can do) — fail closed.
  return rows.length === 1;
}

/** The live lock of `accountKey` at `now` (UTC), or null when it is not locked. Throws when the database fails. */
export async function lockedUntil(database: Queryable, accountKey: string, now: Date): Promise<Date | null> {
  const rows = await database.query<{ locked_until: Date | string }>(`SELECT locked_until FROM login_throttle WHERE account_key = $1 AND locked_until > $2`, [accountKey, now]);
  return toDate(rows[0]?.locked_until);
}

/**
 * Deletes the rows untouched since `now - forgetMs` (UTC) that hold no live lock. Resolves with the
 * number of rows deleted; throws when the database fails.
 */
export async function sweepLoginThrottle(database: Queryable, now: Date, forgetMs: number = THROTTLE_FORGET_MS): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `WITH gone AS (DELETE FROM login_throttle WHERE updated_at < $1 AND (locked_until IS NULL OR locked_until <= $2) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - forgetMs), now],
  );
  return Number(rows[0]?.n ?? 0);
}
