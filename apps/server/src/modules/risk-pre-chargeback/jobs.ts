/**
 * The refund desk's background work on the job queue: the expiry of pending
 * refund requests every 15 minutes (MYT cron), with the age from the live REFUND_EXPIRY_DAYS
 * setting, so a change applies from the next run; and the signed acknowledgements to merchants
 * (refund-ack.ts), retried with backoff.
 */
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import { liveSettings } from '../../platform/settings.ts';
import { expirePendingRefunds } from './expire-refunds.ts';
import { deliverRefundAck, markRefundAckFailed, refundAckQueue, type RefundAckJob } from './refund-ack.ts';

/** One expiry run waiting at a time ('short'): a slow run never piles schedules up. */
export const REFUND_EXPIRY_QUEUE: JobQueueDef = { name: 'refund-expiry', retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, policy: 'short' };
export const REFUND_EXPIRY_CRON = '*/15 * * * *';

/** Defines the refund desk's queues, starts their workers on this server and schedules the expiry. */
export async function installRefundJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(REFUND_EXPIRY_QUEUE);
  await jobs.work(REFUND_EXPIRY_QUEUE.name, async () => {
    const settings = await liveSettings(ctx);
    await expirePendingRefunds(ctx.database, ctx.now(), settings.refundExpiryDays);
  }, { noRecord: 'a schedule: the next run 15 minutes later expires what this one left' });
  await jobs.schedule(REFUND_EXPIRY_QUEUE.name, REFUND_EXPIRY_CRON);
  const ack = refundAckQueue(ctx.config);
  await jobs.define(ack);
  await jobs.work<RefundAckJob>(ack.name, (job) => deliverRefundAck(ctx, job), { failedForGood: (data, message) => markRefundAckFailed(ctx, data, message) });
}
