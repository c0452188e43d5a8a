/** The risk engine's scheduled work: the inactivity check every hour (MYT cron). */
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import { checkInactiveMerchants } from './inactive.ts';

export const RISK_INACTIVE_QUEUE: JobQueueDef = { name: 'risk-inactive', retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, policy: 'short' };

export async function installRiskJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(RISK_INACTIVE_QUEUE);
  await jobs.work(RISK_INACTIVE_QUEUE.name, async () => void (await checkInactiveMerchants(ctx.database, ctx.now())), {
    noRecord: 'a schedule: the next hourly check looks at the same merchants again',
  });
  await jobs.schedule(RISK_INACTIVE_QUEUE.name, '23 * * * *');
}
