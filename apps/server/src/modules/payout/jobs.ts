/**
 * The daily payout build on the job queue: at 02:00 MYT every day the
 * business days not built yet, up to yesterday (MYT), are built in order (build.ts) — after a
 * pause of the servers the missed days are caught up, at most PAYOUT_CATCH_UP_DAYS of them.
 * A day with payouts is never built again (payouts_day_uq), so a retry after a crash is safe.
 */
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Database } from '../../db/client.ts';
import { buildPayoutDays } from './build.ts';

export const PAYOUT_BUILD_QUEUE = { name: 'payout-build', retryLimit: 3, retryDelaySeconds: 300, retryBackoff: true, policy: 'short' as const };

/** How many days back a build catches up (and builds on an empty table). */
export const PAYOUT_CATCH_UP_DAYS = 35;

const DAY_MS = 86_400_000;
const mytDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Builds every business day after the latest one built (or the last PAYOUT_CATCH_UP_DAYS days)
 * up to the MYT day before `now`. Answers the payouts created per day.
 */
export async function buildDuePayouts(database: Database, now: Date): Promise<Record<string, number>> {
  const yesterday = mytDay(now.getTime() - DAY_MS);
  const floor = mytDay(now.getTime() - PAYOUT_CATCH_UP_DAYS * DAY_MS);
  const [row] = await database.query<{ last: string | null }>(`SELECT max(business_day)::text AS last FROM payouts`);
  const after = row?.last ? mytDay(Date.parse(`${row.last}T00:00:00+08:00`) + DAY_MS) : floor;
  const from = after < floor ? floor : after;
  return from > yesterday ? {} : buildPayoutDays(database, from, yesterday, now);
}

/** Defines the queue, works it on this server and schedules it daily at 02:00 MYT. */
export async function installPayoutJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(PAYOUT_BUILD_QUEUE);
  await jobs.work(PAYOUT_BUILD_QUEUE.name, async () => void (await buildDuePayouts(ctx.database, ctx.now())), {
    noRecord: 'a schedule: the next daily build catches up every day not built yet',
  });
  await jobs.schedule(PAYOUT_BUILD_QUEUE.name, '0 2 * * *');
}
