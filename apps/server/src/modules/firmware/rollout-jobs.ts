/**
 * The rollout job (issue 14) on the portal's one job queue (platform/jobs.ts): queue
 * `firmware-rollout`. A job `{ rolloutId }` ticks one rollout (queued by Create and Resume in
 * their transaction, so the first stage starts at once); the cron schedule every minute sends
 * `{}`, which ticks every RUNNING rollout — that is how waits end and reports are counted. Each
 * tick is one transaction under the rollout's row lock (rollout-advance.ts), so at-least-once
 * delivery and several servers are harmless.
 */
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import type { Query } from '../../db/client.ts';
import { advanceRollout } from './rollout-advance.ts';

export const FIRMWARE_ROLLOUT_QUEUE: JobQueueDef = { name: 'firmware-rollout', retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 600 };

/** A tick of one rollout, or (no id) of every RUNNING rollout. */
export interface RolloutTickJob {
  rolloutId?: number;
}

/** Queues a tick of rollout `rolloutId` inside the transaction `q` that made or resumed it. */
export async function enqueueRolloutTick(jobs: JobQueue, rolloutId: number, q: Query): Promise<string | null> {
  return jobs.send<RolloutTickJob>(FIRMWARE_ROLLOUT_QUEUE.name, { rolloutId }, { in: q });
}

/** Runs one job: each rollout in its own transaction, so one failing rollout does not hold the others back. */
export async function workRolloutTick(ctx: AppContext, data: RolloutTickJob): Promise<void> {
  const ids = data.rolloutId !== undefined ? [data.rolloutId] : (await ctx.database.query<{ id: number }>(`SELECT id FROM firmware_rollouts WHERE status = 'RUNNING' ORDER BY id`)).map((r) => Number(r.id));
  for (const id of ids) await ctx.database.transaction((q) => advanceRollout(q, id, ctx.now()));
}

/** Defines the queue, works it on this server and schedules the sweep every minute. */
export async function installFirmwareJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(FIRMWARE_ROLLOUT_QUEUE);
  await jobs.work<RolloutTickJob>(FIRMWARE_ROLLOUT_QUEUE.name, (job) => workRolloutTick(ctx, job.data));
  await jobs.schedule(FIRMWARE_ROLLOUT_QUEUE.name, '* * * * *', {});
}
