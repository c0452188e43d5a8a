/**
 * The pending-transaction logs' schedule (issue 30 item 3): every 5 minutes (MYT cron) one run of
 * pending-transactions.ts, with the threshold read from the live TXN_PENDING_MINUTES setting at
 * each run, so a change applies from the next run.
 */
import type { AppContext } from '../../platform/context.ts';
import type { JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import { liveSettings } from '../../platform/settings.ts';
import { logPendingTransactions } from './pending-transactions.ts';

/** One run waiting at a time ('short'): a slow run never piles schedules up. */
export const PENDING_TRANSACTIONS_QUEUE: JobQueueDef = { name: 'pending-transactions', retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, policy: 'short' };
export const PENDING_TRANSACTIONS_CRON = '*/5 * * * *';

/** Defines the queue, starts its worker on this server and schedules it. */
export async function installLogPendingJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(PENDING_TRANSACTIONS_QUEUE);
  await jobs.work(PENDING_TRANSACTIONS_QUEUE.name, async () => {
    const settings = await liveSettings(ctx);
    await logPendingTransactions(ctx, ctx.now(), settings.txnPendingMinutes);
  }, { noRecord: 'a schedule: the next run 5 minutes later resumes from the cursors this one left' });
  await jobs.schedule(PENDING_TRANSACTIONS_QUEUE.name, PENDING_TRANSACTIONS_CRON);
  // Once at start too: a fresh server (the demo's first start) need not wait for the first tick.
  await jobs.send(PENDING_TRANSACTIONS_QUEUE.name, {});
}
