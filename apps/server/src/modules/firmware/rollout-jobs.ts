/**
 * The rollout job on the portal's one job queue (platform/jobs.ts): queue
 * `firmware-rollout`. A job `{ rolloutId }` ticks one rollout (queued by Create and Resume in
 * their transaction, so the first stage starts at once); the cron schedule every minute sends
 * `{}`, which queues a tick of every RUNNING rollout — that is how waits end and reports are
 * counted. Each tick is one transaction under the rollout's row lock (rollout-advance.ts), so
 * at-least-once delivery and several servers are harmless.
 *
 * Failing for good: a rollout's tick job whose last attempt throws or outlives its expiry pauses
 * the rollout (PAUSED, a PAUSED event by the system naming the error): offers made stand, no new
 * stage starts, the screen shows it, and Resume — the rollout's own retry path — queues a new
 * tick. The sweep fans out one job per rollout, so one rollout that cannot tick neither holds the
 * others back nor keeps failing the sweep; the sweep itself has no record (the next minute's
 * sweep sends again).
 */
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import type { Query } from '../../db/client.ts';
import { move } from '../../workflows/engine.ts';
import { advanceRollout } from './rollout-advance.ts';
import { lockRollout, ROLLOUTS } from './rollout-record.ts';

export const FIRMWARE_ROLLOUT_QUEUE: JobQueueDef = { name: 'firmware-rollout', retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 600 };

/** A tick of one rollout, or (no id) the sweep that queues a tick of every RUNNING rollout. */
export interface RolloutTickJob {
  rolloutId?: number;
}

/** Queues a tick of rollout `rolloutId` inside the transaction `q` that made or resumed it. */
export async function enqueueRolloutTick(jobs: JobQueue, rolloutId: number, q: Query): Promise<string | null> {
  return jobs.send<RolloutTickJob>(FIRMWARE_ROLLOUT_QUEUE.name, { rolloutId }, { in: q });
}

/** Runs one job: a tick of its rollout in one transaction, or the sweep's fan-out (one tick job per RUNNING rollout). */
export async function workRolloutTick(ctx: AppContext, jobs: JobQueue, data: RolloutTickJob): Promise<void> {
  if (data.rolloutId !== undefined) {
    const id = data.rolloutId;
    await ctx.database.transaction((q) => advanceRollout(q, id, ctx.now()));
    return;
  }
  await ctx.database.transaction(async (q) => {
    const running = await q<{ id: number }>(`SELECT id FROM firmware_rollouts WHERE status = 'RUNNING' ORDER BY id`);
    for (const r of running) await enqueueRolloutTick(jobs, Number(r.id), q);
  });
}

/**
 * The firmware-rollout queue's failedForGood: rollout `data.rolloutId`, still RUNNING, turns
 * PAUSED with a PAUSED event by the system whose reason names `message` (Resume retries). A sweep
 * job (no id), or a rollout no longer RUNNING, changes nothing.
 */
export async function pauseFailedRollout(ctx: AppContext, data: RolloutTickJob, message: string): Promise<void> {
  const id = data.rolloutId;
  if (id === undefined) return;
  await ctx.database.transaction(async (q) => {
    const at = ctx.now();
    const r = await lockRollout(q, id);
    if (r?.status !== 'RUNNING') return;
    await move(q, ROLLOUTS, r, 'PAUSE', null, at, () => ({
      summary: `The rollout's job failed (${message.slice(0, 400)}); resume it to try again`, event: 'PAUSED', increment: ['version'],
    }));
  });
}

/** Defines the queue, works it on this server and schedules the sweep every minute. */
export async function installFirmwareJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(FIRMWARE_ROLLOUT_QUEUE);
  await jobs.work<RolloutTickJob>(FIRMWARE_ROLLOUT_QUEUE.name, (job) => workRolloutTick(ctx, jobs, job.data), {
    failedForGood: (data, message) => pauseFailedRollout(ctx, data, message),
  });
  await jobs.schedule(FIRMWARE_ROLLOUT_QUEUE.name, '* * * * *', {});
}
