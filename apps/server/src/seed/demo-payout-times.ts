/**
 * Believable times for the payout rows the first start writes at once (demo-activity-times.ts
 * says why): the daily build (modules/payout/jobs.ts runs it at 02:00 MYT) made each business
 * day's payouts minutes after 02:00 on the next day, a payout held by an open risk alert was held
 * when the build met it (or when the alert was raised, if later); a bank batch was made on its
 * payout date's morning (09:00–11:00 MYT) by the finance desk, its file downloaded minutes later
 * and the bank's result recorded that afternoon or the next day, its payouts BATCHED, PAID or
 * FAILED with it; a merchant HQ's payout account was set up in the days after its verification.
 * Only rows written after the fact are moved (a day's payouts made over an hour after their build
 * time, a batch made after its payout date, an account written after the demo's last sale).
 */
import type { Query } from '../db/client.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS, after, mytDayOf, mytDayStartOf, officeTimeBetween } from './demo-clock.ts';
import type { Rng } from './random.ts';

/** What datePayoutActivity moved. */
export interface DatedPayouts {
  payoutBatches: number;
  payoutDays: number;
  payoutAccounts: number;
}

/** Dates the batches, then the payouts (which follow their batch), then the payout accounts; never after `nowMs`. */
export async function datePayoutActivity(q: Query, rng: Rng, nowMs: number): Promise<DatedPayouts> {
  return { payoutBatches: await dateBatches(q, rng, nowMs), payoutDays: await datePayouts(q, rng, nowMs), payoutAccounts: await dateAccounts(q, rng, nowMs) };
}

/** Bank batches made after their payout date: made that morning, downloaded, their result recorded later (office hours). */
async function dateBatches(q: Query, rng: Rng, nowMs: number): Promise<number> {
  const batches = await q<{ id: number; payout_date: string; created_at: Date; result_at: Date | null }>(
    `SELECT id, payout_date::text AS payout_date, created_at, result_at FROM payout_batches ORDER BY id`,
  );
  let moved = 0;
  for (const b of batches) {
    if (mytDayOf(new Date(b.created_at).getTime()) <= b.payout_date) continue;
    const day = mytDayStartOf(b.payout_date);
    const made = Math.min(officeTimeBetween(rng, day + 9 * HOUR_MS, day + 11 * HOUR_MS), nowMs - 30 * MINUTE_MS);
    const downloaded = after(rng, made, 3 * MINUTE_MS, 25 * MINUTE_MS, nowMs);
    const result = b.result_at ? officeTimeBetween(rng, downloaded + 3 * HOUR_MS, Math.max(downloaded + 3 * HOUR_MS, Math.min(nowMs - MINUTE_MS, day + DAY_MS + 12 * HOUR_MS))) : null;
    const resultAt = result === null ? null : new Date(Math.min(result, nowMs));
    await q(`UPDATE payout_batches SET created_at = $2, result_at = $3 WHERE id = $1`, [b.id, new Date(made), resultAt]);
    await q(
      `UPDATE payout_batch_events SET at = CASE action WHEN 'CREATE' THEN $2::timestamptz WHEN 'RECORD_RESULT' THEN coalesce($4::timestamptz, $3::timestamptz) ELSE $3::timestamptz END WHERE batch_id = $1`,
      [b.id, new Date(made), new Date(downloaded), resultAt],
    );
    moved++;
  }
  return moved;
}

/**
 * Each business day's payouts: made by the 02:00 MYT build of the next day (a few minutes after,
 * never after now); held ones at the build or when their alert was raised, if later; each
 * payout's last change that of its batch (made, or its result) or its hold.
 */
async function datePayouts(q: Query, rng: Rng, nowMs: number): Promise<number> {
  const days = await q<{ day: string; made: Date }>(`SELECT business_day::text AS day, min(created_at) AS made FROM payouts GROUP BY business_day ORDER BY business_day`);
  const moved: { day: string; at: number }[] = [];
  for (const d of days) {
    const next = mytDayStartOf(d.day) + DAY_MS;
    const at = Math.max(next + SECOND_MS, Math.min(after(rng, next + 2 * HOUR_MS, 30 * SECOND_MS, 4 * MINUTE_MS), nowMs - SECOND_MS));
    if (new Date(d.made).getTime() > at + HOUR_MS) moved.push({ day: d.day, at });
  }
  if (!moved.length) return 0;
  // One pass: the day's build time, the hold (at the build, or when its alert was raised if later),
  // the last change (its batch made or its result, its hold, else its build) and the payment (its result).
  const held = `least($3::timestamptz, greatest(m.at, (SELECT a.created_at + interval '2 minutes' FROM risk_alerts a WHERE a.id = substring(p.hold_note FROM '#([0-9]+)')::bigint)))`;
  await q(
    `UPDATE payouts p SET created_at = m.at,
       held_at = CASE WHEN p.held_at IS NULL THEN NULL ELSE ${held} END,
       updated_at = CASE WHEN p.state IN ('BATCHED', 'PAID', 'FAILED') THEN coalesce((SELECT CASE WHEN p.state = 'BATCHED' THEN b.created_at ELSE b.result_at END FROM payout_batches b WHERE b.id = p.batch_id), m.at)
                         WHEN p.state = 'HELD' AND p.held_at IS NOT NULL THEN ${held} ELSE m.at END,
       paid_at = CASE WHEN p.state = 'PAID' THEN (SELECT b.result_at FROM payout_batches b WHERE b.id = p.batch_id) ELSE p.paid_at END
     FROM unnest($1::date[], $2::timestamptz[]) AS m(day, at) WHERE p.business_day = m.day`,
    [moved.map((m) => m.day), moved.map((m) => new Date(m.at).toISOString()), new Date(nowMs)],
  );
  return moved.length;
}

/**
 * Payout accounts (organization_configs) written after the demo's last sale, i.e. by the first
 * start: set up in office hours within five days of the merchant's verification (never later than
 * a day before now), a quarter of them changed since.
 */
async function dateAccounts(q: Query, rng: Rng, nowMs: number): Promise<number> {
  const rows = await q<{ id: number; since: Date }>(
    `SELECT c.id, coalesce(o.verified_at, o.created_at) AS since FROM organization_configs c JOIN organizations o ON o.id = c.org_id
     WHERE c.version = 1 AND c.created_at > (SELECT coalesce(max(created_at), '-infinity') FROM transactions) ORDER BY c.id`,
  );
  if (!rows.length) return 0;
  const times = rows.map((r) => {
    const since = Math.min(new Date(r.since).getTime(), nowMs - 2 * DAY_MS);
    const created = officeTimeBetween(rng, since, Math.min(since + 5 * DAY_MS, nowMs - DAY_MS));
    const updated = rng.chance(0.25) ? officeTimeBetween(rng, created + DAY_MS, nowMs - HOUR_MS) : created;
    return { id: Number(r.id), created, updated: Math.max(created, updated) };
  });
  await q(
    `UPDATE organization_configs c SET created_at = m.c, updated_at = m.u FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) AS m(id, c, u) WHERE c.id = m.id`,
    [times.map((t) => t.id), times.map((t) => new Date(t.created).toISOString()), times.map((t) => new Date(t.updated).toISOString())],
  );
  return rows.length;
}
